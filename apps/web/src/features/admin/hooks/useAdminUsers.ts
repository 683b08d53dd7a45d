import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

export function useAdminUsers() {
  return useEndpointQuery(endpoints.adminUsers, { select: (response) => response.users });
}
