import {
  type EvaluatorCheck,
  type EvaluatorHealth,
  formatSuccessRate,
  type MutationIgnoreRules,
  successRate,
  type TestCaseScoringType,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import {
  combinedVerdict,
  type JsonValue,
  type Mutation,
  type ScoreOutcome,
  type ScoringServices,
} from '@proctor/scoring';
import type { EnvironmentManager } from '../environments/manager';
import type { Viewer } from '../kernel/access/viewer';
import type { JobQueue } from '../kernel/queue/queue';
import { listHumanJudgedSessions } from '../repositories/sessions';
import { findSimulatorConfig } from '../repositories/simulators';
import { findTestCase, saveEvaluatorHealth, type TestCaseRow } from '../repositories/testCases';
import { simulatorFilters, simulatorsOfSession } from '../scoring/filters';
import { judge, storedScoringInput } from '../scoring/pipeline';
import { findEditableTestCase } from './testCases';

/**
 * Whether a test case's scoring, as configured now, can be trusted: its reference solution must pass and its
 * wrong variant fail, and people's clear verdicts must be judged alike (docs/architecture.md, "Evaluator health").
 */

/** Sessions the agreement check judges again at most: the newest with a clear human verdict. */
export const AGREEMENT_SAMPLE = 50;

type Verdict = { verdict: boolean | null; reason: string } | { error: string };

/** What a set of score outcomes says, read as the session's badge reads one scoring (`combinedVerdict`). */
function verdictOf(outcomes: readonly ScoreOutcome[]): Verdict {
  const error = outcomes.find((outcome) => outcome.status === 'error');
  if (error) return { error: `${error.type}: ${error.error.message}` };
  const scored = outcomes.flatMap((outcome) => (outcome.status === 'scored' ? [outcome.result] : []));
  const verdict = combinedVerdict(scored.map((result) => result.correct));
  const failing = scored.find((result) => result.correct === false);
  if (failing) return { verdict, reason: `${failing.type}: ${failing.reason}` };
  if (verdict === null) return { verdict, reason: 'No score type gave a verdict on its own' };
  return { verdict, reason: scored.map((result) => result.reason).join('; ') };
}

interface CheckContext {
  db: Database;
  environments: EnvironmentManager;
  services: ScoringServices;
}

async function judgeScript(
  ctx: CheckContext,
  testCase: TestCaseRow,
  filters: MutationIgnoreRules,
  variant: 'solve' | 'wrong',
): Promise<Verdict | null> {
  if (!testCase.builtInKey) return null;
  let run: { mutations: Mutation[]; output: JsonValue | undefined } | null;
  try {
    run = await ctx.environments.runBuiltInScript(testCase.builtInKey, variant);
  } catch (error) {
    return { error: `the script did not run to its end: ${(error as Error).message}` };
  }
  if (!run) return null;
  const input = {
    sessionId: `evaluator-check-${testCase.publicId}`,
    task: { prompt: testCase.prompt, testCasePublicId: testCase.publicId, name: testCase.name },
    testCase: {
      scoringTypes: testCase.scoringTypes as TestCaseScoringType[],
      correctOutputs: testCase.correctOutputs,
      outputSchema: testCase.outputSchema,
    },
    simulatorConfig: filters,
    simulators: await simulatorsOfSession(ctx.db, testCase, run.mutations),
    mutations: run.mutations,
    output: run.output,
    // Run unrecorded: types that read the steps have none to read.
    steps: [],
  };
  return verdictOf(await judge(input, testCase, ctx.services));
}

const NOT_BUILT_IN =
  'Not a built-in test case: it has no reference solution; its agreement with the people who scored its sessions is checked instead';

function referenceCheck(result: Verdict | null): EvaluatorCheck {
  const check = 'reference_passes';
  if (!result) return { check, status: 'not_checked', detail: NOT_BUILT_IN };
  if ('error' in result) return { check, status: 'not_checked', detail: `Could not judge: ${result.error}` };
  if (result.verdict === true) return { check, status: 'ok', detail: 'The reference solution passes' };
  return {
    check,
    status: 'broken',
    detail: `The reference solution does not pass: ${result.reason}`,
  };
}

function wrongVariantCheck(result: Verdict | null): EvaluatorCheck {
  const check = 'wrong_variant_fails';
  if (!result) return { check, status: 'not_checked', detail: NOT_BUILT_IN };
  if ('error' in result) return { check, status: 'not_checked', detail: `Could not judge: ${result.error}` };
  if (result.verdict === false)
    return { check, status: 'ok', detail: `The wrong variant fails (${result.reason})` };
  return {
    check,
    status: 'broken',
    detail:
      result.verdict === true
        ? 'The wrong variant passes: the evaluator cannot tell it from the right answer'
        : `The wrong variant gets no verdict: ${result.reason}`,
  };
}

async function agreementCheck(
  ctx: CheckContext,
  viewer: Viewer,
  testCase: TestCaseRow,
  filters: MutationIgnoreRules,
): Promise<EvaluatorCheck> {
  const check = 'human_agreement';
  const judgedByPeople = await listHumanJudgedSessions(ctx.db, viewer, testCase.id, AGREEMENT_SAMPLE);
  if (judgedByPeople.length === 0)
    return { check, status: 'not_checked', detail: 'No session has a clear human verdict yet', judged: 0 };
  const disagreeing: NonNullable<EvaluatorCheck['disagreeing']> = [];
  let judged = 0;
  for (const session of judgedByPeople) {
    const input = await storedScoringInput(ctx.db, {
      sessionId: session.id,
      testCase,
      simulatorConfig: filters,
      services: ctx.services,
    });
    const result = verdictOf(await judge(input, testCase, ctx.services));
    if ('error' in result || result.verdict === null) continue;
    judged += 1;
    const human = session.consensus;
    if (result.verdict !== (human === 'pass'))
      disagreeing.push({ sessionId: session.publicId, human, automatic: result.verdict ? 'pass' : 'fail' });
  }
  if (judged === 0)
    return {
      check,
      status: 'not_checked',
      detail: 'The current score types give no verdict on the sessions people judged',
      judged,
    };
  const agreement = formatSuccessRate(successRate(judged - disagreeing.length, judged));
  return {
    check,
    status: disagreeing.length === 0 ? 'ok' : 'broken',
    detail:
      disagreeing.length === 0
        ? `Agrees with people on all ${judged} sessions they judged`
        : `Disagrees with people on ${disagreeing.length} of ${judged} sessions (agreement ${agreement})`,
    judged,
    disagreeing,
  };
}

/**
 * The evaluator-health route: the test case must be one the caller may edit (403/404 here); the checks are the
 * check-evaluator job's (`checkEvaluator`, wherever the queue runs it); the answer is the test case with them.
 */
export async function requestEvaluatorCheck(
  db: Database,
  queue: JobQueue,
  viewer: Viewer,
  ref: string,
): Promise<{ testCase: TestCaseRow; health: EvaluatorHealth }> {
  const testCase = await findEditableTestCase(db, viewer, ref);
  const job = await queue.add('checkEvaluator', { viewer, testCaseId: testCase.id });
  const outcome = await job.finished;
  if (outcome.status === 'failed') throw new Error(`The evaluator check did not finish: ${outcome.reason}`);
  const checked = await findTestCase(db, testCase.id);
  return { testCase: checked!, health: outcome.result };
}

/** Runs the checks of a test case and keeps the result on it. */
export async function checkEvaluator(
  ctx: CheckContext,
  viewer: Viewer,
  testCaseId: number,
): Promise<EvaluatorHealth> {
  const testCase = await findTestCase(ctx.db, testCaseId);
  if (!testCase) throw new Error('The test case is gone');
  const config =
    testCase.simulatorId === null ? undefined : await findSimulatorConfig(ctx.db, testCase.simulatorId);
  const filters = simulatorFilters(config ?? {});
  const reference = await judgeScript(ctx, testCase, filters, 'solve');
  const wrong = await judgeScript(ctx, testCase, filters, 'wrong');
  const checks = [
    referenceCheck(reference),
    wrongVariantCheck(wrong),
    await agreementCheck(ctx, viewer, testCase, filters),
  ];
  const health: EvaluatorHealth = {
    status: checks.some((c) => c.status === 'broken')
      ? 'broken'
      : checks.some((c) => c.status === 'ok')
        ? 'healthy'
        : 'unknown',
    checked_at: new Date().toISOString(),
    checks,
  };
  await saveEvaluatorHealth(ctx.db, testCase.id, health);
  return health;
}
