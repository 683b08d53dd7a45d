import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import {
  presentHumanRecorderPage,
  presentHumanRecorderTabCounts,
  presentOrganizationTestCase,
} from '../presenters/humanRecorder';
import { archiveOrganizationTestCase, markOrganizationTestCaseCompleted } from '../services/humanRecorder';
import { access, defineRoute } from './route';

/**
 * The human recorder dashboard (000 §2.7, §7.3): an annotator organization's own assigned test cases by stage.
 * Its members read them; Review, Completed and the Complete and Archive actions are its account admins'.
 */
const annotators = access.member({ annotatorOrganization: true });
const annotatorAdmins = access.member({
  annotatorOrganization: true,
  anyPermission: ['is_account_admin', 'is_admin'],
});

export function humanRecorderRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.humanRecorderTestCases, annotators, ({ app: ctx, principal, query }) =>
    presentHumanRecorderPage(ctx.db, principal, query),
  );

  defineRoute(app, endpoints.humanRecorderFilter, annotators, ({ app: ctx, principal, query }) =>
    presentHumanRecorderPage(ctx.db, principal, { ...query, simulatorId: query.sim }),
  );

  defineRoute(app, endpoints.humanRecorderTabCounts, annotators, ({ app: ctx, principal, query }) =>
    presentHumanRecorderTabCounts(ctx.db, principal, query),
  );

  defineRoute(
    app,
    endpoints.markOrganizationTestCaseCompleted,
    annotatorAdmins,
    async ({ app: ctx, principal, params }) => {
      const testCaseId = await markOrganizationTestCaseCompleted(
        ctx.db,
        principal.organization.id,
        params.id,
      );
      // Just written and not archived: it is there.
      return { testCase: (await presentOrganizationTestCase(ctx.db, principal, testCaseId))! };
    },
  );

  defineRoute(
    app,
    endpoints.archiveOrganizationTestCase,
    annotatorAdmins,
    async ({ app: ctx, principal, body }) => {
      await archiveOrganizationTestCase(ctx.db, principal.organization.id, body.test_case_id);
      return { ok: true as const };
    },
  );
}
