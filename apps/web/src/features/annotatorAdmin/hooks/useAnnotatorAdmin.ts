import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/** The organization's members with their 30-day figures (the Users tab). */
export function useAnnotatorUsers() {
  return useEndpointQuery(endpoints.annotatorAdminUsers, { select: (response) => response.users });
}

/** One page of a member's activity ledger. */
export function useAnnotatorActivity(userPublicId: string, page: number) {
  return useEndpointQuery(endpoints.annotatorAdminActivity, {
    params: { userPublicId },
    query: { page },
    keepPrevious: 'same-params',
  });
}

/** The test cases assigned to the caller's organization, one page. */
export function useAssignedTestCases(page: number) {
  return useEndpointQuery(endpoints.testCases, {
    query: { is_assigned: 'true', page },
    keepPrevious: 'always',
  });
}
