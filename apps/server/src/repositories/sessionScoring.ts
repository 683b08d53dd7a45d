/** Sessions as scoring reads and moves them: their status, their scoring logs, their stored classification. */
import type { HumanConsensus, SessionScoringBadge, SessionStatus, SimulatorConfig } from '@proctor/contracts';
import { type Executor, scores, sessions, simulators, testCases } from '@proctor/db';
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { parseSimulatorConfig } from './simulators';
import type { TestCaseRow } from './testCases';

/** What scoring reads of a session: its public id, the prompt it was run with and its answer. */
export async function findSessionForScoring(db: Executor, sessionId: number) {
  const [row] = await db
    .select({ publicId: sessions.publicId, prompt: sessions.prompt, output: sessions.output })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row;
}

/** A session with its test case and its simulator's config; undefined when it has no test case. */
export async function findSessionWithTestCase(
  db: Executor,
  sessionId: number,
): Promise<{ status: string; testCase: TestCaseRow; simulatorConfig: SimulatorConfig } | undefined> {
  const [row] = await db
    .select({ status: sessions.status, testCase: testCases, simulatorConfig: simulators.config })
    .from(sessions)
    .innerJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .leftJoin(simulators, eq(simulators.id, sessions.simulatorId))
    .where(eq(sessions.id, sessionId));
  return row && { ...row, simulatorConfig: parseSimulatorConfig(row.simulatorConfig ?? {}) };
}

/** Sets the session's status; with `from`, only while it is in one of those (false when it was not). */
export async function moveSessionStatus(
  db: Executor,
  sessionId: number,
  status: SessionStatus,
  from?: readonly SessionStatus[],
): Promise<boolean> {
  const updated = await db
    .update(sessions)
    .set({ status })
    .where(and(eq(sessions.id, sessionId), from ? inArray(sessions.status, [...from]) : undefined))
    .returning({ id: sessions.id });
  return updated.length > 0;
}

/**
 * Locks the sessions' rows until the transaction ends, in id order (so two transactions never wait on each
 * other), and returns their statuses.
 */
export function lockSessions(tx: Executor, sessionIds: readonly number[]) {
  return tx
    .select({ id: sessions.id, status: sessions.status })
    .from(sessions)
    .where(inArray(sessions.id, [...sessionIds]))
    .orderBy(asc(sessions.id))
    .for('update');
}

/** Where a session stands by its score records (001 §4.3), as lists read and filter it. */
export interface StoredClassification {
  sessionId: number;
  scoringBadge: SessionScoringBadge;
  badgeReason: string | null;
  humanConsensus: HumanConsensus | null;
  humanScoreCount: number;
  needsHumanScoring: boolean;
  humanDisagreement: boolean;
  passed: boolean;
  decidedBySuperScorer: boolean;
  autoMarkedIncorrect: boolean;
}

/** Stores the classifications on their sessions, in one statement. */
export async function storeClassifications(
  db: Executor,
  classifications: readonly StoredClassification[],
): Promise<void> {
  if (classifications.length === 0) return;
  const values = classifications.map(
    (c) =>
      sql`(${c.sessionId}::integer, ${c.scoringBadge}::text, ${c.badgeReason}::text, ${c.humanConsensus}::text, ${
        c.humanScoreCount
      }::integer, ${c.needsHumanScoring}::boolean, ${c.humanDisagreement}::boolean, ${c.passed}::boolean, ${
        c.decidedBySuperScorer
      }::boolean, ${c.autoMarkedIncorrect}::boolean)`,
  );
  // One statement for the lot: a backfill of many sessions is one round trip per batch, not per session.
  await db.execute(sql`
    update ${sessions} set
      scoring_badge = v.badge, badge_reason = v.reason, human_consensus = v.consensus,
      human_score_count = v.people, needs_human_scoring = v.needs, human_disagreement = v.disagreement,
      passed = v.passed, decided_by_super_scorer = v.decided, auto_marked_incorrect = v.auto_failed,
      classified_at = now()
    from (values ${sql.join(values, sql`, `)})
      as v(id, badge, reason, consensus, people, needs, disagreement, passed, decided, auto_failed)
    where ${sessions.id} = v.id`);
}

/** The first `limit` sessions (by id) that have score records but were never classified. */
export async function listUnclassifiedScoredSessions(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        isNull(sessions.classifiedAt),
        sql`exists (select 1 from ${scores} where ${scores.sessionId} = ${sessions.id})`,
      ),
    )
    .orderBy(asc(sessions.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Which sessions `sessionIdPages` goes through. */
export interface SessionPageFilter {
  statuses: readonly SessionStatus[];
  /** Those of this test case; `withTestCase`: those of any test case. */
  testCaseId?: number;
  withTestCase?: boolean;
  /** Those of this organization only. */
  organizationId?: number;
  notArchived?: boolean;
}

/**
 * The ids of the sessions that match, a page at a time in id order. Keyset pages: a session whose status
 * changes while the caller works through a page (it is scored, or it ends) never shifts the next one.
 */
export async function* sessionIdPages(
  db: Executor,
  filter: SessionPageFilter,
  pageSize: number,
): AsyncGenerator<number[]> {
  let after = 0;
  for (;;) {
    const page = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          inArray(sessions.status, [...filter.statuses]),
          filter.testCaseId === undefined ? undefined : eq(sessions.testCaseId, filter.testCaseId),
          filter.withTestCase ? isNotNull(sessions.testCaseId) : undefined,
          filter.organizationId === undefined
            ? undefined
            : eq(sessions.organizationId, filter.organizationId),
          filter.notArchived ? eq(sessions.archived, false) : undefined,
          gt(sessions.id, after),
        ),
      )
      .orderBy(asc(sessions.id))
      .limit(pageSize);
    if (page.length > 0) yield page.map((row) => row.id);
    if (page.length < pageSize) return;
    after = page.at(-1)!.id;
  }
}
