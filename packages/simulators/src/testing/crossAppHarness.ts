import {
  canonicalJson,
  checkOutput,
  describeMutationMatch,
  type JsonValue,
  type Mutation,
  type MutationMatchResult,
  matchMutations,
} from '@proctor/scoring';
import type { Browser } from 'playwright-core';
import type { SimulatorDefinition } from '../definition';
import type { SimulatorHost } from '../web/host';
import { type CrossAppTestCaseDefinition, crossAppContext } from './crossAppTestCase';
import type { SolutionVariant } from './harness';
import { proveVariant, type RunQueue, runQueue } from './prove';

export interface CrossAppEvaluation {
  passed: boolean;
  /** Each app's match of its own expectations against its own mutations, through its own ignore rules. */
  mutations: Record<string, MutationMatchResult>;
  /** Why it failed, each line led by its app's name; empty when it passed. */
  explanation: string;
}

/**
 * Scores one run of a test case across apps as Proctor's state_mutation_match does: each app's tagged
 * expectations against the mutations that app's instance logged, through that app's own config, plus the answer
 * when the test case is judged by one. Pure apart from compiling the output schema.
 */
export function evaluateCrossAppTestCase(
  testCase: CrossAppTestCaseDefinition,
  run: { mutations: Readonly<Record<string, readonly Mutation[]>>; output: JsonValue | undefined },
  definitions: readonly SimulatorDefinition[],
): CrossAppEvaluation {
  const reasons: string[] = [];
  const mutations: Record<string, MutationMatchResult> = {};
  if (testCase.scoringTypes.includes('mutations')) {
    for (const name of testCase.simulators) {
      const config = definitions.find((definition) => definition.name === name)?.config;
      const expected = (testCase.expectedMutations ?? []).filter((mutation) => mutation.simulator === name);
      const result = matchMutations(run.mutations[name] ?? [], expected, config);
      mutations[name] = result;
      if (!result.satisfied)
        for (const line of describeMutationMatch(result).split('\n')) reasons.push(`${name}: ${line}`);
    }
  }
  if (testCase.scoringTypes.includes('output')) {
    const check = checkOutput(run.output, testCase.expectedOutput ?? null, testCase.outputSchema ?? {});
    if (!check.matchesExpected) {
      const got = run.output === undefined ? 'no answer' : canonicalJson(run.output);
      reasons.push(`output: expected ${canonicalJson(testCase.expectedOutput ?? null)}, got ${got}`);
    }
    for (const error of check.schemaErrors) reasons.push(`output schema: ${error}`);
  }
  return { passed: reasons.length === 0, mutations, explanation: reasons.join('\n') };
}

export interface CrossAppRun {
  variant: SolutionVariant;
  /** Each app's mutation log after the script, by simulator name. */
  mutations: Record<string, Mutation[]>;
  output: JsonValue | undefined;
  evaluation: CrossAppEvaluation;
  durationMs: number;
}

let runs = 0;

/**
 * Runs a test case across apps in real Chromium as an environment holding its apps does: a fresh instance of each
 * simulator on its own origin of the host (one instance id, as make2's extras), one browser context, the script
 * opened on the primary's start page and free to go to every app's origin; then scores each app's mutations.
 */
export async function runCrossAppTestCase(options: {
  browser: Browser;
  host: SimulatorHost;
  definitions: readonly SimulatorDefinition[];
  testCase: CrossAppTestCaseDefinition;
  variant: SolutionVariant;
  actionTimeoutMs?: number;
}): Promise<CrossAppRun> {
  const { browser, host, definitions, testCase, variant } = options;
  runs += 1;
  const id = `xa${runs}-${process.pid}`;
  const apps = testCase.simulators.map((name) => {
    const definition = definitions.find((candidate) => candidate.name === name);
    if (!definition) throw new Error(`${testCase.key}: no simulator ${name}`);
    return { name, definition };
  });
  const instances = apps.map(({ name, definition }) => ({
    name,
    instance: host.createInstance(definition, { id }),
  }));
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const started = performance.now();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(options.actionTimeoutMs ?? 10_000);
    const ctx = crossAppContext(
      testCase,
      definitions,
      Object.fromEntries(instances.map(({ name, instance }) => [name, instance.origin])),
    );
    await page.goto(ctx.url(testCase.startUrl));
    const output = await testCase[variant](page, ctx);
    // Writes are synchronous on the server, but the last click's request may still be in flight.
    await page.waitForLoadState('load');
    const mutations: Record<string, Mutation[]> = {};
    for (const { name, instance } of instances) {
      await instance.exclusive(() => undefined);
      mutations[name] = instance.state();
    }
    return {
      variant,
      mutations,
      output,
      evaluation: evaluateCrossAppTestCase(testCase, { mutations, output }, definitions),
      durationMs: performance.now() - started,
    };
  } finally {
    await context.close();
    for (const { instance } of instances) instance.destroy();
  }
}

/** One run of a cross-app proof: the reference solution or the wrong variant, and whether it behaved as it must. */
export interface CrossAppProof {
  testCase: CrossAppTestCaseDefinition;
  variant: SolutionVariant;
  /** The solve satisfied the test case, or the wrong variant did not; false when the script threw. */
  passed: boolean;
  explanation: string;
  durationMs: number;
  run?: CrossAppRun;
  error?: Error;
}

/**
 * The proof of test cases across apps, as `proveSimulator` proves one simulator's: each reference solution
 * satisfies its test case in every app and each wrong variant fails in at least one, a fresh instance of each app
 * and a browser context per run. A script that throws fails its run.
 */
export async function proveCrossAppTestCases(
  testCases: readonly CrossAppTestCaseDefinition[],
  options: {
    browser: Browser;
    host: SimulatorHost;
    definitions: readonly SimulatorDefinition[];
    queue?: RunQueue;
    onRun?: (proof: CrossAppProof) => void;
    actionTimeoutMs?: number;
  },
): Promise<{ passed: boolean; runs: CrossAppProof[] }> {
  const queue = options.queue ?? runQueue(2);
  const proofs = await Promise.all(
    testCases.flatMap((testCase) =>
      (['solve', 'wrong'] as const).map((variant) =>
        queue(async () => {
          const proof = await proveRun(testCase, variant, options);
          options.onRun?.(proof);
          return proof;
        }),
      ),
    ),
  );
  return { passed: proofs.every((proof) => proof.passed), runs: proofs };
}

function proveRun(
  testCase: CrossAppTestCaseDefinition,
  variant: SolutionVariant,
  options: Parameters<typeof proveCrossAppTestCases>[1],
): Promise<CrossAppProof> {
  return proveVariant(testCase, variant, () => runCrossAppTestCase({ ...options, testCase, variant }));
}
