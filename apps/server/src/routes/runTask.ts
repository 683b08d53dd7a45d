import { BROWSER_SESSION_PERMISSIONS, endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { CALLER_GONE, demoFor, runTask, runTaskAvailability } from '../services/runTask';
import { browserSessionWorkersOf } from './browserSessions';
import { access, defineRoute } from './route';

/** The AI browser and the demo: whoever may open browser sessions (packages/contracts/src/browserSessions.ts). */
const runTaskAccess = access.member({ anyPermission: [...BROWSER_SESSION_PERMISSIONS] });

export function runTaskRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.runTask, runTaskAccess, async ({ app: ctx, principal, body, reply }) => {
    // A caller that goes away stops the agent: nothing is left driving the page for nobody. Scaled out, the task
    // is done on the worker holding its session, and stopped there.
    const gone = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) gone.abort(new Error(CALLER_GONE));
    });
    return runTask(
      { ...ctx, workers: browserSessionWorkersOf(ctx) },
      {
        ...body,
        owner: {
          organizationId: principal.organization.id,
          userId: principal.user?.id ?? null,
          plan: principal.organization.plan,
        },
      },
      gone.signal,
    );
  });

  defineRoute(app, endpoints.runTaskAvailability, runTaskAccess, ({ app: ctx }) =>
    runTaskAvailability(ctx.config),
  );

  defineRoute(app, endpoints.demo, runTaskAccess, ({ app: ctx, principal }) =>
    demoFor(ctx, principal.organization.id, principal.user?.hasBetaAccess === true),
  );
}
