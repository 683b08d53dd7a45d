import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/** One test case by public id (or numeric id). */
export function useTestCase(id: string, options: { enabled?: boolean } = {}) {
  return useEndpointQuery(endpoints.testCase, {
    params: { id },
    select: (response) => response.testCase,
    enabled: options.enabled,
  });
}
