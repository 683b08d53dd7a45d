import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { VIEW_AS_COOKIE } from '../auth/authenticate';
import type { UserPrincipal, UserRow } from '../kernel/access/principal';
import {
  listAdminOrganizations,
  listAdminUsers,
  listAssignableUsers,
  listContactMessages,
  presentAdminOrganization,
  presentAdminUser,
} from '../presenters/admin';
import { endViewAs, startViewAs, updateOrganization, updateUser } from '../services/admin';
import { access, defineRoute } from './route';

export function adminRoutes(app: FastifyInstance) {
  /** The admin behind the request: under view-as, the admin, not the viewed user. */
  const realUser = (principal: UserPrincipal): UserRow => principal.viewAsAdmin ?? principal.user;

  defineRoute(app, endpoints.viewAs, access.admin, async ({ app: ctx, principal, body, reply }) => {
    const admin = realUser(principal);
    const target = await startViewAs(ctx.db, admin, body.email);
    reply.setCookie(VIEW_AS_COOKIE, String(target.id), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      secure: ctx.config.publicUrl.startsWith('https://'),
    });
    return { id: target.id, email: target.email, name: target.name };
  });

  defineRoute(app, endpoints.clearViewAs, access.signedIn, async ({ app: ctx, principal, reply }) => {
    if (principal.viewAsAdmin) await endViewAs(ctx.db, principal.viewAsAdmin, principal.user);
    reply.clearCookie(VIEW_AS_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  defineRoute(app, endpoints.contactMessages, access.admin, ({ app: ctx }) =>
    listContactMessages(ctx.db).then((messages) => ({ messages })),
  );
  defineRoute(app, endpoints.adminUsers, access.admin, ({ app: ctx }) =>
    listAdminUsers(ctx.db).then((users) => ({ users })),
  );
  defineRoute(app, endpoints.adminOrganizations, access.admin, ({ app: ctx, query }) =>
    listAdminOrganizations(ctx.db, query.test_case_id).then((organizations) => ({ organizations })),
  );
  defineRoute(app, endpoints.adminUpdateUser, access.admin, async ({ app: ctx, principal, params, body }) => {
    const { user, organizationName } = await updateUser(ctx.db, realUser(principal), params.id, body);
    return presentAdminUser(user, organizationName);
  });
  defineRoute(
    app,
    endpoints.adminUpdateOrganization,
    access.admin,
    async ({ app: ctx, principal, params, body }) => {
      await updateOrganization(ctx.db, realUser(principal), params.id, body);
      return presentAdminOrganization(ctx.db, params.id);
    },
  );
  defineRoute(app, endpoints.forAssignment, access.admin, ({ app: ctx, principal }) =>
    listAssignableUsers(ctx.db, realUser(principal)).then((users) => ({ users })),
  );
}
