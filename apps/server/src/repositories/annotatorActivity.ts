/**
 * What the people of an annotator organization did inside it: sessions they created and human scores they
 * added, on the organization's sessions that are not archived. Work they did in another organization (before
 * they moved) is not this organization's, so it counts nowhere here.
 */
import type { AnnotatorActivityKind } from '@proctor/contracts';
import { type Executor, scores, sessions, testCases, users } from '@proctor/db';
import { and, asc, avg, count, eq, gte, inArray, max, type SQL, sql } from 'drizzle-orm';

const HUMAN_SCORE = 'human_in_the_loop';

const ownSessions = (organizationId: number): SQL =>
  and(eq(sessions.organizationId, organizationId), eq(sessions.archived, false))!;

/** The organization's people, for conditions on who did the work (so the per-user indexes are used). */
const memberIds = (db: Executor, organizationId: number) =>
  db.select({ id: users.id }).from(users).where(eq(users.organizationId, organizationId));

export interface AnnotatorFiguresRow {
  id: number;
  publicId: string;
  name: string;
  email: string;
  isAccountAdmin: boolean;
  totalSessions: number;
  /** Hours, as sessions store their length. */
  avgSessionHours: number | null;
  scoredSessions: number;
  avgScoringSeconds: number | null;
  correctScores: number;
  totalScores: number;
  lastActive: Date | null;
}

/** Each member of the organization with their sessions and human scores since `since`, by name. */
export async function listAnnotatorFigures(
  db: Executor,
  organizationId: number,
  since: Date,
): Promise<AnnotatorFiguresRow[]> {
  const created = db
    .select({
      userId: sessions.userId,
      total: count().as('total_sessions'),
      avgHours: avg(sessions.sessionDuration).as('avg_session_hours'),
      lastAt: max(sessions.createdAt).as('last_session_at'),
    })
    .from(sessions)
    .where(
      and(
        ownSessions(organizationId),
        gte(sessions.createdAt, since),
        inArray(sessions.userId, memberIds(db, organizationId)),
      ),
    )
    .groupBy(sessions.userId)
    .as('created');
  const scored = db
    .select({
      userId: scores.userId,
      sessions: sql<number>`count(distinct ${scores.sessionId})`.as('scored_sessions'),
      avgSeconds: sql<string | null>`avg((${scores.result}->>'session_time')::double precision)`.as(
        'avg_scoring_seconds',
      ),
      correct: sql<number>`count(*) filter (where (${scores.result}->>'correct')::boolean)`.as(
        'correct_scores',
      ),
      total: count().as('total_scores'),
      lastAt: max(scores.createdAt).as('last_score_at'),
    })
    .from(scores)
    .innerJoin(sessions, eq(sessions.id, scores.sessionId))
    .where(
      and(
        inArray(scores.userId, memberIds(db, organizationId)),
        eq(scores.type, HUMAN_SCORE),
        gte(scores.createdAt, since),
        ownSessions(organizationId),
      ),
    )
    .groupBy(scores.userId)
    .as('scored');

  const rows = await db
    .select({
      id: users.id,
      publicId: users.publicId,
      name: users.name,
      email: users.email,
      isAccountAdmin: sql<boolean>`coalesce((${users.permissions}->>'is_account_admin')::boolean, false)`,
      totalSessions: sql<number>`coalesce(${created.total}, 0)`.mapWith(Number),
      avgSessionHours: sql<string | null>`${created.avgHours}`,
      scoredSessions: sql<number>`coalesce(${scored.sessions}, 0)`.mapWith(Number),
      avgScoringSeconds: sql<string | null>`${scored.avgSeconds}`,
      correctScores: sql<number>`coalesce(${scored.correct}, 0)`.mapWith(Number),
      totalScores: sql<number>`coalesce(${scored.total}, 0)`.mapWith(Number),
      // greatest() skips nulls: the latest of the three, or null when all are.
      lastActive:
        sql<Date | null>`greatest(${users.lastActiveAt}, ${created.lastAt}, ${scored.lastAt})`.mapWith(
          users.lastActiveAt,
        ),
    })
    .from(users)
    .leftJoin(created, eq(created.userId, users.id))
    .leftJoin(scored, eq(scored.userId, users.id))
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({
    ...row,
    avgSessionHours: row.avgSessionHours === null ? null : Number(row.avgSessionHours),
    avgScoringSeconds: row.avgScoringSeconds === null ? null : Number(row.avgScoringSeconds),
  }));
}

/** A member of the organization by public id; another organization's people are not found. */
export async function findOrganizationMember(db: Executor, organizationId: number, publicId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.publicId, publicId), eq(users.organizationId, organizationId)));
  return row;
}

export interface AnnotatorActivityRow {
  activity: AnnotatorActivityKind;
  at: Date;
  sessionPublicId: string;
  sessionStatus: string;
  testCasePublicId: string | null;
  testCaseName: string | null;
  result: string | null;
  durationSeconds: number | null;
  reason: string | null;
}

/** A member's sessions created and human scores added in the organization, newest first, one page. */
export async function listAnnotatorActivity(
  db: Executor,
  organizationId: number,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: AnnotatorActivityRow[]; total: number }> {
  const createdWhere = and(ownSessions(organizationId), eq(sessions.userId, userId));
  const scoredWhere = and(
    eq(scores.userId, userId),
    eq(scores.type, HUMAN_SCORE),
    ownSessions(organizationId),
  );
  const created = db
    .select({
      activity: sql<AnnotatorActivityKind>`'session_created'`.as('activity'),
      at: sql<Date>`${sessions.createdAt}`.mapWith(sessions.createdAt).as('at'),
      tieBreak: sql<number>`${sessions.id}`.as('tie_break'),
      sessionPublicId: sessions.publicId,
      sessionStatus: sessions.status,
      testCasePublicId: testCases.publicId,
      testCaseName: testCases.name,
      result: sql<string | null>`${sessions.humanConsensus}`.as('result'),
      durationSeconds: sql<string | null>`${sessions.sessionDuration} * 3600`.as('duration_seconds'),
      reason: sql<string | null>`${sessions.failureReason}`.as('reason'),
    })
    .from(sessions)
    .leftJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .where(createdWhere);
  const scored = db
    .select({
      activity: sql<AnnotatorActivityKind>`'score_added'`.as('activity'),
      at: sql<Date>`${scores.createdAt}`.mapWith(scores.createdAt).as('at'),
      tieBreak: sql<number>`${scores.id}`.as('tie_break'),
      sessionPublicId: sessions.publicId,
      sessionStatus: sessions.status,
      testCasePublicId: testCases.publicId,
      testCaseName: testCases.name,
      result: sql<
        string | null
      >`case when (${scores.result}->>'correct')::boolean then 'correct' else 'incorrect' end`.as('result'),
      durationSeconds: sql<string | null>`(${scores.result}->>'session_time')::double precision`.as(
        'duration_seconds',
      ),
      reason: sql<string | null>`nullif(${scores.result}->>'reason', '')`.as('reason'),
    })
    .from(scores)
    .innerJoin(sessions, eq(sessions.id, scores.sessionId))
    .leftJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .where(scoredWhere);

  const [rows, [createdCount], [scoredCount]] = await Promise.all([
    created
      .unionAll(scored)
      .orderBy(sql`"at" desc, "activity" desc, "tie_break" desc`)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(sessions).where(createdWhere),
    db
      .select({ total: count() })
      .from(scores)
      .innerJoin(sessions, eq(sessions.id, scores.sessionId))
      .where(scoredWhere),
  ]);
  return {
    rows: rows.map(({ tieBreak: _, durationSeconds, ...row }) => ({
      ...row,
      durationSeconds: durationSeconds === null ? null : Number(durationSeconds),
    })),
    total: (createdCount?.total ?? 0) + (scoredCount?.total ?? 0),
  };
}
