import { openDatabase } from '@proctor/db';
import type { FastifyBaseLogger } from 'fastify';
import { jobHandlers } from '../jobs/handlers';
import type { ServerConfig } from '../kernel/config';
import { RedisQueue } from '../kernel/queue/redisQueue';
import { scoringServices } from '../scoring/services';
import { databaseConfigFor, environmentManagerFor, jobSettingsFor, openBlobStore } from './server';
import { openWorkerDoor } from './workerDoor';

/** A running worker: `close` stops taking jobs, ends what it holds and lets go of the database. */
export interface RunningWorker {
  close(): Promise<void>;
}

/**
 * A worker's parts (`proctor worker` starts one; a test may start one in its own process): the servers'
 * database and Redis, the environments it runs, its door for the servers (WORKER_URL), and the jobs it takes.
 * The config must name REDIS_URL and DATABASE_URL (worker.ts says so when it does not).
 */
export async function startWorker(config: ServerConfig, log: FastifyBaseLogger): Promise<RunningWorker> {
  if (!config.jobs.redisUrl || !config.databaseUrl)
    throw new Error('A worker needs REDIS_URL and DATABASE_URL');
  const database = await openDatabase(databaseConfigFor(config));
  const blobs = await openBlobStore(config);
  const queue = new RedisQueue({
    url: config.jobs.redisUrl,
    prefix: config.jobs.redisPrefix,
    stallMs: config.jobs.stallMs,
    // Jobs on what this worker holds (a web flow run on its browser session) come to it by this name.
    workerId: config.jobs.workerId,
  });
  const scoring = scoringServices(config.scoring);
  // Workers share the servers' JWT_SECRET (scaled out it is configured): proxy simulators replay here as there.
  const environments = environmentManagerFor(
    config,
    database.db,
    blobs,
    scoring,
    queue,
    true,
    config.jwtSecret,
  );
  await environments.start(log);
  const door = config.jobs.workerUrl
    ? await openWorkerDoor({
        db: database.db,
        environments,
        blobs,
        config,
        jwtSecret: config.jwtSecret,
        host: config.host,
        port: config.jobs.workerPort ?? Number(new URL(config.jobs.workerUrl).port || 80),
      })
    : undefined;
  const handlers = jobHandlers(database.db, environments, jobSettingsFor(config, scoring, blobs));
  // A worker the servers cannot reach (no WORKER_URL) opens no browser sessions: nothing could be passed on to them.
  const { openBrowserSession: _unreachable, ...withoutBrowserSessions } = handlers;
  queue.work(door ? handlers : withoutBrowserSessions, {
    runSession: config.environments.maxEnvironments,
  });
  log.info(
    {
      environments: config.environments.maxEnvironments,
      blobStore: blobs.location,
      door: config.jobs.workerUrl ?? null,
    },
    'Proctor worker is running',
  );
  return {
    async close() {
      await door?.close();
      await queue.close();
      await environments.close();
      await database.close();
    },
  };
}
