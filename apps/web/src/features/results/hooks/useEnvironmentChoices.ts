import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { RESULTS_QUERY_KEY } from './useBenchmarkResults';

/**
 * The simulators the user may compare (those GET /api/env/simulators lists to them), by name. Asked here
 * rather than through the simulators feature's hook: that feature shows these results on its Benchmarks
 * tab, and the two features would import each other.
 */
export function useEnvironmentChoices() {
  return useQuery({
    queryKey: [...RESULTS_QUERY_KEY, 'environments'],
    queryFn: ({ signal }) => call(endpoints.simulators, { signal }),
    select: (response) =>
      response.simulators.map((simulator) => simulator.name).sort((a, b) => a.localeCompare(b)),
  });
}
