import { endpoints } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';
import { CATALOGUE_READS } from '../../simulators';
import type { UpdateSimulatorBody } from '../simulatorDraft';

export function useSaveSimulator() {
  return useEndpointMutation(endpoints.updateSimulator, {
    request: ({ id, body }: { id: number; body: UpdateSimulatorBody }) => ({ params: { id }, body }),
    invalidates: CATALOGUE_READS,
  });
}
