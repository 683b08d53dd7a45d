/** Figures about test cases that the simulator and test case pages show: their sessions, counted and averaged. */
import { type Executor, sessionSteps, sessions, testCases } from '@proctor/db';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Viewer } from '../kernel/access/viewer';
import { sessionVisible, testCaseVisible } from './visibility';

/**
 * Each test case of the simulators that the viewer can see (not archived): its simulator, whether it has a
 * scoring config, and how many of its sessions the viewer can see.
 */
export async function listTestCaseSessionCounts(
  db: Executor,
  viewer: Viewer,
  simulatorIds: readonly number[],
) {
  if (simulatorIds.length === 0) return [];
  return db
    .select({
      simulatorId: testCases.simulatorId,
      hasScoringConfig: sql<boolean>`${testCases.defaultScoringConfig} <> '{}'::jsonb`,
      sessionCount: count(sessions.id),
    })
    .from(testCases)
    .leftJoin(sessions, and(eq(sessions.testCaseId, testCases.id), sessionVisible(viewer)))
    .where(
      and(
        inArray(testCases.simulatorId, [...simulatorIds]),
        eq(testCases.archived, false),
        testCaseVisible(viewer),
      ),
    )
    .groupBy(testCases.id);
}

export interface SessionFigures {
  sessionCount: number;
  averageSteps: number | null;
  averageSeconds: number | null;
}

/**
 * Per test case: how many sessions the viewer can see, and steps and seconds per finished session
 * (a session's duration when recorded, else ended minus created), to two decimals.
 */
export async function testCaseSessionFigures(
  db: Executor,
  viewer: Viewer,
  testCaseIds: readonly number[],
): Promise<Map<number, SessionFigures>> {
  const figures = new Map<number, SessionFigures>();
  if (testCaseIds.length === 0) return figures;
  // Joins (not correlated subqueries) so that every column is rendered with its table's name.
  const perSession = db
    .select({
      testCaseId: sessions.testCaseId,
      finished: sql<boolean>`${sessions.endedAt} is not null`.as('finished'),
      steps: count(sessionSteps.id).as('steps'),
      seconds:
        sql<number>`coalesce(${sessions.sessionDuration} * 3600, extract(epoch from ${sessions.endedAt} - ${sessions.createdAt}))`.as(
          'seconds',
        ),
    })
    .from(sessions)
    .leftJoin(sessionSteps, eq(sessionSteps.sessionId, sessions.id))
    .where(and(inArray(sessions.testCaseId, [...testCaseIds]), sessionVisible(viewer)))
    .groupBy(sessions.id)
    .as('per_session');
  const rows = await db
    .select({
      testCaseId: perSession.testCaseId,
      sessionCount: count(),
      averageSteps: sql<
        number | null
      >`avg(${perSession.steps}) filter (where ${perSession.finished})`.mapWith(Number),
      averageSeconds: sql<
        number | null
      >`avg(${perSession.seconds}) filter (where ${perSession.finished})`.mapWith(Number),
    })
    .from(perSession)
    .groupBy(perSession.testCaseId);
  for (const row of rows) {
    if (row.testCaseId === null) continue;
    figures.set(row.testCaseId, {
      sessionCount: row.sessionCount,
      averageSteps: row.averageSteps === null ? null : Math.round(row.averageSteps * 100) / 100,
      averageSeconds: row.averageSeconds === null ? null : Math.round(row.averageSeconds * 100) / 100,
    });
  }
  return figures;
}
