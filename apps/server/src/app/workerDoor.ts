import type { Database } from '@proctor/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { TokenService } from '../auth/tokens';
import type { EnvironmentManager } from '../environments/manager';
import { WORKER_STATE_ROUTE, WORKER_STOP_MESSAGE_MAX, WORKER_STOP_ROUTE } from '../environments/remote';
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
 * A worker's door for the servers (WORKER_URL): the state of each environment it holds, an admin's stop, and its
 * live view and CDP sockets on the paths the server uses, each opened by the capability token the server signed for that
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
  attachEnvironmentSockets(
    door,
    { db: options.db, tokens, environments: options.environments },
    { forward: false },
  );
  await door.listen({ host: options.host, port: options.port });
  return door;
}
