import { describe, it } from 'vitest';
import { builtInSimulators } from '../../src/index';
import { proveSimulator, runQueue } from '../../src/testing/index';
import { kitBrowser } from '../support/kitBrowser';

/**
 * The CI proof of every built-in test case: its reference solution satisfies it and its wrong variant does not,
 * on the kit alone (one browser, a context per run), since every case through Proctor would take CI past its time;
 * that runs on a sample (apps/server/test/builtInBenchmark.test.ts) and in full with `npm run bench:benchmark`.
 * A script that throws is a broken test case: a wrong variant must play its mistake to the end and be judged.
 */

/**
 * Runs at once, shared by the simulators' tests, which run side by side: most of a run is waiting (page loads,
 * content that arrives later), and a simulator's last slow runs must not leave the machine idle, but the
 * machine has two cores.
 */
const AT_ONCE = 4;
/** One simulator's 44 runs, behind up to four other simulators' in the shared queue, on a busy 2-core machine. */
const SIMULATOR_TIMEOUT_MS = 15 * 60_000;

/** First come, first served across the simulators' proofs: a run waits for one of the AT_ONCE places. */
const inTurn = runQueue(AT_ONCE);

describe.concurrent('the built-in test cases in Chromium', () => {
  const { browser, host } = kitBrowser();

  for (const simulator of builtInSimulators) {
    it(
      `${simulator.name}: every reference solution satisfies its test case, every wrong variant does not`,
      // The test's own expect: the simulators' tests run side by side.
      async ({ expect }) => {
        const { runs } = await proveSimulator(simulator, { browser: browser(), host, queue: inTurn });
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
