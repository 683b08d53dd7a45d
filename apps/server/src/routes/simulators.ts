import { endpoints, RESCORE_PERMISSIONS } from '@proctor/contracts';
import { simulators } from '@proctor/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../kernel/access/viewer';
import { notFound } from '../kernel/http/errors';
import { keepIconImage } from '../services/iconImages';
import { requestRescore } from '../services/rescore';
import { createSimulator, getSimulator, listSimulators, updateSimulator } from '../services/simulators';
import { access, defineRawRoute, defineRoute } from './route';

/**
 * Reading simulators needs only organization membership (or the organization's API key), not
 * dashboard_access: the playground and the annotators' recorder list environments too (000 §2.8), and
 * what a caller sees is already limited to their organization's plan. Adding and editing is for
 * platform admins (001 §2.7, §6).
 */
export function simulatorRoutes(app: FastifyInstance) {
  const keepImage = (url: string) =>
    keepIconImage(url, {
      blobs: app.ctx.blobs,
      guard: { allowedAddresses: app.ctx.config.scoring.allowedAddresses },
    });

  defineRoute(app, endpoints.simulators, access.member(), async ({ app: ctx, principal }) => ({
    simulators: await listSimulators(ctx.db, viewerOf(principal)),
  }));

  defineRoute(app, endpoints.simulator, access.member(), async ({ app: ctx, principal, params }) => ({
    simulator: await getSimulator(ctx.db, viewerOf(principal), params.nameOrId),
  }));

  defineRoute(app, endpoints.createSimulator, access.admin, async ({ app: ctx, principal, body }) => ({
    simulator: await createSimulator(ctx.db, viewerOf(principal), body, keepImage),
  }));

  defineRoute(
    app,
    endpoints.updateSimulator,
    access.admin,
    async ({ app: ctx, principal, params, body }) => ({
      simulator: await updateSimulator(ctx.db, viewerOf(principal), params.id, body, keepImage),
    }),
  );

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
    const [row] = await app.ctx.db
      .select({ iconSvg: simulators.iconSvg })
      .from(simulators)
      .where(eq(simulators.name, name));
    if (!row?.iconSvg) throw notFound('Simulator icon not found');
    const svg = row.iconSvg;
    return reply
      .type('image/svg+xml')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=3600')
      .send(svg);
  });
}
