import { type EndpointBody, endpoints } from '@proctor/contracts';
import { endpointQueryKey, useEndpointMutation } from '../../../api';

export type ResetEnvironmentBody = NonNullable<EndpointBody<typeof endpoints.resetEnvironment>>;

/** Back to the seed, on the test case's start URL (or the simulator's start page), in a new session. */
export function useResetEnvironment() {
  return useEndpointMutation(endpoints.resetEnvironment, {
    request: ({ id, body }: { id: string; body: ResetEnvironmentBody }) => ({ params: { id }, body }),
    onSuccess: (_reset, { id }, queryClient) =>
      queryClient.removeQueries({
        queryKey: endpointQueryKey(endpoints.environmentState, { params: { id } }),
      }),
  });
}
