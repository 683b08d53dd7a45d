import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../kernel/http/errors';
import { presentMember, presentOrganizationUsers } from '../presenters/user';
import { listOrganizationMembers } from '../repositories/users';
import { createInvite, inviteInfo, joinOrganization } from '../services/organizations';
import { access, defineRoute } from './route';

export function organizationRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.organizationMembers, access.member(), ({ app: ctx, principal }) =>
    listOrganizationMembers(ctx.db, principal.organization.id).then((members) => ({
      members: members.map(presentMember),
    })),
  );

  defineRoute(app, endpoints.organizationUsers, access.member(), async ({ app: ctx, principal }) => {
    const members = await listOrganizationMembers(ctx.db, principal.organization.id);
    return { users: await presentOrganizationUsers(ctx.db, members) };
  });

  defineRoute(
    app,
    endpoints.inviteCreate,
    access.member({ permissions: ['is_account_admin'] }),
    ({ app: ctx, principal }) => {
      if (!principal.user) throw forbidden('Invites are created by an account admin, not an API key');
      return createInvite(ctx.db, principal.organization, principal.user);
    },
  );

  // Public: the join page shows which organization the link is for before the visitor signs in.
  defineRoute(app, endpoints.inviteInfo, access.public, ({ app: ctx, params }) =>
    inviteInfo(ctx.db, params.code),
  );

  defineRoute(app, endpoints.join, access.signedIn, ({ app: ctx, principal, params }) =>
    joinOrganization(ctx.db, principal.user, params.code),
  );
}
