import { type EndpointQuery, endpoints } from '@proctor/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api';

export const TEST_CASES_QUERY_KEY = ['testcases'] as const;
export type TestCaseListFilters = NonNullable<EndpointQuery<typeof endpoints.testCases>>;

/** A page of test cases; the previous page stays on screen while the next one loads. */
export function useTestCases(query: TestCaseListFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...TEST_CASES_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => call(endpoints.testCases, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}
