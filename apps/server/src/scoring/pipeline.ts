import type { SessionStatus, TestCaseScoringType } from '@proctor/contracts';
import { type Database, scores, sessionLogs, sessions, type testCases } from '@proctor/db';
import {
  type JsonValue,
  type Mutation,
  type ScoreOutcome,
  type ScoringInput,
  type SimulatorConfig,
  scoreSession,
} from '@proctor/scoring';
import { eq } from 'drizzle-orm';
import { recordedSteps } from '../services/sessionRecording';

type TestCaseRow = typeof testCases.$inferSelect;

/**
 * The score types a test case is judged by, from what it states (001 §3): a state task by its expected
 * mutations (and, when it made none, the system's "Auto Failed: No Mutations"); an output task by its correct
 * answer and its output schema. Configured types beyond these (criteria, api, action sequences) arrive with the
 * test case editor's scoring config in a later slice.
 */
export function scoreTypesOf(testCase: TestCaseRow): { type: string; config?: unknown }[] {
  const configs: { type: string; config?: unknown }[] = [];
  if (testCase.scoringTypes.includes('mutations')) {
    const stored = testCase.defaultScoringConfig as { mutations?: unknown; ignore_columns?: unknown };
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
    if (testCase.correctOutputs.length > 0) configs.push({ type: 'offline_exact_output_match' });
    configs.push({ type: 'json_schema' });
  }
  return configs;
}

export interface EndedRun {
  sessionId: number;
  sessionPublicId: string;
  testCase: TestCaseRow | null;
  prompt: string;
  simulatorConfig: SimulatorConfig;
  /** The instance's mutation log of the run, read before the instance was reset or destroyed. */
  mutations: Mutation[];
}

async function setStatus(db: Database, sessionId: number, status: SessionStatus): Promise<void> {
  await db.update(sessions).set({ status }).where(eq(sessions.id, sessionId));
}

async function log(db: Database, sessionId: number, type: string, message: string): Promise<void> {
  await db
    .insert(sessionLogs)
    .values({ sessionId, source: 'scoring', logData: { type, message, source: 'scoring' } });
}

/**
 * What happens to a session that ended normally (000 §4.1): postprocessing, then every score type of its test
 * case, each verdict kept as a score record. A scorer that cannot judge (its config is wrong, a service is
 * down) is an infrastructure error: it is logged, the session ends `scoring_failed`, and nothing is recorded
 * against the agent. A session without a test case has nothing to be judged by and stays `run_completed`.
 */
export async function scoreEndedRun(db: Database, run: EndedRun): Promise<ScoreOutcome[]> {
  if (!run.testCase) return [];
  await setStatus(db, run.sessionId, 'postprocessing_started');
  let input: ScoringInput;
  try {
    const [steps, [row]] = await Promise.all([
      recordedSteps(db, run.sessionId),
      db.select({ output: sessions.output }).from(sessions).where(eq(sessions.id, run.sessionId)),
    ]);
    input = {
      sessionId: run.sessionPublicId,
      task: { prompt: run.prompt, testCasePublicId: run.testCase.publicId, name: run.testCase.name },
      testCase: {
        scoringTypes: run.testCase.scoringTypes as TestCaseScoringType[],
        correctOutputs: run.testCase.correctOutputs as unknown[],
        outputSchema: run.testCase.outputSchema as Record<string, unknown>,
      },
      simulatorConfig: run.simulatorConfig,
      mutations: run.mutations,
      output: row?.output == null ? undefined : (row.output as JsonValue),
      steps,
    };
  } catch (error) {
    await setStatus(db, run.sessionId, 'postprocessing_failed');
    await log(db, run.sessionId, 'postprocessing_failed', (error as Error).message);
    return [];
  }
  await setStatus(db, run.sessionId, 'postprocessing_completed');
  await setStatus(db, run.sessionId, 'scoring_started');
  const outcomes = await scoreSession(input, scoreTypesOf(run.testCase));
  const scored = outcomes.flatMap((outcome) => (outcome.status === 'scored' ? [outcome] : []));
  if (scored.length > 0)
    await db.insert(scores).values(
      scored.map((outcome) => ({
        sessionId: run.sessionId,
        type: outcome.type,
        config: (scoreTypesOf(run.testCase!).find((c) => c.type === outcome.type)?.config ?? {}) as never,
        result: outcome.result as never,
      })),
    );
  const errors = outcomes.flatMap((outcome) => (outcome.status === 'error' ? [outcome] : []));
  for (const failed of errors)
    await log(
      db,
      run.sessionId,
      'scoring_failed',
      `${failed.type}: ${failed.error.kind}: ${failed.error.message}`,
    );
  await setStatus(db, run.sessionId, errors.length > 0 ? 'scoring_failed' : 'scoring_completed');
  return outcomes;
}
