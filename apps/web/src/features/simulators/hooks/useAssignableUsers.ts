import { type EndpointResponse, endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

export type AssignableUser = EndpointResponse<typeof endpoints.forAssignment>['users'][number];

/** People a platform admin can assign simulators to; loaded for admins only (001 §6). */
export function useAssignableUsers(enabled: boolean) {
  return useEndpointQuery(endpoints.forAssignment, { select: (response) => response.users, enabled });
}
