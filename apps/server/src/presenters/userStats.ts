import { ANNOTATOR_STATS_WINDOW_DAYS } from '@proctor/contracts';
import { type Database, scores, sessions } from '@proctor/db';
import { and, avg, count, eq, gte, inArray, sql } from 'drizzle-orm';

export interface UserStats {
  total_sessions: number;
  scored_sessions: number;
  avg_session_time: number | null;
  avg_score_time: number | null;
  success_rate: number | null;
}

const emptyStats = (): UserStats => ({
  total_sessions: 0,
  scored_sessions: 0,
  avg_session_time: null,
  avg_score_time: null,
  success_rate: null,
});

const round1 = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

/**
 * Activity of users over the annotator statistics window (000 §2.10): sessions they ran, sessions they
 * scored by hand, average session and scoring time in minutes, and the share of their human scores
 * that said "correct".
 */
export async function statsForUsers(db: Database, userIds: number[]): Promise<Map<number, UserStats>> {
  const result = new Map(userIds.map((id) => [id, emptyStats()]));
  if (userIds.length === 0) return result;
  const since = new Date(Date.now() - ANNOTATOR_STATS_WINDOW_DAYS * 24 * 3600 * 1000);

  const sessionRows = await db
    .select({ userId: sessions.userId, total: count(), avgHours: avg(sessions.sessionDuration) })
    .from(sessions)
    .where(and(inArray(sessions.userId, userIds), gte(sessions.createdAt, since)))
    .groupBy(sessions.userId);
  for (const row of sessionRows) {
    const stats = result.get(row.userId as number);
    if (!stats) continue;
    stats.total_sessions = row.total;
    stats.avg_session_time = row.avgHours === null ? null : round1(Number(row.avgHours) * 60);
  }

  const scoreRows = await db
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
  for (const row of scoreRows) {
    const stats = result.get(row.userId as number);
    if (!stats) continue;
    stats.scored_sessions = row.scored;
    stats.avg_score_time = row.avgSeconds === null ? null : round1(Number(row.avgSeconds) / 60);
    stats.success_rate = row.total > 0 ? Math.round((row.correct / row.total) * 100) : null;
  }
  return result;
}
