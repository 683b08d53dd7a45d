import { endpoints } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';

/** A named snapshot of the environment's data; the answer carries its id. */
export function useBackupEnvironment() {
  return useEndpointMutation(endpoints.backupEnvironment, { request: (id: string) => ({ params: { id } }) });
}
