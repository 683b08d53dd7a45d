import { endpoints } from '@proctor/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useSyncExternalStore } from 'react';
import { isApiError, tokenStore, useEndpointQuery } from '../../../api';
import { notify } from '../../../components/notify';
import { AuthContext, type AuthState, USER_QUERY_KEY } from '../hooks/authContext';

export const AUTH_FAILED_MESSAGE = 'Authentication failed. You have been logged out.';
export const USER_LOAD_FAILED_MESSAGE = 'Failed to load user data. You have been logged out.';

/** Loads the signed-in user whenever there are tokens, and signs out when that fails (000 §8). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const tokens = useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
  const signedIn = tokens !== null;

  const userQuery = useEndpointQuery(endpoints.fromSession, {
    enabled: signedIn,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (!signedIn) queryClient.removeQueries({ queryKey: USER_QUERY_KEY });
  }, [signedIn, queryClient]);

  const { error, data } = userQuery;
  const hasUser = data !== undefined;
  useEffect(() => {
    // An expired session was already reported (and the tokens dropped) by the API client.
    if (!error || !tokenStore.get() || (isApiError(error) && error.sessionExpired)) return;
    const refused = isApiError(error) && (error.status === 401 || error.status === 403);
    // A background reload that hit a network blip keeps the user already loaded; a refusal never does.
    if (!refused && hasUser) return;
    notify.error(refused ? AUTH_FAILED_MESSAGE : USER_LOAD_FAILED_MESSAGE);
    tokenStore.clear();
  }, [error, hasUser]);

  const state = useMemo<AuthState>(() => {
    if (!signedIn) return { status: 'anonymous', user: null };
    if (data) return { status: 'authenticated', user: data };
    return { status: 'loading', user: null };
  }, [signedIn, data]);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}
