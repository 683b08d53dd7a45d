import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { builtInRegistrations } from '../../src/kernel/builtIns';
import type { RedisQueue } from '../../src/kernel/queue/redisQueue';
import { testDatabases } from './databases';
import { startTestProctor, type TestProctor } from './proctor';

/** Redis keys of a test's own, so that tests on one Redis never take each other's jobs. */
export const redisTestPrefix = () => `proctor-test-${randomBytes(4).toString('hex')}`;

/** A server scaled out for a test, and what its workers need to join it. */
export interface ScaledOutProctor {
  proctor: TestProctor;
  /** Its database, for the workers. */
  databaseUrl: string;
  /** Its Redis keys, for the workers. */
  keys: string;
  /** Empties its queue, stops it and drops its database. */
  close(): Promise<void>;
}

/**
 * A Proctor as `proctor server` runs scaled out: on a PostgreSQL database of its own, its jobs in Redis under keys
 * of its own and left to workers (JOBS_IN_SERVER=false), the built-in simulators registered, listening on `port`
 * (PUBLIC_URL is that address: the live view addresses it hands out must be real), with `env` added.
 */
export async function startScaledOutProctor(
  redisUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ScaledOutProctor> {
  const postgres = testDatabases().find((database) => database.name === 'postgres');
  if (!postgres) throw new Error('A scaled-out Proctor needs a PostgreSQL test database');
  const created = await postgres.create();
  if (created.config.kind !== 'postgres') throw new Error('Expected a PostgreSQL test database');
  const keys = redisTestPrefix();
  const proctor = await startTestProctor(
    { name: 'postgres', create: async () => ({ config: created.config, drop: async () => {} }) },
    {
      builtInSimulators: builtInRegistrations(),
      env: {
        REDIS_URL: redisUrl,
        REDIS_PREFIX: keys,
        JOBS_IN_SERVER: 'false',
        JOB_STALL_MS: '3000',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
        ...env,
      },
    },
  );
  await proctor.app.listen({ port, host: '127.0.0.1' });
  return {
    proctor,
    databaseUrl: created.config.url,
    keys,
    close: async () => {
      await (proctor.ctx.queue as RedisQueue).obliterate().catch(() => undefined);
      await proctor.close();
      await created.drop();
    },
  };
}

/** The live view's socket for a `live_view_url` the server hands out, and the first frame it sends. */
export async function firstLiveViewFrame(liveViewUrl: string): Promise<{ socketUrl: URL; frame: Buffer }> {
  const socketUrl = new URL(liveViewUrl);
  socketUrl.pathname = `${socketUrl.pathname}/ws`;
  socketUrl.protocol = 'ws:';
  const frame = await new Promise<Buffer>((resolve, reject) => {
    const socket = new WebSocket(socketUrl);
    socket.on('message', (data, isBinary) => {
      if (!isBinary) return;
      resolve(data as Buffer);
      socket.close();
    });
    socket.on('close', (code) => reject(new Error(`the live view closed with ${code}`)));
    socket.on('error', reject);
  });
  return { socketUrl, frame };
}
