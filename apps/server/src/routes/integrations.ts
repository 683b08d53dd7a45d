import { endpoints, INTEGRATION_EDIT_PERMISSIONS } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { secretsKeyOf } from '../kernel/secrets/secretBox';
import {
  integrationDetail,
  integrationSourcesOf,
  integrationsOf,
  presentInstalledSource,
  presentIntegrationMethod,
} from '../presenters/integrations';
import {
  addSiteEndpointMethod,
  callIntegrationMethod,
  configureIntegrationKey,
  connectIntegration,
  installOpenApiSource,
} from '../services/integrations';
import type { AppContext } from './context';
import { access, defineRoute } from './route';

/**
 * Integrations (002 §2.7, §7.5). The spec names no role: every member reads its organization's sources and
 * integrations; installing, connecting and calling (which reach the web from Proctor's machine) need
 * INTEGRATION_EDIT_PERMISSIONS (packages/contracts/src/integrations.ts).
 */
export function integrationRoutes(app: FastifyInstance) {
  const readers = access.member();
  const editors = access.member({ anyPermission: [...INTEGRATION_EDIT_PERMISSIONS] });
  const organizationOf = (principal: { organization: { id: number } }) => principal.organization.id;
  const guardOf = (ctx: AppContext) => ({ allowedAddresses: ctx.config.scoring.allowedAddresses });
  const servicesOf = (ctx: AppContext) => ({ guard: guardOf(ctx), secretsKey: secretsKeyOf(ctx.config) });

  defineRoute(app, endpoints.integrationSources, readers, ({ app: ctx, principal }) =>
    integrationSourcesOf(ctx.db, organizationOf(principal)),
  );
  defineRoute(app, endpoints.installIntegrationSource, editors, async ({ app: ctx, principal, body }) =>
    presentInstalledSource(
      ctx.db,
      await installOpenApiSource(ctx.db, { guard: guardOf(ctx) }, organizationOf(principal), body),
    ),
  );
  defineRoute(app, endpoints.listIntegrations, readers, ({ app: ctx, principal }) =>
    integrationsOf(ctx.db, organizationOf(principal)),
  );
  defineRoute(app, endpoints.createIntegration, editors, async ({ app: ctx, principal, body }) => {
    const row = await connectIntegration(ctx.db, servicesOf(ctx), organizationOf(principal), body);
    return (await integrationDetail(ctx.db, organizationOf(principal), row.id)).integration;
  });
  defineRoute(app, endpoints.integration, readers, ({ app: ctx, principal, params }) =>
    integrationDetail(ctx.db, organizationOf(principal), params.id),
  );
  defineRoute(app, endpoints.updateIntegration, editors, async ({ app: ctx, principal, params, body }) => {
    await configureIntegrationKey(
      ctx.db,
      servicesOf(ctx),
      organizationOf(principal),
      params.id,
      body.api_key,
    );
    return (await integrationDetail(ctx.db, organizationOf(principal), params.id)).integration;
  });
  defineRoute(app, endpoints.addIntegrationMethod, editors, async ({ app: ctx, principal, params, body }) => {
    const row = await addSiteEndpointMethod(
      ctx.db,
      organizationOf(principal),
      params.id,
      body.siteEndpointId,
    );
    const method = presentIntegrationMethod(row);
    if (!method) throw new Error(`Method ${row.id} was stored unreadable`);
    return method;
  });
  defineRoute(app, endpoints.callIntegrationMethod, editors, ({ app: ctx, principal, params, body }) =>
    callIntegrationMethod(
      ctx.db,
      servicesOf(ctx),
      organizationOf(principal),
      { integrationId: params.id, methodId: params.methodId },
      body.parameters,
    ),
  );
}
