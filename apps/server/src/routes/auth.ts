import { normalizeIP } from '@fastify/rate-limit';
import { AUTH, endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { login, register } from '../auth/accounts';
import { forbidden, HttpError, unauthorized } from '../kernel/http/errors';
import { access, defineRoute } from './route';

const tooManyAttempts = (ttlMs: number) =>
  `Too many sign-in attempts. Try again in ${Math.ceil(ttlMs / 1000)} seconds.`;

export function authRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.authConfig, access.public, ({ app: ctx }) => ({
    mode: ctx.oidc ? ('oidc' as const) : ('local' as const),
    login_url: ctx.oidc ? '/api/auth/oidc/login' : null,
    registration_open: ctx.config.registrationOpen,
    contact_email: ctx.config.contactEmail ?? null,
  }));

  // Each sign-up hashes a password with scrypt (32 MiB, tens of milliseconds): without a limit, a stream of
  // sign-ups from one client is a cheap way to load the server.
  app.register(async (scoped) => {
    await scoped.register(import('@fastify/rate-limit'), {
      max: AUTH.registrationsPerAddressPerWindow,
      // After validation: a malformed sign-up costs nothing, so only the ones that reach the hash count.
      hook: 'preHandler',
      timeWindow: AUTH.loginWindowMs,
      keyGenerator: (request) => normalizeIP(request.ip),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        detail: `Too many accounts created from this address. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      }),
    });
    defineRoute(scoped, endpoints.register, access.public, ({ app: ctx, body }) => {
      if (ctx.oidc) throw forbidden('Accounts are created by signing in through the identity provider');
      return register(ctx.db, ctx.tokens, body, { registrationOpen: ctx.config.registrationOpen });
    });
  });

  // Rate-limited per address and e-mail: guessing passwords costs a minute per ten tries. A looser limit per
  // address alone stops one client trying a few passwords on each of many accounts.
  app.register(async (scoped) => {
    await scoped.register(import('@fastify/rate-limit'), {
      max: AUTH.loginAttemptsPerWindow,
      // After parsing, so that the key can include the e-mail being tried.
      hook: 'preHandler',
      timeWindow: AUTH.loginWindowMs,
      keyGenerator: (request) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return `${normalizeIP(request.ip)}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
      },
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        detail: tooManyAttempts(context.ttl),
      }),
    });
    const perAddress = scoped.createRateLimit({
      max: AUTH.loginAttemptsPerAddressPerWindow,
      keyGenerator: (request) => normalizeIP(request.ip),
    });
    scoped.addHook('preHandler', async (request, reply) => {
      const limit = await perAddress(request);
      if (!limit.isAllowed && limit.isExceeded) {
        reply.header('retry-after', limit.ttlInSeconds);
        throw new HttpError(429, tooManyAttempts(limit.ttl));
      }
    });
    defineRoute(scoped, endpoints.login, access.public, ({ app: ctx, body }) => {
      if (ctx.oidc) throw forbidden('Sign in through the identity provider');
      return login(ctx.db, ctx.tokens, body);
    });
  });

  defineRoute(app, endpoints.refresh, access.public, async ({ app: ctx, body }) => {
    const tokens = await ctx.tokens.rotate(body.refresh_token);
    if (!tokens) throw unauthorized('Your session has expired. Please log in again.');
    return tokens;
  });
}
