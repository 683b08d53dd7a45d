import type { Database } from '@proctor/db';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { z } from 'zod';
import type { UserRow } from '../kernel/access/principal';
import type { OidcConfig } from '../kernel/config/identity';
import { HttpError } from '../kernel/http/errors';
import { findUserByEmail, findUserByOidcSubject, linkOidcSubject, recordAudit } from '../repositories/users';
import { createAccount } from './accounts';

export const OIDC_LOGIN_PATH = '/api/auth/oidc/login';
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/** Long enough to sign in (or sign up) at the provider; a tab left longer starts over. */
export const OIDC_TRANSACTION_TTL_SECONDS = 10 * 60;

/** `offline_access` as the spec asks (refresh tokens are used); Proctor then issues its own refresh tokens. */
const SCOPES = 'openid profile email offline_access';

/** Short codes sent to /login?error=…; the reason behind each is logged, never shown. */
export type OidcFailureCode =
  | 'login_expired'
  | 'invalid_state'
  | 'access_denied'
  | 'provider_error'
  | 'exchange_failed'
  | 'missing_email'
  | 'email_not_verified'
  | 'account_conflict'
  | 'registration_closed'
  | 'server_error';

export class OidcLoginError extends Error {
  constructor(
    readonly code: OidcFailureCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What the login leg remembers until the provider sends the browser back (kept in a signed cookie). */
export const OidcTransaction = z.object({
  codeVerifier: z.string().min(1),
  state: z.string().min(1),
  nonce: z.string().min(1),
  startedAt: z.number(),
  returnTo: z.string(),
  inviteToken: z.string().nullable(),
});
export type OidcTransaction = z.infer<typeof OidcTransaction>;

/** Who the provider says signed in. */
export interface OidcIdentity {
  subject: string;
  /** Normalized like local sign-up e-mails (trimmed, lower case); null when the provider gave none. */
  email: string | null;
  /** The provider's `email_verified`; undefined when it does not say. */
  emailVerified: boolean | undefined;
  name: string | null;
  picture: string | null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);
const isLoopback = (hostname: string) => LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);

/**
 * RFC 8414: when the provider does not list its token endpoint auth methods, client_secret_basic is the
 * default; providers that list only client_secret_post get that.
 */
function clientAuthentication(secret: string | undefined): client.ClientAuth {
  if (!secret) return client.None();
  const basic = client.ClientSecretBasic(secret);
  const post = client.ClientSecretPost(secret);
  return (as, metadata, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const usePost =
      methods !== undefined &&
      !methods.includes('client_secret_basic') &&
      methods.includes('client_secret_post');
    return (usePost ? post : basic)(as, metadata, body, headers);
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const stringClaim = (value: unknown, maxLength: number): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= maxLength ? trimmed : null;
};

function emailClaim(value: unknown): string | null {
  const email = stringClaim(value, 320)?.toLowerCase() ?? null;
  return email && z.email().safeParse(email).success ? email : null;
}

/** Pictures are rendered as <img src>: only http(s) addresses. */
function pictureClaim(value: unknown): string | null {
  const url = stringClaim(value, 2048);
  if (!url) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

function identityFrom(claims: Record<string, unknown>, extra: Record<string, unknown> = {}): OidcIdentity {
  const pick = (name: string) => claims[name] ?? extra[name];
  const email = emailClaim(pick('email'));
  const verified = pick('email_verified');
  return {
    subject: claims.sub as string,
    email,
    emailVerified: typeof verified === 'boolean' ? verified : undefined,
    name:
      stringClaim(pick('name'), 200) ??
      stringClaim(pick('preferred_username'), 200) ??
      stringClaim(pick('nickname'), 200) ??
      email?.split('@')[0] ??
      null,
    picture: pictureClaim(pick('picture')),
  };
}

/**
 * Sign-in through an external OpenID Connect provider (configured by OIDC_ISSUER): the authorization code
 * flow with PKCE for people, and the provider's own JWT access tokens as bearer tokens for SDKs and machines.
 * Created once at start; discovery failing stops the server with a clear error.
 */
export class OidcLogin {
  private constructor(
    private readonly db: Database,
    private readonly configuration: client.Configuration,
    private readonly audience: string | undefined,
    private readonly jwks: ReturnType<typeof createRemoteJWKSet>,
    /** Where the provider sends the browser back; registered at the provider as the client's redirect URI. */
    readonly redirectUri: string,
  ) {}

  static async discover(config: OidcConfig, deps: { db: Database; publicUrl: string }): Promise<OidcLogin> {
    const issuer = new URL(config.issuer);
    // Plain http only for a provider on this machine (tests, local development).
    const insecure = issuer.protocol === 'http:' && isLoopback(issuer.hostname);
    if (issuer.protocol !== 'https:' && !insecure) {
      throw new Error(
        `OIDC_ISSUER must be an https URL (plain http is allowed for loopback addresses only): ${config.issuer}`,
      );
    }
    let configuration: client.Configuration;
    try {
      configuration = await client.discovery(
        issuer,
        config.clientId,
        config.clientSecret ? { client_secret: config.clientSecret } : undefined,
        clientAuthentication(config.clientSecret),
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
    } catch (error) {
      throw new Error(`Could not discover the OpenID provider at ${config.issuer}: ${messageOf(error)}`, {
        cause: error,
      });
    }
    const jwksUri = configuration.serverMetadata().jwks_uri;
    if (!jwksUri) throw new Error(`The OpenID provider at ${config.issuer} publishes no jwks_uri`);
    const jwksUrl = new URL(jwksUri);
    if (jwksUrl.protocol !== 'https:' && !(insecure && isLoopback(jwksUrl.hostname))) {
      throw new Error(`The OpenID provider's jwks_uri must be an https URL: ${jwksUri}`);
    }
    return new OidcLogin(
      deps.db,
      configuration,
      config.audience,
      createRemoteJWKSet(jwksUrl),
      `${deps.publicUrl}${OIDC_CALLBACK_PATH}`,
    );
  }

  /** The provider's authorization URL and the transaction to keep until the callback. */
  async start(input: {
    returnTo: string;
    inviteToken: string | null;
  }): Promise<{ url: URL; transaction: OidcTransaction }> {
    const transaction: OidcTransaction = {
      codeVerifier: client.randomPKCECodeVerifier(),
      state: client.randomState(),
      nonce: client.randomNonce(),
      startedAt: Date.now(),
      returnTo: input.returnTo,
      inviteToken: input.inviteToken,
    };
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri,
      response_type: 'code',
      scope: SCOPES,
      code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    };
    if (this.audience) {
      // Auth0 reads `audience`; RFC 8707 servers read `resource`, which must be an absolute URI.
      // Servers ignore parameters they do not know (RFC 6749 §3.1), so both can be sent.
      parameters.audience = this.audience;
      if (URL.canParse(this.audience)) parameters.resource = this.audience;
    }
    return { url: client.buildAuthorizationUrl(this.configuration, parameters), transaction };
  }

  /**
   * Checks the provider's answer against the transaction, exchanges the code (PKCE, client secret) and
   * validates the ID token (signature, issuer, audience, nonce). Claims missing from the ID token (some
   * providers put profile and e-mail only in UserInfo) are read from the UserInfo endpoint.
   */
  async finish(query: URLSearchParams, transaction: OidcTransaction): Promise<OidcIdentity> {
    if (Date.now() - transaction.startedAt > OIDC_TRANSACTION_TTL_SECONDS * 1000) {
      throw new OidcLoginError('login_expired', 'the sign-in started too long ago');
    }
    if (query.get('state') !== transaction.state) {
      throw new OidcLoginError('invalid_state', 'the state parameter does not match this browser’s sign-in');
    }
    const providerError = query.get('error');
    if (providerError) {
      const description = query.get('error_description');
      throw new OidcLoginError(
        providerError === 'access_denied' ? 'access_denied' : 'provider_error',
        `the provider answered ${providerError}${description ? `: ${description}` : ''}`,
      );
    }
    const currentUrl = new URL(this.redirectUri);
    currentUrl.search = query.toString();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(this.configuration, currentUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new OidcLoginError('exchange_failed', `code exchange failed: ${messageOf(error)}`, {
        cause: error,
      });
    }
    const claims = tokens.claims();
    if (!claims?.sub) throw new OidcLoginError('exchange_failed', 'the ID token has no subject');
    let identity = identityFrom(claims);
    if (!identity.email || identity.emailVerified === undefined || !identity.name) {
      try {
        const userInfo = await client.fetchUserInfo(this.configuration, tokens.access_token, claims.sub);
        identity = identityFrom(claims, userInfo);
      } catch (error) {
        // The ID token may be enough; a missing e-mail is reported below as its own failure.
        if (!identity.email) {
          const reason = `no e-mail in the ID token and UserInfo failed: ${messageOf(error)}`;
          throw new OidcLoginError('missing_email', reason, { cause: error });
        }
      }
    }
    return identity;
  }

  /**
   * The Proctor user for a provider-issued access token (a JWT for the API audience), else null.
   * Without OIDC_AUDIENCE no provider token is accepted: nothing would tell a token meant for Proctor
   * from one the same provider issued to another application.
   */
  async userIdForAccessToken(token: string): Promise<number | null> {
    if (!this.audience) return null;
    let subject: unknown;
    try {
      const { payload } = await jwtVerify(token, this.jwks, {
        issuer: this.configuration.serverMetadata().issuer,
        audience: this.audience,
        clockTolerance: 30,
      });
      subject = payload.sub;
    } catch (error) {
      if (isTokenFault(error)) return null;
      // The provider's keys could not be fetched: the token may be fine, so this is not the caller's fault.
      throw new HttpError(503, 'The identity provider could not be reached to check this token');
    }
    if (typeof subject !== 'string' || !subject) return null;
    const user = await findUserByOidcSubject(this.db, subject);
    return user?.id ?? null;
  }
}

/**
 * The account for a provider identity: by subject; else the account with that e-mail, linked to the
 * subject only when the provider vouches for the e-mail (linking on an unverified e-mail would let anyone
 * who can set that address at the provider take the account over); else a new account (the first one on a
 * fresh install becomes platform admin).
 */
export async function accountForOidcIdentity(
  db: Database,
  identity: OidcIdentity,
  options: { registrationOpen: boolean },
): Promise<UserRow> {
  const bySubject = () => findUserByOidcSubject(db, identity.subject);
  const known = await bySubject();
  if (known) return known;
  const { email } = identity;
  if (!email)
    throw new OidcLoginError('missing_email', `the provider gave no usable e-mail for ${identity.subject}`);

  const byEmail = await findUserByEmail(db, email);
  if (byEmail) {
    if (byEmail.oidcSubject) {
      throw new OidcLoginError(
        'account_conflict',
        `${email} belongs to an account linked to another provider subject`,
      );
    }
    if (identity.emailVerified !== true) {
      throw new OidcLoginError(
        'email_not_verified',
        `${email} exists but the provider does not say it is verified`,
      );
    }
    const linked = await linkOidcSubject(db, byEmail.id, {
      subject: identity.subject,
      imageUrl: byEmail.imageUrl ?? identity.picture,
    });
    if (!linked) return (await bySubject()) ?? raceLost(email);
    await recordAudit(db, {
      actorUserId: linked.id,
      targetUserId: linked.id,
      action: 'oidc.link',
      details: { subject: identity.subject },
    });
    return linked;
  }

  if (identity.emailVerified === false) {
    throw new OidcLoginError('email_not_verified', `the provider says ${email} is not verified`);
  }
  try {
    return await createAccount(
      db,
      {
        email,
        name: identity.name ?? email,
        passwordHash: null,
        oidcSubject: identity.subject,
        imageUrl: identity.picture,
      },
      options,
    );
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 403)
      throw new OidcLoginError('registration_closed', `registration is closed; ${email} has no account`);
    // 409: the same person's other tab created the account a moment ago.
    return (await bySubject()) ?? raceLost(email);
  }
}

/** jose's errors about the token itself; the rest (timeouts, a JWKS that is not 200 or not a key set) are the provider's. */
function isTokenFault(error: unknown): boolean {
  return (
    error instanceof joseErrors.JOSEError &&
    !(error instanceof joseErrors.JWKSTimeout) &&
    !(error instanceof joseErrors.JWKSInvalid) &&
    error.code !== joseErrors.JOSEError.code
  );
}

function raceLost(email: string): never {
  throw new OidcLoginError('account_conflict', `${email} was linked to another provider subject meanwhile`);
}
