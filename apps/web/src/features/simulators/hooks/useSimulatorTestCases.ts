import { endpoints, PAGE_SIZE } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { SIMULATORS_QUERY_KEY } from './useSimulators';

/**
 * All of a simulator's test cases at once (001 §2.5, §9). Kept under the simulators key, which every change
 * to test cases refreshes.
 */
export function useSimulatorTestCases(simulatorId: number | undefined) {
  return useQuery({
    queryKey: [...SIMULATORS_QUERY_KEY, 'testcases', simulatorId],
    queryFn: ({ signal }) =>
      call(endpoints.testCases, {
        query: { simulator_id: simulatorId, page_size: PAGE_SIZE.simulatorTestCases },
        signal,
      }),
    select: (response) => response.test_cases,
    enabled: simulatorId !== undefined,
  });
}
