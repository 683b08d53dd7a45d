import { endpoints, PAGE_SIZE } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/** The test cases the picker offers: all of a simulator's that the user can see (001 §9 page size). */
export function useSimulatorTaskList(simulatorId: number | undefined) {
  return useEndpointQuery(endpoints.testCases, {
    query: { simulator_id: simulatorId, page_size: PAGE_SIZE.simulatorTestCases },
    select: (response) => response.test_cases,
    enabled: simulatorId !== undefined,
  });
}
