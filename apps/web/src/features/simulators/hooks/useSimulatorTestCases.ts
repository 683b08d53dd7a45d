import { endpoints, PAGE_SIZE } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/** All of a simulator's test cases at once (001 §2.5, §9); every change to test cases refreshes them. */
export function useSimulatorTestCases(simulatorId: number | undefined) {
  return useEndpointQuery(endpoints.testCases, {
    query: { simulator_id: simulatorId, page_size: PAGE_SIZE.simulatorTestCases },
    select: (response) => response.test_cases,
    enabled: simulatorId !== undefined,
  });
}
