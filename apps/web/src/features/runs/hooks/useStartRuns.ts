import { type BenchmarkRequest, endpoints } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';
import { SESSION_READS } from '../../sessions';

/**
 * POST /api/runs/: one run of an agent on a test case (001 §7 Datasets). Starting runs makes queued sessions at
 * once, so these, like the others below, make every session read stale.
 */
export function useStartRun() {
  return useEndpointMutation(endpoints.startRun, {
    request: (body: { testCaseId: number; agentArtifactId: number }) => ({ body }),
    invalidates: SESSION_READS,
  });
}

/** POST /api/runs/batch: one run of an agent on each of a dataset's test cases. */
export function useStartBatchRun() {
  return useEndpointMutation(endpoints.startBatchRun, {
    request: (body: { testCaseSetId: number; agentArtifactId: number }) => ({ body }),
    invalidates: SESSION_READS,
  });
}

/** POST /api/benchmarker/benchmark: `runs` runs of each test case, `concurrency` at a time (001 §7). */
export function useStartBenchmark() {
  return useEndpointMutation(endpoints.startBenchmark, {
    request: (body: BenchmarkRequest) => ({ body }),
    invalidates: SESSION_READS,
  });
}
