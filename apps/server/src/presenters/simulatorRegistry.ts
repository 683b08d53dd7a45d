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
  return {
    id: row.id,
    name: row.name,
    img_url: row.imgUrl,
    sim_type: row.simType as SimType,
    enabled: row.enabled,
    description: row.description,
    has_repo: false,
  };
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
      version: version.version,
      dataset: version.dataset ?? (seedFingerprint ? `seed ${seedFingerprint.slice(0, 8)}` : null),
      created_at: version.publishedAt.toISOString(),
      has_docker_image: current && simulator.builtIn,
      has_firecracker_snapshot: seedFingerprint !== null,
      has_ecs_task_definition: current && simulator.enabled,
      has_dynamodb_entry: version.registeredAt !== null,
      dynamodb_tags: tags
        .filter((tag) => tag.versionId === version.id)
        .map((tag) => tag.tag)
        .sort(),
      docker_image_url: null,
      firecracker_snapshot_url: null,
      task_definition_arn: null,
      task_definition_family: null,
      registered_at: version.registeredAt?.toISOString() ?? null,
    };
  });
}

/** The simulator, its current (latest recorded) version, and the hash each registry tag names. */
export async function presentSimulatorInfo(db: Database, simulator: SimulatorRow) {
  const versions = await versionsNewestFirst(db, simulator);
  const tags: Record<string, string> = {};
  for (const version of versions) for (const tag of version.dynamodb_tags) tags[tag] = version.version;
  return { simulator: presentRegistrySimulator(simulator), currentVersion: versions[0] ?? null, tags };
}
