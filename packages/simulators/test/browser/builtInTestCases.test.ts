import { describe, it } from 'vitest';
import { builtInSimulators } from '../../src/index';
import { proveSimulator, runQueue } from '../../src/testing/index';
import type { TestCaseDefinition } from '../../src/testing/testCase';
import { kitBrowser } from '../support/kitBrowser';

/**
 * The CI proof of the built-in test cases: a reference solution satisfies its test case and its wrong variant does
 * not, on the kit alone (one browser, a context per run). CI proves a fixed sample of each simulator's cases, every
 * SAMPLE_EVERYth of those judged by their changes and of those judged by an answer (at least one of each kind it
 * has): all 404 runs took CI past its 30 minutes on a slow 2-core machine, and so did a quarter of them with the
 * rest of the suite on the slowest days. `npm run prove` proves every case
 * (scripts/prove.ts); a push to a simulator's hub repository proves all of that simulator's; the sample through
 * Proctor itself is apps/server/test/builtInBenchmark.test.ts.
 * A script that throws is a broken test case: a wrong variant must play its mistake to the end and be judged.
 */
const SAMPLE_EVERY = 8;

/** Every SAMPLE_EVERYth case of each judging kind, from the first, in the simulator's own order. */
function ciSample(testCases: readonly TestCaseDefinition[]): TestCaseDefinition[] {
  const byAnswer = testCases.filter((testCase) => testCase.expectedOutput !== undefined);
  const byChanges = testCases.filter((testCase) => testCase.expectedOutput === undefined);
  const every = (cases: TestCaseDefinition[]) => cases.filter((_, index) => index % SAMPLE_EVERY === 0);
  const chosen = new Set([...every(byAnswer), ...every(byChanges)]);
  return testCases.filter((testCase) => chosen.has(testCase));
}

/**
 * Runs at once, shared by the simulators' tests, which run side by side: most of a run is waiting (page loads,
 * content that arrives later), and a simulator's last slow runs must not leave the machine idle, but the
 * machine has two cores.
 */
const AT_ONCE = 4;
/** One simulator's sample, behind up to four other simulators' in the shared queue, on a busy 2-core machine. */
const SIMULATOR_TIMEOUT_MS = 15 * 60_000;

/** First come, first served across the simulators' proofs: a run waits for one of the AT_ONCE places. */
const inTurn = runQueue(AT_ONCE);

describe.concurrent('the built-in test cases in Chromium', () => {
  const { browser, host } = kitBrowser();

  for (const simulator of builtInSimulators) {
    it(
      `${simulator.name}: the sample's reference solutions satisfy their test cases, their wrong variants do not`,
      // The test's own expect: the simulators' tests run side by side.
      async ({ expect }) => {
        const { runs } = await proveSimulator(simulator, {
          browser: browser(),
          host,
          queue: inTurn,
          testCases: ciSample(simulator.testCases),
        });
        const broken = runs
          .filter((run) => run.error)
          .map((run) => `${run.testCase.key} (${run.variant}): ${run.error!.message}`);
        const judged = runs.filter((run) => !run.passed && !run.error);
        const unsolved = judged
          .filter((run) => run.variant === 'solve')
          .map((run) => `${run.testCase.key}: ${run.run!.evaluation.explanation}`);
        const satisfied = judged.filter((run) => run.variant === 'wrong').map((run) => run.testCase.key);
        expect(broken, 'scripts that threw instead of playing to the end').toEqual([]);
        expect(unsolved, 'reference solutions that did not satisfy their test case').toEqual([]);
        expect(satisfied, 'wrong variants that satisfied their test case').toEqual([]);
      },
      SIMULATOR_TIMEOUT_MS,
    );
  }
});
