import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  accountForOidcIdentity,
  OIDC_CALLBACK_PATH,
  OIDC_LOGIN_PATH,
  OIDC_TRANSACTION_TTL_SECONDS,
  type OidcLogin,
  OidcLoginError,
  OidcTransaction,
} from '../auth/oidc';
import { access, defineRawRoute } from './route';

/** Holds the sign-in in progress; sent back only to the callback. */
const TRANSACTION_COOKIE = 'proctor_oidc';
const TRANSACTION_COOKIE_PATH = '/api/auth/oidc';
/** Keeps the cookie (verifier, state, nonce, returnTo, invite) well under the 4 KiB browsers allow. */
const RETURN_TO_MAX_LENGTH = 1024;
/** Invite tokens and organization public ids: URL-safe, short. */
const INVITE_TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

const LoginQuery = z.object({
  returnTo: z.string().optional().catch(undefined),
  invite_token: z.string().optional().catch(undefined),
});

/**
 * Where to go after signing in: a path on this site, else '/'. Refuses '//host' and '/\host' (browsers read
 * both as another host), control characters (stripped by browsers, so they can hide either) and anything
 * that resolves to another origin.
 */
export function safeReturnTo(value: string | undefined, publicUrl: string): string {
  if (!value || value.length > RETURN_TO_MAX_LENGTH || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || /[\\\p{Cc}]/u.test(value)) return '/';
  const { origin } = new URL(publicUrl);
  return URL.canParse(value, origin) && new URL(value, origin).origin === origin ? value : '/';
}

function readTransaction(request: FastifyRequest): OidcTransaction | null {
  const raw = request.cookies[TRANSACTION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = OidcTransaction.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Sign-in through the identity provider: a redirect out, a redirect back, and Proctor's own tokens for the SPA. */
export function oidcRoutes(app: FastifyInstance, oidc: OidcLogin) {
  const { config, db, tokens } = app.ctx;

  defineRawRoute(app, 'GET', OIDC_LOGIN_PATH, access.public, async ({ request, reply }) => {
    const query = LoginQuery.parse(request.query ?? {});
    const inviteToken =
      query.invite_token && INVITE_TOKEN.test(query.invite_token) ? query.invite_token : null;
    const { url, transaction } = await oidc.start({
      returnTo: safeReturnTo(query.returnTo, config.publicUrl),
      inviteToken,
    });
    reply.setCookie(TRANSACTION_COOKIE, JSON.stringify(transaction), {
      path: TRANSACTION_COOKIE_PATH,
      httpOnly: true,
      // lax: the provider's redirect back is a top-level cross-site GET, which lax cookies follow.
      sameSite: 'lax',
      signed: true,
      secure: config.publicUrl.startsWith('https://'),
      maxAge: OIDC_TRANSACTION_TTL_SECONDS,
    });
    reply.header('cache-control', 'no-store');
    return reply.redirect(url.href, 302);
  });

  defineRawRoute(app, 'GET', OIDC_CALLBACK_PATH, access.public, async ({ request, reply }) => {
    const transaction = readTransaction(request);
    reply.clearCookie(TRANSACTION_COOKIE, { path: TRANSACTION_COOKIE_PATH });
    reply.header('cache-control', 'no-store');
    try {
      if (!transaction) {
        throw new OidcLoginError(
          'login_expired',
          'no sign-in in progress in this browser (cookie missing, expired or altered)',
        );
      }
      const query = new URL(request.url, config.publicUrl).searchParams;
      const identity = await oidc.finish(query, transaction);
      const user = await accountForOidcIdentity(db, identity, { registrationOpen: config.registrationOpen });
      const issued = await tokens.issue(user.id);
      // The SPA's /auth/callback reads exactly these; a fragment never reaches servers or logs.
      const fragment = new URLSearchParams({
        access_token: issued.access_token,
        refresh_token: issued.refresh_token,
        expires_in: String(issued.expires_in),
        returnTo: transaction.returnTo,
      });
      if (transaction.inviteToken) fragment.set('invite_token', transaction.inviteToken);
      request.log.info({ userId: user.id }, 'signed in through the identity provider');
      return reply.redirect(`${config.publicUrl}/auth/callback#${fragment}`, 302);
    } catch (error) {
      const known = error instanceof OidcLoginError;
      const code = known ? error.code : 'server_error';
      if (known)
        request.log.warn({ code, reason: error.message }, 'sign-in through the identity provider failed');
      else request.log.error({ err: error }, 'sign-in through the identity provider failed');
      return reply.redirect(`${config.publicUrl}/login?error=${code}`, 302);
    }
  });
}
