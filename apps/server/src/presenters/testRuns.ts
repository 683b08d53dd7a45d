import {
  type TestRunDump,
  type TestRunSimulatorResult,
  type TestRunStatus,
  type TestRunSummary,
  type TestRunTestResult,
  testRunPathSegment,
} from '@proctor/contracts';
import type { StoredEnvironmentResult, TestRunPlanEntry, TestRunRow } from '../repositories/testRuns';

/**
 * Where each file of a run lies in its dump (the layout testRun.ts of the contracts describes), and the run as
 * the report reads it: results/run.json of the dump, or the run's progress while it goes on.
 */
export const dumpPaths = {
  summary: 'results/run.json',
  simulator: (simulator: string) => `results/${testRunPathSegment(simulator)}`,
  simulatorLog: (simulator: string) => `${dumpPaths.simulator(simulator)}/simulator.log`,
  environment: (simulator: string, n: number) => `${dumpPaths.simulator(simulator)}/environments/env_${n}`,
  environmentLog: (simulator: string, n: number) => `${dumpPaths.environment(simulator, n)}/environment.log`,
  test: (simulator: string, n: number, key: string) =>
    `${dumpPaths.environment(simulator, n)}/tests/${testRunPathSegment(key)}`,
};

const plan = (row: TestRunRow) => row.plan as TestRunPlanEntry[];
export const storedResults = (row: TestRunRow) => row.results as StoredEnvironmentResult[];

function presentTest(
  simulator: string,
  environment: StoredEnvironmentResult,
  test: StoredEnvironmentResult['tests'][number],
): TestRunTestResult {
  const folder = dumpPaths.test(simulator, environment.environment, test.key);
  return {
    test: test.key,
    name: test.name,
    path: folder,
    environment_start_ms: environment.startMs,
    reset_ms: test.resetMs,
    test_ms: test.testMs,
    verdict: test.verdict,
    error: test.error,
    screenshots: test.screenshots.map((shot) => `${folder}/screenshots/${shot.name}`),
    logs: {
      simulator: dumpPaths.simulatorLog(simulator),
      environment: environment.log ? dumpPaths.environmentLog(simulator, environment.environment) : null,
      test: test.log ? `${folder}/test.log` : null,
    },
  };
}

/** The simulator → environment → test tree, in the plan's order, of the environments finished so far. */
export function resultTree(row: TestRunRow): TestRunSimulatorResult[] {
  const results = storedResults(row);
  return plan(row).map(({ simulator }) => ({
    simulator,
    path: dumpPaths.simulator(simulator),
    log: dumpPaths.simulatorLog(simulator),
    environments: results
      .filter((result) => result.simulator === simulator)
      .sort((a, b) => a.environment - b.environment)
      .map((environment) => ({
        environment: environment.environment,
        path: dumpPaths.environment(simulator, environment.environment),
        start_ms: environment.startMs,
        error: environment.error,
        log: environment.log ? dumpPaths.environmentLog(simulator, environment.environment) : null,
        tests: environment.tests.map((test) => presentTest(simulator, environment, test)),
      })),
  }));
}

export function presentTestRun(row: TestRunRow, now: Date = new Date()): TestRunSummary {
  const tree = resultTree(row);
  const tests = tree.flatMap((s) => s.environments.flatMap((e) => e.tests));
  const passed = tests.filter((test) => test.verdict === 'passed').length;
  const planned = plan(row).reduce((sum, entry) => sum + entry.tests.length, 0) * row.environments;
  const end = row.endedAt ?? now;
  return {
    run_id: row.publicId,
    status: row.status as TestRunStatus,
    pattern: row.pattern,
    tags: row.tags,
    environments: row.environments,
    simulators: plan(row).map((entry) => entry.simulator),
    started_at: row.startedAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    totals: {
      tests: tests.length,
      passed,
      failed: tests.length - passed,
      duration_ms: row.startedAt ? Math.max(0, end.getTime() - row.startedAt.getTime()) : 0,
    },
    progress: { done: tests.length, total: planned },
    error: row.error,
    results: tree,
  };
}

export function presentTestRunDump(row: TestRunRow): TestRunDump {
  return {
    run_id: row.publicId,
    status: row.status as TestRunStatus,
    environments: row.environments,
    tags: row.tags,
    pattern: row.pattern,
    simulators: plan(row).map((entry) => entry.simulator),
    created_at: row.createdAt.toISOString(),
    size: row.archiveSize ?? null,
  };
}

/** The simulator level log of the dump: what the run planned for it and how each of its environments went. */
export function simulatorLog(row: TestRunRow, simulator: string): string {
  const entry = plan(row).find((candidate) => candidate.simulator === simulator);
  const lines = [
    `test run ${row.publicId}: ${simulator}, ${row.environments} environment(s)`,
    `pattern: ${row.pattern === '' ? '(every built-in test case)' : row.pattern}`,
    `test cases: ${(entry?.tests ?? []).map((test) => test.key).join(', ')}`,
  ];
  for (const environment of storedResults(row)
    .filter((result) => result.simulator === simulator)
    .sort((a, b) => a.environment - b.environment)) {
    const passed = environment.tests.filter((test) => test.verdict === 'passed').length;
    lines.push(
      `env_${environment.environment}: ${environment.error ?? `started in ${environment.startMs} ms`}; ` +
        `${passed}/${environment.tests.length} passed`,
    );
    for (const test of environment.tests)
      lines.push(
        `  ${test.key}: ${test.verdict} (reset ${test.resetMs ?? '-'} ms, test ${test.testMs ?? '-'} ms)` +
          (test.error ? ` ${test.error.split('\n')[0]}` : ''),
      );
  }
  return `${lines.join('\n')}\n`;
}
