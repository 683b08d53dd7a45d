import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../kernel/access/viewer';
import { keepIconImage } from '../services/iconImages';
import {
  addTestCasesToSet,
  archiveTestCaseSet,
  createTestCaseSet,
  listTestCaseSets,
  removeTestCaseFromSet,
} from '../services/testCaseSets';
import { access, defineRoute } from './route';

/**
 * Datasets. Listing needs organization membership. Creating a dataset, changing its test cases and
 * archiving it need create_test_cases, the permission that makes test cases (the spec does not say who
 * may edit datasets; a dataset is a grouping of test cases, so the same people do). The organization's
 * own datasets are theirs to change; public ones only platform admins'; another organization's answer 404.
 */
const authors = access.member({ permissions: ['create_test_cases'] });

export function testCaseSetRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.testCaseSets, access.member(), async ({ app: ctx, principal }) => ({
    testCaseSets: await listTestCaseSets(ctx.db, viewerOf(principal)),
  }));

  defineRoute(app, endpoints.createTestCaseSet, authors, async ({ app: ctx, principal, body }) => ({
    testCaseSet: await createTestCaseSet(ctx.db, viewerOf(principal), body, (url) =>
      keepIconImage(url, {
        blobs: ctx.blobs,
        guard: { allowedAddresses: ctx.config.scoring.allowedAddresses },
      }),
    ),
  }));

  defineRoute(app, endpoints.archiveTestCaseSet, authors, ({ app: ctx, principal, params }) =>
    archiveTestCaseSet(ctx.db, viewerOf(principal), params.id),
  );

  defineRoute(app, endpoints.addTestCasesToSet, authors, ({ app: ctx, principal, params, body }) =>
    addTestCasesToSet(ctx.db, viewerOf(principal), params.id, body.test_case_ids),
  );

  defineRoute(app, endpoints.removeTestCaseFromSet, authors, async ({ app: ctx, principal, params }) => ({
    testCaseSet: await removeTestCaseFromSet(ctx.db, viewerOf(principal), params.id, params.testCaseId),
  }));
}
