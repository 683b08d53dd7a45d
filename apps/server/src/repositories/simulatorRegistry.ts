/** The simulator version registry: which recorded versions were registered, and the tags naming them. */
import { type Executor, hubBuilds, simulatorVersions, simulatorVersionTags } from '@proctor/db';
import { and, eq, inArray, like } from 'drizzle-orm';

export type VersionTagRow = typeof simulatorVersionTags.$inferSelect;

/** The simulator's version recorded under this hash; undefined when there is none. */
export async function findSimulatorVersion(db: Executor, simulatorId: number, hash: string) {
  const [row] = await db
    .select()
    .from(simulatorVersions)
    .where(and(eq(simulatorVersions.simulatorId, simulatorId), eq(simulatorVersions.version, hash)));
  return row;
}

/** Enters the version in the registry; a version registered before keeps its first date. */
export async function markVersionRegistered(db: Executor, versionId: number): Promise<void> {
  const [row] = await db
    .select({ registeredAt: simulatorVersions.registeredAt })
    .from(simulatorVersions)
    .where(eq(simulatorVersions.id, versionId));
  if (row?.registeredAt) return;
  await db
    .update(simulatorVersions)
    .set({ registeredAt: new Date() })
    .where(eq(simulatorVersions.id, versionId));
}

/** Points the simulator's tag at the version, taking it from whichever version held it. */
export async function setVersionTag(
  db: Executor,
  values: { simulatorId: number; tag: string; versionId: number },
): Promise<void> {
  await db
    .insert(simulatorVersionTags)
    .values(values)
    .onConflictDoUpdate({
      target: [simulatorVersionTags.simulatorId, simulatorVersionTags.tag],
      set: { versionId: values.versionId, taggedAt: new Date() },
    });
}

/** The registry tags of the simulators' versions. */
export async function listVersionTags(
  db: Executor,
  simulatorIds: readonly number[],
): Promise<VersionTagRow[]> {
  if (simulatorIds.length === 0) return [];
  return db
    .select()
    .from(simulatorVersionTags)
    .where(inArray(simulatorVersionTags.simulatorId, [...simulatorIds]));
}

/** A hash's shortest prefix that names a version (git's own default abbreviation). */
const MIN_HASH_PREFIX = 7;
const HASH_PREFIX = /^[0-9a-f]+$/;

/**
 * The version an environment is asked to start (make2's env_config.version): the one the tag names, else the one
 * recorded under the hash, else the only one whose hash starts with it (at least 7 hex digits). With its build,
 * when it was built from a hub push, and whether it was reached by a tag.
 */
export async function findVersionToStart(db: Executor, simulatorId: number, ref: string) {
  const columns = {
    id: simulatorVersions.id,
    version: simulatorVersions.version,
    dataset: simulatorVersions.dataset,
    registeredAt: simulatorVersions.registeredAt,
    buildStatus: hubBuilds.status,
    buildOrganizationId: hubBuilds.organizationId,
  };
  const [tagged] = await db
    .select(columns)
    .from(simulatorVersionTags)
    .innerJoin(simulatorVersions, eq(simulatorVersions.id, simulatorVersionTags.versionId))
    .leftJoin(hubBuilds, eq(hubBuilds.versionId, simulatorVersions.id))
    .where(and(eq(simulatorVersionTags.simulatorId, simulatorId), eq(simulatorVersionTags.tag, ref)));
  if (tagged) return { ...tagged, byTag: true };
  const byHash = (where: ReturnType<typeof eq>) =>
    db
      .select(columns)
      .from(simulatorVersions)
      .leftJoin(hubBuilds, eq(hubBuilds.versionId, simulatorVersions.id))
      .where(and(eq(simulatorVersions.simulatorId, simulatorId), where))
      .limit(2);
  const [exact] = await byHash(eq(simulatorVersions.version, ref));
  if (exact) return { ...exact, byTag: false };
  if (ref.length < MIN_HASH_PREFIX || !HASH_PREFIX.test(ref)) return undefined;
  const prefixed = await byHash(like(simulatorVersions.version, `${ref}%`));
  return prefixed.length === 1 ? { ...prefixed[0]!, byTag: false } : undefined;
}
