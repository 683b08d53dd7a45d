import type { JsonValue, Mutation } from '@proctor/scoring';
import type { Browser, Page } from 'playwright-core';
import type { SimulatorDefinition } from '../definition';
import type { SimulatorHost } from '../web/host';
import { evaluateTestCase, type TestCaseEvaluation } from './evaluate';
import type { SolveContext, TestCaseDefinition } from './testCase';

export type SolutionVariant = 'solve' | 'wrong';

export interface TestCaseRun {
  variant: SolutionVariant;
  /** The instance's state after the script: filtered by the simulator's config. */
  mutations: Mutation[];
  output: JsonValue | undefined;
  evaluation: TestCaseEvaluation;
  durationMs: number;
}

export interface RunTestCaseOptions {
  browser: Browser;
  host: SimulatorHost;
  simulator: SimulatorDefinition;
  testCase: TestCaseDefinition;
  variant: SolutionVariant;
  /** Per-action timeout of the page (10 s): generous for a loaded CI machine, short enough to fail fast. */
  actionTimeoutMs?: number;
}

let runs = 0;

/**
 * Plays a test case's reference solution (or its wrong variant) in `page` on the instance at `origin`, from its
 * start page: what a proof run does, and what tests of environments holding several apps do on each app's origin.
 */
export async function playOn(
  page: Page,
  origin: string,
  simulator: SimulatorDefinition,
  testCase: TestCaseDefinition,
  variant: SolutionVariant = 'solve',
): Promise<JsonValue | undefined> {
  const url = (path: string) => new URL(path, origin).href;
  const ctx: SolveContext = {
    origin,
    url,
    auth: { user: simulator.auth.user, password: simulator.auth.password },
  };
  await page.goto(url(testCase.startUrl));
  return testCase[variant](page, ctx);
}

/**
 * Runs a test case's reference script (or its wrong variant) in real Chromium against a fresh instance
 * and scores the result. The instance and the browser context are closed afterwards, pass or fail.
 */
export async function runTestCase(options: RunTestCaseOptions): Promise<TestCaseRun> {
  const { browser, host, simulator, testCase, variant } = options;
  runs += 1;
  const instance = host.createInstance(simulator, { id: `tc${runs}-${process.pid}` });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const started = performance.now();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(options.actionTimeoutMs ?? 10_000);
    const output = await playOn(page, instance.origin, simulator, testCase, variant);
    // Writes are synchronous on the server, but the last click's request may still be in flight.
    await page.waitForLoadState('load');
    await instance.exclusive(() => undefined);
    const mutations = instance.state();
    return {
      variant,
      mutations,
      output,
      evaluation: evaluateTestCase(testCase, { mutations, output }, simulator.config),
      durationMs: performance.now() - started,
    };
  } finally {
    await context.close();
    instance.destroy();
  }
}
