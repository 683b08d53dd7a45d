import { endpoints, type Simulator } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';
import { environmentListOrder } from '../simulatorOrder';

/**
 * The simulators the user can start: the server already limits them to the organization's plan (platform
 * admins: all). Enabled first, then by name; disabled ones stay in the list, not startable.
 */
export function useEnvironmentSimulators() {
  return useEndpointQuery(endpoints.simulators, {
    select: (response): Simulator[] => environmentListOrder(response.simulators),
  });
}
