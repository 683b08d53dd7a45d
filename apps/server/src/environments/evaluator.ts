import type { EvaluateEnvironmentResponse } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { JsonValue, ScoringServices } from '@proctor/scoring';
import type {
  CrossAppTestCaseDefinition,
  Mutation,
  SimulatorDefinition,
  SimulatorHost,
} from '@proctor/simulators';
import {
  launchChromium,
  runCrossAppTestCase,
  runTestCase,
  type SolutionVariant,
} from '@proctor/simulators/reference';
import { builtInCrossAppTestCase } from '../kernel/builtIns';
import { setSessionOutput } from '../repositories/sessions';
import { simulatorFilters } from '../scoring/filters';
import { judge, storedScoringInput } from '../scoring/pipeline';
import { presentEvaluation } from './evaluation';
import type { LiveEnvironment } from './live';

/**
 * The run so far judged by the scoring engine, as the end of the run will judge it (the session's latest
 * answer: this one when given), on the instance's live mutations. A check an agent may make mid-run: no score
 * record is written and the session's status does not change.
 */
export async function evaluateEnvironment(
  db: Database,
  services: ScoringServices,
  environment: LiveEnvironment,
  output: unknown,
): Promise<EvaluateEnvironmentResponse> {
  // The answer is part of the session (its page shows it), whatever the verdict.
  if (output !== undefined) await setSessionOutput(db, environment.session.id, output);
  const { testCase } = environment.session;
  if (!testCase) return presentEvaluation(null, []);
  const mutations = await environment.instance.exclusive(() => environment.instance.mutations());
  const input = await storedScoringInput(db, {
    sessionId: environment.session.id,
    testCase,
    simulatorConfig: simulatorFilters(environment.simulator?.config ?? {}),
    mutations,
    services,
  });
  return presentEvaluation(testCase, await judge(input, testCase, services));
}

/**
 * Built-in test cases' reference scripts, and their wrong variants, for the evaluator health check: each on a
 * fresh instance of this host in a Chromium of its own (not one of the pool's: no environment slot, no session,
 * nothing recorded). One at a time: a check is a whole browser's worth of work.
 */
export class ReferenceScripts {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly chromiumPath: string,
    private readonly host: SimulatorHost,
    private readonly definitions: ReadonlyMap<string, SimulatorDefinition>,
  ) {}

  /** What the script changed and answered; null when there is no such script here. */
  run(
    builtInKey: string,
    variant: SolutionVariant,
  ): Promise<{ mutations: Mutation[]; output: JsonValue | undefined } | null> {
    const across = builtInCrossAppTestCase(builtInKey);
    if (across) return this.#runAcrossApps(across, variant);
    const [simulatorName, key] = builtInKey.split('/') as [string, string];
    const simulator = this.definitions.get(simulatorName);
    const testCase = simulator?.testCases.find((candidate) => candidate.key === key);
    if (!simulator || !testCase) return Promise.resolve(null);
    const run = this.#queue.then(async () => {
      const browser = await launchChromium(this.chromiumPath);
      try {
        const result = await runTestCase({ browser, host: this.host, simulator, testCase, variant });
        return { mutations: result.mutations, output: result.output };
      } finally {
        await browser.close();
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** A test case across apps: an instance of each app, its mutations tagged with their app as an environment's are. */
  #runAcrossApps(
    testCase: CrossAppTestCaseDefinition,
    variant: SolutionVariant,
  ): Promise<{ mutations: Mutation[]; output: JsonValue | undefined } | null> {
    const definitions = [...this.definitions.values()];
    if (!testCase.simulators.every((name) => this.definitions.has(name))) return Promise.resolve(null);
    const run = this.#queue.then(async () => {
      const browser = await launchChromium(this.chromiumPath);
      try {
        const result = await runCrossAppTestCase({
          browser,
          host: this.host,
          definitions,
          testCase,
          variant,
        });
        const mutations = testCase.simulators.flatMap((name) =>
          (result.mutations[name] ?? []).map((mutation) => ({ ...mutation, simulator: name })),
        );
        return { mutations, output: result.output };
      } finally {
        await browser.close();
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
