/** Sessions: the record of one run, its labels and logs. */
import {
  type ActionSequences,
  BUILT_IN_AGENTS,
  IN_PROGRESS_SESSION_STATUSES,
  type ReferenceSnapshot,
  type SessionStatus,
} from '@proctor/contracts';
import {
  agentArtifacts,
  type Executor,
  newPublicId,
  sessionLogs,
  sessions,
  simulators,
  testCases,
} from '@proctor/db';
import {
  and,
  asc,
  avg,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Viewer } from '../kernel/access/viewer';
import { parseSimulatorConfig } from './simulators';

/** A session started in an environment: its owner, what it runs, and the agent (by id) it belongs to. */
export interface NewEnvironmentSession {
  organizationId: number;
  userId: number | null;
  agentArtifactId: number | null;
  /** Null for a browser session's environment: the open web, no simulator. */
  simulatorId: number | null;
  simulatorName: string | null;
  jobGroupPublicId: string;
  testCaseId: number | null;
  source: string | null;
  /** The agent's alias (reset's agent_version), kept in the session's simulator config. */
  agentVersion: string | null;
  /** The task the session is run with, when one was given. */
  prompt?: string | null;
  /** The hash of the simulator version it runs on, kept in its simulator config; none when not known. */
  version?: string | null;
  /** The versions of the environment's other simulators by name (make2's extra_env_ids), kept beside it. */
  extraVersions?: Record<string, string>;
}

/** A session's `extra_versions`, only when the environment holds other simulators: one-simulator configs stay as they were. */
const extraVersionsOf = (extraVersions: Record<string, string> | undefined) =>
  extraVersions && Object.keys(extraVersions).length > 0 ? { extra_versions: extraVersions } : {};

export async function insertEnvironmentSession(db: Executor, start: NewEnvironmentSession) {
  const [session] = await db
    .insert(sessions)
    .values({
      publicId: newPublicId(),
      status: 'run_started' satisfies SessionStatus,
      organizationId: start.organizationId,
      userId: start.userId,
      agentArtifactId: start.agentArtifactId,
      simulatorId: start.simulatorId,
      testCaseId: start.testCaseId,
      jobGroupId: start.jobGroupPublicId,
      prompt: start.prompt ?? null,
      simulatorConfig: {
        type: start.simulatorName === null ? 'open_web' : 'app',
        env_id: start.simulatorName,
        ...(start.source ? { source: start.source } : {}),
        ...(start.agentVersion ? { agent_version: start.agentVersion } : {}),
        ...(start.version ? { version: start.version } : {}),
        ...extraVersionsOf(start.extraVersions),
      },
    })
    .returning();
  return session!;
}

/** A session made from a recording brought from outside (an uploaded HAR): ended already, nothing to run. */
export interface NewImportedSession {
  /** Chosen before the session is written when its blobs are (an uploaded HAR's bodies); a new one otherwise. */
  publicId?: string;
  organizationId: number;
  userId: number | null;
  simulatorId: number;
  simulatorName: string;
  /** Where it came from (`har`), as the sessions list shows it. */
  source: string;
  /** When what it recorded began and ended: its clock, the times of its steps and requests, start there. */
  startedAt: Date;
  endedAt: Date;
}

export async function insertImportedSession(db: Executor, imported: NewImportedSession) {
  const [session] = await db
    .insert(sessions)
    .values({
      publicId: imported.publicId ?? newPublicId(),
      status: 'run_completed' satisfies SessionStatus,
      organizationId: imported.organizationId,
      userId: imported.userId,
      simulatorId: imported.simulatorId,
      simulatorConfig: { type: 'app', env_id: imported.simulatorName, source: imported.source },
      createdAt: imported.startedAt,
      endedAt: imported.endedAt,
    })
    .returning();
  return session!;
}

/** A queued run's session starts in the environment made for it; undefined when the session is gone. */
export async function startQueuedSession(
  db: Executor,
  sessionId: number,
  jobGroupPublicId: string,
  version: string | null = null,
  extraVersions?: Record<string, string>,
) {
  const versions = { ...(version ? { version } : {}), ...extraVersionsOf(extraVersions) };
  const [session] = await db
    .update(sessions)
    // Its clock starts here, after its wait for a slot: its duration and its steps' times count from now.
    .set({
      status: 'run_started' satisfies SessionStatus,
      jobGroupId: jobGroupPublicId,
      startedAt: sql`now()`,
      ...(Object.keys(versions).length > 0
        ? { simulatorConfig: sql`${sessions.simulatorConfig} || ${JSON.stringify(versions)}::jsonb` }
        : {}),
    })
    .where(eq(sessions.id, sessionId))
    .returning();
  return session;
}

/** The public id of the environment (job group) a session runs in, or null. */
export async function sessionEnvironmentId(
  db: Executor,
  sessionId: number,
): Promise<string | null | undefined> {
  const [session] = await db
    .select({ jobGroupId: sessions.jobGroupId })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return session?.jobGroupId;
}

/** When a session began: a queued run's start after its wait for a slot, else when it was made. */
export const sessionStart = sql`coalesce(${sessions.startedAt}, ${sessions.createdAt})`;

export async function setSessionStatus(
  db: Executor,
  sessionId: number,
  status: SessionStatus,
  /** `output`: the session's answer, stored in the same statement (a run's end). */
  options: { failureReason?: string; output?: unknown } = {},
): Promise<void> {
  const ended = status === 'run_completed' || status === 'run_failed';
  await db
    .update(sessions)
    .set({
      status,
      // One statement: the duration (hours, 000 §9) is computed where the start time is.
      ...(ended
        ? {
            endedAt: sql`now()`,
            sessionDuration: sql`extract(epoch from (now() - ${sessionStart})) / 3600`,
          }
        : {}),
      ...(options.failureReason ? { failureReason: options.failureReason } : {}),
      ...(options.output !== undefined ? { output: options.output as never } : {}),
    })
    .where(eq(sessions.id, sessionId));
}

/** The session's answer (what the agent gave at the end of its run, or to evaluate). */
export async function setSessionOutput(db: Executor, sessionId: number, output: unknown): Promise<void> {
  await db
    .update(sessions)
    .set({ output: output as never })
    .where(eq(sessions.id, sessionId));
}

/** What post-processing derived from the session's steps, merged into what it kept before (action_sequences). */
export async function mergeSessionActionSequences(
  db: Executor,
  sessionId: number,
  derived: ActionSequences,
): Promise<void> {
  await db
    .update(sessions)
    .set({
      postprocessing: sql`coalesce(${sessions.postprocessing}, '{}'::jsonb) || ${JSON.stringify(derived)}::jsonb`,
    })
    .where(eq(sessions.id, sessionId));
}

/**
 * A test case's reference sessions, best first (the caller shows the first its viewer may read). Decision: a
 * test case's reference session is the session it names itself (simulatorConfig.replay_session_id, the
 * "Reference" of 000 §2.5), else a recorded run of its reference solution: the built-in oracle's runs of it
 * that ended without failing, newest first. Never the session itself, never an archived one.
 */
export async function referenceSessionCandidates(
  db: Executor,
  session: { id: number; testCaseId: number; organizationId: number | null },
): Promise<Array<{ publicId: string; source: ReferenceSnapshot['source'] }>> {
  const [named] = await db
    .select({ publicId: sessions.publicId })
    .from(testCases)
    .innerJoin(sessions, eq(sessions.publicId, sql`${testCases.simulatorConfig} ->> 'replay_session_id'`))
    .where(
      and(eq(testCases.id, session.testCaseId), ne(sessions.id, session.id), eq(sessions.archived, false)),
    );
  const oracleRuns = await db
    .select({ publicId: sessions.publicId })
    .from(sessions)
    .innerJoin(agentArtifacts, eq(agentArtifacts.id, sessions.agentArtifactId))
    .where(
      and(
        eq(sessions.testCaseId, session.testCaseId),
        ne(sessions.id, session.id),
        eq(sessions.archived, false),
        // The session's own organization's oracle runs, or public ones: what its readers may also read.
        session.organizationId === null
          ? eq(sessions.isPublic, true)
          : or(eq(sessions.organizationId, session.organizationId), eq(sessions.isPublic, true)),
        isNull(agentArtifacts.organizationId),
        eq(agentArtifacts.alias, BUILT_IN_AGENTS.oracle.alias),
        inArray(sessions.status, [...REFERENCE_STATUSES]),
      ),
    )
    .orderBy(desc(sessions.id))
    .limit(REFERENCE_CANDIDATE_LIMIT);
  return [
    ...(named ? [{ publicId: named.publicId, source: 'test_case' as const }] : []),
    ...oracleRuns.map((row) => ({ publicId: row.publicId, source: 'oracle' as const })),
  ];
}

/** An oracle run that ended and was not failed by Proctor: one whose steps are the reference solution's. */
const REFERENCE_STATUSES = [
  'run_completed',
  'postprocessing_completed',
  'scoring_completed',
] as const satisfies readonly SessionStatus[];

/** Oracle runs looked at for a reference: the newest few (the caller keeps the first its viewer may read). */
const REFERENCE_CANDIDATE_LIMIT = 20;

/** A line in the session's log (000 §3 Log entry): from its environment (why it ended, what it did) or its scoring. */
export async function logToSession(
  db: Executor,
  sessionId: number,
  entry: { type: string; message: string; [detail: string]: unknown },
  source: 'environment' | 'scoring' = 'environment',
): Promise<void> {
  await db.insert(sessionLogs).values({ sessionId, source, logData: { ...entry, source } });
}

/**
 * Sessions that ended because Proctor failed (the run, its post-processing or its scoring), not the agent:
 * counted apart, never against the agent.
 */
export const INFRASTRUCTURE_FAILURE_STATUSES = [
  'run_failed',
  'postprocessing_failed',
  'scoring_failed',
] as const satisfies readonly SessionStatus[];

export const infrastructureFailure = inArray(sessions.status, [...INFRASTRUCTURE_FAILURE_STATUSES]);
/**
 * A session counts as scored when it has a verdict (an automatic badge, or a clear human consensus: pass or
 * fail) unless the system auto-marked it incorrect (left out of success rates, 001 §4.3) or it is an
 * infrastructure failure.
 */
export const scored = and(
  or(ne(sessions.scoringBadge, 'none'), inArray(sessions.humanConsensus, ['pass', 'fail'])),
  eq(sessions.autoMarkedIncorrect, false),
  not(infrastructureFailure),
)!;

/** Rows for which `condition` holds, as an integer. */
export const countWhere = (condition: SQL | undefined) =>
  sql<number>`(count(*) filter (where ${condition}))::int`;

/** A group's sessions counted by the rules above: all of them, scored, passed, and Proctor's own failures. */
export const resultCounts = {
  total: sql<number>`count(*)::int`,
  scored: countWhere(scored),
  passed: countWhere(and(scored, eq(sessions.passed, true))!),
  infrastructureFailures: countWhere(infrastructureFailure),
};

/** Per user: sessions created since `since`, and their average duration in hours. */
export async function sessionActivityOfUsers(db: Executor, userIds: number[], since: Date) {
  return db
    .select({ userId: sessions.userId, total: count(), avgHours: avg(sessions.sessionDuration) })
    .from(sessions)
    .where(and(inArray(sessions.userId, userIds), gte(sessions.createdAt, since)))
    .groupBy(sessions.userId);
}

/** A session of the organization by public id. */
export async function findOrganizationSession(db: Executor, organizationId: number, publicId: string) {
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.publicId, publicId), eq(sessions.organizationId, organizationId)));
  return session;
}

export type SessionRow = typeof sessions.$inferSelect;

/** A session that is not archived, by its public id. */
export async function findLiveSession(db: Executor, publicId: string): Promise<SessionRow | undefined> {
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.publicId, publicId), eq(sessions.archived, false)));
  return session;
}

/** A session by its row id (what jobs carry), archived or not. */
export async function findSessionById(db: Executor, sessionId: number): Promise<SessionRow | undefined> {
  const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
  return session;
}

export async function archiveSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ archived: true }).where(eq(sessions.id, sessionId));
}

export async function setSessionPublic(db: Executor, sessionId: number, isPublic: boolean): Promise<void> {
  await db.update(sessions).set({ isPublic }).where(eq(sessions.id, sessionId));
}

/** The session's log, oldest first. */
export function listSessionLogs(db: Executor, sessionId: number) {
  return db
    .select()
    .from(sessionLogs)
    .where(eq(sessionLogs.sessionId, sessionId))
    .orderBy(asc(sessionLogs.timestamp), asc(sessionLogs.id));
}

/**
 * Per agent and test case of these simulators, the organization's sessions (no replays, none archived): how
 * many, how many scored, passed and failed by Proctor, by the rules above.
 */
export function benchmarkCounts(db: Executor, simulatorIds: readonly number[], organizationId: number) {
  return db
    .select({
      agentId: agentArtifacts.id,
      alias: agentArtifacts.alias,
      testCaseId: testCases.id,
      testCasePublicId: testCases.publicId,
      testCaseName: testCases.name,
      simulatorId: simulators.id,
      simulatorName: simulators.name,
      ...resultCounts,
    })
    .from(sessions)
    .innerJoin(agentArtifacts, eq(agentArtifacts.id, sessions.agentArtifactId))
    .innerJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .innerJoin(simulators, eq(simulators.id, testCases.simulatorId))
    .where(
      and(
        inArray(simulators.id, [...simulatorIds]),
        eq(sessions.organizationId, organizationId),
        eq(sessions.archived, false),
        isNull(sessions.replayOfSessionId),
      ),
    )
    .groupBy(
      agentArtifacts.id,
      agentArtifacts.alias,
      testCases.id,
      testCases.publicId,
      testCases.name,
      simulators.id,
      simulators.name,
    );
}

/** A session as the mutation comparisons read it: when and by which agent it ran, and its simulator's config. */
const comparedSession = {
  id: sessions.id,
  publicId: sessions.publicId,
  createdAt: sessions.createdAt,
  organizationId: sessions.organizationId,
  agent: agentArtifacts.alias,
  simulatorId: sessions.simulatorId,
  simulatorConfig: simulators.config,
};

async function listComparedSessions(db: Executor, where: SQL | undefined, limit?: number) {
  const query = db
    .select(comparedSession)
    .from(sessions)
    .leftJoin(agentArtifacts, eq(agentArtifacts.id, sessions.agentArtifactId))
    .leftJoin(simulators, eq(simulators.id, sessions.simulatorId))
    .where(where)
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => ({ ...row, simulatorConfig: parseSimulatorConfig(row.simulatorConfig ?? {}) }));
}

/** Ended, not archived sessions of the test case, of the viewer's organization (platform admins: all). */
const endedSessionsOf = (viewer: Viewer, testCaseId: number) =>
  and(
    eq(sessions.testCaseId, testCaseId),
    eq(sessions.archived, false),
    not(inArray(sessions.status, [...IN_PROGRESS_SESSION_STATUSES])),
    viewer.isAdmin ? undefined : eq(sessions.organizationId, viewer.organizationId),
  );

/** The newest `limit` of the test case's ended sessions whose human results say correct (`endedSessionsOf`). */
export function listCorrectSessions(db: Executor, viewer: Viewer, testCaseId: number, limit: number) {
  return listComparedSessions(
    db,
    and(endedSessionsOf(viewer, testCaseId), eq(sessions.humanConsensus, 'pass')),
    limit,
  );
}

/** The sessions of these public ids that are not archived, whoever owns them, newest first. */
export function listSessionsToCompare(db: Executor, publicIds: readonly string[]) {
  if (publicIds.length === 0) return Promise.resolve([]);
  return listComparedSessions(
    db,
    and(inArray(sessions.publicId, [...publicIds]), eq(sessions.archived, false)),
  );
}

/**
 * The newest `limit` of the test case's ended sessions (`endedSessionsOf`) with a clear human verdict, pass or
 * fail, that were not failed automatically.
 */
export async function listHumanJudgedSessions(
  db: Executor,
  viewer: Viewer,
  testCaseId: number,
  limit: number,
) {
  const rows = await db
    .select({ id: sessions.id, publicId: sessions.publicId, consensus: sessions.humanConsensus })
    .from(sessions)
    .where(
      and(
        endedSessionsOf(viewer, testCaseId),
        inArray(sessions.humanConsensus, ['pass', 'fail']),
        eq(sessions.autoMarkedIncorrect, false),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, consensus: row.consensus as 'pass' | 'fail' }));
}
