import type { Browser } from 'playwright-core';
import type { SimulatorDefinition } from '../definition';
import type { SimulatorHost } from '../web/host';
import { runTestCase, type SolutionVariant, type TestCaseRun } from './harness';
import type { TestCaseDefinition } from './testCase';

/** One run of a proof: a test case's reference solution or its wrong variant, and whether it behaved as it must. */
export interface TestCaseProof {
  testCase: TestCaseDefinition;
  variant: SolutionVariant;
  /** The solve satisfied the test case, or the wrong variant did not; false when the script threw. */
  passed: boolean;
  /** Why it did not pass, or (for a wrong variant that failed as it must) why it failed; readable. */
  explanation: string;
  durationMs: number;
  /** The scored run; undefined when the script threw (`error` says what). */
  run?: TestCaseRun;
  error?: Error;
}

/** Runs at most a number of tasks at once, first come, first served; one queue may be shared by several proofs. */
export type RunQueue = <T>(task: () => Promise<T>) => Promise<T>;

export function runQueue(atOnce: number): RunQueue {
  const waiting: (() => void)[] = [];
  let running = 0;
  return async (task) => {
    if (running < atOnce) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The place is handed on, not given back, so a run that waited is not overtaken.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export interface ProveOptions {
  browser: Browser;
  host: SimulatorHost;
  /** Runs at once (2 unless a queue is given): most of a run is waiting on the page. */
  atOnce?: number;
  /** A queue shared with other proofs, instead of one of `atOnce` places for this one. */
  queue?: RunQueue;
  /** Called as each run ends, in the order they end. */
  onRun?: (proof: TestCaseProof) => void;
  actionTimeoutMs?: number;
  /** Some of the simulator's test cases (a sample) instead of all of them. */
  testCases?: readonly TestCaseDefinition[];
}

export interface SimulatorProof {
  /** Every run of every test case passed. */
  passed: boolean;
  /** In test-case order, solve before wrong. */
  runs: TestCaseProof[];
}

const DEFAULT_AT_ONCE = 2;

/**
 * The proof of a simulator's test cases: each reference solution satisfies its test case and each wrong variant
 * does not, in real Chromium, a fresh instance and browser context per run. A script that throws fails its run: a
 * wrong variant must play its mistake to the end and be judged.
 */
export async function proveSimulator(
  simulator: SimulatorDefinition,
  options: ProveOptions,
): Promise<SimulatorProof> {
  const queue = options.queue ?? runQueue(options.atOnce ?? DEFAULT_AT_ONCE);
  const runs = (options.testCases ?? simulator.testCases).flatMap((testCase) =>
    (['solve', 'wrong'] as const).map((variant) => ({ testCase, variant })),
  );
  const proofs = await Promise.all(
    runs.map(({ testCase, variant }) =>
      queue(async () => {
        const proof = await proveRun(simulator, testCase, variant, options);
        options.onRun?.(proof);
        return proof;
      }),
    ),
  );
  return { passed: proofs.every((proof) => proof.passed), runs: proofs };
}

function proveRun(
  simulator: SimulatorDefinition,
  testCase: TestCaseDefinition,
  variant: SolutionVariant,
  options: ProveOptions,
): Promise<TestCaseProof> {
  return proveVariant(testCase, variant, () =>
    runTestCase({
      browser: options.browser,
      host: options.host,
      simulator,
      testCase,
      variant,
      actionTimeoutMs: options.actionTimeoutMs,
    }),
  );
}

/** What a proof needs of a run: whether the test case was satisfied, why not, and how long it took. */
interface ScoredRun {
  evaluation: { passed: boolean; explanation: string };
  durationMs: number;
}

/**
 * One run of a proof, of one app's test case or of one across apps (`play` runs it): the reference solution must
 * satisfy the test case and the wrong variant must not; a script that throws fails, saying so.
 */
export async function proveVariant<Case, Run extends ScoredRun>(
  testCase: Case,
  variant: SolutionVariant,
  play: () => Promise<Run>,
): Promise<{
  testCase: Case;
  variant: SolutionVariant;
  passed: boolean;
  explanation: string;
  durationMs: number;
  run?: Run;
  error?: Error;
}> {
  const started = performance.now();
  try {
    const run = await play();
    const satisfied = run.evaluation.passed;
    const passed = variant === 'solve' ? satisfied : !satisfied;
    const explanation =
      variant === 'solve'
        ? satisfied
          ? ''
          : `the reference solution did not satisfy the test case: ${run.evaluation.explanation}`
        : satisfied
          ? 'the wrong variant satisfied the test case: it must make a mistake the scoring sees'
          : run.evaluation.explanation;
    return { testCase, variant, passed, explanation, durationMs: run.durationMs, run };
  } catch (thrown) {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    const script = variant === 'solve' ? 'the reference solution' : 'the wrong variant';
    return {
      testCase,
      variant,
      passed: false,
      explanation: `${script} threw instead of playing to the end: ${error.message}`,
      durationMs: performance.now() - started,
      error,
    };
  }
}
