import { endpoints } from '@proctor/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../api';

/** A named snapshot of the environment's data; the answer carries its id. */
export function useBackupEnvironment() {
  return useMutation({
    mutationFn: (id: string) => call(endpoints.backupEnvironment, { params: { id } }),
  });
}
