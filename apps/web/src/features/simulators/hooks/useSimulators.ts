import { endpoints, type Simulator, sortSimulatorsByStatus } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/** The simulators the user may see (admins: all; others: their organization's plan), by status order. */
export function useSimulators() {
  return useEndpointQuery(endpoints.simulators, {
    select: (response): Simulator[] => sortSimulatorsByStatus(response.simulators),
  });
}
