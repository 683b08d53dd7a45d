import { describe, it } from 'vitest';
import { builtInSimulators } from '../../src/index';
import { runTestCase, type SolutionVariant } from '../../src/testing/index';
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

/** First come, first served: a run waits for one of the AT_ONCE places, handed on as each run ends. */
const waiting: (() => void)[] = [];
let running = 0;
async function inTurn<T>(run: () => Promise<T>): Promise<T> {
  if (running < AT_ONCE) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

describe.concurrent('the built-in test cases in Chromium', () => {
  const { browser, host } = kitBrowser();

  for (const simulator of builtInSimulators) {
    it(
      `${simulator.name}: every reference solution satisfies its test case, every wrong variant does not`,
      // The test's own expect: the simulators' tests run side by side.
      async ({ expect }) => {
        const unsolved: string[] = [];
        const satisfied: string[] = [];
        const broken: string[] = [];
        const runs = simulator.testCases.flatMap((testCase) =>
          (['solve', 'wrong'] as SolutionVariant[]).map((variant) => ({ testCase, variant })),
        );
        await Promise.all(
          runs.map(({ testCase, variant }) =>
            inTurn(async () => {
              try {
                const run = await runTestCase({ browser: browser(), host, simulator, testCase, variant });
                if (variant === 'solve' && !run.evaluation.passed)
                  unsolved.push(`${testCase.key}: ${run.evaluation.explanation}`);
                if (variant === 'wrong' && run.evaluation.passed) satisfied.push(testCase.key);
              } catch (error) {
                broken.push(`${testCase.key} (${variant}): ${(error as Error).message}`);
              }
            }),
          ),
        );
        expect(broken, 'scripts that threw instead of playing to the end').toEqual([]);
        expect(unsolved, 'reference solutions that did not satisfy their test case').toEqual([]);
        expect(satisfied, 'wrong variants that satisfied their test case').toEqual([]);
      },
      SIMULATOR_TIMEOUT_MS,
    );
  }
});
