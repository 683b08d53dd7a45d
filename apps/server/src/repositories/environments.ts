import type { EnvironmentStatus } from '@proctor/contracts';
import {
  type Executor,
  jobGroups,
  jobs,
  newPublicId,
  organizations,
  sessions,
  simulators,
  users,
} from '@proctor/db';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';

/**
 * The rows behind an environment: its job group (status, heartbeat, owner, the worker holding it) with one job
 * for its browser. The runtime (environments/) holds the browser and the instance; these rows are what survives
 * it, so a crash or a restart can still say what happened.
 */
export interface NewEnvironment {
  organizationId: number;
  userId: number | null;
  publicId: string;
  /** Null for a browser session's environment: the open web, no simulator. */
  simulatorId: number | null;
  simulatorName: string | null;
  keepalive: boolean;
  alias: string | null;
  config: Record<string, unknown>;
  workerId: string;
  /** WORKER_URL of the process holding it, when other processes reach it there. */
  workerUrl: string | null;
}

const OPEN_STATUSES: EnvironmentStatus[] = ['queued', 'starting', 'running'];

/** The index that keeps an alias to one open keepalive environment of any organization (migration 0024). */
const OPEN_ALIAS_INDEX = 'job_groups_open_keepalive_alias_uq';

/** Whether a failed insertEnvironment lost the alias to another open keepalive environment (a race, too). */
export function isAliasTaken(error: unknown): boolean {
  for (
    let cause = error as
      | { code?: string; constraint?: string; message?: string; cause?: unknown }
      | undefined;
    cause;
    cause = cause.cause as typeof cause
  ) {
    if (
      cause.code === '23505' &&
      (cause.constraint === OPEN_ALIAS_INDEX || cause.message?.includes(OPEN_ALIAS_INDEX))
    )
      return true;
  }
  return false;
}

export async function insertEnvironment(db: Executor, environment: NewEnvironment) {
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

export async function setEnvironmentStatus(
  db: Executor,
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
export async function failEnvironment(db: Executor, publicId: string, reason: string): Promise<void> {
  const [group] = await db
    .select({ id: jobGroups.id })
    .from(jobGroups)
    .where(and(eq(jobGroups.publicId, publicId), inArray(jobGroups.overallStatus, OPEN_STATUSES)));
  if (group) await setEnvironmentStatus(db, group.id, 'failed', reason);
}

export async function attachSession(db: Executor, jobGroupId: number, sessionId: number): Promise<void> {
  await db.update(jobGroups).set({ sessionId }).where(eq(jobGroups.id, jobGroupId));
}

export async function recordHeartbeat(db: Executor, jobGroupId: number, at: Date): Promise<void> {
  await db.update(jobGroups).set({ heartbeatAt: at }).where(eq(jobGroups.id, jobGroupId));
}

/** The environment's row as its organization sees it; undefined for another organization's or an unknown id. */
export async function findEnvironment(db: Executor, publicId: string, organizationId: number) {
  const [row] = await db
    .select({ group: jobGroups, job: jobs })
    .from(jobGroups)
    .leftJoin(jobs, eq(jobs.jobGroupId, jobGroups.id))
    .where(and(eq(jobGroups.publicId, publicId), eq(jobGroups.organizationId, organizationId)));
  return row;
}

/** The environments a worker (by its WORKER_ID) holds open, with the session each was made for. */
export async function openEnvironmentsOf(db: Executor, workerId: string) {
  return db
    .select({ id: jobGroups.id, publicId: jobGroups.publicId, sessionId: jobGroups.sessionId })
    .from(jobGroups)
    .where(and(eq(jobGroups.workerId, workerId), inArray(jobGroups.overallStatus, OPEN_STATUSES)));
}

/** The WORKER_URL of the process holding a running environment, or null (ended, or held by no worker). */
export async function workerHolding(db: Executor, environmentId: string): Promise<string | null> {
  const [row] = await db
    .select({ workerUrl: jobGroups.workerUrl, status: jobGroups.overallStatus })
    .from(jobGroups)
    .where(eq(jobGroups.publicId, environmentId));
  return row?.workerUrl && row.status === 'running' ? row.workerUrl : null;
}

/** Environments open now, oldest first, with their organization, simulator, session and owner; all when no organization is given. */
export async function listOpenEnvironments(db: Executor, organizationId?: number) {
  return db
    .select({
      publicId: jobGroups.publicId,
      status: jobGroups.overallStatus,
      keepalive: jobGroups.keepalive,
      workerId: jobGroups.workerId,
      createdAt: jobGroups.createdAt,
      organizationId: jobGroups.organizationId,
      organizationName: organizations.name,
      simulatorName: simulators.name,
      sessionPublicId: sessions.publicId,
      userName: users.name,
    })
    .from(jobGroups)
    .leftJoin(organizations, eq(organizations.id, jobGroups.organizationId))
    .leftJoin(simulators, eq(simulators.id, jobGroups.simulatorId))
    .leftJoin(sessions, eq(sessions.id, jobGroups.sessionId))
    .leftJoin(users, eq(users.id, jobGroups.userId))
    .where(
      and(
        inArray(jobGroups.overallStatus, OPEN_STATUSES),
        organizationId === undefined ? undefined : eq(jobGroups.organizationId, organizationId),
      ),
    )
    .orderBy(asc(jobGroups.createdAt), asc(jobGroups.id));
}

/** An environment still open, of any organization, with where it is held; undefined when it is not open. */
export async function findOpenEnvironment(db: Executor, publicId: string) {
  const [row] = await db
    .select({ status: jobGroups.overallStatus, workerId: jobGroups.workerId, workerUrl: jobGroups.workerUrl })
    .from(jobGroups)
    .where(and(eq(jobGroups.publicId, publicId), inArray(jobGroups.overallStatus, OPEN_STATUSES)));
  return row;
}

/**
 * The open keepalive environment of any organization answering to an alias (case ignored), with where it is
 * held: what its public URL {alias}.sims.{host} serves. Undefined when none is open.
 */
export async function findOpenKeepalive(db: Executor, alias: string) {
  const [row] = await db
    .select({ publicId: jobGroups.publicId, status: jobGroups.overallStatus, workerUrl: jobGroups.workerUrl })
    .from(jobGroups)
    .where(
      and(
        eq(jobGroups.keepalive, true),
        sql`lower(${jobGroups.alias}) = ${alias.toLowerCase()}`,
        notInArray(jobGroups.overallStatus, ['closed', 'failed'] satisfies EnvironmentStatus[]),
      ),
    );
  return row;
}
