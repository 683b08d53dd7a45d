import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '@proctor/db';
import type { Principal, UserRow } from '../kernel/access/principal';
import { findHubCredentialGeneration, findHubGitUser, rotateHubCredential } from '../repositories/hub';
import { findOrganizationByApiKey } from '../repositories/organizations';
import { apiKeyPermissions } from './apiKeys';
import { API_KEY_PREFIX, userPrincipal } from './authenticate';

/**
 * Git credentials for the hub (HTTP Basic). A person's password is an HMAC of the server secret, their id and
 * a generation number: nothing of it is stored, and rotating (the generation + 1) revokes every earlier one.
 * The organization's API key works as a password too (any user name), with what the key carries.
 */
const PASSWORD_PREFIX = 'hub_';

export function hubPassword(secret: string, userId: number, generation: number): string {
  const mac = createHmac('sha256', secret)
    .update(`proctor-hub-git:${userId}:${generation}`)
    .digest('base64url');
  return `${PASSWORD_PREFIX}${mac.slice(0, 40)}`;
}

/** The person's git credentials: their email as the user name, the password of their current generation. */
export async function hubCredentialsOf(
  db: Database,
  secret: string,
  user: UserRow,
): Promise<{ username: string; password: string }> {
  const generation = await findHubCredentialGeneration(db, user.id);
  return { username: user.email, password: hubPassword(secret, user.id, generation) };
}

export async function rotateHubCredentials(
  db: Database,
  secret: string,
  user: UserRow,
): Promise<{ username: string; password: string }> {
  const generation = await rotateHubCredential(db, user.id);
  return { username: user.email, password: hubPassword(secret, user.id, generation) };
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The `Authorization: Basic` header's user name and password, or null. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice('Basic '.length).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Who the Basic credentials are, or null when they are not valid. */
export async function principalForHubCredentials(
  db: Database,
  secret: string,
  credentials: { username: string; password: string },
): Promise<Principal | null> {
  const { username, password } = credentials;
  if (password.length > 512 || username.length > 320) return null;
  if (password.startsWith(API_KEY_PREFIX)) {
    const organization = await findOrganizationByApiKey(db, password);
    if (!organization || !sameText(organization.apiKey, password)) return null;
    return {
      via: 'api_key',
      user: null,
      organization,
      permissions: await apiKeyPermissions(db, organization),
      viewAsAdmin: null,
    };
  }
  if (!password.startsWith(PASSWORD_PREFIX)) return null;
  const found = await findHubGitUser(db, username);
  if (!found || !sameText(hubPassword(secret, found.user.id, found.generation), password)) return null;
  return userPrincipal(found.user, found.organization);
}
