import { type EndpointResponse, endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';

export type AssignableUser = EndpointResponse<typeof endpoints.forAssignment>['users'][number];

/** People a platform admin can assign simulators to; loaded for admins only (001 §6). */
export function useAssignableUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'for-assignment'],
    queryFn: ({ signal }) => call(endpoints.forAssignment, { signal }),
    select: (response) => response.users,
    enabled,
  });
}
