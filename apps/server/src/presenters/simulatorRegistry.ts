import {
  type RegistrySimulator,
  type SimType,
  type SimulatorVersionEntry,
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
  return (await versionsOf(db, [simulator])).get(simulator.id) ?? [];
}

/** Each simulator's recorded versions, newest first, in two queries whatever their number. */
async function versionsOf(
  db: Database,
  simulators: readonly SimulatorRow[],
): Promise<Map<number, UnifiedVersion[]>> {
  const ids = simulators.map((simulator) => simulator.id);
  const [versions, tags] = await Promise.all([listSimulatorVersions(db, ids), listVersionTags(db, ids)]);
  const bySimulator = new Map<number, UnifiedVersion[]>(ids.map((id) => [id, []]));
  for (const simulator of simulators) {
    const own = versions.filter((version) => version.simulatorId === simulator.id);
    const currentId = own[0]?.id;
    bySimulator.set(
      simulator.id,
      own.map((version): UnifiedVersion => {
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
      }),
    );
  }
  return bySimulator;
}

/** The simulator, its current (latest recorded) version, and the hash each registry tag names. */
export async function presentSimulatorInfo(db: Database, simulator: SimulatorRow) {
  return infoOf(simulator, await versionsNewestFirst(db, simulator));
}

function infoOf(simulator: SimulatorRow, versions: UnifiedVersion[]) {
  const tags: Record<string, string> = {};
  for (const version of versions) for (const tag of version.dynamodb_tags) tags[tag] = version.version;
  return { simulator: presentRegistrySimulator(simulator), currentVersion: versions[0] ?? null, tags };
}

/** Every simulator's info (the simulators in the order given). */
export async function presentSimulatorsInfo(db: Database, simulators: readonly SimulatorRow[]) {
  const versions = await versionsOf(db, simulators);
  return {
    simulators: simulators.map((simulator) => infoOf(simulator, versions.get(simulator.id) ?? [])),
  };
}

/** What each of the hosted product's artifact lists means here, as a flag of a version. */
const ARTIFACT_FLAGS = {
  dockerImages: 'has_docker_image',
  taskDefinitions: 'has_ecs_task_definition',
  firecrackerSnapshots: 'has_firecracker_snapshot',
} as const satisfies Record<string, keyof UnifiedVersion>;

/**
 * The versions of every simulator that carry one artifact flag, each simulator's newest first: docker images
 * (built code served here), task definitions (runnable on workers), firecracker snapshots (seed snapshots).
 */
export async function presentSimulatorArtifacts(
  db: Database,
  simulators: readonly SimulatorRow[],
  artifact: keyof typeof ARTIFACT_FLAGS,
): Promise<SimulatorVersionEntry[]> {
  const versions = await versionsOf(db, simulators);
  return simulators.flatMap((simulator) =>
    (versions.get(simulator.id) ?? [])
      .filter((version) => version[ARTIFACT_FLAGS[artifact]])
      .map((version) => ({ simulator: simulator.name, ...version })),
  );
}
