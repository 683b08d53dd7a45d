import { endpoints, PAGE_SIZE } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { TEST_CASES_QUERY_KEY } from '../../tests';

/** The test cases the picker offers: all of a simulator's that the user can see (001 §9 page size). */
export function useSimulatorTaskList(simulatorId: number | undefined) {
  return useQuery({
    queryKey: [...TEST_CASES_QUERY_KEY, 'simulator', simulatorId],
    queryFn: ({ signal }) =>
      call(endpoints.testCases, {
        query: { simulator_id: simulatorId, page_size: PAGE_SIZE.simulatorTestCases },
        signal,
      }),
    select: (response) => response.test_cases,
    enabled: simulatorId !== undefined,
  });
}
