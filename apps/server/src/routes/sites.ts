import { endpoints, SITE_EDIT_PERMISSIONS } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import {
  presentSite,
  presentSiteDocument,
  presentSiteEndpoint,
  presentStoredSiteModel,
  siteEndpoints,
  siteModelDocuments,
  siteModels,
  siteOpenApi,
  siteOriginUrls,
  siteRequests,
  siteResponseDetail,
  siteResponses,
  sitesOf,
} from '../presenters/sites';
import {
  addSiteDocument,
  changeSite,
  changeSiteEndpoint,
  changeSiteModel,
  createSite,
  createSiteEndpoint,
  createSiteModel,
  siteEndpointFromRequest,
} from '../services/sites';
import { access, defineRoute } from './route';

/**
 * Sites (002 §2.6, §7.4). The spec names no role: every member reads its organization's sites and captured
 * traffic; creating and changing needs SITE_EDIT_PERMISSIONS (packages/contracts/src/sites.ts).
 */
export function siteRoutes(app: FastifyInstance) {
  const readers = access.member();
  const editors = access.member({ anyPermission: [...SITE_EDIT_PERMISSIONS] });
  const organizationOf = (principal: { organization: { id: number } }) => principal.organization.id;

  defineRoute(app, endpoints.listSites, readers, ({ app: ctx, principal }) =>
    sitesOf(ctx.db, organizationOf(principal)),
  );
  defineRoute(app, endpoints.createSite, editors, async ({ app: ctx, principal, body }) =>
    presentSite(await createSite(ctx.db, organizationOf(principal), body)),
  );
  defineRoute(app, endpoints.updateSite, editors, async ({ app: ctx, principal, params, body }) =>
    presentSite(await changeSite(ctx.db, organizationOf(principal), params.id, body)),
  );

  defineRoute(app, endpoints.siteModels, readers, ({ app: ctx, principal, params }) =>
    siteModels(ctx.db, organizationOf(principal), params.id),
  );
  defineRoute(app, endpoints.createSiteModel, editors, async ({ app: ctx, principal, params, body }) =>
    presentStoredSiteModel(
      ctx.db,
      await createSiteModel(ctx.db, ctx.blobs, organizationOf(principal), params.id, body),
    ),
  );
  defineRoute(app, endpoints.updateSiteModel, editors, async ({ app: ctx, principal, params, body }) =>
    presentStoredSiteModel(ctx.db, await changeSiteModel(ctx.db, organizationOf(principal), params.id, body)),
  );
  defineRoute(app, endpoints.siteModelDocuments, readers, ({ app: ctx, principal, params, query }) =>
    siteModelDocuments(ctx.db, organizationOf(principal), params.id, query),
  );
  defineRoute(app, endpoints.createSiteDocument, editors, async ({ app: ctx, principal, params, body }) =>
    presentSiteDocument(await addSiteDocument(ctx.db, organizationOf(principal), params.id, body.data)),
  );

  defineRoute(app, endpoints.siteRequests, readers, ({ app: ctx, principal, query }) =>
    siteRequests(ctx.db, organizationOf(principal), query),
  );
  defineRoute(app, endpoints.siteResponses, readers, ({ app: ctx, principal, query }) =>
    siteResponses(ctx.db, ctx.blobs, organizationOf(principal), query),
  );
  defineRoute(app, endpoints.siteResponse, readers, ({ app: ctx, principal, body }) =>
    siteResponseDetail(ctx.db, ctx.blobs, organizationOf(principal), body.requestId),
  );
  defineRoute(app, endpoints.siteOriginUrls, readers, ({ app: ctx, principal }) =>
    siteOriginUrls(ctx.db, organizationOf(principal)),
  );

  defineRoute(app, endpoints.siteEndpoints, readers, ({ app: ctx, principal, query }) =>
    siteEndpoints(ctx.db, organizationOf(principal), query),
  );
  defineRoute(app, endpoints.createSiteEndpoint, editors, async ({ app: ctx, principal, body }) =>
    presentSiteEndpoint(await createSiteEndpoint(ctx.db, organizationOf(principal), body)),
  );
  defineRoute(app, endpoints.updateSiteEndpoint, editors, async ({ app: ctx, principal, params, body }) =>
    presentSiteEndpoint(await changeSiteEndpoint(ctx.db, organizationOf(principal), params.id, body)),
  );
  defineRoute(app, endpoints.siteEndpointFromRequest, editors, async ({ app: ctx, principal, body }) => {
    const { endpoint, created } = await siteEndpointFromRequest(ctx.db, organizationOf(principal), body);
    return { endpoint: presentSiteEndpoint(endpoint), created };
  });

  defineRoute(app, endpoints.siteOpenApi, readers, ({ app: ctx, principal, params }) =>
    siteOpenApi(ctx.db, organizationOf(principal), params.id),
  );
}
