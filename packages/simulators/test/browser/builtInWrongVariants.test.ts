import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInSimulators, SimulatorHost } from '../../src/index';
import { launchChromium, runTestCase } from '../../src/testing/index';

/**
 * Every built-in test case's wrong variant, in real Chromium on a fresh instance, must not satisfy its test case:
 * the other half of each test case's proof (issue 10). The reference solutions are proven through Proctor itself,
 * every one by the oracle agent (apps/server/test/builtInBenchmark.test.ts), which also runs the wrong agent on a
 * sample of each simulator through the whole pipeline; running every wrong variant here, on the kit alone (one
 * browser, a context per run, no environment or recording), keeps CI well inside its time on two cores.
 *
 * A wrong variant that throws is a broken test case, not a failure that counts: it must play its mistake to the
 * end and be judged.
 */

/** Runs at once: the machine has two cores and the rest of the suite runs beside this file. */
const AT_ONCE = 3;
/** One simulator's 22 wrong variants, three at a time, on a busy 2-core machine. */
const SIMULATOR_TIMEOUT_MS = 5 * 60_000;

describe('the wrong variants of the built-in test cases', () => {
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
      `${simulator.name}: every wrong variant is judged not to satisfy its test case`,
      async () => {
        const satisfied: string[] = [];
        const queue = [...simulator.testCases];
        const worker = async () => {
          for (let testCase = queue.shift(); testCase; testCase = queue.shift()) {
            const run = await runTestCase({ browser, host, simulator, testCase, variant: 'wrong' });
            if (run.evaluation.passed) satisfied.push(testCase.key);
          }
        };
        await Promise.all(Array.from({ length: AT_ONCE }, worker));
        expect(satisfied, 'wrong variants that satisfied their test case').toEqual([]);
      },
      SIMULATOR_TIMEOUT_MS,
    );
  }
});
