import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { TEST_CASES_QUERY_KEY } from './useTestCases';

/**
 * The net mutations of a test case's correct sessions side by side, and the changes not all of them made
 * (001 §2.2 Mutation Conflict, §2.11). Kept under the test cases' key: a generation refreshes it too.
 */
export function useMergedMutations(testCaseId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...TEST_CASES_QUERY_KEY, 'merged-mutations', testCaseId],
    queryFn: ({ signal }) => call(endpoints.mergedMutations, { body: { test_case_id: testCaseId }, signal }),
    enabled: options.enabled,
  });
}
