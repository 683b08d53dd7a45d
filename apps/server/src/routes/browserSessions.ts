import { BROWSER_SESSION_PERMISSIONS, endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { presentBrowserSession } from '../presenters/browserSessions';
import {
  type BrowserSessionNow,
  BrowserSessions,
  type BrowserSessionWorkers,
} from '../services/browserSessions';
import type { AppContext } from './context';
import { liveViewUrl } from './environments';
import { access, defineRoute } from './route';

/** Browser sessions (002 §2.8–2.11): see packages/contracts/src/browserSessions.ts for who may call. */
const browserSessionAccess = access.member({ anyPermission: [...BROWSER_SESSION_PERMISSIONS] });

async function present(ctx: AppContext, { row, running }: BrowserSessionNow) {
  if (!running) return presentBrowserSession(row, undefined);
  return presentBrowserSession(row, {
    url: running.url,
    liveViewUrl: await liveViewUrl(ctx, row.session.publicId),
  });
}

/** Scaled out (REDIS_URL with JOBS_IN_SERVER=false), browser sessions open on the workers; else undefined. */
export function browserSessionWorkersOf(ctx: AppContext): BrowserSessionWorkers | undefined {
  const scaledOut = Boolean(ctx.config.jobs.redisUrl) && !ctx.config.jobs.inServer;
  return scaledOut
    ? { queue: ctx.queue, tokens: ctx.tokens, takeMs: ctx.config.jobs.browserSessionWaitMs }
    : undefined;
}

export function browserSessionsOf(ctx: AppContext): BrowserSessions {
  return new BrowserSessions({
    db: ctx.db,
    environments: ctx.environments,
    blobs: ctx.blobs,
    workers: browserSessionWorkersOf(ctx),
  });
}

export function browserSessionRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    endpoints.createBrowserSession,
    browserSessionAccess,
    async ({ app: ctx, principal, body }) =>
      present(
        ctx,
        await browserSessionsOf(ctx).open({
          owner: {
            organizationId: principal.organization.id,
            userId: principal.user?.id ?? null,
            plan: principal.organization.plan,
          },
          type: body.type,
          startUrl: body.start_url,
          trainerSessionOptions:
            body.task && body.response_format
              ? { task: body.task, responseFormat: body.response_format }
              : undefined,
        }),
      ),
  );

  defineRoute(app, endpoints.browserSession, browserSessionAccess, async ({ app: ctx, principal, params }) =>
    present(ctx, await browserSessionsOf(ctx).show(params.publicId, principal.organization.id)),
  );

  defineRoute(
    app,
    endpoints.navigateBrowserSession,
    browserSessionAccess,
    async ({ app: ctx, principal, params, body }) =>
      present(
        ctx,
        await browserSessionsOf(ctx).navigate(params.publicId, principal.organization.id, body.url),
      ),
  );

  defineRoute(
    app,
    endpoints.browserSessionHeartbeat,
    browserSessionAccess,
    async ({ app: ctx, principal, params }) =>
      present(ctx, await browserSessionsOf(ctx).keep(params.publicId, principal.organization.id)),
  );

  defineRoute(
    app,
    endpoints.closeBrowserSession,
    browserSessionAccess,
    async ({ app: ctx, principal, params }) => {
      const row = await browserSessionsOf(ctx).close(params.publicId, principal.organization.id);
      return present(ctx, { row, running: undefined });
    },
  );

  defineRoute(
    app,
    endpoints.completeBrowserSession,
    browserSessionAccess,
    async ({ app: ctx, principal, params, body }) => {
      const row = await browserSessionsOf(ctx).complete(
        params.publicId,
        principal.organization.id,
        body.output,
      );
      return present(ctx, { row, running: undefined });
    },
  );
}
