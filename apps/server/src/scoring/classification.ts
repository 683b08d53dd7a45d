import type { SessionStatus } from '@proctor/contracts';
import type { Database, Executor } from '@proctor/db';
import { classifySession } from '@proctor/scoring';
import { insertScores, listScoresOfSessions, type NewScore, type ScoreRow } from '../repositories/scores';
import {
  listUnclassifiedScoredSessions,
  lockSessions,
  moveSessionStatus,
  type StoredClassification,
  storeClassifications,
} from '../repositories/sessionScoring';

/**
 * Where each session stands (001 §4.3: its badge, whether it needs a person's score, whether people disagree
 * with the automatic verdict, whether it passed), decided in one place — @proctor/scoring's classifySession —
 * and stored on the session each time its score records change, so that every list reads and filters the same
 * answer without deriving it per row. Every score record is written through `recordScores`.
 */

/** The final status a scoring sets on its session with its records (see recordScores). */
interface ScoringSettlement {
  sessionId: number;
  status: SessionStatus;
  onlyFrom?: readonly SessionStatus[];
}

/** The classification of one session from its score records, oldest first. */
function classificationOf(sessionId: number, rows: readonly ScoreRow[]): StoredClassification {
  const c = classifySession(
    rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      user_id: row.userId,
      is_super_scorer: row.config.is_super_scorer === true,
      config: { type: row.type },
      result: row.result,
    })),
  );
  const human = c.humanResults;
  const anyHuman = human.total_count > 0 || human.auto_marked_incorrect;
  return {
    sessionId,
    scoringBadge: c.scoringBadge,
    badgeReason: c.badgeReason,
    humanConsensus: anyHuman ? human.consensus : null,
    humanScoreCount: human.total_count,
    needsHumanScoring: c.needsHumanScoring,
    humanDisagreement: c.humanDisagreement,
    passed: c.passed,
    decidedBySuperScorer: human.override_score !== null,
    autoMarkedIncorrect: human.auto_marked_incorrect,
  };
}

/** Reads the sessions' score records and stores their classification on them. */
export async function classifySessions(db: Executor, sessionIds: readonly number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const rows = await listScoresOfSessions(db, sessionIds);
  await storeClassifications(
    db,
    [...new Set(sessionIds)].map((sessionId) =>
      classificationOf(
        sessionId,
        rows.filter((row) => row.sessionId === sessionId),
      ),
    ),
  );
}

/**
 * Writes score records and classifies their sessions again, in one transaction. The sessions' rows are locked
 * first, so that two people scoring the same session at once are classified one after the other, each time
 * with both scores. `settle`: the scoring's final status of one session, set in the same transaction; with
 * `onlyFrom`, nothing is written (null) unless the session is in one of those statuses.
 */
export async function recordScores(
  db: Database,
  records: NewScore | readonly NewScore[],
): Promise<ScoreRow[]>;
export async function recordScores(
  db: Database,
  records: readonly NewScore[],
  settle: ScoringSettlement,
): Promise<ScoreRow[] | null>;
export async function recordScores(
  db: Database,
  records: NewScore | readonly NewScore[],
  settle?: ScoringSettlement,
): Promise<ScoreRow[] | null> {
  const values: NewScore[] = Array.isArray(records) ? [...records] : [records as NewScore];
  if (values.length === 0 && !settle) return [];
  const sessionIds = [
    ...new Set([...values.map((value) => value.sessionId), ...(settle ? [settle.sessionId] : [])]),
  ].sort((a, b) => a - b);
  return db.transaction(async (tx) => {
    const locked = await lockSessions(tx, sessionIds);
    if (settle) {
      const current = locked.find((row) => row.id === settle.sessionId)?.status;
      if (settle.onlyFrom && !settle.onlyFrom.includes(current as SessionStatus)) return null;
      await moveSessionStatus(tx, settle.sessionId, settle.status);
    }
    if (values.length === 0) return [];
    const inserted = await insertScores(tx, values);
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
    const batch = await listUnclassifiedScoredSessions(db, BATCH);
    if (batch.length === 0) return total;
    await db.transaction((tx) => classifySessions(tx, batch));
    total += batch.length;
  }
}
