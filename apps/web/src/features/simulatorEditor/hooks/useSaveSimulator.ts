import { endpoints, type Simulator } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';
import { CATALOGUE_READS } from '../../simulators';
import type { UpdateSimulatorBody } from '../simulatorDraft';

/**
 * `onSaved` runs with the mutation itself, before the simulator is read again: the editor keys its form by the
 * loaded values, so the read that follows a save remounts the form, and a callback given to `mutate()` would be
 * dropped whenever that remount came first (React Query calls those only for a still-mounted observer).
 */
export function useSaveSimulator(onSaved: (saved: Simulator) => void) {
  return useEndpointMutation(endpoints.updateSimulator, {
    request: ({ id, body }: { id: number; body: UpdateSimulatorBody }) => ({ params: { id }, body }),
    invalidates: CATALOGUE_READS,
    onSuccess: ({ simulator }) => onSaved(simulator),
  });
}
