import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';

export const RESULTS_QUERY_KEY = ['results'] as const;

/**
 * Success rates per agent family on these simulators' test cases (001 §2.9), or nothing while none are given.
 * Always asked again when a page opens: sessions are scored while nobody looks.
 */
export function useBenchmarkResults(simulatorNames: readonly string[]) {
  const simulators = simulatorNames.join(',');
  return useQuery({
    queryKey: [...RESULTS_QUERY_KEY, simulators],
    queryFn: ({ signal }) => call(endpoints.results, { query: { simulators }, signal }),
    select: (response) => response.families,
    enabled: simulatorNames.length > 0,
    refetchOnMount: 'always',
  });
}
