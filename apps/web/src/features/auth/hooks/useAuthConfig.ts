import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

export function useAuthConfig() {
  return useEndpointQuery(endpoints.authConfig, { staleTime: Number.POSITIVE_INFINITY });
}
