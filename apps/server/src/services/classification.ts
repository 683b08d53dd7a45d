import type { SessionStatus } from '@proctor/contracts';
import type { Database, Executor } from '@proctor/db';
import { scores, sessions } from '@proctor/db';
import { classifySession } from '@proctor/scoring';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

/**
 * Where each session stands (001 §4.3: its badge, whether it needs a person's score, whether people disagree
 * with the automatic verdict, whether it passed), decided in one place — @proctor/scoring's classifySession —
 * and stored on the session each time its score records change, so that every list reads and filters the same
 * answer without deriving it per row. Every score record is written through `recordScores`.
 */

type ScoreInsert = typeof scores.$inferInsert;
type ScoreRow = typeof scores.$inferSelect;
/** The final status a scoring sets on its session with its records (see recordScores). */
interface ScoringSettlement {
  sessionId: number;
  status: SessionStatus;
  onlyFrom?: readonly SessionStatus[];
}

/** Reads the sessions' score records and stores their classification on them. */
export async function classifySessions(db: Executor, sessionIds: readonly number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const rows = await db
    .select()
    .from(scores)
    .where(inArray(scores.sessionId, [...sessionIds]))
    .orderBy(asc(scores.createdAt), asc(scores.id));
  const classified = [...new Set(sessionIds)].map((sessionId) => {
    const records = rows
      .filter((row) => row.sessionId === sessionId)
      .map((row) => ({
        id: row.id,
        createdAt: row.createdAt,
        user_id: row.userId,
        is_super_scorer: (row.config as { is_super_scorer?: unknown }).is_super_scorer === true,
        config: { type: row.type },
        result: row.result as { correct: boolean | null; reason?: string },
      }));
    const c = classifySession(records);
    const human = c.humanResults;
    const anyHuman = human.total_count > 0 || human.auto_marked_incorrect;
    return sql`(${sessionId}::integer, ${c.scoringBadge}::text, ${c.badgeReason}::text, ${
      anyHuman ? human.consensus : null
    }::text, ${human.total_count}::integer, ${c.needsHumanScoring}::boolean, ${c.humanDisagreement}::boolean, ${
      c.passed
    }::boolean, ${human.override_score !== null}::boolean, ${human.auto_marked_incorrect}::boolean)`;
  });
  // One statement for the lot: a backfill of many sessions is one round trip per batch, not per session.
  await db.execute(sql`
    update ${sessions} set
      scoring_badge = v.badge, badge_reason = v.reason, human_consensus = v.consensus,
      human_score_count = v.people, needs_human_scoring = v.needs, human_disagreement = v.disagreement,
      passed = v.passed, decided_by_super_scorer = v.decided, auto_marked_incorrect = v.auto_failed,
      classified_at = now()
    from (values ${sql.join(classified, sql`, `)})
      as v(id, badge, reason, consensus, people, needs, disagreement, passed, decided, auto_failed)
    where ${sessions.id} = v.id`);
}

/**
 * Writes score records and classifies their sessions again, in one transaction. The sessions' rows are locked
 * first, so that two people scoring the same session at once are classified one after the other, each time
 * with both scores. `settle`: the scoring's final status of one session, set in the same transaction; with
 * `onlyFrom`, nothing is written (null) unless the session is in one of those statuses.
 */
export async function recordScores(
  db: Database,
  records: ScoreInsert | readonly ScoreInsert[],
): Promise<ScoreRow[]>;
export async function recordScores(
  db: Database,
  records: readonly ScoreInsert[],
  settle: ScoringSettlement,
): Promise<ScoreRow[] | null>;
export async function recordScores(
  db: Database,
  records: ScoreInsert | readonly ScoreInsert[],
  settle?: ScoringSettlement,
): Promise<ScoreRow[] | null> {
  const values: ScoreInsert[] = Array.isArray(records) ? [...records] : [records as ScoreInsert];
  if (values.length === 0 && !settle) return [];
  const sessionIds = [
    ...new Set([...values.map((value) => value.sessionId), ...(settle ? [settle.sessionId] : [])]),
  ].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: sessions.id, status: sessions.status })
      .from(sessions)
      .where(inArray(sessions.id, sessionIds))
      .orderBy(asc(sessions.id))
      .for('update');
    if (settle) {
      const current = locked.find((row) => row.id === settle.sessionId)?.status;
      if (settle.onlyFrom && !settle.onlyFrom.includes(current as SessionStatus)) return null;
      await tx.update(sessions).set({ status: settle.status }).where(eq(sessions.id, settle.sessionId));
    }
    if (values.length === 0) return [];
    const inserted = await tx.insert(scores).values(values).returning();
    await classifySessions(tx, sessionIds);
    return inserted;
  });
}

/** Sessions classified per round by `classifyUnclassified`. */
const BATCH = 1000;

/**
 * Classifies the sessions that have score records but were never classified (those scored before the
 * classification was stored). Run once at start, in the background; returns how many it classified.
 */
export async function classifyUnclassified(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          isNull(sessions.classifiedAt),
          sql`exists (select 1 from ${scores} where ${scores.sessionId} = ${sessions.id})`,
        ),
      )
      .orderBy(asc(sessions.id))
      .limit(BATCH);
    if (batch.length === 0) return total;
    await db.transaction((tx) =>
      classifySessions(
        tx,
        batch.map((row) => row.id),
      ),
    );
    total += batch.length;
  }
}
