/** Versions built from hub pushes: the version row and its build (status, log, repository), made together. */
import type { HubBuildStatus } from '@proctor/contracts';
import {
  type Executor,
  hubBuilds,
  hubRepositories,
  organizations,
  simulators,
  simulatorVersions,
} from '@proctor/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

/**
 * Records the pushed commit as a version of the simulator, building. Undefined when the simulator already has a
 * version of that hash (built before, by this repository or another): a hash is built once.
 */
export async function recordHubBuild(
  db: Executor,
  values: {
    simulatorId: number;
    commit: string;
    hubRepositoryId: number;
    organizationId: number;
    description: string;
  },
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [version] = await tx
      .insert(simulatorVersions)
      .values({ simulatorId: values.simulatorId, version: values.commit, description: values.description })
      .onConflictDoNothing()
      .returning({ id: simulatorVersions.id });
    if (!version) return undefined;
    await tx.insert(hubBuilds).values({
      versionId: version.id,
      hubRepositoryId: values.hubRepositoryId,
      organizationId: values.organizationId,
      status: 'building',
    });
    return version.id;
  });
}

/** What the build job needs of a version: its hash, its simulator and the repository it came from. */
export async function findHubBuildJob(db: Executor, versionId: number) {
  const [row] = await db
    .select({
      versionId: hubBuilds.versionId,
      status: hubBuilds.status,
      commit: simulatorVersions.version,
      simulatorName: simulators.name,
      hubRepositoryId: hubBuilds.hubRepositoryId,
      owner: organizations.publicId,
      repositoryName: hubRepositories.name,
      repositorySimulatorId: hubRepositories.simulatorId,
      simulatorId: simulatorVersions.simulatorId,
    })
    .from(hubBuilds)
    .innerJoin(simulatorVersions, eq(simulatorVersions.id, hubBuilds.versionId))
    .innerJoin(simulators, eq(simulators.id, simulatorVersions.simulatorId))
    .leftJoin(hubRepositories, eq(hubRepositories.id, hubBuilds.hubRepositoryId))
    .leftJoin(organizations, eq(organizations.id, hubRepositories.organizationId))
    .where(eq(hubBuilds.versionId, versionId));
  return row;
}

/** Replaces a build's log while it is building (the job keeps its bounded tail and writes it in batches). */
export async function writeHubBuildLog(db: Executor, versionId: number, log: string): Promise<void> {
  await db
    .update(hubBuilds)
    .set({ log })
    .where(and(eq(hubBuilds.versionId, versionId), eq(hubBuilds.status, 'building')));
}

/** Ends a build: its status, log and end, and the version's dataset. False when it had ended already. */
export async function finishHubBuild(
  db: Executor,
  versionId: number,
  outcome: {
    status: Exclude<HubBuildStatus, 'building'>;
    log: string;
    dataset: string | null;
    reason: string | null;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(hubBuilds)
      .set({ status: outcome.status, log: outcome.log, reason: outcome.reason, endedAt: new Date() })
      .where(and(eq(hubBuilds.versionId, versionId), eq(hubBuilds.status, 'building')))
      .returning({ versionId: hubBuilds.versionId });
    if (ended.length === 0) return false;
    if (outcome.dataset !== null)
      await tx
        .update(simulatorVersions)
        .set({ dataset: outcome.dataset })
        .where(eq(simulatorVersions.id, versionId));
    return true;
  });
}

/** The versions whose build has not ended (a process that died mid-build left them). */
export async function listBuildingVersionIds(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ versionId: hubBuilds.versionId })
    .from(hubBuilds)
    .where(eq(hubBuilds.status, 'building'))
    .orderBy(hubBuilds.createdAt);
  return rows.map((row) => row.versionId);
}

const summaryColumns = {
  versionId: hubBuilds.versionId,
  commit: simulatorVersions.version,
  status: hubBuilds.status,
  dataset: simulatorVersions.dataset,
  createdAt: hubBuilds.createdAt,
  endedAt: hubBuilds.endedAt,
  reason: hubBuilds.reason,
  hasLog: sql<boolean>`length(${hubBuilds.log}) > 0`,
};

/** A repository's builds, newest first, without their logs. */
export async function listRepositoryBuilds(db: Executor, hubRepositoryId: number) {
  return db
    .select(summaryColumns)
    .from(hubBuilds)
    .innerJoin(simulatorVersions, eq(simulatorVersions.id, hubBuilds.versionId))
    .where(eq(hubBuilds.hubRepositoryId, hubRepositoryId))
    .orderBy(desc(hubBuilds.createdAt), desc(hubBuilds.versionId));
}

/** One of a repository's builds by its commit, with its log. */
export async function findRepositoryBuild(db: Executor, hubRepositoryId: number, commit: string) {
  const [row] = await db
    .select({
      commit: simulatorVersions.version,
      status: hubBuilds.status,
      log: hubBuilds.log,
      reason: hubBuilds.reason,
    })
    .from(hubBuilds)
    .innerJoin(simulatorVersions, eq(simulatorVersions.id, hubBuilds.versionId))
    .where(and(eq(hubBuilds.hubRepositoryId, hubRepositoryId), eq(simulatorVersions.version, commit)));
  return row;
}

/** The builds of these versions (those built from the hub), without their logs, with the repository's name. */
export async function listVersionBuilds(db: Executor, versionIds: readonly number[]) {
  if (versionIds.length === 0) return [];
  return db
    .select({
      versionId: hubBuilds.versionId,
      status: hubBuilds.status,
      hasLog: sql<boolean>`length(${hubBuilds.log}) > 0`,
      owner: organizations.publicId,
      repositoryName: hubRepositories.name,
    })
    .from(hubBuilds)
    .leftJoin(hubRepositories, eq(hubRepositories.id, hubBuilds.hubRepositoryId))
    .leftJoin(organizations, eq(organizations.id, hubRepositories.organizationId))
    .where(inArray(hubBuilds.versionId, [...versionIds]));
}

/** One version's build with its log; undefined for a version not built from the hub. */
export async function findVersionBuild(db: Executor, versionId: number) {
  const [row] = await db
    .select({ status: hubBuilds.status, log: hubBuilds.log, reason: hubBuilds.reason })
    .from(hubBuilds)
    .where(eq(hubBuilds.versionId, versionId));
  return row;
}
