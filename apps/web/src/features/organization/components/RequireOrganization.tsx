import type { ReactNode } from 'react';
import { useAuth } from '../../auth';
import { CreateOrganizationPage } from '../pages/CreateOrganizationPage';

/** A signed-in user without an organization sees the create-organization form instead of the route. */
export function RequireOrganization({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'authenticated' && !auth.user.organization) return <CreateOrganizationPage />;
  return children;
}
