import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/**
 * The net mutations of a test case's correct sessions side by side, and the changes not all of them made
 * (001 §2.2 Mutation Conflict, §2.11). A read sent as POST, keyed by its body; a generation refreshes it.
 */
export function useMergedMutations(testCaseId: string, options: { enabled?: boolean } = {}) {
  return useEndpointQuery(endpoints.mergedMutations, {
    body: { test_case_id: testCaseId },
    enabled: options.enabled,
  });
}
