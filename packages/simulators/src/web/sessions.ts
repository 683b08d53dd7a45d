import { randomBytes } from 'node:crypto';

/**
 * Sign-in sessions and flash messages of one instance. They live in instance memory, never in the
 * simulator's database, so signing in or showing a toast is never a mutation; a reset forgets them all.
 * Session ids come from crypto, not from the instance's seeded random stream: drawing from that stream
 * would shift every id the app generates after a sign-in.
 */

export const SESSION_COOKIE = 'sim_session';

export type FlashKind = 'success' | 'error' | 'info' | 'warning';

export interface Flash {
  kind: FlashKind;
  message: string;
}

export interface Session {
  readonly id: string;
  /** The signed-in user name, or null. */
  user: string | null;
  flashes: Flash[];
  /** Per-visitor app state that must not be a mutation (a dismissed banner, the last search). */
  values: Map<string, unknown>;
}

export class SessionStore {
  readonly #sessions = new Map<string, Session>();

  get(id: string | undefined): Session | null {
    return id === undefined ? null : (this.#sessions.get(id) ?? null);
  }

  create(): Session {
    const session: Session = {
      id: randomBytes(18).toString('base64url'),
      user: null,
      flashes: [],
      values: new Map(),
    };
    this.#sessions.set(session.id, session);
    return session;
  }

  delete(id: string): void {
    this.#sessions.delete(id);
  }

  clear(): void {
    this.#sessions.clear();
  }

  get size(): number {
    return this.#sessions.size;
  }
}

/** Parses a Cookie header into name → value (the first value wins, as browsers send the most specific first). */
export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      cookies.set(name, part.slice(eq + 1).trim());
    }
  }
  return cookies;
}

/** A host-only session cookie: each instance origin keeps its own, so instances never share a sign-in. */
export function sessionCookie(id: string): string {
  return `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax`;
}

export function expiredSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}
