import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';

export const BENCHMARKER_STATUS_KEY = ['runs', 'benchmarker'] as const;

/**
 * Whether the benchmarker can run now (001 §4.5: checked when the Run Benchmark dialog opens). Nothing is
 * kept once the dialog closes, so every opening asks again rather than trusting an old "online".
 */
export function useBenchmarkerStatus() {
  return useQuery({
    queryKey: BENCHMARKER_STATUS_KEY,
    queryFn: ({ signal }) => call(endpoints.benchmarkerStatus, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
