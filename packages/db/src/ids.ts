import { randomBytes, randomUUID } from 'node:crypto';

/** Public identifiers: opaque, URL-safe, not guessable from the serial id. */
export function newPublicId(): string {
  return randomUUID();
}

/** Secrets handed to people (API keys, invite tokens, refresh tokens). */
export function newSecret(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}
