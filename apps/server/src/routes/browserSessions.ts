import { BROWSER_SESSION_PERMISSIONS, endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import type { LiveEnvironment } from '../environments/live';
import { presentBrowserSession } from '../presenters/browserSessions';
import type { BrowserSessionRow } from '../repositories/browserSessions';
import {
  browserSession,
  closeBrowserSession,
  completeBrowserSession,
  keepBrowserSession,
  navigateBrowserSession,
  openBrowserSession,
} from '../services/browserSessions';
import type { AppContext } from './context';
import { liveViewUrl } from './environments';
import { access, defineRoute } from './route';

/** Browser sessions (002 §2.8–2.11): see packages/contracts/src/browserSessions.ts for who may call. */
const browserSessionAccess = access.member({ anyPermission: [...BROWSER_SESSION_PERMISSIONS] });

async function present(ctx: AppContext, row: BrowserSessionRow, environment: LiveEnvironment | undefined) {
  if (!environment) return presentBrowserSession(row, undefined);
  const [url, live] = await Promise.all([
    environment.page.currentUrl().catch(() => 'about:blank'),
    liveViewUrl(ctx, environment.publicId),
  ]);
  return presentBrowserSession(row, { url, liveViewUrl: live });
}

export function browserSessionRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    endpoints.createBrowserSession,
    browserSessionAccess,
    async ({ app: ctx, principal, body }) => {
      const { row, environment } = await openBrowserSession(ctx, {
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
      });
      return present(ctx, row, environment);
    },
  );

  defineRoute(
    app,
    endpoints.browserSession,
    browserSessionAccess,
    async ({ app: ctx, principal, params }) => {
      const { row, environment } = await browserSession(ctx, params.publicId, principal.organization.id);
      return present(ctx, row, environment);
    },
  );

  defineRoute(
    app,
    endpoints.navigateBrowserSession,
    browserSessionAccess,
    async ({ app: ctx, principal, params, body }) => {
      const { row, environment } = await navigateBrowserSession(
        ctx,
        params.publicId,
        principal.organization.id,
        body.url,
      );
      return present(ctx, row, environment);
    },
  );

  defineRoute(
    app,
    endpoints.browserSessionHeartbeat,
    browserSessionAccess,
    async ({ app: ctx, principal, params }) => {
      const { row, environment } = await keepBrowserSession(ctx, params.publicId, principal.organization.id);
      return present(ctx, row, environment);
    },
  );

  defineRoute(
    app,
    endpoints.closeBrowserSession,
    browserSessionAccess,
    async ({ app: ctx, principal, params }) => {
      const row = await closeBrowserSession(ctx, params.publicId, principal.organization.id);
      return present(ctx, row, undefined);
    },
  );

  defineRoute(
    app,
    endpoints.completeBrowserSession,
    browserSessionAccess,
    async ({ app: ctx, principal, params, body }) => {
      const row = await completeBrowserSession(ctx, params.publicId, principal.organization.id, body.output);
      return present(ctx, row, undefined);
    },
  );
}
