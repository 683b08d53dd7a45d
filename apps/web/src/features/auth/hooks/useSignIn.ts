import { endpoints, type LoginRequest, type RegisterRequest, type TokenResponse } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, storeTokens } from '../../../api';
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
  return useMutation({
    mutationFn: (body: LoginRequest) => call(endpoints.login, { body }),
    onSuccess: accept,
  });
}

export function useCreateAccount() {
  const accept = useAcceptTokens();
  return useMutation({
    mutationFn: (body: RegisterRequest) => call(endpoints.register, { body }),
    onSuccess: accept,
  });
}
