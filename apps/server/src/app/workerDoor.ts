import {
  CompleteBrowserSessionRequest,
  ElementAtRequest,
  NavigateBrowserSessionRequest,
  RunWebFlowNodeRequest,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { MAX_REQUEST_BODY_BYTES } from '@proctor/simulators';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TokenService } from '../auth/tokens';
import { refuseIfDriven } from '../environments/driving';
import type { EnvironmentManager } from '../environments/manager';
import {
  isPublicServable,
  NOT_SERVABLE_MESSAGE,
  PUBLIC_ORIGIN_HEADER,
  PUBLIC_TOKEN_HEADER,
  servePublicRequest,
} from '../environments/publicSimulator';
import {
  BROWSER_SESSION_ACTIONS,
  type BrowserSessionAction,
  NOT_HELD_STATUS,
  WORKER_BROWSER_SESSION_ROUTE,
  WORKER_PUBLIC_ROUTE,
  WORKER_STATE_ROUTE,
  WORKER_STOP_MESSAGE_MAX,
  WORKER_STOP_ROUTE,
  workerPublicPrefix,
} from '../environments/remote';
import { attachEnvironmentSockets } from '../environments/sockets';
import type { ServerConfig } from '../kernel/config';
import { HttpError } from '../kernel/http/errors';
import { stopJobOn } from '../kernel/queue/stoppable';
import type { BlobStore } from '../kernel/storage/blobs';
import {
  closeBrowserSession,
  completeBrowserSession,
  keepBrowserSession,
  navigateBrowserSession,
  pageUrl,
} from '../services/browserSessions';
import { elementAtOnSession, runNodeOnSession, type WebFlowServices } from '../services/webFlows/run';

export interface WorkerDoorOptions {
  db: Database;
  environments: EnvironmentManager;
  /** What browser sessions (offline ones' captured bodies) and web flows (the healing model) read here. */
  blobs: BlobStore;
  config: ServerConfig;
  /** JWT_SECRET, or the secret the servers keep in the shared database: tokens they sign open this door. */
  jwtSecret: string | undefined;
  host: string;
  port: number;
}

/**
 * A worker's door for the servers (WORKER_URL): the state of each environment it holds, an admin's stop, a
 * keepalive environment's public URL (its simulator), a browser session's requests, and its live view and CDP sockets on the paths the server uses, each opened by the capability token the server signed for that
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
  door.post<{ Params: { id: string; action: string } }>(
    WORKER_BROWSER_SESSION_ROUTE,
    async (request, reply) => {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      const environmentId = await tokens.verifyEnvironmentToken('drive', token);
      if (environmentId === null || environmentId !== request.params.id)
        return reply.code(401).send({ detail: 'A token for this environment is required' });
      const action = BROWSER_SESSION_ACTIONS.find((known) => known === request.params.action);
      if (!action) return reply.code(404).send({ detail: 'Not found' });
      const environment = options.environments.byId(environmentId);
      if (!environment)
        return reply.code(NOT_HELD_STATUS).send({ detail: 'The environment is not running here' });
      try {
        return await browserSessionAction(
          options,
          action,
          environmentId,
          environment.owner.organizationId,
          request.body,
        );
      } catch (error) {
        if (error instanceof HttpError) return reply.code(error.status).send({ detail: error.detail });
        if (error instanceof z.ZodError)
          return reply.code(400).send({ detail: error.issues[0]?.message ?? 'Bad request' });
        throw error;
      }
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

/**
 * One request for a browser session this worker holds, as the API would serve it embedded: the same service
 * functions, for the organization the environment belongs to (the API checked the caller before signing).
 */
async function browserSessionAction(
  options: WorkerDoorOptions,
  action: BrowserSessionAction,
  publicId: string,
  organizationId: number,
  body: unknown,
): Promise<unknown> {
  const sessions = { db: options.db, environments: options.environments, blobs: options.blobs };
  const flows: WebFlowServices = {
    db: options.db,
    environments: options.environments,
    config: options.config,
  };
  switch (action) {
    case 'show':
      return { url: await pageUrl(options.environments.running(publicId, organizationId)) };
    case 'keep': {
      const { environment } = await keepBrowserSession(sessions, publicId, organizationId);
      return { url: await pageUrl(environment) };
    }
    case 'navigate': {
      const { url } = NavigateBrowserSessionRequest.parse(body);
      const { environment } = await navigateBrowserSession(sessions, publicId, organizationId, url);
      return { url: await pageUrl(environment) };
    }
    case 'close':
      await closeBrowserSession(sessions, publicId, organizationId);
      return {};
    case 'complete': {
      const { output } = CompleteBrowserSessionRequest.parse(body);
      await completeBrowserSession(sessions, publicId, organizationId, output);
      return {};
    }
    case 'run-node': {
      const { node, parameters } = RunWebFlowNodeRequest.parse(body);
      return runNodeOnSession(flows, organizationId, publicId, node, parameters);
    }
    case 'element-at':
      return elementAtOnSession(flows, organizationId, publicId, ElementAtRequest.parse(body));
    case 'run-check':
      // What a run checks before it streams (another driver answers 409); the run itself is a job.
      refuseIfDriven(options.environments.running(publicId, organizationId));
      return {};
    case 'stop-run':
      // A web flow run's or a run-task's job on this session (a job on another session is left alone).
      stopJobOn(publicId, z.object({ jobId: z.string().min(1).max(100) }).parse(body).jobId);
      return {};
  }
}
