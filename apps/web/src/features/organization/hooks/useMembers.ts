import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';

export const MEMBERS_QUERY_KEY = ['organization', 'members'] as const;

export function useMembers() {
  return useQuery({
    queryKey: MEMBERS_QUERY_KEY,
    queryFn: ({ signal }) => call(endpoints.organizationMembers, { signal }),
    select: (response) => response.members,
  });
}
