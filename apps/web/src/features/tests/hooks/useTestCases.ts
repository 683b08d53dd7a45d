import { type EndpointQuery, endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

export type TestCaseListFilters = NonNullable<EndpointQuery<typeof endpoints.testCases>>;

/** A page of test cases; the previous page stays on screen while the next one loads. */
export function useTestCases(query: TestCaseListFilters, options: { enabled?: boolean } = {}) {
  return useEndpointQuery(endpoints.testCases, { query, keepPrevious: 'always', enabled: options.enabled });
}
