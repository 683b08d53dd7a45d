import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/**
 * The simulators the user may compare (those GET /api/env/simulators lists to them), by name. Asked here
 * rather than through the simulators feature's hook: that feature shows these results on its Benchmarks
 * tab, and the two features would import each other.
 */
export function useEnvironmentChoices() {
  return useEndpointQuery(endpoints.simulators, {
    select: (response) =>
      response.simulators.map((simulator) => simulator.name).sort((a, b) => a.localeCompare(b)),
  });
}
