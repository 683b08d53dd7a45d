/**
 * The signed-in user's tokens, kept in localStorage so that every tab shares them.
 * Subscribers hear about changes made here and in other tabs (the `storage` event).
 */
export interface StoredTokens {
  accessToken: string;
  refreshToken: string;
  /** Lifetime of the access token in seconds, as the server announced it. */
  expiresIn: number;
}

const KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  expiresIn: 'expires_in',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: StoredTokens | null | undefined;

function read(): StoredTokens | null {
  const accessToken = localStorage.getItem(KEYS.accessToken);
  const refreshToken = localStorage.getItem(KEYS.refreshToken);
  if (!accessToken || !refreshToken) return null;
  return { accessToken, refreshToken, expiresIn: Number(localStorage.getItem(KEYS.expiresIn) ?? 0) };
}

function changed(): void {
  snapshot = undefined;
  for (const listener of listeners) listener();
}

window.addEventListener('storage', (event) => {
  if (event.key === null || Object.values<string>(KEYS).includes(event.key)) changed();
});

export const tokenStore = {
  /** The same object until the tokens change, as useSyncExternalStore requires. */
  get(): StoredTokens | null {
    if (snapshot === undefined) snapshot = read();
    return snapshot;
  },
  /** Reads localStorage again, for a caller that must see another tab's write at once. */
  reload(): StoredTokens | null {
    const fresh = read();
    if (JSON.stringify(fresh) !== JSON.stringify(snapshot ?? null)) {
      snapshot = fresh;
      for (const listener of listeners) listener();
    }
    return tokenStore.get();
  },
  set(tokens: StoredTokens): void {
    localStorage.setItem(KEYS.accessToken, tokens.accessToken);
    localStorage.setItem(KEYS.refreshToken, tokens.refreshToken);
    localStorage.setItem(KEYS.expiresIn, String(tokens.expiresIn));
    changed();
  },
  clear(): void {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
    changed();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
