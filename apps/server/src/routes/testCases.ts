import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../kernel/access/viewer';
import { checkScoringConfig } from '../scoring/testCaseConfig';
import { requestEvaluatorCheck } from '../services/evaluatorHealth';
import {
  archiveTestCase,
  bulkArchiveTestCases,
  createTestCases,
  getTestCase,
  listTestCases,
  makeTestCasePublic,
  updateTestCase,
} from '../services/testCases';
import { access, defineRoute } from './route';

/**
 * Reading test cases needs organization membership only: annotators read the ones assigned to them
 * (is_assigned) from the recorder. Creating, editing and archiving need create_test_cases (001 §6);
 * which test cases one may edit (own organization's; public ones only platform admins) is decided per row.
 * is_admin does not imply create_test_cases (no flag implies another in this server): a platform admin
 * who edits public test cases holds both. A scoring configuration naming a score type is checked before it
 * is saved (scoring/testCaseConfig.ts); its secrets are write-only.
 */
const authors = access.member({ permissions: ['create_test_cases'] });

export function testCaseRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.testCases, access.member(), ({ app: ctx, principal, query }) =>
    listTestCases(ctx.db, viewerOf(principal), query),
  );

  defineRoute(app, endpoints.testCase, access.member(), async ({ app: ctx, principal, params }) => ({
    testCase: await getTestCase(ctx.db, viewerOf(principal), params.id),
  }));

  defineRoute(app, endpoints.createTestCases, authors, async ({ app: ctx, principal, body }) => {
    await checkScoringConfig(body.defaultScoringConfig, {
      allowedAddresses: ctx.config.scoring.allowedAddresses,
    });
    return { testCases: await createTestCases(ctx.db, viewerOf(principal), body) };
  });

  defineRoute(app, endpoints.updateTestCase, authors, async ({ app: ctx, principal, params, body }) => {
    await checkScoringConfig(body.defaultScoringConfig, {
      allowedAddresses: ctx.config.scoring.allowedAddresses,
    });
    return { testCase: await updateTestCase(ctx.db, viewerOf(principal), params.id, body) };
  });

  // Runs scripts in a browser and judges sessions again: for those who may change the test case (001 §6).
  defineRoute(app, endpoints.evaluatorHealth, authors, ({ app: ctx, principal, params }) =>
    requestEvaluatorCheck(ctx.db, ctx.queue, viewerOf(principal), params.id),
  );

  defineRoute(app, endpoints.archiveTestCase, authors, async ({ app: ctx, principal, params }) => ({
    testCase: await archiveTestCase(ctx.db, viewerOf(principal), params.id),
  }));

  defineRoute(app, endpoints.bulkArchiveTestCases, authors, ({ app: ctx, principal, body }) =>
    bulkArchiveTestCases(ctx.db, viewerOf(principal), body.test_case_ids),
  );

  defineRoute(app, endpoints.makeTestCasePublic, access.admin, async ({ app: ctx, principal, params }) => ({
    testCase: await makeTestCasePublic(ctx.db, viewerOf(principal), params.id),
  }));
}
