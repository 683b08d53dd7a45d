import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { sessionLabels, testCaseLabelling } from '../presenters/labels';
import { addSessionLabel, analyzeSessionLabels, createTestCaseFromLabels } from '../services/labels';
import { access, defineRoute } from './route';

/**
 * Labels (000 §2.5–2.7, §7.2). A label is a person's own description, so reading and writing one needs a
 * signed-in person (not an API key), as human scores do; which session each may label is decided in the service.
 * Analyzing labels and converting them into a test case is for account admins (000 §6).
 */
export function labelRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.sessionLabels, access.signedIn, ({ app: ctx, principal, params }) =>
    sessionLabels(ctx.db, principal, params.id),
  );

  defineRoute(app, endpoints.addSessionLabel, access.signedIn, ({ app: ctx, principal, params, body }) =>
    addSessionLabel(ctx.db, principal, params.id, body),
  );

  const accountAdmins = access.member({ permissions: ['is_account_admin'] });

  defineRoute(app, endpoints.analyzeSessionLabels, accountAdmins, ({ app: ctx, principal, params }) =>
    analyzeSessionLabels(ctx.config, ctx.db, principal, params.id),
  );

  defineRoute(
    app,
    endpoints.createTestCaseFromLabels,
    accountAdmins,
    ({ app: ctx, principal, params, body }) => createTestCaseFromLabels(ctx.db, principal, params.id, body),
  );

  defineRoute(app, endpoints.testCaseLabelling, access.member(), ({ app: ctx, principal, params, query }) =>
    testCaseLabelling(ctx.db, principal, params.id, query.assignment_id),
  );
}
