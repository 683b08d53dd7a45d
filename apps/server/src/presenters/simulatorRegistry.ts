import {
  type RegistrySimulator,
  type SimType,
  sortVersionsByTag,
  type UnifiedVersion,
  type UnifiedVersionsResponse,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { listVersionTags } from '../repositories/simulatorRegistry';
import { listSimulatorVersions, type SimulatorRow } from '../repositories/simulators';

export function presentRegistrySimulator(row: SimulatorRow): RegistrySimulator {
  return { name: row.name, type: row.simType as SimType, enabled: row.enabled, description: row.description };
}

/**
 * Every recorded version of the simulator in tag order. The flags carry the hosted product's names and
 * Proctor's meanings (docs/architecture.md, "Simulator versions"): only the current version of a built-in
 * simulator is served by this install, and only while the simulator is enabled can workers run it.
 */
export async function presentUnifiedVersions(
  db: Database,
  simulator: SimulatorRow,
): Promise<UnifiedVersionsResponse> {
  return { name: simulator.name, versions: sortVersionsByTag(await versionsNewestFirst(db, simulator)) };
}

async function versionsNewestFirst(db: Database, simulator: SimulatorRow): Promise<UnifiedVersion[]> {
  const [versions, tags] = await Promise.all([
    listSimulatorVersions(db, [simulator.id]),
    listVersionTags(db, [simulator.id]),
  ]);
  const currentId = versions[0]?.id;
  return versions.map((version): UnifiedVersion => {
    const current = version.id === currentId;
    const seedFingerprint = version.details.data_fingerprint ?? null;
    return {
      hash: version.version,
      dataset: version.dataset ?? (seedFingerprint ? `seed ${seedFingerprint.slice(0, 8)}` : null),
      createdAt: version.publishedAt.toISOString(),
      hasDockerImage: current && simulator.builtIn,
      hasFirecrackerSnapshot: seedFingerprint !== null,
      hasEcsTask: current && simulator.enabled,
      hasRegistryEntry: version.registeredAt !== null,
      registeredAt: version.registeredAt?.toISOString() ?? null,
      tags: tags
        .filter((tag) => tag.versionId === version.id)
        .map((tag) => tag.tag)
        .sort(),
      links: current && simulator.url ? [{ label: 'Site', url: simulator.url }] : [],
    };
  });
}

/** The simulator, its current (latest recorded) version, and the hash each registry tag names. */
export async function presentSimulatorInfo(db: Database, simulator: SimulatorRow) {
  const versions = await versionsNewestFirst(db, simulator);
  const tags: Record<string, string> = {};
  for (const version of versions) for (const tag of version.tags) tags[tag] = version.hash;
  return { simulator: presentRegistrySimulator(simulator), currentVersion: versions[0] ?? null, tags };
}
