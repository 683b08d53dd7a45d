import {
  CAPABILITIES,
  REASONING_LEVELS,
  type ReasoningLevel,
  SKILLS,
  TEST_CASE_SCORING_TYPES,
  type TestCaseScoringType,
} from '@proctor/contracts';
import { type ExpectedMutation, type JsonValue, MUTATION_ACTIONS } from '@proctor/scoring';
import type { Page } from 'playwright-core';

export type Skill = (typeof SKILLS)[number];
export type Capability = (typeof CAPABILITIES)[number];

export interface TestCaseMetadata {
  /** Free text: what kind of goal this is ('update a record', 'find a value', 'compare and decide'). */
  goal_type: string;
  reasoning_level: ReasoningLevel;
  skills: Skill[];
  capabilities: Capability[];
}

/** What a reference solution gets besides the page. */
export interface SolveContext {
  /** The instance's origin, e.g. http://tc-1.shop.localhost:41234. */
  origin: string;
  /** Absolute URL of a path on the instance. */
  url(path: string): string;
  /** The simulator's sign-in account, as a human would read it from the Getting Started panel. */
  auth: { user: string; password: string };
}

/**
 * A reference script: does the task through the real UI, as a user would, starting on `startUrl` (the
 * harness has opened it). Returns the answer for output tasks, nothing for state tasks.
 */
export type Solution = (page: Page, ctx: SolveContext) => Promise<JsonValue | undefined>;

/**
 * A built-in test case. The reference `solve` must satisfy it and `wrong` (a plausible mistake: the wrong
 * record, a missing step, an extra side effect, a wrong answer) must not; both run in real Chromium in CI.
 */
export interface TestCaseDefinition {
  /** Stable within its simulator ('cancel-latest-order'); renaming it makes a new test case. */
  key: string;
  name: string;
  prompt: string;
  /** A path on the instance's origin, e.g. '/orders?status=open'. */
  startUrl: string;
  hint?: string;
  description?: string;
  scoringTypes: TestCaseScoringType[];
  metadata: TestCaseMetadata;
  /** Required with 'mutations' scoring: compared with `matchMutations` (mutations/match.ts). */
  expectedMutations?: ExpectedMutation[];
  /** Required with 'output' scoring: compared as JSON (object key order does not matter). */
  expectedOutput?: JsonValue;
  /** Required with 'output' scoring: a JSON Schema the answer must validate against. */
  outputSchema?: Record<string, JsonValue>;
  solve: Solution;
  wrong: Solution;
}

const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * What is wrong with a test case definition (empty when nothing). Pure; the registry test runs it on all. Its
 * scripts are not looked at, so a test case across apps (crossAppTestCase.ts) goes through the same checks.
 */
export function testCaseProblems(testCase: Omit<TestCaseDefinition, 'solve' | 'wrong'>): string[] {
  const problems: string[] = [];
  const add = (message: string) => problems.push(`${testCase.key || '(no key)'}: ${message}`);
  if (!KEY.test(testCase.key)) add('key must be lowercase words joined by dashes');
  if (testCase.name.trim() === '') add('name is required');
  if (testCase.prompt.trim() === '') add('prompt is required');
  if (!testCase.startUrl.startsWith('/')) add('startUrl must be a path on the instance, starting with /');
  if (testCase.scoringTypes.length === 0) add('choose at least one scoring type');
  for (const type of testCase.scoringTypes) {
    if (!TEST_CASE_SCORING_TYPES.includes(type)) add(`unknown scoring type ${type}`);
  }
  const { metadata } = testCase;
  if (!Object.hasOwn(REASONING_LEVELS, metadata.reasoning_level)) {
    add(`unknown reasoning level ${metadata.reasoning_level}`);
  }
  if (metadata.skills.length === 0) add('name at least one skill');
  for (const skill of metadata.skills) if (!SKILLS.includes(skill)) add(`unknown skill ${skill}`);
  if (metadata.capabilities.length === 0) add('name at least one capability');
  for (const capability of metadata.capabilities) {
    if (!CAPABILITIES.includes(capability)) add(`unknown capability ${capability}`);
  }
  if (testCase.scoringTypes.includes('mutations')) {
    if (!testCase.expectedMutations || testCase.expectedMutations.length === 0) {
      add('mutations scoring needs expectedMutations');
    }
  } else if (testCase.expectedMutations) {
    add('expectedMutations given without mutations scoring');
  }
  for (const expected of testCase.expectedMutations ?? []) {
    if (!MUTATION_ACTIONS.includes(expected.action)) add(`unknown mutation action ${expected.action}`);
    if (expected.pk !== undefined && typeof expected.pk !== 'string')
      add('an expected pk is text, e.g. "42"');
  }
  if (testCase.scoringTypes.includes('output')) {
    if (testCase.expectedOutput === undefined) add('output scoring needs expectedOutput');
    if (!testCase.outputSchema) add('output scoring needs outputSchema');
  }
  return problems;
}
