import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../kernel/access/viewer';
import { presentTestCaseSet, presentTestCaseSets } from '../presenters/testCaseSet';
import { listVisibleTestCaseSets } from '../repositories/testCaseSets';
import { keepIconImage } from '../services/iconImages';
import {
  addTestCasesToSet,
  archiveTestCaseSet,
  createTestCaseSet,
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
  defineRoute(app, endpoints.testCaseSets, access.member(), async ({ app: ctx, principal }) => {
    const viewer = viewerOf(principal);
    const sets = await listVisibleTestCaseSets(ctx.db, viewer);
    return { testCaseSets: await presentTestCaseSets(ctx.db, viewer, sets) };
  });

  defineRoute(app, endpoints.createTestCaseSet, authors, async ({ app: ctx, principal, body }) => {
    const viewer = viewerOf(principal);
    const set = await createTestCaseSet(ctx.db, viewer, body, (url) =>
      keepIconImage(url, {
        blobs: ctx.blobs,
        guard: { allowedAddresses: ctx.config.scoring.allowedAddresses },
      }),
    );
    return { testCaseSet: await presentTestCaseSet(ctx.db, viewer, set) };
  });

  defineRoute(app, endpoints.archiveTestCaseSet, authors, ({ app: ctx, principal, params }) =>
    archiveTestCaseSet(ctx.db, viewerOf(principal), params.id),
  );

  defineRoute(app, endpoints.addTestCasesToSet, authors, async ({ app: ctx, principal, params, body }) => {
    const viewer = viewerOf(principal);
    const { set, added } = await addTestCasesToSet(ctx.db, viewer, params.id, body.test_case_ids);
    return { testCaseSet: await presentTestCaseSet(ctx.db, viewer, set), added_count: added };
  });

  defineRoute(app, endpoints.removeTestCaseFromSet, authors, async ({ app: ctx, principal, params }) => {
    const viewer = viewerOf(principal);
    const set = await removeTestCaseFromSet(ctx.db, viewer, params.id, params.testCaseId);
    return { testCaseSet: await presentTestCaseSet(ctx.db, viewer, set) };
  });
}
