import { endpoints } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import { ENVIRONMENTS_QUERY_KEY } from './environmentKeys';

/** Closes the environment and ends its session. */
export function useCloseEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.closeEnvironment, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENVIRONMENTS_QUERY_KEY }),
  });
}
