import { endpoints, PAGE_SIZE, USAGE_WINDOW_DAYS } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import type { UserPrincipal } from '../kernel/access/principal';
import {
  presentAdminEnvironments,
  presentAdminJobs,
  presentRunningSessions,
  presentUsage,
  presentUsageV2,
} from '../presenters/usage';
import { stopEnvironment } from '../services/environmentStops';
import { access, defineRoute } from './route';

/** Usage and running work: every member sees their organization's; platform admins see and stop everyone's. */
export function usageRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.organizationUsage, access.member(), ({ app: ctx, principal }) =>
    presentUsage(ctx.db, principal.organization, ctx.config.usagePricePerSession),
  );
  defineRoute(app, endpoints.organizationUsageV2, access.member(), ({ app: ctx, principal, query }) =>
    presentUsageV2(ctx.db, principal.organization.id, query.days ?? USAGE_WINDOW_DAYS),
  );
  defineRoute(app, endpoints.organizationRunningSessions, access.member(), ({ app: ctx, principal }) =>
    presentRunningSessions(ctx.db, principal.organization.id),
  );

  defineRoute(app, endpoints.adminJobs, access.admin, ({ app: ctx, query }) =>
    presentAdminJobs(ctx.queue, query.page ?? 1, query.page_size ?? PAGE_SIZE.adminJobs),
  );
  defineRoute(app, endpoints.adminEnvironments, access.admin, ({ app: ctx }) =>
    presentAdminEnvironments(ctx.db, ctx.config.environments.memoryLimitMb),
  );
  defineRoute(
    app,
    endpoints.adminStopEnvironment,
    access.admin,
    async ({ app: ctx, principal, params, query }) => {
      // Under view-as, the stop is the admin's.
      const admin = (principal as UserPrincipal).viewAsAdmin ?? principal.user;
      const reason = await stopEnvironment(ctx, admin, params.id, query.reason);
      return { id: params.id, status: 'failed' as const, reason };
    },
  );
}
