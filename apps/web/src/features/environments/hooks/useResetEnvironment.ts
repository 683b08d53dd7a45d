import { type EndpointBody, endpoints } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import { environmentStateKey } from './environmentKeys';

export type ResetEnvironmentBody = NonNullable<EndpointBody<typeof endpoints.resetEnvironment>>;

/** Back to the seed, on the test case's start URL (or the simulator's start page), in a new session. */
export function useResetEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResetEnvironmentBody }) =>
      call(endpoints.resetEnvironment, { params: { id }, body }),
    onSuccess: (_reset, { id }) => queryClient.removeQueries({ queryKey: environmentStateKey(id) }),
  });
}
