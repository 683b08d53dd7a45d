import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../../../components/FullPageLoader';
import { useAuth } from '../hooks/useAuth';
import { loginPathFor } from '../signInPaths';

/** Signed-out visitors of a protected route go to /login?returnTo=<where they were going>. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <FullPageLoader />;
  if (auth.status === 'anonymous') return <Navigate to={loginPathFor(location)} replace />;
  return children;
}
