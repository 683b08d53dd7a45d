import { ANNOTATOR_STATS_WINDOW_DAYS } from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import { humanScoringActivityOfUsers } from '../repositories/scores';
import { sessionActivityOfUsers } from '../repositories/sessions';

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
export async function statsForUsers(db: Executor, userIds: number[]): Promise<Map<number, UserStats>> {
  const result = new Map(userIds.map((id) => [id, emptyStats()]));
  if (userIds.length === 0) return result;
  const since = new Date(Date.now() - ANNOTATOR_STATS_WINDOW_DAYS * 24 * 3600 * 1000);

  const [sessionRows, scoreRows] = await Promise.all([
    sessionActivityOfUsers(db, userIds, since),
    humanScoringActivityOfUsers(db, userIds, since),
  ]);
  for (const row of sessionRows) {
    const stats = result.get(row.userId as number);
    if (!stats) continue;
    stats.total_sessions = row.total;
    stats.avg_session_time = row.avgHours === null ? null : round1(Number(row.avgHours) * 60);
  }
  for (const row of scoreRows) {
    const stats = result.get(row.userId as number);
    if (!stats) continue;
    stats.scored_sessions = row.scored;
    stats.avg_score_time = row.avgSeconds === null ? null : round1(Number(row.avgSeconds) / 60);
    stats.success_rate = row.total > 0 ? Math.round((row.correct / row.total) * 100) : null;
  }
  return result;
}
