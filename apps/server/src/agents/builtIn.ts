import type { BuiltInAgentKind } from '@proctor/contracts';
import type { JsonValue } from '@proctor/scoring';
import {
  builtInSimulators,
  crossAppContext,
  type SolveContext,
  simulatorOfOrigin,
} from '@proctor/simulators';
import type { Page } from 'playwright-core';
import { builtInCrossAppTestCase, isCrossAppTestCaseKey } from '../kernel/builtIns';
import { REFERENCE_ACTION_TIMEOUT_MS, withEnvironmentPage } from './page';
import type { RunDriver, RunDriverContext } from './types';

/**
 * The built-in agents (@proctor/contracts BUILT_IN_AGENTS) as drivers of a run: the oracle runs the test case's
 * reference solution, the wrong agent its wrong variant, each through Playwright over the environment's own
 * DevTools endpoint, in the page the run opened on the start URL, exactly as the simulators' tests run them.
 * A test case across apps gets every app's origin, by the simulator each origin serves. Recorded like any agent's
 * run (the recorder sees the page, not who drives it) and scored at its end. Only built-in test cases have these
 * scripts: the runs service refuses any other before it queues a run.
 */
export function builtInDriver(kind: Exclude<BuiltInAgentKind, 'replay'>): RunDriver {
  const variant = kind === 'oracle' ? 'solve' : 'wrong';
  return (context) => {
    const play = scriptOf(context, variant);
    return withEnvironmentPage(
      context.wsEndpoint,
      context.signal,
      async (page) => {
        const output = await play(page);
        // The last click's request may still be in flight (the run then waits for the instance's writes).
        await page.waitForLoadState('load');
        return output;
      },
      REFERENCE_ACTION_TIMEOUT_MS,
    );
  };
}

/** The built-in script of the run's test case, ready to play on the environment's page; throws when it has none. */
function scriptOf(
  { instance, origins, definition, testCase }: RunDriverContext,
  variant: 'solve' | 'wrong',
): (page: Page) => Promise<JsonValue | undefined> {
  if (isCrossAppTestCaseKey(testCase.builtInKey)) {
    const script = builtInCrossAppTestCase(testCase.builtInKey);
    if (!script) throw new Error(`Test case "${testCase.name}" has no reference solution`);
    const byApp = Object.fromEntries(origins.map((origin) => [simulatorOfOrigin(origin) ?? '', origin]));
    const context = crossAppContext(script, builtInSimulators, byApp);
    return (page) => script[variant](page, context);
  }
  const key = testCase.builtInKey?.split('/')[1];
  const script = definition.testCases.find((candidate) => candidate.key === key);
  if (!script) throw new Error(`Test case "${testCase.name}" has no reference solution`);
  const context: SolveContext = {
    origin: instance.origin,
    url: (path) => instance.url(path),
    auth: { user: definition.auth.user, password: definition.auth.password },
  };
  return (page) => script[variant](page, context);
}
