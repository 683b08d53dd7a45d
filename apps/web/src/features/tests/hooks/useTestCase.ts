import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { TEST_CASES_QUERY_KEY } from './useTestCases';

export const testCaseQueryKey = (id: string) => [...TEST_CASES_QUERY_KEY, 'detail', id] as const;

/** One test case by public id (or numeric id). */
export function useTestCase(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: testCaseQueryKey(id),
    queryFn: ({ signal }) => call(endpoints.testCase, { params: { id }, signal }),
    select: (response) => response.testCase,
    enabled: options.enabled,
  });
}
