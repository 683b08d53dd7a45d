import type { SessionStatus, TestCaseScoringType } from '@proctor/contracts';
import { type Database, sessionLogs, sessions, type testCases } from '@proctor/db';
import {
  type JsonValue,
  type Mutation,
  type ScoreOutcome,
  type ScoringInput,
  type ScoringServices,
  type SimulatorConfig,
  scoreSession,
} from '@proctor/scoring';
import { eq } from 'drizzle-orm';
import { recordScores } from '../services/classification';
import { recordedMutations, recordedSteps } from '../services/sessionRecording';

export type TestCaseRow = typeof testCases.$inferSelect;

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

/**
 * The score types a test case is judged by, from what it states (001 §3): a state task by its expected
 * mutations (and, when it made none, the system's "Auto Failed: No Mutations"); an output task by its correct
 * answer and its output schema; and the type its scoring configuration names (`type`: an API scorer, a
 * criteria judge, an action sequence…), configured by the rest of that configuration.
 */
export function scoreTypesOf(testCase: TestCaseRow): { type: string; config?: unknown }[] {
  const configs: { type: string; config?: unknown }[] = [];
  const stored = testCase.defaultScoringConfig as {
    type?: unknown;
    mutations?: unknown;
    ignore_columns?: unknown;
  };
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
  const [[row], steps, mutations] = await Promise.all([
    db
      .select({ publicId: sessions.publicId, prompt: sessions.prompt, output: sessions.output })
      .from(sessions)
      .where(eq(sessions.id, target.sessionId)),
    recordedSteps(db, target.sessionId),
    target.mutations ?? recordedMutations(db, target.sessionId),
  ]);
  if (!row) throw new Error(`Session ${target.sessionId} does not exist`);
  const { testCase } = target;
  return {
    sessionId: row.publicId,
    task: { prompt: row.prompt ?? testCase.prompt, testCasePublicId: testCase.publicId, name: testCase.name },
    testCase: {
      scoringTypes: testCase.scoringTypes as TestCaseScoringType[],
      correctOutputs: testCase.correctOutputs as unknown[],
      outputSchema: testCase.outputSchema as Record<string, unknown>,
    },
    simulatorConfig: target.simulatorConfig,
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

async function setStatus(db: Database, sessionId: number, status: SessionStatus): Promise<void> {
  await db.update(sessions).set({ status }).where(eq(sessions.id, sessionId));
}

async function log(db: Database, sessionId: number, type: string, message: string): Promise<void> {
  await db
    .insert(sessionLogs)
    .values({ sessionId, source: 'scoring', logData: { type, message, source: 'scoring' } });
}

/** How scoring a stored session went: the score types' outcomes, or why its input could not be read. */
export type StoredSessionScoring =
  | { status: 'scored'; outcomes: ScoreOutcome[] }
  | { status: 'postprocessing_failed'; error: string };

/**
 * Judges a session by its test case from what is stored for it, and keeps each verdict as a new score record.
 * The records of one scoring are written in one statement, so they share a created_at: the sessions list's
 * badge reads the latest such set, and older ones stay as history (human scores are never touched). A scorer
 * that cannot judge (its config is wrong, a service is down) is an infrastructure error: it is logged, the
 * session ends `scoring_failed`, and nothing is recorded against the agent.
 *
 * `showStages`: the end of a run walks the session through postprocessing and scoring (000 §4.1). Rescoring
 * sets only the final status, so that a rescore cut short leaves no session looking in progress (which would
 * hide it from annotators and from the next rescore).
 */
export async function scoreStoredSession(
  db: Database,
  target: SessionToScore,
  options: { showStages?: boolean } = {},
): Promise<StoredSessionScoring> {
  const stage = (status: SessionStatus) =>
    options.showStages ? setStatus(db, target.sessionId, status) : Promise.resolve();
  await stage('postprocessing_started');
  let input: ScoringInput;
  try {
    input = await storedScoringInput(db, target);
  } catch (error) {
    const message = (error as Error).message;
    await setStatus(db, target.sessionId, 'postprocessing_failed');
    await log(db, target.sessionId, 'postprocessing_failed', message);
    return { status: 'postprocessing_failed', error: message };
  }
  await stage('postprocessing_completed');
  await stage('scoring_started');
  const configs = scoreTypesOf(target.testCase);
  const outcomes = await scoreSession(input, configs, target.services);
  const scored = outcomes.flatMap((outcome) => (outcome.status === 'scored' ? [outcome] : []));
  await recordScores(
    db,
    scored.map((outcome) => ({
      sessionId: target.sessionId,
      type: outcome.type,
      config: (configs.find((c) => c.type === outcome.type)?.config ?? {}) as never,
      result: outcome.result as never,
    })),
  );
  const errors = outcomes.flatMap((outcome) => (outcome.status === 'error' ? [outcome] : []));
  for (const failed of errors)
    await log(
      db,
      target.sessionId,
      'scoring_failed',
      `${failed.type}: ${failed.error.kind}: ${failed.error.message}`,
    );
  await setStatus(db, target.sessionId, errors.length > 0 ? 'scoring_failed' : 'scoring_completed');
  return { status: 'scored', outcomes };
}

export interface EndedRun {
  sessionId: number;
  sessionPublicId: string;
  testCase: TestCaseRow | null;
  simulatorConfig: SimulatorConfig;
  /** The instance's mutation log of the run, read before the instance was reset or destroyed. */
  mutations: Mutation[];
  services: ScoringServices;
}

/**
 * What happens to a session that ended normally (000 §4.1): postprocessing, then every score type of its test
 * case (see `scoreStoredSession`). A session without a test case has nothing to be judged by and stays
 * `run_completed`.
 */
export async function scoreEndedRun(db: Database, run: EndedRun): Promise<ScoreOutcome[]> {
  if (!run.testCase) return [];
  const scoring = await scoreStoredSession(
    db,
    {
      sessionId: run.sessionId,
      testCase: run.testCase,
      simulatorConfig: run.simulatorConfig,
      mutations: run.mutations,
      services: run.services,
    },
    { showStages: true },
  );
  return scoring.status === 'scored' ? scoring.outcomes : [];
}
