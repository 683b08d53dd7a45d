import { endpoints, type Simulator, type SimulatorStatus } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';
import { CATALOGUE_READS } from './simulatorReads';

/** Changes a simulator's status inline; the server merges it into the config (001 §4.2). */
export function useUpdateSimulatorStatus() {
  return useEndpointMutation(endpoints.updateSimulator, {
    request: ({ simulator, status }: { simulator: Simulator; status: SimulatorStatus }) => ({
      params: { id: simulator.id },
      body: { config: { status } },
    }),
    invalidates: CATALOGUE_READS,
  });
}
