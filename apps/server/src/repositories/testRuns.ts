/** Test runs (002 §2.3 Test Run Dumps): one row per run, its environments' results appended as they finish. */
import type { TestRunStatus, TestRunVerdict } from '@proctor/contracts';
import { type Executor, testRuns } from '@proctor/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

export type TestRunRow = typeof testRuns.$inferSelect;

/** The test cases a run takes from one simulator. */
export interface TestRunPlanEntry {
  simulator: string;
  tests: { key: string; name: string }[];
}

/** One environment as its job stored it; screenshots and logs are blobs under the run's parts prefix. */
export interface StoredEnvironmentResult {
  simulator: string;
  environment: number;
  startMs: number | null;
  error: string | null;
  /** Blob key of the environment's log; null when it could not be kept. */
  log: string | null;
  tests: {
    key: string;
    name: string;
    resetMs: number | null;
    testMs: number | null;
    verdict: TestRunVerdict;
    error: string | null;
    /** File names and blob keys of its screenshots, in the order taken. */
    screenshots: { name: string; blob: string }[];
    log: string | null;
  }[];
}

export async function insertTestRun(db: Executor, values: typeof testRuns.$inferInsert): Promise<TestRunRow> {
  const [row] = await db.insert(testRuns).values(values).returning();
  return row!;
}

export async function findTestRun(db: Executor, publicId: string): Promise<TestRunRow | undefined> {
  const [row] = await db.select().from(testRuns).where(eq(testRuns.publicId, publicId));
  return row;
}

export async function findTestRunById(db: Executor, id: number): Promise<TestRunRow | undefined> {
  const [row] = await db.select().from(testRuns).where(eq(testRuns.id, id));
  return row;
}

/** Every run, newest first (the dumps table), at most `limit`. */
export async function listTestRuns(db: Executor, limit: number): Promise<TestRunRow[]> {
  return db.select().from(testRuns).orderBy(desc(testRuns.createdAt), desc(testRuns.id)).limit(limit);
}

/** The first environment job to start moves the run from queued to running. */
export async function markTestRunStarted(db: Executor, id: number): Promise<void> {
  await db
    .update(testRuns)
    .set({ status: 'running', startedAt: sql`coalesce(${testRuns.startedAt}, now())` })
    .where(and(eq(testRuns.id, id), eq(testRuns.status, 'queued')));
}

/**
 * Appends one environment's results and counts it done, in one statement (environment jobs of a run finish
 * concurrently); answers the counts after it, so that the job that finished last adds the archive job. An
 * environment already stored (a job delivered twice) is not stored again: null then.
 */
export async function appendEnvironmentResult(
  db: Executor,
  id: number,
  result: StoredEnvironmentResult,
): Promise<{ done: number; total: number } | null> {
  const marker = JSON.stringify([{ simulator: result.simulator, environment: result.environment }]);
  const [row] = await db
    .update(testRuns)
    .set({
      results: sql`${testRuns.results} || ${JSON.stringify([result])}::jsonb`,
      doneEnvironments: sql`${testRuns.doneEnvironments} + 1`,
    })
    .where(and(eq(testRuns.id, id), sql`not (${testRuns.results} @> ${marker}::jsonb)`))
    .returning({ done: testRuns.doneEnvironments, total: testRuns.totalEnvironments });
  return row ?? null;
}

/** The run ends: its dump written (completed, with its key and size) or not (failed, with why). */
export async function finishTestRun(
  db: Executor,
  id: number,
  outcome: {
    status: Extract<TestRunStatus, 'completed' | 'failed'>;
    error: string | null;
    archiveKey?: string;
    archiveSize?: number;
    endedAt: Date;
  },
): Promise<void> {
  await db
    .update(testRuns)
    .set({
      status: outcome.status,
      error: outcome.error,
      archiveKey: outcome.archiveKey ?? null,
      archiveSize: outcome.archiveSize ?? null,
      endedAt: outcome.endedAt,
    })
    .where(eq(testRuns.id, id));
}

/** Runs not finished (a restart adds their missing jobs again). */
export async function listUnfinishedTestRuns(db: Executor): Promise<TestRunRow[]> {
  return db
    .select()
    .from(testRuns)
    .where(inArray(testRuns.status, ['queued', 'running']));
}
