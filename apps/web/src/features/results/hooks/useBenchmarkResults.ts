import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/**
 * Success rates per agent family on these simulators' test cases (001 §2.9), or nothing while none are given.
 * Always asked again when a page opens: sessions are scored while nobody looks.
 */
export function useBenchmarkResults(simulatorNames: readonly string[]) {
  return useEndpointQuery(endpoints.results, {
    query: { simulators: simulatorNames.join(',') },
    select: (response) => response.families,
    enabled: simulatorNames.length > 0,
    refetchOnMount: 'always',
  });
}
