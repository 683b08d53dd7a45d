import { endpoints } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';

/**
 * Rescore a simulator's ended sessions (001 §2.6). New verdicts change what several screens show (session
 * lists and pages, the test cases' figures), so every query is read again, those on screen at once.
 */
export function useRescoreSimulator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (simulatorId: number) => call(endpoints.rescoreSimulator, { params: { id: simulatorId } }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
