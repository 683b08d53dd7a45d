import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { VIEW_AS_COOKIE } from '../auth/authenticate';
import {
  findUserByEmail,
  listAdminOrganizations,
  listAdminUsers,
  listAssignableUsers,
  listContactMessages,
  recordAudit,
  updateOrganization,
  updateUser,
} from '../services/admin';
import { access, defineRoute } from './route';

export function adminRoutes(app: FastifyInstance) {
  /** The admin behind the request: under view-as, the admin, not the viewed user. */
  const realUser = (principal: { user: { id: number }; viewAsAdmin: unknown }) =>
    (principal.viewAsAdmin ?? principal.user) as Parameters<typeof updateUser>[1];

  defineRoute(app, endpoints.viewAs, access.admin, async ({ app: ctx, principal, body, reply }) => {
    const admin = realUser(principal);
    const target = await findUserByEmail(ctx.db, body.email);
    await recordAudit(ctx.db, admin, 'view_as.start', target);
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
    if (principal.viewAsAdmin)
      await recordAudit(ctx.db, principal.viewAsAdmin, 'view_as.end', principal.user);
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
  defineRoute(app, endpoints.adminUpdateUser, access.admin, ({ app: ctx, principal, params, body }) =>
    updateUser(ctx.db, realUser(principal), params.id, body),
  );
  defineRoute(app, endpoints.adminUpdateOrganization, access.admin, ({ app: ctx, principal, params, body }) =>
    updateOrganization(ctx.db, realUser(principal), params.id, body),
  );
  defineRoute(app, endpoints.forAssignment, access.admin, ({ app: ctx, principal }) =>
    listAssignableUsers(ctx.db, realUser(principal)).then((users) => ({ users })),
  );
}
