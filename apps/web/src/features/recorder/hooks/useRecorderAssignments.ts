import { endpoints, PAGE_SIZE } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/**
 * The test cases the person's organization was asked to record, with the recorded/requested counts and how
 * many the person recorded. The endpoint also shows an owning organization who records its test cases; the
 * recorder lists only the work given to the person's own organization.
 */
export function useRecorderAssignments(organizationId: number | null) {
  return useEndpointQuery(endpoints.organizationAssignments, {
    query: { page_size: PAGE_SIZE.simulatorTestCases },
    select: (response) =>
      response.assignments.filter((assignment) => assignment.organization.id === organizationId),
    enabled: organizationId !== null,
  });
}
