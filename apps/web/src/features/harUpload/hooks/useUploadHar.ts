import { endpoints } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEndpoints, upload } from '../../../api';

/** Sends a HAR file for a simulator; the new session joins the sessions list. */
export function useUploadHar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, simulatorId }: { file: File; simulatorId: string }) => {
      const form = new FormData();
      // The simulator first: the server refuses one outside the plan before reading the file.
      form.append('simulator_id', simulatorId);
      form.append('har_file', file, file.name);
      return upload(endpoints.uploadHar, form);
    },
    onSuccess: () => invalidateEndpoints(queryClient, [endpoints.listSessions]),
  });
}
