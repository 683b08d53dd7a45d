import { type Permissions, RUN_PERMISSIONS } from '@proctor/contracts';

interface Runner {
  permissions: Pick<Permissions, (typeof RUN_PERMISSIONS)[number]>;
  organization: { isAnnotator: boolean } | null;
}

/**
 * Whether the dashboard offers a dataset's Run All and its test cases' Run: one of the contract's run flags
 * (the server's rule too), outside annotator organizations, which the server refuses.
 */
export function mayRunAgents(user: Runner): boolean {
  if (user.organization?.isAnnotator) return false;
  return RUN_PERMISSIONS.some((flag) => user.permissions[flag]);
}

/**
 * Whether the test case page shows Benchmark: test recorders see it (001 §6). Recording is one of the run
 * flags, so the server accepts what the button starts; annotator organizations are refused there too.
 */
export function mayBenchmark(user: Runner): boolean {
  return user.organization?.isAnnotator !== true && user.permissions.record_testcases;
}
