import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

export function useMembers() {
  return useEndpointQuery(endpoints.organizationMembers, { select: (response) => response.members });
}
