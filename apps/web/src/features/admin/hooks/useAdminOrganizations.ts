import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/** Every organization, largest first (the server sorts them by user count). */
export function useAdminOrganizations() {
  return useEndpointQuery(endpoints.adminOrganizations, { select: (response) => response.organizations });
}
