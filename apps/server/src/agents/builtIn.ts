import type { BuiltInAgentKind } from '@proctor/contracts';
import type { SolveContext } from '@proctor/simulators';
import { withEnvironmentPage } from './page';
import type { RunDriver } from './types';

/**
 * The built-in agents (@proctor/contracts BUILT_IN_AGENTS) as drivers of a run: the oracle runs the test case's
 * reference solution, the wrong agent its wrong variant, each through Playwright over the environment's own
 * DevTools endpoint, in the page the run opened on the start URL, exactly as the simulators' tests run them.
 * Recorded like any agent's run (the recorder sees the page, not who drives it) and scored at its end. Only
 * built-in test cases have these scripts: the runs service refuses any other before it queues a run.
 */
export function builtInDriver(kind: Exclude<BuiltInAgentKind, 'replay'>): RunDriver {
  const variant = kind === 'oracle' ? 'solve' : 'wrong';
  return ({ wsEndpoint, instance, definition, testCase, signal }) => {
    const key = testCase.builtInKey?.split('/')[1];
    const script = definition.testCases.find((candidate) => candidate.key === key);
    if (!script) throw new Error(`Test case "${testCase.name}" has no reference solution`);
    return withEnvironmentPage(wsEndpoint, signal, async (page) => {
      const context: SolveContext = {
        origin: instance.origin,
        url: (path) => instance.url(path),
        auth: { user: definition.auth.user, password: definition.auth.password },
      };
      const output = await script[variant](page, context);
      // The last click's request may still be in flight (the run then waits for the instance's writes).
      await page.waitForLoadState('load');
      return output;
    });
  };
}
