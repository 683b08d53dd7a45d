import { endpoints, type User } from '@proctor/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../../api';
import { USER_QUERY_KEY } from './authContext';

/**
 * Loads the user again after something changed them (joined or created an organization). A failure is the
 * caller's to report; unlike the first load it does not sign anyone out.
 */
export function useReloadUser() {
  const queryClient = useQueryClient();
  return useCallback(async (): Promise<User> => {
    const user = await call(endpoints.fromSession);
    queryClient.setQueryData(USER_QUERY_KEY, user);
    return user;
  }, [queryClient]);
}

/** Replaces the cached user with one the server just returned. */
export function useSetUser() {
  const queryClient = useQueryClient();
  return useCallback((user: User) => queryClient.setQueryData(USER_QUERY_KEY, user), [queryClient]);
}
