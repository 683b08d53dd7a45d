import { endpoints } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';

/**
 * Rescore a simulator's ended sessions (001 §2.6). New verdicts change what several screens show (session
 * lists and pages, the test cases' figures), so every query is read again, those on screen at once.
 */
export function useRescoreSimulator() {
  return useEndpointMutation(endpoints.rescoreSimulator, {
    request: (simulatorId: number) => ({ params: { id: simulatorId } }),
    invalidates: 'all',
  });
}
