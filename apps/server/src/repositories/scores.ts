/** Scores of sessions, automatic and human. */
import { type Executor, scores, sessions, users } from '@proctor/db';
import { and, asc, avg, count, desc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';

export type ScoreRow = typeof scores.$inferSelect;
export type NewScore = typeof scores.$inferInsert;

/** A score record with what presenting it needs: its session's public id and who gave it. */
export interface ScoreWithScorer {
  score: ScoreRow;
  sessionPublicId: string;
  user: { id: number; name: string; imageUrl: string | null } | null;
}

function selectScoresWithScorer(db: Executor) {
  return db
    .select({
      score: scores,
      sessionPublicId: sessions.publicId,
      user: { id: users.id, name: users.name, imageUrl: users.imageUrl },
    })
    .from(scores)
    .innerJoin(sessions, eq(sessions.id, scores.sessionId))
    .leftJoin(users, eq(users.id, scores.userId));
}

/**
 * A session's score records, oldest first. With `onlyHumanScoresOf`, people's scores are those of that user
 * alone (automatic ones are all listed).
 */
export function listSessionScores(
  db: Executor,
  sessionId: number,
  { onlyHumanScoresOf }: { onlyHumanScoresOf?: number } = {},
): Promise<ScoreWithScorer[]> {
  return selectScoresWithScorer(db)
    .where(
      and(
        eq(scores.sessionId, sessionId),
        onlyHumanScoresOf === undefined
          ? undefined
          : or(ne(scores.type, 'human_in_the_loop'), eq(scores.userId, onlyHumanScoresOf)),
      ),
    )
    .orderBy(asc(scores.createdAt), asc(scores.id));
}

/** A person's human scores, newest first; with `organizationId`, only those on that organization's sessions. */
export function listUserHumanScores(
  db: Executor,
  userId: number,
  { organizationId, limit }: { organizationId?: number; limit: number },
): Promise<ScoreWithScorer[]> {
  return selectScoresWithScorer(db)
    .where(
      and(
        eq(scores.userId, userId),
        eq(scores.type, 'human_in_the_loop'),
        organizationId === undefined ? undefined : eq(sessions.organizationId, organizationId),
      ),
    )
    .orderBy(desc(scores.createdAt), desc(scores.id))
    .limit(limit);
}

/** Every score record of these sessions, oldest first. */
export function listScoresOfSessions(db: Executor, sessionIds: readonly number[]): Promise<ScoreRow[]> {
  return db
    .select()
    .from(scores)
    .where(inArray(scores.sessionId, [...sessionIds]))
    .orderBy(asc(scores.createdAt), asc(scores.id));
}

export function insertScores(db: Executor, values: readonly NewScore[]): Promise<ScoreRow[]> {
  return db
    .insert(scores)
    .values([...values])
    .returning();
}

/**
 * Per user: their human scores since `since`: sessions scored, average scoring time in seconds (the score's
 * `session_time`), how many said correct, and how many in all.
 */
export async function humanScoringActivityOfUsers(db: Executor, userIds: number[], since: Date) {
  return db
    .select({
      userId: scores.userId,
      scored: sql<number>`count(distinct ${scores.sessionId})`.mapWith(Number),
      avgSeconds: avg(sql`(${scores.result}->>'session_time')::double precision`),
      correct: sql<number>`count(*) filter (where (${scores.result}->>'correct')::boolean)`.mapWith(Number),
      total: count(),
    })
    .from(scores)
    .where(
      and(
        inArray(scores.userId, userIds),
        eq(scores.type, 'human_in_the_loop'),
        gte(scores.createdAt, since),
      ),
    )
    .groupBy(scores.userId);
}
