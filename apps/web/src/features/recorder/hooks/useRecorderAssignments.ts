import { endpoints, PAGE_SIZE, TIMING } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/**
 * The test cases the person's organization was asked to record, with the recorded/requested counts and how
 * many the person recorded. The endpoint also shows an owning organization who records its test cases; the
 * recorder lists only the work given to the person's own organization.
 *
 * Read again every polling interval while the recorder is open: a finished session leaves the counts while it
 * is post-processed and scored (in progress, 000 §4.1) and comes back once scored, after the refetch that Task
 * Complete makes; and the organization's other annotators record the same cases.
 */
export function useRecorderAssignments(organizationId: number | null) {
  return useEndpointQuery(endpoints.organizationAssignments, {
    query: { page_size: PAGE_SIZE.simulatorTestCases },
    select: (response) =>
      response.assignments.filter((assignment) => assignment.organization.id === organizationId),
    enabled: organizationId !== null,
    refetchInterval: TIMING.pollingIntervalMs,
  });
}
