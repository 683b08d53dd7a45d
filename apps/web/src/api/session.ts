import { endpoints, TokenResponse } from '@proctor/contracts';
import { ApiError } from './ApiError';
import { type StoredTokens, tokenStore } from './tokenStore';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

type SessionExpiredHandler = (message: string) => void;
let sessionExpiredHandler: SessionExpiredHandler = () => undefined;

/** The app decides how to tell the user (a notification); the API layer only reports it. */
export function onSessionExpired(handler: SessionExpiredHandler): void {
  sessionExpiredHandler = handler;
}

export function storeTokens(tokens: TokenResponse): void {
  tokenStore.set({
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresIn: tokens.expires_in,
  });
}

/** Signs the user out of this browser because the session cannot be renewed. */
export function expireSession(): void {
  if (!tokenStore.get()) return;
  tokenStore.clear();
  sessionExpiredHandler(SESSION_EXPIRED_MESSAGE);
}

let refreshInFlight: Promise<StoredTokens | null> | null = null;

/**
 * New tokens for a request that was refused with `staleAccessToken`, or null when the session is over.
 * Refresh tokens rotate and a spent one presented again revokes the whole family, so at most one refresh
 * runs at a time: one promise per tab, and a Web Lock across tabs where the browser has them. Whoever
 * waited re-reads the store first and uses tokens another caller has just obtained.
 */
export function renewTokens(staleAccessToken: string): Promise<StoredTokens | null> {
  const current = tokenStore.get();
  if (current && current.accessToken !== staleAccessToken) return Promise.resolve(current);
  if (!refreshInFlight) {
    refreshInFlight = withRefreshLock(() => refreshOnce(staleAccessToken)).finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks)
    return navigator.locks.request('proctor-token-refresh', task);
  return task();
}

async function refreshOnce(staleAccessToken: string): Promise<StoredTokens | null> {
  const current = tokenStore.reload();
  if (!current) return null;
  if (current.accessToken !== staleAccessToken) return current;
  let response: Response;
  try {
    response = await fetch(endpoints.refresh.path, {
      method: endpoints.refresh.method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh_token: current.refreshToken }),
    });
  } catch {
    // Offline is not an expired session: keep the tokens and let the caller report the failure.
    throw new ApiError(0, 'Could not reach the server');
  }
  if (!response.ok) return null;
  const tokens = TokenResponse.parse(await response.json());
  storeTokens(tokens);
  return tokenStore.get();
}
