import {
  AGENT_MESSAGES,
  type AgentArtifactData,
  type EnvironmentStatus,
  isReservedAgentAlias,
  type SessionStatus,
} from '@proctor/contracts';
import {
  agentArtifacts,
  type Database,
  jobGroups,
  jobs,
  newPublicId,
  sessionLogs,
  sessions,
} from '@proctor/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest } from '../kernel/http/errors';

/**
 * The rows behind an environment: its job group (status, heartbeat, owner) with one job for its browser,
 * and the session of whatever runs in it. The runtime (manager.ts) holds the browser and the instance; these
 * rows are what survives it, so a crash or a restart can still say what happened.
 */
export interface EnvironmentOwner {
  organizationId: number;
  userId: number | null;
}

export interface NewEnvironment extends EnvironmentOwner {
  publicId: string;
  simulatorId: number;
  simulatorName: string;
  keepalive: boolean;
  alias: string | null;
  config: Record<string, unknown>;
  workerId: string;
  /** WORKER_URL of the process holding it, when other processes reach it there. */
  workerUrl: string | null;
}

export interface SessionStart extends EnvironmentOwner {
  simulatorId: number;
  simulatorName: string;
  jobGroupPublicId: string;
  testCaseId: number | null;
  source: string | null;
  /** The agent's alias (reset's agent_version): the session belongs to that agent, made if it is new. */
  agentVersion: string | null;
  /** The task the session is run with, when one was given. */
  prompt?: string | null;
}

const OPEN_STATUSES: EnvironmentStatus[] = ['queued', 'starting', 'running'];

export async function insertEnvironment(db: Database, environment: NewEnvironment) {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .insert(jobGroups)
      .values({
        publicId: environment.publicId,
        organizationId: environment.organizationId,
        userId: environment.userId,
        simulatorId: environment.simulatorId,
        alias: environment.alias,
        keepalive: environment.keepalive,
        overallStatus: 'starting' satisfies EnvironmentStatus,
        config: environment.config,
        workerId: environment.workerId,
        workerUrl: environment.workerUrl,
        heartbeatAt: new Date(),
      })
      .returning();
    const [job] = await tx
      .insert(jobs)
      .values({ publicId: newPublicId(), jobGroupId: group!.id, service: 'chromium', status: 'starting' })
      .returning();
    return { group: group!, job: job! };
  });
}

/** What an agent made by its first SDK run says about itself. */
export const SDK_AGENT_DESCRIPTION = 'Drives its environments itself through the SDK (made by its first run)';

/**
 * The agent a run names with `agent_version` at reset: the organization's agent of that alias, made on the
 * first run that names it, so that an SDK user finds their agent on /agents without a separate step. Made as
 * a dev agent without an endpoint (it drives its environments itself) and without a drawn icon: img_url is
 * null and the dashboard shows the dev emoji. An archived agent of that alias keeps getting its runs (the
 * alias stays taken). Concurrent first runs with one alias make one agent: the insert yields to the other.
 */
export async function agentForRun(
  db: Database,
  owner: { organizationId: number; userId: number | null },
  alias: string,
): Promise<number> {
  if (isReservedAgentAlias(alias)) throw badRequest(AGENT_MESSAGES.reservedAlias(alias));
  const find = async () =>
    (
      await db
        .select({ id: agentArtifacts.id })
        .from(agentArtifacts)
        .where(and(eq(agentArtifacts.organizationId, owner.organizationId), eq(agentArtifacts.alias, alias)))
    )[0]?.id;
  const existing = await find();
  if (existing !== undefined) return existing;
  const data: z.infer<typeof AgentArtifactData> = {
    type: 'dev',
    img_url: null,
    description: SDK_AGENT_DESCRIPTION,
    endpoint: null,
  };
  const [made] = await db
    .insert(agentArtifacts)
    .values({ organizationId: owner.organizationId, userId: owner.userId, alias, data })
    .onConflictDoNothing()
    .returning({ id: agentArtifacts.id });
  if (made) return made.id;
  const raced = await find();
  if (raced === undefined) throw new Error(`Agent "${alias}" was neither made nor found`);
  return raced;
}

export async function startSession(db: Database, start: SessionStart) {
  const agentArtifactId = start.agentVersion ? await agentForRun(db, start, start.agentVersion) : null;
  const [session] = await db
    .insert(sessions)
    .values({
      publicId: newPublicId(),
      status: 'run_started' satisfies SessionStatus,
      organizationId: start.organizationId,
      userId: start.userId,
      agentArtifactId,
      simulatorId: start.simulatorId,
      testCaseId: start.testCaseId,
      jobGroupId: start.jobGroupPublicId,
      prompt: start.prompt ?? null,
      simulatorConfig: {
        type: 'app',
        env_id: start.simulatorName,
        ...(start.source ? { source: start.source } : {}),
        ...(start.agentVersion ? { agent_version: start.agentVersion } : {}),
      },
    })
    .returning();
  return session!;
}

/** A queued run's session starts in the environment made for it (services/runs.ts made it run_queued). */
export async function startQueuedSession(db: Database, sessionId: number, jobGroupPublicId: string) {
  const [session] = await db
    .update(sessions)
    .set({ status: 'run_started' satisfies SessionStatus, jobGroupId: jobGroupPublicId })
    .where(eq(sessions.id, sessionId))
    .returning();
  if (!session) throw new Error(`The run's session ${sessionId} is gone`);
  return session;
}

export async function setSessionStatus(
  db: Database,
  sessionId: number,
  status: SessionStatus,
  options: { failureReason?: string } = {},
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
            sessionDuration: sql`extract(epoch from (now() - ${sessions.createdAt})) / 3600`,
          }
        : {}),
      ...(options.failureReason ? { failureReason: options.failureReason } : {}),
    })
    .where(eq(sessions.id, sessionId));
}

/** A line in the session's log (000 §3 Log entry): why it ended, what the environment did. */
export async function logToSession(
  db: Database,
  sessionId: number,
  entry: { type: string; message: string },
): Promise<void> {
  await db
    .insert(sessionLogs)
    .values({ sessionId, source: 'environment', logData: { ...entry, source: 'environment' } });
}

export async function setEnvironmentStatus(
  db: Database,
  jobGroupId: number,
  status: EnvironmentStatus,
  error?: string,
): Promise<void> {
  const closed = status === 'closed' || status === 'failed';
  // The job mirrors its group; the two writes need no transaction (a reader seeing one of them first sees a
  // status that was true a moment ago), and make→ready waits for them.
  await Promise.all([
    db
      .update(jobGroups)
      .set({ overallStatus: status, ...(closed ? { closedAt: new Date() } : {}) })
      .where(eq(jobGroups.id, jobGroupId)),
    db
      .update(jobs)
      .set({ status, ...(error ? { error } : {}) })
      .where(eq(jobs.jobGroupId, jobGroupId)),
  ]);
}

/** Fails an environment still open, by its public id (one whose worker is gone). */
export async function failEnvironment(db: Database, publicId: string, reason: string): Promise<void> {
  const [group] = await db
    .select({ id: jobGroups.id })
    .from(jobGroups)
    .where(and(eq(jobGroups.publicId, publicId), inArray(jobGroups.overallStatus, OPEN_STATUSES)));
  if (group) await setEnvironmentStatus(db, group.id, 'failed', reason);
}

export async function attachSession(db: Database, jobGroupId: number, sessionId: number): Promise<void> {
  await db.update(jobGroups).set({ sessionId }).where(eq(jobGroups.id, jobGroupId));
}

export async function recordHeartbeat(db: Database, jobGroupId: number, at: Date): Promise<void> {
  await db.update(jobGroups).set({ heartbeatAt: at }).where(eq(jobGroups.id, jobGroupId));
}

/** The environment's row as its organization sees it; undefined for another organization's or an unknown id. */
export async function findEnvironment(db: Database, publicId: string, organizationId: number) {
  const [row] = await db
    .select({ group: jobGroups, job: jobs })
    .from(jobGroups)
    .leftJoin(jobs, eq(jobs.jobGroupId, jobGroups.id))
    .where(and(eq(jobGroups.publicId, publicId), eq(jobGroups.organizationId, organizationId)));
  return row;
}

/**
 * Environments this worker left open when it stopped (a crash, SIGKILL): their browsers are gone (the sweep
 * at start-up kills any left behind), so each is failed, and its session with it, with the reason logged.
 */
export async function failOrphanedEnvironments(
  db: Database,
  workerId: string,
  reason: string,
): Promise<number> {
  const orphans = await db
    .select({ id: jobGroups.id, publicId: jobGroups.publicId, sessionId: jobGroups.sessionId })
    .from(jobGroups)
    .where(and(eq(jobGroups.workerId, workerId), inArray(jobGroups.overallStatus, OPEN_STATUSES)));
  for (const orphan of orphans) {
    await setEnvironmentStatus(db, orphan.id, 'failed', reason);
    // A queued run's session may have moved on to another worker's environment (its job was run again there):
    // it is this environment's to fail only while it still names it.
    const [session] =
      orphan.sessionId === null
        ? []
        : await db
            .select({ jobGroupId: sessions.jobGroupId })
            .from(sessions)
            .where(eq(sessions.id, orphan.sessionId));
    if (orphan.sessionId !== null && session?.jobGroupId === orphan.publicId) {
      await setSessionStatus(db, orphan.sessionId, 'run_failed', { failureReason: reason });
      await logToSession(db, orphan.sessionId, { type: 'environment_failed', message: reason });
    }
  }
  return orphans.length;
}
