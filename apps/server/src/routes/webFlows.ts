import { PassThrough } from 'node:stream';
import {
  BROWSER_SESSION_PERMISSIONS,
  endpoints,
  IdParam,
  RUN_WEB_FLOW_PATH,
  RunWebFlowRequest,
  WEB_FLOW_EDIT_PERMISSIONS,
  WEB_FLOW_MESSAGES,
  type WebFlowRunEvent,
} from '@proctor/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { badRequest, notFound } from '../kernel/http/errors';
import { presentWebFlow, webFlowOf, webFlowRunOf, webFlowRunsOf, webFlowsOf } from '../presenters/webFlows';
import { changeWebFlow, createWebFlow, findOwnWebFlow, removeWebFlow } from '../services/webFlows/flows';
import {
  elementAtOnSession,
  prepareWebFlowRun,
  runNodeOnSession,
  runWebFlow,
} from '../services/webFlows/run';
import { access, defineRawRoute, defineRoute } from './route';

/**
 * Web flows (002 §2.8–2.9, §7.5). The spec names no role: every member reads its organization's flows and runs;
 * saving, running and driving a browser session's page need WEB_FLOW_EDIT_PERMISSIONS (webFlows.ts of the
 * contracts). Another organization's flows, runs and browser sessions answer 404.
 */
export function webFlowRoutes(app: FastifyInstance) {
  const readers = access.member();
  const editors = access.member({ anyPermission: [...WEB_FLOW_EDIT_PERMISSIONS] });
  // Picking reads what the live view already shows whoever holds the session: the trainer's select-content
  // buttons (002 §2.11) pick with it too, for everyone who may open a browser session.
  const pickers = access.member({ anyPermission: [...BROWSER_SESSION_PERMISSIONS] });
  // Scaled out (REDIS_URL with JOBS_IN_SERVER=false), a session a worker holds is driven on that worker.
  const scaledOut = () => Boolean(app.ctx.config.jobs.redisUrl) && !app.ctx.config.jobs.inServer;
  const services = () => ({
    db: app.ctx.db,
    config: app.ctx.config,
    environments: app.ctx.environments,
    workers: scaledOut()
      ? { queue: app.ctx.queue, tokens: app.ctx.tokens, takeMs: app.ctx.config.jobs.browserSessionWaitMs }
      : undefined,
  });

  defineRoute(app, endpoints.listWebFlows, readers, ({ app: ctx, principal, query }) =>
    webFlowsOf(ctx.db, principal.organization.id, query.search, ctx.config.browserSessions.webFlowStartUrl),
  );
  defineRoute(app, endpoints.webFlow, readers, ({ app: ctx, principal, params }) =>
    webFlowOf(ctx.db, principal.organization.id, params.id),
  );
  defineRoute(app, endpoints.createWebFlow, editors, async ({ app: ctx, principal, body }) =>
    presentWebFlow(await createWebFlow(ctx.db, principal.organization.id, body)),
  );
  defineRoute(app, endpoints.updateWebFlow, editors, async ({ app: ctx, principal, params, body }) =>
    presentWebFlow(await changeWebFlow(ctx.db, principal.organization.id, params.id, body)),
  );
  defineRoute(app, endpoints.deleteWebFlow, editors, async ({ app: ctx, principal, params }) => {
    await removeWebFlow(ctx.db, principal.organization.id, params.id);
    return { ok: true as const };
  });

  defineRoute(app, endpoints.webFlowRuns, readers, ({ app: ctx, principal, query }) =>
    webFlowRunsOf(ctx.db, principal.organization.id, query),
  );
  defineRoute(app, endpoints.webFlowRun, readers, ({ app: ctx, principal, params }) =>
    webFlowRunOf(ctx.db, principal.organization.id, params.publicId),
  );

  defineRoute(app, endpoints.runWebFlowNode, editors, ({ principal, params, body }) =>
    runNodeOnSession(services(), principal.organization.id, params.publicId, body.node, body.parameters),
  );
  defineRoute(app, endpoints.elementAt, pickers, ({ principal, params, body }) =>
    elementAtOnSession(services(), principal.organization.id, params.publicId, body),
  );

  defineRawRoute(
    app,
    'POST',
    RUN_WEB_FLOW_PATH,
    editors,
    async ({ principal, request, reply }) => {
      const id = flowIdOf(request.params);
      const body = request.body as z.output<typeof RunWebFlowRequest>;
      const flow = await findOwnWebFlow(app.ctx.db, principal.organization.id, id);
      const prepared = await prepareWebFlowRun(services(), principal.organization.id, flow, body);
      return eventStream(reply, (send, signal) => runWebFlow(services(), prepared, send, signal));
    },
    { body: RunWebFlowRequest },
  );
}

/** The flow id of the run's path: not a number is bad input; a number no record can have names nothing. */
function flowIdOf(params: unknown): number {
  const raw = (params as { id?: string }).id ?? '';
  if (!/^(0|[1-9][0-9]*)$/.test(raw)) throw badRequest('id: Expected an id: a whole number');
  const parsed = IdParam.safeParse({ id: raw });
  if (!parsed.success) throw notFound(WEB_FLOW_MESSAGES.flowNotFound);
  return parsed.data.id;
}

/**
 * Newline-delimited JSON, one event a line, flushed as it happens. A caller that goes away stops the run (its
 * signal), which then ends failed: nothing is left driving the page.
 */
function eventStream(
  reply: FastifyReply,
  work: (send: (event: WebFlowRunEvent) => void, signal: AbortSignal) => Promise<void>,
) {
  const stream = new PassThrough();
  const gone = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) gone.abort(new Error(WEB_FLOW_MESSAGES.runStopped));
  });
  const send = (event: WebFlowRunEvent) => {
    if (!stream.writableEnded) stream.write(`${JSON.stringify(event)}\n`);
  };
  work(send, gone.signal)
    .catch((error: Error) => reply.log.error({ err: error }, 'A web flow run could not be kept'))
    .finally(() => stream.end());
  return reply
    .type('application/x-ndjson; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(stream);
}
