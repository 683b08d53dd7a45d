import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

export function useSimulator(name: string) {
  return useEndpointQuery(endpoints.simulator, {
    params: { nameOrId: name },
    select: (response) => response.simulator,
  });
}
