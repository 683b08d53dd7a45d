/**
 * What the people of an annotator organization did inside it: sessions they created and human scores they
 * added, on the organization's sessions that are not archived. Work they did in another organization (before
 * they moved) is not this organization's, so it counts nowhere here.
 */
import type { AnnotatorActivityKind } from '@proctor/contracts';
import { annotatorDailyFigures, type Executor, scores, sessions, testCases, users } from '@proctor/db';
import { and, asc, count, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';

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

/** One person's work over a window, as sums (so that days add up). */
interface Totals {
  sessions: number;
  hoursSum: number;
  hoursCount: number;
  lastSessionAt: Date | null;
  scores: number;
  correct: number;
  secondsSum: number;
  secondsCount: number;
  lastScoreAt: Date | null;
  scoredSessions: number;
}

const NO_WORK: Totals = {
  sessions: 0,
  hoursSum: 0,
  hoursCount: 0,
  lastSessionAt: null,
  scores: 0,
  correct: 0,
  secondsSum: 0,
  secondsCount: 0,
  lastScoreAt: null,
  scoredSessions: 0,
};

const later = (a: Date | null, b: Date | null) => (a === null ? b : b === null || a >= b ? a : b);

function add(a: Totals, b: Totals): Totals {
  return {
    sessions: a.sessions + b.sessions,
    hoursSum: a.hoursSum + b.hoursSum,
    hoursCount: a.hoursCount + b.hoursCount,
    lastSessionAt: later(a.lastSessionAt, b.lastSessionAt),
    scores: a.scores + b.scores,
    correct: a.correct + b.correct,
    secondsSum: a.secondsSum + b.secondsSum,
    secondsCount: a.secondsCount + b.secondsCount,
    lastScoreAt: later(a.lastScoreAt, b.lastScoreAt),
    scoredSessions: a.scoredSessions + b.scoredSessions,
  };
}

const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/**
 * The members' sessions and human scores from `since` (to `until`, when given) read from the rows themselves.
 * With `until`, a score counts among the scored sessions only when it is the person's latest of its session
 * before `until` (as the daily rollup counts them: the days after `until` count the others).
 */
async function totalsFromRows(
  db: Executor,
  organizationId: number,
  since: Date,
  until?: Date,
): Promise<Map<number, Totals>> {
  const [created, scored] = await Promise.all([
    db
      .select({
        userId: sessions.userId,
        total: count(),
        hoursSum: sql<number>`coalesce(sum(${sessions.sessionDuration}), 0)`.mapWith(Number),
        hoursCount: sql<number>`count(${sessions.sessionDuration})`.mapWith(Number),
        lastAt: sql<string | null>`max(${sessions.createdAt})`,
      })
      .from(sessions)
      .where(
        and(
          ownSessions(organizationId),
          gte(sessions.createdAt, since),
          until === undefined ? undefined : lt(sessions.createdAt, until),
          inArray(sessions.userId, memberIds(db, organizationId)),
        ),
      )
      .groupBy(sessions.userId),
    db
      .select({
        userId: scores.userId,
        sessions:
          until === undefined
            ? sql<number>`count(distinct ${scores.sessionId})`.mapWith(Number)
            : sql<number>`count(distinct ${scores.sessionId}) filter (where not exists (
                select 1 from ${scores} later where later.session_id = ${scores.sessionId}
                  and later.user_id = ${scores.userId} and later.type = ${HUMAN_SCORE}
                  and later.created_at >= ${until.toISOString()}))`.mapWith(Number),
        secondsSum:
          sql<number>`coalesce(sum((${scores.result}->>'session_time')::double precision), 0)`.mapWith(
            Number,
          ),
        secondsCount: sql<number>`count((${scores.result}->>'session_time')::double precision)`.mapWith(
          Number,
        ),
        correct: sql<number>`count(*) filter (where (${scores.result}->>'correct')::boolean)`.mapWith(Number),
        total: count(),
        lastAt: sql<string | null>`max(${scores.createdAt})`,
      })
      .from(scores)
      .innerJoin(sessions, eq(sessions.id, scores.sessionId))
      .where(
        and(
          inArray(scores.userId, memberIds(db, organizationId)),
          eq(scores.type, HUMAN_SCORE),
          gte(scores.createdAt, since),
          until === undefined ? undefined : lt(scores.createdAt, until),
          ownSessions(organizationId),
        ),
      )
      .groupBy(scores.userId),
  ]);
  const totals = new Map<number, Totals>();
  for (const row of created)
    if (row.userId !== null)
      totals.set(row.userId, {
        ...NO_WORK,
        sessions: row.total,
        hoursSum: row.hoursSum,
        hoursCount: row.hoursCount,
        lastSessionAt: date(row.lastAt),
      });
  for (const row of scored)
    if (row.userId !== null)
      totals.set(row.userId, {
        ...(totals.get(row.userId) ?? NO_WORK),
        scores: row.total,
        correct: row.correct,
        secondsSum: row.secondsSum,
        secondsCount: row.secondsCount,
        lastScoreAt: date(row.lastAt),
        scoredSessions: row.sessions,
      });
  return totals;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The same from the daily rollup: the whole UTC days of the window from annotator_daily_figures (a row per
 * person and day), the part of its first day from `since` from the rows.
 */
async function totalsFromRollup(
  db: Executor,
  organizationId: number,
  since: Date,
): Promise<Map<number, Totals>> {
  const firstWholeDay = new Date(Math.floor(since.getTime() / DAY_MS) * DAY_MS + DAY_MS);
  const f = annotatorDailyFigures;
  const [days, edge] = await Promise.all([
    db
      .select({
        userId: f.userId,
        sessions: sql<number>`sum(${f.sessions})`.mapWith(Number),
        hoursSum: sql<number>`sum(${f.sessionHoursSum})`.mapWith(Number),
        hoursCount: sql<number>`sum(${f.sessionHoursCount})`.mapWith(Number),
        lastSessionAt: sql<string | null>`max(${f.lastSessionAt})`,
        scores: sql<number>`sum(${f.scores})`.mapWith(Number),
        correct: sql<number>`sum(${f.correctScores})`.mapWith(Number),
        secondsSum: sql<number>`sum(${f.scoringSecondsSum})`.mapWith(Number),
        secondsCount: sql<number>`sum(${f.scoringSecondsCount})`.mapWith(Number),
        lastScoreAt: sql<string | null>`max(${f.lastScoreAt})`,
        scoredSessions: sql<number>`sum(${f.scoredSessions})`.mapWith(Number),
      })
      .from(f)
      .where(and(eq(f.organizationId, organizationId), gte(f.day, firstWholeDay)))
      .groupBy(f.userId),
    totalsFromRows(db, organizationId, since, firstWholeDay),
  ]);
  const totals = edge;
  for (const row of days)
    totals.set(
      row.userId,
      add(totals.get(row.userId) ?? NO_WORK, {
        ...row,
        lastSessionAt: date(row.lastSessionAt),
        lastScoreAt: date(row.lastScoreAt),
      }),
    );
  return totals;
}

/**
 * Where the figures are read from: `rollup`, the daily rows triggers keep (what the route reads); `rows`, the
 * sessions and scores themselves (what the rollup is checked against, and the benchmark's before figure).
 */
export type FiguresSource = 'rollup' | 'rows';

/** Each member of the organization with their sessions and human scores since `since`, by name. */
export async function listAnnotatorFigures(
  db: Executor,
  organizationId: number,
  since: Date,
  source: FiguresSource = 'rollup',
): Promise<AnnotatorFiguresRow[]> {
  const [members, totals] = await Promise.all([
    db
      .select({
        id: users.id,
        publicId: users.publicId,
        name: users.name,
        email: users.email,
        isAccountAdmin: sql<boolean>`coalesce((${users.permissions}->>'is_account_admin')::boolean, false)`,
        lastActiveAt: users.lastActiveAt,
      })
      .from(users)
      .where(eq(users.organizationId, organizationId))
      .orderBy(asc(users.name), asc(users.id)),
    source === 'rollup'
      ? totalsFromRollup(db, organizationId, since)
      : totalsFromRows(db, organizationId, since),
  ]);
  return members.map(({ lastActiveAt, ...member }) => {
    const work = totals.get(member.id) ?? NO_WORK;
    return {
      ...member,
      totalSessions: work.sessions,
      avgSessionHours: work.hoursCount > 0 ? work.hoursSum / work.hoursCount : null,
      scoredSessions: work.scoredSessions,
      avgScoringSeconds: work.secondsCount > 0 ? work.secondsSum / work.secondsCount : null,
      correctScores: work.correct,
      totalScores: work.scores,
      lastActive: later(later(lastActiveAt, work.lastSessionAt), work.lastScoreAt),
    };
  });
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
  // The page is picked from narrow rows (what, when, which session), then only its rows get their details:
  // joining test cases and reading results for every row of a busy person's ledger would cost more than the
  // rest of the request.
  const created = db
    .select({
      activity: sql<AnnotatorActivityKind>`'session_created'`.as('activity'),
      at: sql<Date>`${sessions.createdAt}`.mapWith(sessions.createdAt).as('at'),
      tieBreak: sql<number>`${sessions.id}`.mapWith(Number).as('tie_break'),
      sessionId: sql<number>`${sessions.id}`.mapWith(Number).as('session_id'),
    })
    .from(sessions)
    .where(createdWhere);
  const scored = db
    .select({
      activity: sql<AnnotatorActivityKind>`'score_added'`.as('activity'),
      at: sql<Date>`${scores.createdAt}`.mapWith(scores.createdAt).as('at'),
      tieBreak: sql<number>`${scores.id}`.mapWith(Number).as('tie_break'),
      sessionId: sql<number>`${scores.sessionId}`.mapWith(Number).as('session_id'),
    })
    .from(scores)
    .innerJoin(sessions, eq(sessions.id, scores.sessionId))
    .where(scoredWhere);

  const [picked, [createdCount], [scoredCount]] = await Promise.all([
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
  const sessionIds = [...new Set(picked.map((row) => Number(row.sessionId)))];
  const scoreIds = picked.filter((row) => row.activity === 'score_added').map((row) => Number(row.tieBreak));
  const [sessionDetails, scoreDetails] = await Promise.all([
    sessionIds.length === 0
      ? []
      : db
          .select({
            id: sessions.id,
            publicId: sessions.publicId,
            status: sessions.status,
            testCasePublicId: testCases.publicId,
            testCaseName: testCases.name,
            result: sessions.humanConsensus,
            durationSeconds: sql<string | null>`${sessions.sessionDuration} * 3600`,
            reason: sessions.failureReason,
          })
          .from(sessions)
          .leftJoin(testCases, eq(testCases.id, sessions.testCaseId))
          .where(inArray(sessions.id, sessionIds)),
    scoreIds.length === 0
      ? []
      : db
          .select({
            id: scores.id,
            result: sql<
              string | null
            >`case when (${scores.result}->>'correct')::boolean then 'correct' else 'incorrect' end`,
            durationSeconds: sql<string | null>`(${scores.result}->>'session_time')::double precision`,
            reason: sql<string | null>`nullif(${scores.result}->>'reason', '')`,
          })
          .from(scores)
          .where(inArray(scores.id, scoreIds)),
  ]);
  const sessionById = new Map(sessionDetails.map((row) => [row.id, row]));
  const scoreById = new Map(scoreDetails.map((row) => [row.id, row]));
  const seconds = (value: string | null) => (value === null ? null : Number(value));
  const rows = picked.flatMap((row): AnnotatorActivityRow[] => {
    const session = sessionById.get(Number(row.sessionId));
    const own = row.activity === 'score_added' ? scoreById.get(Number(row.tieBreak)) : undefined;
    // Deleted between the two reads: left out, as a read a moment later would.
    if (!session || (row.activity === 'score_added' && !own)) return [];
    return [
      {
        activity: row.activity,
        at: row.at,
        sessionPublicId: session.publicId,
        sessionStatus: session.status,
        testCasePublicId: session.testCasePublicId,
        testCaseName: session.testCaseName,
        result: own ? own.result : session.result,
        durationSeconds: seconds(own ? own.durationSeconds : session.durationSeconds),
        reason: own ? own.reason : session.reason,
      },
    ];
  });
  return {
    rows,
    total: (createdCount?.total ?? 0) + (scoredCount?.total ?? 0),
  };
}
