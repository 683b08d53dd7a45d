import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/** Every organization, for the platform admin's organization filter; not asked for anyone else. */
export function useAdminOrganizations(enabled: boolean) {
  return useEndpointQuery(endpoints.adminOrganizations, {
    query: {},
    select: (response) => response.organizations,
    enabled,
  });
}
