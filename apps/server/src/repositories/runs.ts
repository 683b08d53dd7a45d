/** Run groups (benchmark runs), their batches and queued runs. */
import type { SessionStatus } from '@proctor/contracts';
import {
  agentArtifacts,
  type Executor,
  organizations,
  runSessionBatches,
  sessions,
  simulators,
  testCases,
} from '@proctor/db';
import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { agentOf } from './agents';
import { countWhere, infrastructureFailure, scored } from './sessions';

export type RunGroupRow = typeof runSessionBatches.$inferSelect;

/** A run waiting for its job, and one whose job is under way (the scheduler and the run job go by these). */
export const QUEUED: SessionStatus[] = ['run_queued'];
export const RUNNING: SessionStatus[] = ['run_started', 'run_setup_completed'];

export async function insertRunGroup(
  db: Executor,
  values: typeof runSessionBatches.$inferInsert,
): Promise<RunGroupRow> {
  const [group] = await db.insert(runSessionBatches).values(values).returning();
  return group!;
}

/** The queued runs' sessions, in the order given. */
export async function insertQueuedRuns(db: Executor, rows: (typeof sessions.$inferInsert)[]) {
  const made: { id: number; publicId: string }[] = [];
  // Bounded statements: a benchmark of thousands of runs is a few inserts, not one huge one.
  for (let start = 0; start < rows.length; start += 500)
    made.push(
      ...(await db
        .insert(sessions)
        .values(rows.slice(start, start + 500))
        .returning({ id: sessions.id, publicId: sessions.publicId })),
    );
  return made;
}

/** A run group by public id, of that organization (null: of any). */
export async function findRunGroup(
  db: Executor,
  publicId: string,
  organizationId: number | null,
): Promise<RunGroupRow | undefined> {
  const [group] = await db
    .select()
    .from(runSessionBatches)
    .where(
      and(
        eq(runSessionBatches.publicId, publicId),
        organizationId === null ? undefined : eq(runSessionBatches.organizationId, organizationId),
      ),
    );
  return group;
}

/** How far a group's runs have got: queued, running, failed by Proctor, scored and passed. */
export async function runGroupProgress(db: Executor, groupId: number) {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      queued: countWhere(inArray(sessions.status, QUEUED)),
      running: countWhere(inArray(sessions.status, RUNNING)),
      failed: countWhere(infrastructureFailure),
      scored: countWhere(scored),
      passed: countWhere(and(scored, eq(sessions.passed, true))),
    })
    .from(sessions)
    .where(eq(sessions.runSessionBatchId, groupId));
  return {
    total: Number(counts?.total ?? 0),
    queued: Number(counts?.queued ?? 0),
    running: Number(counts?.running ?? 0),
    failed: Number(counts?.failed ?? 0),
    scored: Number(counts?.scored ?? 0),
    passed: Number(counts?.passed ?? 0),
  };
}
export type RunGroupProgress = Awaited<ReturnType<typeof runGroupProgress>>;

export async function listUnfinishedRunGroups(db: Executor) {
  return db
    .select({ id: runSessionBatches.id, concurrency: runSessionBatches.concurrency })
    .from(runSessionBatches)
    .where(isNull(runSessionBatches.finishedAt));
}

/**
 * Takes or renews a scheduler's lease on an unfinished group for `leaseMs`: true when it now holds it (it was
 * free, its own, or another's lease had run out).
 */
export async function claimRunGroup(
  db: Executor,
  groupId: number,
  schedulerId: string,
  leaseMs: number,
): Promise<boolean> {
  const until = sql`now() + (${leaseMs} * interval '1 millisecond')`;
  const [claimed] = await db
    .update(runSessionBatches)
    .set({ schedulerId, schedulerLeaseUntil: until })
    .where(
      and(
        eq(runSessionBatches.id, groupId),
        isNull(runSessionBatches.finishedAt),
        or(
          isNull(runSessionBatches.schedulerId),
          eq(runSessionBatches.schedulerId, schedulerId),
          lt(runSessionBatches.schedulerLeaseUntil, sql`now()`),
        ),
      ),
    )
    .returning({ id: runSessionBatches.id });
  return claimed !== undefined;
}

/** Whether the group has finished (or is gone). */
export async function isRunGroupFinished(db: Executor, groupId: number): Promise<boolean> {
  const [group] = await db
    .select({ finishedAt: runSessionBatches.finishedAt })
    .from(runSessionBatches)
    .where(eq(runSessionBatches.id, groupId));
  return !group || group.finishedAt !== null;
}

/** Lets go of the scheduler's leases on these groups. */
export async function releaseRunGroups(db: Executor, groupIds: number[], schedulerId: string): Promise<void> {
  await db
    .update(runSessionBatches)
    .set({ schedulerId: null, schedulerLeaseUntil: null })
    .where(and(inArray(runSessionBatches.id, groupIds), eq(runSessionBatches.schedulerId, schedulerId)));
}

/** The group's organization and its plan (undefined when the group is gone). */
export async function runGroupOwner(db: Executor, groupId: number) {
  const [owner] = await db
    .select({ organizationId: runSessionBatches.organizationId, plan: organizations.plan })
    .from(runSessionBatches)
    .leftJoin(organizations, eq(organizations.id, runSessionBatches.organizationId))
    .where(eq(runSessionBatches.id, groupId));
  return owner;
}

export async function countRunningRuns(db: Executor, groupId: number): Promise<number> {
  const [{ running } = { running: 0 }] = await db
    .select({ running: count() })
    .from(sessions)
    .where(and(eq(sessions.runSessionBatchId, groupId), inArray(sessions.status, RUNNING)));
  return running;
}

/** The ids of the group's next queued runs after `afterId`, in id order. */
export async function nextQueuedRuns(
  db: Executor,
  groupId: number,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.runSessionBatchId, groupId),
        inArray(sessions.status, QUEUED),
        gt(sessions.id, afterId),
      ),
    )
    .orderBy(asc(sessions.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Marks the group finished and lets go of its lease. */
export async function finishRunGroup(db: Executor, groupId: number): Promise<void> {
  await db
    .update(runSessionBatches)
    .set({ finishedAt: sql`now()`, schedulerId: null, schedulerLeaseUntil: null })
    .where(and(eq(runSessionBatches.id, groupId), isNull(runSessionBatches.finishedAt)));
}

/** A run's session with its test case, simulator, agent and its organization's plan (undefined if one is gone). */
export async function findRun(db: Executor, sessionId: number) {
  const [row] = await db
    .select({
      session: sessions,
      testCase: testCases,
      simulator: simulators,
      agent: agentArtifacts,
      plan: organizations.plan,
    })
    .from(sessions)
    .innerJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .innerJoin(simulators, eq(simulators.id, sessions.simulatorId))
    .innerJoin(agentArtifacts, eq(agentArtifacts.id, sessions.agentArtifactId))
    .leftJoin(organizations, eq(organizations.id, sessions.organizationId))
    .where(eq(sessions.id, sessionId));
  return row && { ...row, agent: agentOf(row.agent) };
}

/** Moves a run from one of `from` to run_started, in one statement: false when it was in none of them. */
export async function claimRun(db: Executor, sessionId: number, from: SessionStatus[]): Promise<boolean> {
  const claimed = await db
    .update(sessions)
    .set({ status: 'run_started' satisfies SessionStatus })
    .where(and(eq(sessions.id, sessionId), inArray(sessions.status, from)))
    .returning({ id: sessions.id });
  return claimed.length > 0;
}

/** Fails a run that has not ended, with the reason: false when it had ended. */
export async function failRun(db: Executor, sessionId: number, reason: string): Promise<boolean> {
  const failed = await db
    .update(sessions)
    .set({ status: 'run_failed' satisfies SessionStatus, failureReason: reason, endedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), inArray(sessions.status, [...QUEUED, ...RUNNING])))
    .returning({ id: sessions.id });
  return failed.length > 0;
}

/** What the session a replay re-enacts answered (undefined when the session is gone). */
export async function findReplayedAnswer(db: Executor, sessionId: number) {
  const [original] = await db
    .select({ output: sessions.output })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return original;
}
