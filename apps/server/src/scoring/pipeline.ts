import type { SessionStatus, StoredScoreConfig, TestCaseScoringType } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import {
  type JsonValue,
  type Mutation,
  type ScoreOutcome,
  type ScoringInput,
  type ScoringServices,
  type SimulatorConfig,
  scoreSession,
} from '@proctor/scoring';
import { recordedMutations, recordedSteps } from '../repositories/recordings';
import {
  findSessionForScoring,
  findSessionWithTestCase,
  moveSessionStatus,
} from '../repositories/sessionScoring';
import { findSessionById, logToSession } from '../repositories/sessions';
import type { TestCaseRow } from '../repositories/testCases';
import { recordScores } from './classification';
import { simulatorFilters, simulatorsOfSession } from './filters';
import { decomposeSession } from './subtasks';

/**
 * Score types a test case's scoring configuration may name (001 §3 "Scoring configuration types"), run on top
 * of what its scoring types imply. human_in_the_loop is not among them: people give it, nothing computes it.
 */
export const CONFIGURABLE_SCORE_TYPES: readonly string[] = [
  'api',
  'criteria',
  'offline_exact_action_match',
  'offline_exact_output_match',
  'offline_exact_state_match',
  'offline_step',
  'page_action_sequence',
];

/** A score type to run, with the config it runs with (kept on the score record it writes). */
export interface ScoreTypeConfig {
  type: string;
  config?: StoredScoreConfig;
}

/**
 * The score types a test case is judged by, from what it states (001 §3): a state task by its expected
 * mutations (and, when it made none, the system's "Auto Failed: No Mutations"); an output task by its correct
 * answer and its output schema; and the type its scoring configuration names (`type`: an API scorer, a
 * criteria judge, an action sequence…), configured by the rest of that configuration.
 */
export function scoreTypesOf(testCase: TestCaseRow): ScoreTypeConfig[] {
  const configs: ScoreTypeConfig[] = [];
  const stored = testCase.defaultScoringConfig;
  if (testCase.scoringTypes.includes('mutations')) {
    configs.push({
      type: 'state_mutation_match',
      config: {
        mutations: stored.mutations ?? [],
        ...(stored.ignore_columns ? { ignore_columns: stored.ignore_columns } : {}),
      },
    });
    configs.push({ type: 'system_scoring' });
  }
  if (testCase.scoringTypes.includes('output')) {
    if (testCase.correctOutputs.length > 0 && stored.type !== 'offline_exact_output_match')
      configs.push({ type: 'offline_exact_output_match' });
    configs.push({ type: 'json_schema' });
  }
  if (typeof stored.type === 'string' && CONFIGURABLE_SCORE_TYPES.includes(stored.type))
    configs.push({ type: stored.type, config: stored });
  return configs;
}

/** A session to judge by its test case. */
export interface SessionToScore {
  sessionId: number;
  testCase: TestCaseRow;
  /** The simulator's mutation filters, from its stored config (`simulatorFilters`). */
  simulatorConfig: SimulatorConfig;
  /**
   * The instance's mutation log, when the caller still holds the instance (the end of a run, evaluate): it is
   * complete even when a write of the recording failed. Without it, the log the recording stored is read.
   */
  mutations?: readonly Mutation[];
  /** What the types that reach outside use (API scorers, the criteria judge): `scoringServices`. */
  services: ScoringServices;
}

/**
 * What a session is judged on, from what is stored for it: its recorded steps, its answer, the prompt it was
 * run with (its test case's when it was given none) and its mutation log (unless the caller holds it).
 */
export async function storedScoringInput(db: Database, target: SessionToScore): Promise<ScoringInput> {
  const [row, steps, mutations] = await Promise.all([
    findSessionForScoring(db, target.sessionId),
    recordedSteps(db, target.sessionId),
    target.mutations ?? recordedMutations(db, target.sessionId),
  ]);
  if (!row) throw new Error(`Session ${target.sessionId} does not exist`);
  const { testCase } = target;
  const simulators = await simulatorsOfSession(db, testCase, mutations);
  return {
    sessionId: row.publicId,
    task: { prompt: row.prompt ?? testCase.prompt, testCasePublicId: testCase.publicId, name: testCase.name },
    testCase: {
      scoringTypes: testCase.scoringTypes as TestCaseScoringType[],
      correctOutputs: testCase.correctOutputs,
      outputSchema: testCase.outputSchema,
    },
    simulatorConfig: target.simulatorConfig,
    ...(simulators ? { simulators } : {}),
    mutations,
    output: row.output == null ? undefined : (row.output as JsonValue),
    steps,
  };
}

/** Every score type of the test case on one session; nothing is written. */
export function judge(
  input: ScoringInput,
  testCase: TestCaseRow,
  services: ScoringServices,
): Promise<ScoreOutcome[]> {
  return scoreSession(input, scoreTypesOf(testCase), services);
}

/**
 * Statuses of a session that ended normally and waits for its scoring to finish (000 §4.1). One left in them by
 * a process that died is scored again at start (jobs/scoreSession.ts).
 */
export const AWAITING_SCORING_STATUSES = [
  'run_completed',
  'postprocessing_started',
  'postprocessing_completed',
  'scoring_started',
] as const satisfies readonly SessionStatus[];

/** How scoring a stored session went: the score types' outcomes, or why its input could not be read. */
export type StoredSessionScoring =
  | { status: 'scored'; outcomes: ScoreOutcome[] }
  | { status: 'postprocessing_failed'; error: string }
  /** Another scoring of the session finished first (`onlyFrom`): this one wrote nothing. */
  | { status: 'superseded' };

/**
 * Judges a session by its test case from what is stored for it; one scoring's records are written together.
 * `showStages` walks a run's end through postprocessing; `onlyFrom` writes only while the session still waits
 * (a job run twice leaves one set of scores). See docs/architecture.md, "Scoring".
 */
export async function scoreStoredSession(
  db: Database,
  target: SessionToScore,
  options: {
    showStages?: boolean;
    onlyFrom?: readonly SessionStatus[];
    /** Split the session into subtasks in post-processing (a session's end; rescoring keeps the ones it has). */
    decompose?: boolean;
  } = {},
): Promise<StoredSessionScoring> {
  const { onlyFrom } = options;
  const stage = (status: SessionStatus) =>
    options.showStages ? moveSessionStatus(db, target.sessionId, status, onlyFrom) : Promise.resolve(true);
  if (!(await stage('postprocessing_started'))) return { status: 'superseded' };
  let input: ScoringInput;
  try {
    input = await storedScoringInput(db, target);
    if (options.decompose)
      await decomposeSession(
        db,
        target.sessionId,
        { steps: input.steps, task: input.task.prompt },
        target.services,
      );
  } catch (error) {
    const message = (error as Error).message;
    if (!(await moveSessionStatus(db, target.sessionId, 'postprocessing_failed', onlyFrom)))
      return { status: 'superseded' };
    await logToSession(db, target.sessionId, { type: 'postprocessing_failed', message }, 'scoring');
    return { status: 'postprocessing_failed', error: message };
  }
  await stage('postprocessing_completed');
  await stage('scoring_started');
  const configs = scoreTypesOf(target.testCase);
  const outcomes = await scoreSession(input, configs, target.services);
  const scored = outcomes.flatMap((outcome) => (outcome.status === 'scored' ? [outcome] : []));
  const errors = outcomes.flatMap((outcome) => (outcome.status === 'error' ? [outcome] : []));
  const written = await recordScores(
    db,
    scored.map((outcome) => ({
      sessionId: target.sessionId,
      type: outcome.type,
      config: configs.find((c) => c.type === outcome.type)?.config ?? {},
      result: outcome.result,
    })),
    {
      sessionId: target.sessionId,
      status: errors.length > 0 ? 'scoring_failed' : 'scoring_completed',
      ...(onlyFrom ? { onlyFrom } : {}),
    },
  );
  if (!written) return { status: 'superseded' };
  for (const failed of errors)
    await logToSession(
      db,
      target.sessionId,
      {
        type: 'scoring_failed',
        message: `${failed.type}: ${failed.error.kind}: ${failed.error.message}`,
      },
      'scoring',
    );
  return { status: 'scored', outcomes };
}

/**
 * What happens to a session that ended normally (000 §4.1), as the score-session job does it: postprocessing
 * (its subtasks: scoring/subtasks.ts), then every score type of its test case on what its recording stored (see
 * `scoreStoredSession`). A session without a test case has nothing to be judged by: it is split into subtasks
 * only, once, and stays `run_completed`; one no longer awaiting its scoring (scored already, a job delivered
 * twice) is left as it is.
 */
export async function scoreEndedSession(
  db: Database,
  sessionId: number,
  services: ScoringServices,
): Promise<StoredSessionScoring | null> {
  const row = await findSessionWithTestCase(db, sessionId);
  if (!row) {
    const session = await findSessionById(db, sessionId);
    if (session?.status !== 'run_completed' || session.testCaseId !== null || session.postprocessing !== null)
      return null;
    // Its status is not scoring's to change: a failure is logged, and the job ends (no scoring_failed).
    try {
      await decomposeSession(
        db,
        sessionId,
        { steps: await recordedSteps(db, sessionId), task: session.prompt },
        services,
      );
    } catch (error) {
      await logToSession(
        db,
        sessionId,
        { type: 'postprocessing_failed', message: (error as Error).message },
        'scoring',
      );
    }
    return null;
  }
  if (!(AWAITING_SCORING_STATUSES as readonly string[]).includes(row.status)) return null;
  return scoreStoredSession(
    db,
    {
      sessionId,
      testCase: row.testCase,
      simulatorConfig: simulatorFilters(row.simulatorConfig),
      services,
    },
    { showStages: true, onlyFrom: AWAITING_SCORING_STATUSES, decompose: true },
  );
}
