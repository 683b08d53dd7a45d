import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { environmentStateKey } from './environmentKeys';

/** Mutations since the last reset and the live view address; read fresh each time it is asked for. */
export function useEnvironmentState(environmentId: string | null, enabled = true) {
  return useQuery({
    queryKey: environmentStateKey(environmentId ?? ''),
    queryFn: ({ signal }) =>
      call(endpoints.environmentState, { params: { id: environmentId ?? '' }, signal }),
    enabled: enabled && environmentId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
