import { useContext } from 'react';
import { AuthContext, type AuthState } from './authContext';

/** Who is signed in, as loaded by <AuthProvider>. */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}

/** The signed-in user, for screens that render only behind <RequireSignIn>. */
export function useSignedInUser() {
  const state = useAuth();
  if (state.status !== 'authenticated') throw new Error('useSignedInUser needs a signed-in user');
  return state.user;
}
