import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { presentAnnotatorActivity, presentAnnotatorUsers } from '../presenters/annotatorAdmin';
import { access, defineRoute } from './route';

/**
 * The annotator admin (000 §2.10, §6): account admins of annotator organizations see their own
 * organization's people and what they did in it. An API key never carries account admin authority.
 */
const annotatorAdmins = access.member({ annotatorOrganization: true, permissions: ['is_account_admin'] });

export function annotatorAdminRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.annotatorAdminUsers, annotatorAdmins, ({ app: ctx, principal }) =>
    presentAnnotatorUsers(ctx.db, principal.organization.id),
  );

  defineRoute(
    app,
    endpoints.annotatorAdminActivity,
    annotatorAdmins,
    ({ app: ctx, principal, params, query }) =>
      presentAnnotatorActivity(ctx.db, principal.organization.id, params.userPublicId, query),
  );
}
