import { endpoints, type Simulator, type SimulatorStatus } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import { SIMULATORS_QUERY_KEY } from './useSimulators';

/** Changes a simulator's status inline; the server merges it into the config (001 §4.2). */
export function useUpdateSimulatorStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ simulator, status }: { simulator: Simulator; status: SimulatorStatus }) =>
      call(endpoints.updateSimulator, { params: { id: simulator.id }, body: { config: { status } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SIMULATORS_QUERY_KEY }),
  });
}
