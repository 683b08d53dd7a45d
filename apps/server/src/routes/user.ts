import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { loadUser, principalForUser, VIEW_AS_COOKIE } from '../auth/authenticate';
import { presentUser } from '../presenters/user';
import { createOrganization, sendContactMessage } from '../services/organizations';
import { access, defineRoute } from './route';

export function userRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.fromSession, access.signedIn, ({ app: ctx, principal }) =>
    presentUser(ctx.db, principal),
  );

  defineRoute(app, endpoints.fromJwt, access.signedIn, async ({ app: ctx, principal }) => {
    const real = principal.viewAsAdmin ? await principalForUser(ctx.db, principal.viewAsAdmin) : principal;
    return presentUser(ctx.db, { ...real, user: real.user! });
  });

  defineRoute(app, endpoints.logout, access.signedIn, async ({ app: ctx, principal, body, reply }) => {
    const owner = principal.viewAsAdmin ?? principal.user;
    await ctx.tokens.revokeForLogout(owner.id, body?.refresh_token);
    reply.clearCookie(VIEW_AS_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  defineRoute(app, endpoints.contactForm, access.signedIn, ({ app: ctx, principal, body }) =>
    sendContactMessage(
      ctx.db,
      { userId: principal.user.id, organizationId: principal.organization?.id ?? null },
      body.message,
    ),
  );

  defineRoute(app, endpoints.createOrganization, access.signedIn, async ({ app: ctx, principal, body }) => {
    await createOrganization(ctx.db, principal.user, body);
    const fresh = await principalForUser(ctx.db, await loadUser(ctx.db, principal.user.id));
    return presentUser(ctx.db, { ...fresh, user: fresh.user! });
  });
}
