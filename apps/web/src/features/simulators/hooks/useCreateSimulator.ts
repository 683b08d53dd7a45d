import { type EndpointBody, endpoints } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import { SIMULATORS_QUERY_KEY } from './useSimulators';

export type CreateSimulatorBody = EndpointBody<typeof endpoints.createSimulator>;

export function useCreateSimulator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSimulatorBody) => call(endpoints.createSimulator, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SIMULATORS_QUERY_KEY }),
  });
}
