import { endpoints, RESCORE_PERMISSIONS, SIMULATOR_CREATE_PERMISSIONS } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../kernel/access/viewer';
import { notFound } from '../kernel/http/errors';
import { presentSimulator, presentSimulators } from '../presenters/simulator';
import { findSimulatorIcon, listVisibleSimulators } from '../repositories/simulators';
import { keepIconImage } from '../services/iconImages';
import { requestRescore } from '../services/rescore';
import { createSimulator, getSimulator, includeInPlan, updateSimulator } from '../services/simulators';
import { access, defineRawRoute, defineRoute } from './route';

/**
 * Reading simulators needs only organization membership (or the organization's API key), not
 * dashboard_access: the playground and the annotators' recorder list environments too (000 §2.8), and
 * what a caller sees is already limited to their organization's plan. Adding is for platform admins and
 * members holding create_simulator; editing is for platform admins (001 §2.7, §6).
 */
export function simulatorRoutes(app: FastifyInstance) {
  const keepImage = (url: string) =>
    keepIconImage(url, {
      blobs: app.ctx.blobs,
      guard: { allowedAddresses: app.ctx.config.scoring.allowedAddresses },
    });

  defineRoute(app, endpoints.simulators, access.member(), async ({ app: ctx, principal }) => {
    const viewer = viewerOf(principal);
    return {
      simulators: await presentSimulators(ctx.db, viewer, await listVisibleSimulators(ctx.db, viewer)),
    };
  });

  defineRoute(app, endpoints.simulator, access.member(), async ({ app: ctx, principal, params }) => {
    const viewer = viewerOf(principal);
    const row = await getSimulator(ctx.db, viewer, params.nameOrId);
    return { simulator: await presentSimulator(ctx.db, viewer, row) };
  });

  const mayCreate = access.member({ anyPermission: [...SIMULATOR_CREATE_PERMISSIONS] });
  defineRoute(app, endpoints.createSimulator, mayCreate, async ({ app: ctx, principal, body }) => {
    const row = await createSimulator(ctx.db, body, keepImage);
    if (!principal.permissions.is_admin) await includeInPlan(ctx.db, principal.organization, row.id);
    return { simulator: await presentSimulator(ctx.db, viewerOf(principal), row) };
  });

  defineRoute(app, endpoints.updateSimulator, access.admin, async ({ app: ctx, principal, params, body }) => {
    const row = await updateSimulator(ctx.db, params.id, body, keepImage);
    return { simulator: await presentSimulator(ctx.db, viewerOf(principal), row) };
  });

  /**
   * Rescoring judges sessions again and writes their new verdicts: platform admins (every organization's
   * sessions), account admins and members with create_test_cases (their organization's; an API key carries
   * create_test_cases when an account admin of its organization holds it). Annotator organizations see no
   * simulators or results (001 §6), so they may not. Decision: the spec lets "any editor user" rescore without
   * a role check (001 §6); judging an organization's sessions again is an authoring act, so it needs the
   * authority to change test cases or the organization.
   */
  defineRoute(
    app,
    endpoints.rescoreSimulator,
    access.member({
      anyPermission: [...RESCORE_PERMISSIONS],
      annotatorOrganization: false,
    }),
    ({ app: ctx, principal, params }) => requestRescore(ctx.db, ctx.queue, viewerOf(principal), params.id),
  );

  // Public: <img> tags send no bearer token, and a built-in icon reveals nothing. The policy header keeps an
  // SVG opened directly from running script.
  defineRawRoute(app, 'GET', '/api/env/simulators/:name/icon', access.public, async ({ request, reply }) => {
    const { name } = request.params as { name: string };
    const svg = await findSimulatorIcon(app.ctx.db, name);
    if (!svg) throw notFound('Simulator icon not found');
    return reply
      .type('image/svg+xml')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=3600')
      .send(svg);
  });
}
