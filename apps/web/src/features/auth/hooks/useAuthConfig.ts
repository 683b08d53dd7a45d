import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';

export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth', 'config'],
    queryFn: ({ signal }) => call(endpoints.authConfig, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
