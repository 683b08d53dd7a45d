import { describe, expect, it } from 'vitest';
import type { SimulatorDefinition } from '../../src/index';
import { runTestCase } from '../../src/testing/index';
import { kitBrowser } from './kitBrowser';

/**
 * The test of a simulator's test cases: for each one, in real Chromium on a fresh instance, the reference
 * solution must satisfy it and the wrong variant must not. One browser and one host per file.
 *
 *   describeTestCases(shopSimulator);
 */
// A reference solution walks a dozen pages in a real browser; on a busy 2-core CI machine that can pass
// the unit project's 20 s default.
const BROWSER_RUN_TIMEOUT_MS = 60_000;

export function describeTestCases(simulator: SimulatorDefinition): void {
  describe(`${simulator.name} test cases in Chromium`, () => {
    const { browser, host } = kitBrowser();

    for (const testCase of simulator.testCases) {
      it(
        `${testCase.key}: the reference solution should satisfy the test case`,
        async () => {
          const run = await runTestCase({ browser: browser(), host, simulator, testCase, variant: 'solve' });
          expect(run.evaluation.passed, run.evaluation.explanation).toBe(true);
        },
        BROWSER_RUN_TIMEOUT_MS,
      );
      it(
        `${testCase.key}: the wrong variant should not`,
        async () => {
          const run = await runTestCase({ browser: browser(), host, simulator, testCase, variant: 'wrong' });
          expect(run.evaluation.passed, 'the wrong variant satisfied the test case').toBe(false);
        },
        BROWSER_RUN_TIMEOUT_MS,
      );
    }
  });
}
