import { timingSafeEqual } from 'node:crypto';
import { effectivePermissions } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { FastifyRequest } from 'fastify';
import type { OrganizationRow, Principal, UserRow } from '../kernel/access/principal';
import { unauthorized } from '../kernel/http/errors';
import { findOrganization, findOrganizationByApiKey } from '../repositories/organizations';
import { findSignedInUser, findUser, recordAudit, touchUserLastActive } from '../repositories/users';
import { apiKeyPermissions } from './apiKeys';
import type { OidcLogin } from './oidc';
import type { TokenService } from './tokens';

export const API_KEY_PREFIX = 'pk_';
export const VIEW_AS_COOKIE = 'proctor_view_as';
const EXPIRED = 'Your session has expired. Please log in again.';

export async function loadUser(db: Database, id: number): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user) throw unauthorized(EXPIRED);
  return user;
}

async function organizationOf(db: Database, user: UserRow): Promise<OrganizationRow | null> {
  if (user.organizationId === null) return null;
  return (await findOrganization(db, user.organizationId)) ?? null;
}

/** A person's principal, their organization read already. */
export function userPrincipal(
  user: UserRow,
  organization: OrganizationRow | null,
  viewAsAdmin: UserRow | null = null,
): Principal {
  return {
    via: 'user',
    user,
    organization,
    permissions: effectivePermissions(user.permissions, organization?.permissions),
    viewAsAdmin,
  };
}

export async function principalForUser(
  db: Database,
  user: UserRow,
  viewAsAdmin: UserRow | null = null,
): Promise<Principal> {
  return userPrincipal(user, await organizationOf(db, user), viewAsAdmin);
}

/** An API key acts for its organization with what the key carries (see `apiKeyPermissions`). */
async function principalForApiKey(db: Database, key: string): Promise<Principal | null> {
  const organization = await findOrganizationByApiKey(db, key);
  if (!organization || !timingSafeEqual(Buffer.from(organization.apiKey), Buffer.from(key))) return null;
  return {
    via: 'api_key',
    user: null,
    organization,
    permissions: await apiKeyPermissions(db, organization),
    viewAsAdmin: null,
  };
}

function credentialsOf(request: FastifyRequest): { bearer?: string; apiKey?: string } {
  const header = request.headers.authorization;
  const apiKeyHeader = request.headers['x-api-key'];
  const bearer = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : undefined;
  if (typeof apiKeyHeader === 'string' && apiKeyHeader) return { apiKey: apiKeyHeader.trim() };
  if (bearer?.startsWith(API_KEY_PREFIX)) return { apiKey: bearer };
  return { bearer };
}

/** What finding the caller needs of the server's context. */
export interface AuthenticationContext {
  db: Database;
  tokens: TokenService;
  oidc: OidcLogin | undefined;
}

/**
 * Resolves who is calling. Presented but invalid credentials answer 401 (they never fall back to
 * anonymous); no credentials at all give null, which public routes accept.
 */

export async function authenticate(
  ctx: AuthenticationContext,
  request: FastifyRequest,
): Promise<Principal | null> {
  const { bearer, apiKey } = credentialsOf(request);
  if (apiKey) {
    const principal = await principalForApiKey(ctx.db, apiKey);
    if (!principal) throw unauthorized('Invalid API key');
    return principal;
  }
  if (!bearer) return null;

  const signedIn = await signedInUser(ctx, bearer);
  const { user } = signedIn;
  touchLastActive(ctx.db, user);

  const viewAsId = readViewAsCookie(request);
  if (viewAsId !== null && user.permissions.is_admin && viewAsId !== user.id) {
    const target = await findUser(ctx.db, viewAsId);
    if (target) {
      await recordAudit(ctx.db, {
        actorUserId: user.id,
        targetUserId: target.id,
        action: 'view_as.use',
        details: { method: request.method, url: request.url },
      });
      return principalForUser(ctx.db, target, user);
    }
  }
  return userPrincipal(user, signedIn.organization);
}

/** The person a bearer token names, with their organization: Proctor's own access token, else the identity provider's. */
async function signedInUser(
  ctx: AuthenticationContext,
  bearer: string,
): Promise<{ user: UserRow; organization: OrganizationRow | null }> {
  const access = await ctx.tokens.readAccess(bearer);
  if (access) {
    const found = await findSignedInUser(ctx.db, access.userId, access.familyId);
    if (!found || found.revoked) throw unauthorized(EXPIRED);
    return found;
  }
  const userId = ctx.oidc ? await ctx.oidc.userIdForAccessToken(bearer) : null;
  if (userId === null) throw unauthorized(EXPIRED);
  const user = await loadUser(ctx.db, userId);
  return { user, organization: await organizationOf(ctx.db, user) };
}

function readViewAsCookie(request: FastifyRequest): number | null {
  const raw = request.cookies[VIEW_AS_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  const id = unsigned.valid && unsigned.value ? Number(unsigned.value) : Number.NaN;
  return Number.isInteger(id) ? id : null;
}

/** Last-active is shown in the annotator admin; a minute's precision is plenty, so write at most once a minute. */
const ACTIVE_WRITE_INTERVAL_MS = 60_000;
function touchLastActive(db: Database, user: UserRow): void {
  const now = new Date();
  if (user.lastActiveAt && now.getTime() - user.lastActiveAt.getTime() < ACTIVE_WRITE_INTERVAL_MS) return;
  void touchUserLastActive(db, user.id, now).catch(() => undefined);
}
