import { describe, it } from 'vitest';
import { builtInCrossAppTestCases, builtInSimulators } from '../../src/index';
import type { CrossAppTestCaseDefinition } from '../../src/testing/crossAppTestCase';
import { proveCrossAppTestCases, runQueue } from '../../src/testing/index';
import { kitBrowser } from '../support/kitBrowser';

/**
 * The CI proof of the built-in test cases across apps (issue 30): the first case of each pair of apps, its
 * reference solution satisfying it in every app and its wrong variant failing, each app on its own origin of the
 * kit's host, one browser context driven across them. `npm run prove -- cross` proves every one of them; all
 * of them here would add about a minute and a half of CI on two cores.
 */
function firstOfEachPair(testCases: readonly CrossAppTestCaseDefinition[]): CrossAppTestCaseDefinition[] {
  const seen = new Set<string>();
  return testCases.filter((testCase) => {
    const pair = testCase.simulators.join('/');
    if (seen.has(pair)) return false;
    seen.add(pair);
    return true;
  });
}

/** Runs at once: most of a run waits on the page, and the other browser tests share the machine's two cores. */
const AT_ONCE = 2;
const TIMEOUT_MS = 10 * 60_000;

describe('the built-in test cases across apps in Chromium', () => {
  const { browser, host } = kitBrowser();

  it(
    "a sample's reference solutions satisfy their test cases in every app, their wrong variants do not",
    async ({ expect }) => {
      const { runs } = await proveCrossAppTestCases(firstOfEachPair(builtInCrossAppTestCases), {
        browser: browser(),
        host,
        definitions: builtInSimulators,
        queue: runQueue(AT_ONCE),
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
      expect(runs.length).toBeGreaterThanOrEqual(6);
    },
    TIMEOUT_MS,
  );
});
