import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/**
 * Whether the benchmarker can run now (001 §4.5: checked when the Run Benchmark dialog opens). Nothing is
 * kept once the dialog closes, so every opening asks again rather than trusting an old "online".
 */
export function useBenchmarkerStatus() {
  return useEndpointQuery(endpoints.benchmarkerStatus, { staleTime: 0, gcTime: 0, retry: false });
}
