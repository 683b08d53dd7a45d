import { endpoints, paginate } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../kernel/access/viewer';
import { presentTestCase, presentTestCases } from '../presenters/testCase';
import { listTestCasesPage } from '../repositories/testCases';
import { checkScoringConfig } from '../scoring/testCaseConfig';
import { requestEvaluatorCheck } from '../services/evaluatorHealth';
import { expectedMutationsOfSession } from '../services/testCaseGeneration';
import {
  archiveTestCase,
  bulkArchiveTestCases,
  createTestCases,
  findVisibleTestCase,
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
  defineRoute(app, endpoints.testCases, access.member(), async ({ app: ctx, principal, query }) => {
    const viewer = viewerOf(principal);
    const { rows, total } = await listTestCasesPage(ctx.db, viewer, query);
    const list = await presentTestCases(ctx.db, viewer, rows);
    return { testcases: list, test_cases: list, pagination: paginate(query.page, query.page_size, total) };
  });

  defineRoute(app, endpoints.testCase, access.member(), async ({ app: ctx, principal, params }) => {
    const viewer = viewerOf(principal);
    const row = await findVisibleTestCase(ctx.db, viewer, params.id);
    return { testCase: await presentTestCase(ctx.db, viewer, row) };
  });

  defineRoute(app, endpoints.createTestCases, authors, async ({ app: ctx, principal, body }) => {
    await checkScoringConfig(body.defaultScoringConfig, {
      allowedAddresses: ctx.config.scoring.allowedAddresses,
    });
    const viewer = viewerOf(principal);
    // Create State Test: the session's changes are the expectations (the session is checked to be the caller's).
    const fromSession =
      body.expectedMutationsFromSession && body.simulatorId !== undefined
        ? await expectedMutationsOfSession(
            ctx.db,
            principal,
            body.expectedMutationsFromSession,
            body.simulatorId,
          )
        : undefined;
    const rows = await createTestCases(
      ctx.db,
      viewer,
      fromSession
        ? { ...body, defaultScoringConfig: { ...body.defaultScoringConfig, ...fromSession } }
        : body,
    );
    return { testCases: await presentTestCases(ctx.db, viewer, rows) };
  });

  defineRoute(app, endpoints.updateTestCase, authors, async ({ app: ctx, principal, params, body }) => {
    await checkScoringConfig(body.defaultScoringConfig, {
      allowedAddresses: ctx.config.scoring.allowedAddresses,
    });
    const viewer = viewerOf(principal);
    const row = await updateTestCase(ctx.db, viewer, params.id, body);
    return { testCase: await presentTestCase(ctx.db, viewer, row) };
  });

  // Runs scripts in a browser and judges sessions again: for those who may change the test case (001 §6).
  defineRoute(app, endpoints.evaluatorHealth, authors, async ({ app: ctx, principal, params }) => {
    const viewer = viewerOf(principal);
    const { testCase, health } = await requestEvaluatorCheck(ctx.db, ctx.queue, viewer, params.id);
    return { testCase: await presentTestCase(ctx.db, viewer, testCase), health };
  });

  defineRoute(app, endpoints.archiveTestCase, authors, async ({ app: ctx, principal, params }) => {
    const viewer = viewerOf(principal);
    const row = await archiveTestCase(ctx.db, viewer, params.id);
    return { testCase: await presentTestCase(ctx.db, viewer, row) };
  });

  defineRoute(app, endpoints.bulkArchiveTestCases, authors, ({ app: ctx, principal, body }) =>
    bulkArchiveTestCases(ctx.db, viewerOf(principal), body.test_case_ids),
  );

  defineRoute(app, endpoints.makeTestCasePublic, access.admin, async ({ app: ctx, principal, params }) => {
    const viewer = viewerOf(principal);
    const row = await makeTestCasePublic(ctx.db, viewer, params.id);
    return { testCase: await presentTestCase(ctx.db, viewer, row) };
  });
}
