/** The simulator version registry: which recorded versions were registered, and the tags naming them. */
import { type Executor, simulatorVersions, simulatorVersionTags } from '@proctor/db';
import { and, eq, inArray } from 'drizzle-orm';

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
