import { randomBytes } from 'node:crypto';
import type { TestRunVerdict } from '@proctor/contracts';
import type { SimulatorDefinition, SimulatorHost } from '@proctor/simulators';
import { evaluateTestCase, launchChromium } from '@proctor/simulators/reference';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * One environment of a test run (002 §2.3): a fresh instance of a built-in simulator in a Chromium of its own
 * (not one of the pool's: no slot, no session, nothing recorded as a person's run), in which the oracle (each
 * test case's reference solution) runs the run's test cases one after the other, the instance reset to its
 * seed before each. Everything is timed and kept: the start of the environment, each reset and each test, a
 * screenshot after the reset and one at the end of the test, and a log per environment and per test.
 */

/** One test of an environment, as the environment ran it. */
export interface TestRunTestOutcome {
  key: string;
  name: string;
  resetMs: number | null;
  testMs: number | null;
  verdict: TestRunVerdict;
  error: string | null;
  /** PNGs, named by the step they show ('001-start.png'), in the order taken. */
  screenshots: { name: string; bytes: Buffer }[];
  log: string;
}

export interface TestRunEnvironmentOutcome {
  startMs: number | null;
  /** Why the environment did not start; its tests then erred. */
  error: string | null;
  log: string;
  tests: TestRunTestOutcome[];
}

/** How long one page action of a reference solution may take: a loaded machine is slow, a broken page fails. */
const ACTION_TIMEOUT_MS = 15_000;

function clock(): () => number {
  const started = performance.now();
  return () => Math.round((performance.now() - started) * 10) / 10;
}

function logger() {
  const lines: string[] = [];
  return {
    line: (text: string) => lines.push(`${new Date().toISOString()} ${text}`),
    text: () => `${lines.join('\n')}\n`,
  };
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function screenshot(
  page: Page,
  name: string,
  into: TestRunTestOutcome['screenshots'],
  log: (t: string) => void,
) {
  try {
    into.push({ name, bytes: await page.screenshot({ type: 'png' }) });
  } catch (error) {
    log(`screenshot ${name} failed: ${message(error)}`);
  }
}

export async function runTestRunEnvironment(
  parts: { host: SimulatorHost; chromiumPath: string },
  definition: SimulatorDefinition,
  testKeys: readonly string[],
  signal: AbortSignal,
): Promise<TestRunEnvironmentOutcome> {
  const environmentLog = logger();
  const tests: TestRunTestOutcome[] = [];
  const testCases = testKeys.map(
    (key) =>
      definition.testCases.find((candidate) => candidate.key === key) ?? { key, missing: true as const },
  );
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let instance: ReturnType<SimulatorHost['createInstance']> | undefined;
  let startMs: number | null = null;
  let error: string | null = null;
  try {
    environmentLog.line(`starting ${definition.name}: Chromium, a fresh instance, one page`);
    const elapsed = clock();
    try {
      browser = await launchChromium(parts.chromiumPath);
      instance = parts.host.createInstance(definition, { id: `tr${randomBytes(5).toString('hex')}` });
      context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = await context.newPage();
      page.setDefaultTimeout(ACTION_TIMEOUT_MS);
      startMs = elapsed();
      environmentLog.line(`started in ${startMs} ms at ${instance.origin}`);
      let current: string[] | undefined;
      const note = (text: string) => current?.push(`${new Date().toISOString()} ${text}`);
      page.on('console', (entry) => note(`console.${entry.type()}: ${entry.text()}`));
      page.on('pageerror', (thrown) => note(`page error: ${thrown.message}`));
      page.on('requestfailed', (request) =>
        note(
          `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`,
        ),
      );
      for (const testCase of testCases) {
        const lines: string[] = [];
        current = lines;
        const log = (text: string) => lines.push(`${new Date().toISOString()} ${text}`);
        const outcome: TestRunTestOutcome = {
          key: testCase.key,
          name: 'missing' in testCase ? testCase.key : testCase.name,
          resetMs: null,
          testMs: null,
          verdict: 'error',
          error: null,
          screenshots: [],
          log: '',
        };
        tests.push(outcome);
        if ('missing' in testCase) {
          outcome.error = `${definition.name} has no test case "${testCase.key}" here`;
          log(outcome.error);
        } else if (signal.aborted) {
          outcome.error = 'The test run job ran out of time before this test';
          log(outcome.error);
        } else {
          log(`test ${testCase.key}: ${testCase.name}`);
          log(`prompt: ${testCase.prompt}`);
          environmentLog.line(`reset for ${testCase.key}`);
          const resetElapsed = clock();
          try {
            instance.reset();
            await page.goto(instance.url(testCase.startUrl));
            outcome.resetMs = resetElapsed();
            log(`reset to the seed and opened ${testCase.startUrl} in ${outcome.resetMs} ms`);
            await screenshot(page, '001-start.png', outcome.screenshots, log);
            const testElapsed = clock();
            try {
              const output = await testCase.solve(page, {
                origin: instance.origin,
                url: (path) => instance!.url(path),
                auth: { user: definition.auth.user, password: definition.auth.password },
              });
              // The last click's request may still be in flight; the instance's writes are then done.
              await page.waitForLoadState('load');
              await instance.exclusive(() => undefined);
              const mutations = instance.state();
              const evaluation = evaluateTestCase(testCase, { mutations, output }, definition.config);
              outcome.testMs = testElapsed();
              outcome.verdict = evaluation.passed ? 'passed' : 'failed';
              outcome.error = evaluation.passed ? null : evaluation.explanation;
              log(`reference solution ran in ${outcome.testMs} ms; ${mutations.length} mutations`);
              if (output !== undefined) log(`answer: ${JSON.stringify(output)}`);
              log(evaluation.passed ? 'passed' : `failed: ${evaluation.explanation}`);
            } catch (thrown) {
              outcome.testMs = testElapsed();
              outcome.error = `The reference solution did not run to its end: ${message(thrown)}`;
              log(outcome.error);
            }
            await screenshot(page, '002-end.png', outcome.screenshots, log);
          } catch (thrown) {
            outcome.resetMs ??= resetElapsed();
            outcome.error = `The reset failed: ${message(thrown)}`;
            log(outcome.error);
          }
          environmentLog.line(`${testCase.key}: ${outcome.verdict}`);
        }
        current = undefined;
        outcome.log = `${lines.join('\n')}\n`;
      }
    } catch (thrown) {
      error = `The environment did not start: ${message(thrown)}`;
      environmentLog.line(error);
      for (const testCase of testCases.slice(tests.length)) {
        tests.push({
          key: testCase.key,
          name: 'missing' in testCase ? testCase.key : testCase.name,
          resetMs: null,
          testMs: null,
          verdict: 'error',
          error,
          screenshots: [],
          log: `${new Date().toISOString()} ${error}\n`,
        });
      }
    }
  } finally {
    await context?.close().catch(() => undefined);
    instance?.destroy();
    await browser?.close().catch(() => undefined);
    environmentLog.line('closed');
  }
  return { startMs, error, log: environmentLog.text(), tests };
}
