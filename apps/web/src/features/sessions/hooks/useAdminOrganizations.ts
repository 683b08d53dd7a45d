import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';

/** Every organization, for the platform admin's organization filter; not asked for anyone else. */
export function useAdminOrganizations(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'organizations'],
    queryFn: ({ signal }) => call(endpoints.adminOrganizations, { query: {}, signal }),
    select: (response) => response.organizations,
    enabled,
  });
}
