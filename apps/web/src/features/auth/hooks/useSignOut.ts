import { endpoints } from '@proctor/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { call, tokenStore } from '../../../api';
import { paths } from '../../../paths';

/** Logout: revokes the refresh token on the server, forgets the tokens here, and goes to /landing. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const refreshToken = tokenStore.get()?.refreshToken;
    try {
      await call(endpoints.logout, { body: { refresh_token: refreshToken } });
    } catch {
      // The tokens are dropped below either way; a server that cannot be reached must not keep anyone signed in.
    }
    // Leave the protected page first, or it would answer the sign-out by sending the browser to /login.
    await navigate(paths.landing);
    tokenStore.clear();
    queryClient.clear();
  }, [navigate, queryClient]);
}
