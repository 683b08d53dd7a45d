import { endpoints, type LoginRequest, type RegisterRequest, type TokenResponse } from '@proctor/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { storeTokens, useEndpointMutation } from '../../../api';
import { USER_QUERY_KEY } from './authContext';

/** Stores a fresh sign-in; the user is loaded anew, never taken from a previous account's cache. */
export function useAcceptTokens() {
  const queryClient = useQueryClient();
  return (tokens: TokenResponse) => {
    queryClient.removeQueries({ queryKey: USER_QUERY_KEY });
    storeTokens(tokens);
  };
}

export function useSignIn() {
  const accept = useAcceptTokens();
  return useEndpointMutation(endpoints.login, {
    request: (body: LoginRequest) => ({ body }),
    onSuccess: accept,
  });
}

export function useCreateAccount() {
  const accept = useAcceptTokens();
  return useEndpointMutation(endpoints.register, {
    request: (body: RegisterRequest) => ({ body }),
    onSuccess: accept,
  });
}
