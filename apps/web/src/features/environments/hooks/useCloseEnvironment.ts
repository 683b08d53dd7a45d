import { endpoints } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';
import { ENVIRONMENT_READS } from './environmentReads';

/** Closes the environment and ends its session. */
export function useCloseEnvironment() {
  return useEndpointMutation(endpoints.closeEnvironment, {
    request: (id: string) => ({ params: { id } }),
    invalidates: ENVIRONMENT_READS,
  });
}
