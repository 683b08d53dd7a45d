import {
  type RegistrySimulator,
  type SimType,
  type SimulatorVersionEntry,
  type SimulatorVersionLogResponse,
  sortVersionsByTag,
  type UnifiedVersion,
  type UnifiedVersionsResponse,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { notFound } from '../kernel/http/errors';
import { findVersionBuild, listVersionBuilds } from '../repositories/hubBuilds';
import { findSimulatorVersion, listVersionTags } from '../repositories/simulatorRegistry';
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

/** Each simulator's recorded versions, newest first, in three queries whatever their number. */
async function versionsOf(
  db: Database,
  simulators: readonly SimulatorRow[],
): Promise<Map<number, UnifiedVersion[]>> {
  const ids = simulators.map((simulator) => simulator.id);
  const [versions, tags] = await Promise.all([listSimulatorVersions(db, ids), listVersionTags(db, ids)]);
  const builds = new Map(
    (
      await listVersionBuilds(
        db,
        versions.map((version) => version.id),
      )
    ).map((build) => [build.versionId, build]),
  );
  const bySimulator = new Map<number, UnifiedVersion[]>(ids.map((id) => [id, []]));
  for (const simulator of simulators) {
    const own = versions.filter((version) => version.simulatorId === simulator.id);
    // The current version is the newest one this install ships, not one built from the hub.
    const currentId = own.find((version) => !builds.has(version.id))?.id;
    bySimulator.set(
      simulator.id,
      own.map((version): UnifiedVersion => {
        const build = builds.get(version.id);
        const current = version.id === currentId;
        // A proven hub build's output is kept, and environments start it in its sandbox (environments/versions.ts).
        const runnable = build?.status === 'proven';
        const seedFingerprint = version.details.data_fingerprint ?? null;
        return {
          version: version.version,
          dataset: version.dataset ?? (seedFingerprint ? `seed ${seedFingerprint.slice(0, 8)}` : null),
          created_at: version.publishedAt.toISOString(),
          has_docker_image: (current && simulator.builtIn) || runnable,
          // A proven hub build kept its seed snapshot with its output (the dataset is its hash).
          has_firecracker_snapshot:
            seedFingerprint !== null || (build?.status === 'proven' && version.dataset !== null),
          has_ecs_task_definition: (current || runnable) && simulator.enabled,
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
          build_status: build?.status ?? null,
          has_build_log: build?.hasLog ?? false,
          built_from: build?.owner && build.repositoryName ? `${build.owner}/${build.repositoryName}` : null,
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
  // Current: the newest version this install ships (hub-built ones do not run here yet).
  const current = versions.find((version) => version.build_status === null) ?? null;
  return { simulator: presentRegistrySimulator(simulator), currentVersion: current, tags };
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

/** A version's build log; 404 for a version not built from the hub. */
export async function presentVersionLog(
  db: Database,
  simulator: SimulatorRow,
  version: string,
): Promise<SimulatorVersionLogResponse> {
  const row = await findSimulatorVersion(db, simulator.id, version);
  const build = row && (await findVersionBuild(db, row.id));
  if (!row || !build)
    throw notFound(
      row ? 'This version was not built from the hub: it has no build log' : 'Version not found',
    );
  return { version: row.version, build_status: build.status, reason: build.reason, log: build.log };
}
