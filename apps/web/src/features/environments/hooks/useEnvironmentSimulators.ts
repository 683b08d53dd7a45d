import { endpoints, type Simulator } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { SIMULATORS_QUERY_KEY } from '../../simulators';
import { environmentListOrder } from '../simulatorOrder';

/**
 * The simulators the user can start: the server already limits them to the organization's plan (platform
 * admins: all). Enabled first, then by name; disabled ones stay in the list, not startable.
 */
export function useEnvironmentSimulators() {
  return useQuery({
    queryKey: SIMULATORS_QUERY_KEY,
    queryFn: ({ signal }) => call(endpoints.simulators, { signal }),
    select: (response): Simulator[] => environmentListOrder(response.simulators),
  });
}
