import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInSimulators, SimulatorHost } from '../../src/index';
import { launchChromium, runTestCase, type SolutionVariant } from '../../src/testing/index';

/**
 * The CI proof of every built-in test case (issue 10): in real Chromium on a fresh instance each, its reference
 * solution must satisfy it and its wrong variant must not. On the kit alone (one browser, a context per run, no
 * environment or recording), because a run through Proctor costs a browser launch and a recording, about four
 * times the CPU, and 400 of them would take CI past its time on two cores. The same scripts run through Proctor,
 * as the oracle and wrong agents, on a sample of each simulator (apps/server/test/builtInBenchmark.test.ts) and
 * in full with `npm run bench:benchmark`.
 *
 * A script that throws is a broken test case, not a result: a wrong variant must play its mistake to the end
 * and be judged.
 */

/** Runs at once: most of a run is waiting (page loads, content that arrives later), but the machine has two cores. */
const AT_ONCE = 4;
/** One simulator's 44 runs, four at a time, on a busy 2-core machine. */
const SIMULATOR_TIMEOUT_MS = 10 * 60_000;

describe('the built-in test cases in Chromium', () => {
  let browser: Browser;
  const host = new SimulatorHost();
  beforeAll(async () => {
    [browser] = await Promise.all([launchChromium(), host.listen()]);
  });
  afterAll(async () => {
    await browser?.close();
    await host.close();
  });

  for (const simulator of builtInSimulators) {
    it(
      `${simulator.name}: every reference solution satisfies its test case, every wrong variant does not`,
      async () => {
        const unsolved: string[] = [];
        const satisfied: string[] = [];
        const queue = simulator.testCases.flatMap((testCase) =>
          (['solve', 'wrong'] as SolutionVariant[]).map((variant) => ({ testCase, variant })),
        );
        const worker = async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const { testCase, variant } = next;
            const run = await runTestCase({ browser, host, simulator, testCase, variant });
            if (variant === 'solve' && !run.evaluation.passed)
              unsolved.push(`${testCase.key}: ${run.evaluation.explanation}`);
            if (variant === 'wrong' && run.evaluation.passed) satisfied.push(testCase.key);
          }
        };
        await Promise.all(Array.from({ length: AT_ONCE }, worker));
        expect(unsolved, 'reference solutions that did not satisfy their test case').toEqual([]);
        expect(satisfied, 'wrong variants that satisfied their test case').toEqual([]);
      },
      SIMULATOR_TIMEOUT_MS,
    );
  }
});
