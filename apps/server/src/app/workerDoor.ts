import type { Database } from '@proctor/db';
import { MAX_REQUEST_BODY_BYTES } from '@proctor/simulators';
import Fastify, { type FastifyInstance } from 'fastify';
import { TokenService } from '../auth/tokens';
import type { EnvironmentManager } from '../environments/manager';
import {
  isPublicServable,
  NOT_SERVABLE_MESSAGE,
  PUBLIC_ORIGIN_HEADER,
  PUBLIC_TOKEN_HEADER,
  servePublicRequest,
} from '../environments/publicSimulator';
import {
  WORKER_PUBLIC_ROUTE,
  WORKER_STATE_ROUTE,
  WORKER_STOP_MESSAGE_MAX,
  WORKER_STOP_ROUTE,
  workerPublicPrefix,
} from '../environments/remote';
import { attachEnvironmentSockets } from '../environments/sockets';

export interface WorkerDoorOptions {
  db: Database;
  environments: EnvironmentManager;
  /** JWT_SECRET, or the secret the servers keep in the shared database: tokens they sign open this door. */
  jwtSecret: string | undefined;
  host: string;
  port: number;
}

/**
 * A worker's door for the servers (WORKER_URL): the state of each environment it holds, an admin's stop, a
 * keepalive environment's public URL (its simulator), and its live view and CDP sockets on the paths the server uses, each opened by the capability token the server signed for that
 * environment. Servers send their callers here after checking them; nothing here is for browsers directly, and
 * nothing is sent on from here.
 */
export async function openWorkerDoor(options: WorkerDoorOptions): Promise<FastifyInstance> {
  const tokens = await TokenService.create(options.db, options.jwtSecret);
  const door = Fastify({ logger: false });
  door.get<{ Params: { id: string } }>(WORKER_STATE_ROUTE, async (request, reply) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const environmentId = await tokens.verifyEnvironmentToken('live', token);
    if (environmentId === null || environmentId !== request.params.id)
      return reply.code(401).send({ detail: 'A token for this environment is required' });
    const environment = options.environments.byId(environmentId);
    if (!environment) return reply.code(404).send({ detail: 'Environment not found' });
    return { mutations: await options.environments.mutations(environment) };
  });
  // An admin's stop, checked and audited by the server that signed the token; the message is the failure reason.
  door.post<{ Params: { id: string }; Body: { message?: unknown } }>(
    WORKER_STOP_ROUTE,
    async (request, reply) => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const environmentId = await tokens.verifyEnvironmentToken('stop', token);
      if (environmentId === null || environmentId !== request.params.id)
        return reply.code(401).send({ detail: 'A token for this environment is required' });
      const message = request.body?.message;
      if (typeof message !== 'string' || message.length === 0 || message.length > WORKER_STOP_MESSAGE_MAX)
        return reply.code(400).send({ detail: 'A failure message is required' });
      const environment = options.environments.byId(environmentId);
      if (!environment) return reply.code(404).send({ detail: 'Environment not found' });
      await options.environments.failEnvironment(environment, message);
      return { stopped: true };
    },
  );
  // A keepalive environment's public URL, passed on by a server that found its alias open: the simulator only.
  await door.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_REQUEST_BODY_BYTES },
      (_request, body, done) => done(null, body),
    );
    scoped.all<{ Params: { id: string } }>(WORKER_PUBLIC_ROUTE, async (request, reply) => {
      const token = String(request.headers[PUBLIC_TOKEN_HEADER] ?? '');
      const environmentId = await tokens.verifyEnvironmentToken('public', token);
      if (environmentId === null || environmentId !== request.params.id)
        return reply.code(401).send({ detail: 'A token for this environment is required' });
      const environment = options.environments.byId(environmentId);
      if (!environment) return reply.code(404).send({ detail: 'Environment not found' });
      if (!isPublicServable(environment.instance))
        return reply.code(501).send({ detail: NOT_SERVABLE_MESSAGE });
      const publicOrigin = String(request.headers[PUBLIC_ORIGIN_HEADER] ?? environment.instance.origin);
      const answer = await servePublicRequest(
        environment.instance,
        {
          method: request.method,
          url: request.url.slice(workerPublicPrefix(environmentId).length),
          headers: request.headers,
          body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        },
        publicOrigin,
      );
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    });
  });
  attachEnvironmentSockets(
    door,
    { db: options.db, tokens, environments: options.environments },
    { forward: false },
  );
  await door.listen({ host: options.host, port: options.port });
  return door;
}
