/** Labels on sessions of sample test cases, and the sessions a labelling page lists. */
import {
  agentArtifacts,
  type Database,
  type Executor,
  organizationTestCases,
  sessionLabels,
  sessions,
  simulators,
  testCases,
  users,
} from '@proctor/db';
import { and, asc, count, desc, eq, inArray, not, sql } from 'drizzle-orm';
import { NOT_RECORDED } from './assignments';

/** A session that is not archived, with the test case it ran (null without one). */
export async function findSessionWithTestCase(db: Executor, publicId: string) {
  const [row] = await db
    .select({
      session: sessions,
      testCase: {
        id: testCases.id,
        isSample: testCases.isSample,
        simulatorId: testCases.simulatorId,
        startUrl: testCases.startUrl,
        scoringTypes: testCases.scoringTypes,
      },
      simulatorName: simulators.name,
    })
    .from(sessions)
    .leftJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .leftJoin(simulators, eq(simulators.id, testCases.simulatorId))
    .where(and(eq(sessions.publicId, publicId), eq(sessions.archived, false)));
  return row;
}

/**
 * Adds a label unless the session already holds `max`. The session's row is locked while its labels are
 * counted, so two writers at once cannot both pass the count. Undefined when the session is full.
 */
export async function insertSessionLabel(
  db: Database,
  label: { sessionId: number; userId: number; text: string },
  max: number,
) {
  return db.transaction(async (tx) => {
    await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, label.sessionId)).for('update');
    const [held] = await tx
      .select({ count: count() })
      .from(sessionLabels)
      .where(eq(sessionLabels.sessionId, label.sessionId));
    if ((held?.count ?? 0) >= max) return undefined;
    const [row] = await tx.insert(sessionLabels).values(label).returning();
    return row;
  });
}

/** A session's labels with their writers, oldest first; only `userId`'s when given. */
export function listSessionLabels(db: Executor, sessionId: number, onlyUserId?: number) {
  return db
    .select({
      id: sessionLabels.id,
      text: sessionLabels.text,
      createdAt: sessionLabels.createdAt,
      userId: sessionLabels.userId,
      userPublicId: users.publicId,
      userName: users.name,
    })
    .from(sessionLabels)
    .leftJoin(users, eq(users.id, sessionLabels.userId))
    .where(
      and(
        eq(sessionLabels.sessionId, sessionId),
        onlyUserId === undefined ? undefined : eq(sessionLabels.userId, onlyUserId),
      ),
    )
    .orderBy(asc(sessionLabels.createdAt), asc(sessionLabels.id));
}

/** The organization's assignment of a test case, by its id; undefined when it is not theirs or not of it. */
export async function findTestCaseAssignment(
  db: Executor,
  organizationId: number,
  testCaseId: number,
  assignmentId: number,
) {
  const [row] = await db
    .select({ id: organizationTestCases.id, completed: organizationTestCases.completed })
    .from(organizationTestCases)
    .where(
      and(
        eq(organizationTestCases.id, assignmentId),
        eq(organizationTestCases.organizationId, organizationId),
        eq(organizationTestCases.testCaseId, testCaseId),
        eq(organizationTestCases.archived, false),
      ),
    );
  return row;
}

/**
 * The organization's recorded sessions of a test case (as the annotator buckets count them), newest first,
 * each with its labels counted in all and of `userId`.
 */
export function listLabellingSessions(
  db: Executor,
  organizationId: number,
  testCaseId: number,
  userId: number | null,
  limit: number,
) {
  return db
    .select({
      sessionId: sessions.publicId,
      status: sessions.status,
      createdAt: sessions.createdAt,
      agent: agentArtifacts.alias,
      labelCount: sql<number>`(select count(*)::int from ${sessionLabels} where ${sessionLabels.sessionId} = ${sessions.id})`,
      myLabelCount: sql<number>`(select count(*)::int from ${sessionLabels} where ${sessionLabels.sessionId} = ${sessions.id} and ${sessionLabels.userId} = ${userId ?? -1})`,
    })
    .from(sessions)
    .leftJoin(agentArtifacts, eq(agentArtifacts.id, sessions.agentArtifactId))
    .where(
      and(
        eq(sessions.organizationId, organizationId),
        eq(sessions.testCaseId, testCaseId),
        eq(sessions.archived, false),
        not(inArray(sessions.status, [...NOT_RECORDED])),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(limit);
}
