import type { JsonValue } from '@proctor/scoring';
import type { Page } from 'playwright-core';
import type { SimulatorDefinition } from '../definition';
import { type SolveContext, type TestCaseDefinition, testCaseProblems } from './testCase';

/**
 * What a cross-app script gets: each app's origin, URLs and sign-in by simulator name, and the primary app's (the
 * one the test case starts on) also at the top level, so a simulator's own step helpers take it as they are.
 */
export interface CrossAppSolveContext extends SolveContext {
  apps: Readonly<Record<string, SolveContext>>;
}

export type CrossAppSolution = (page: Page, ctx: CrossAppSolveContext) => Promise<JsonValue | undefined>;

/**
 * A built-in test case across apps (issue 30): a task that starts on its primary simulator (`simulators[0]`,
 * where `startUrl` is) and changes or reads the others too. Each expected mutation names the simulator it is
 * expected in (`simulator`, the scoring's tag), the primary's included, so a reader never has to guess. The
 * reference `solve` satisfies it and `wrong` (a plausible mistake in one of the apps) must not, in real Chromium.
 */
export interface CrossAppTestCaseDefinition extends Omit<TestCaseDefinition, 'solve' | 'wrong'> {
  /** Stable across the cross-app cases ('offsite-on-the-voted-date'); renaming it makes a new test case. */
  key: string;
  /** Built-in simulators by name, the primary first: the test case is registered under it, the others as extras. */
  simulators: readonly [string, string, ...string[]];
  solve: CrossAppSolution;
  wrong: CrossAppSolution;
}

/** The apps a test case across apps may span: its own and up to 3 others (test_cases.extra_simulator_ids). */
export const MAX_CROSS_APP_SIMULATORS = 4;

/**
 * What is wrong with a test case across apps (empty when nothing): the single-app checks, plus every simulator
 * named is one of `simulators` (the built-in ones), named once, and every expectation tagged with one of its apps.
 */
export function crossAppTestCaseProblems(
  testCase: CrossAppTestCaseDefinition,
  simulators: readonly Pick<SimulatorDefinition, 'name'>[],
): string[] {
  const problems = testCaseProblems(testCase);
  const add = (message: string) => problems.push(`${testCase.key || '(no key)'}: ${message}`);
  const names = testCase.simulators;
  if (names.length < 2) add('a test case across apps names at least two simulators');
  if (names.length > MAX_CROSS_APP_SIMULATORS)
    add(`a test case across apps names at most ${MAX_CROSS_APP_SIMULATORS} simulators`);
  if (new Set(names).size !== names.length) add('a simulator is named twice');
  for (const name of names) {
    if (!simulators.some((simulator) => simulator.name === name)) add(`no built-in simulator ${name}`);
  }
  for (const expected of testCase.expectedMutations ?? []) {
    if (expected.simulator === undefined)
      add(`the expected ${expected.action} ${expected.table_name} names no simulator`);
    else if (!names.includes(expected.simulator))
      add(
        `the expected ${expected.action} ${expected.table_name} names ${expected.simulator}, not one of its apps`,
      );
  }
  return problems;
}

/** One app's context in a cross-app script: its origin, URLs on it and its sign-in. */
export function appContext(simulator: Pick<SimulatorDefinition, 'auth'>, origin: string): SolveContext {
  return {
    origin,
    url: (path) => new URL(path, origin).href,
    auth: { user: simulator.auth.user, password: simulator.auth.password },
  };
}

/**
 * The context a cross-app script runs with, from each app's origin by simulator name. Throws when one of the test
 * case's apps has no origin or no definition: the script would fail on it later, less clearly.
 */
export function crossAppContext(
  testCase: Pick<CrossAppTestCaseDefinition, 'key' | 'simulators'>,
  definitions: readonly SimulatorDefinition[],
  origins: Readonly<Record<string, string>>,
): CrossAppSolveContext {
  const apps: Record<string, SolveContext> = {};
  for (const name of testCase.simulators) {
    const definition = definitions.find((candidate) => candidate.name === name);
    const origin = origins[name];
    if (!definition || !origin) throw new Error(`${testCase.key}: no ${name} app in this environment`);
    apps[name] = appContext(definition, origin);
  }
  return { ...apps[testCase.simulators[0]]!, apps };
}

/** An origin's simulator: the second label of its host name (`http://<instance>.<simulator>.localhost:<port>`). */
export function simulatorOfOrigin(origin: string): string | undefined {
  return new URL(origin).hostname.split('.')[1];
}
