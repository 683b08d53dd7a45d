import { type BenchmarkRequest, endpoints } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import { SESSIONS_QUERY_KEY } from '../../sessions';

/** Starting runs makes queued sessions at once: every session list and count is out of date. */
function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
}

/** POST /api/runs/: one run of an agent on a test case (001 §7 Datasets). */
export function useStartRun() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (body: { testCaseId: number; agentArtifactId: number }) => call(endpoints.startRun, { body }),
    onSuccess: refresh,
  });
}

/** POST /api/runs/batch: one run of an agent on each of a dataset's test cases. */
export function useStartBatchRun() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (body: { testCaseSetId: number; agentArtifactId: number }) =>
      call(endpoints.startBatchRun, { body }),
    onSuccess: refresh,
  });
}

/** POST /api/benchmarker/benchmark: `runs` runs of each test case, `concurrency` at a time (001 §7). */
export function useStartBenchmark() {
  const refresh = useRefreshSessions();
  return useMutation({
    mutationFn: (body: BenchmarkRequest) => call(endpoints.startBenchmark, { body }),
    onSuccess: refresh,
  });
}
