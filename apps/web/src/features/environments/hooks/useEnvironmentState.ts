import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/** Mutations since the last reset and the live view address; read fresh each time it is asked for. */
export function useEnvironmentState(environmentId: string | null, enabled = true) {
  return useEndpointQuery(endpoints.environmentState, {
    params: { id: environmentId ?? '' },
    enabled: enabled && environmentId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
