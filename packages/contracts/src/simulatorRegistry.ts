import { z } from 'zod';
import { Timestamp } from './common';
import { HUB_BUILD_STATUSES } from './hubBuild';
import { SimType } from './vocabulary';

/** Versions the Admin screen's Versions tab shows before 'Show More'. */
export const VERSIONS_SHOWN_AT_FIRST = 10;
/** Tags that sort first, in this order; other tagged versions follow, then untagged ones, each newest first. */
export const LEADING_VERSION_TAGS = ['prod-latest', 'staging-latest'] as const;
export const TAG_NAME_REQUIRED = 'Please enter a tag name';
/** The part of a version's hash people are shown. */
export const SHORT_HASH_LENGTH = 8;

export const SimulatorNameParam = z.object({ name: z.string().trim().min(1).max(200) });

export const RegistrySimulator = z.object({
  id: z.number().int(),
  name: z.string(),
  img_url: z.string().nullable(),
  sim_type: SimType,
  enabled: z.boolean(),
  description: z.string(),
  /** Simulator source repositories are not kept by Proctor: always false. */
  has_repo: z.boolean(),
});
export type RegistrySimulator = z.infer<typeof RegistrySimulator>;
export const RegistrySimulatorsResponse = z.object({ simulators: z.array(RegistrySimulator) });

/**
 * A recorded version of a simulator, in the hosted product's field names; docs/architecture.md ("Simulator
 * versions") says what each flag means in Proctor. The URLs and task names have no counterpart here: null.
 */
export const UnifiedVersion = z.object({
  /** The content hash registration recorded the version under (the hosted product's commit hash). */
  version: z.string(),
  dataset: z.string().nullable(),
  created_at: Timestamp,
  has_docker_image: z.boolean(),
  has_firecracker_snapshot: z.boolean(),
  has_ecs_task_definition: z.boolean(),
  has_dynamodb_entry: z.boolean(),
  dynamodb_tags: z.array(z.string()),
  docker_image_url: z.string().nullable(),
  firecracker_snapshot_url: z.string().nullable(),
  task_definition_arn: z.string().nullable(),
  task_definition_family: z.string().nullable(),
  registered_at: Timestamp.nullable(),
  /**
   * A version built from a hub push: building, proven (every test case's reference passes and its wrong variant
   * fails) or failed. Null for a version not built here (a built-in simulator's). Only a proven one may be tagged.
   */
  build_status: z.enum(HUB_BUILD_STATUSES).nullable(),
  /** Whether the build kept a log (GET …/versions/{version}/log). */
  has_build_log: z.boolean(),
  /** The hub repository (`owner/name`) the version was built from; null when none (or it was deleted). */
  built_from: z.string().nullable(),
});
export type UnifiedVersion = z.infer<typeof UnifiedVersion>;
export const UnifiedVersionsResponse = z.object({ name: z.string(), versions: z.array(UnifiedVersion) });
export type UnifiedVersionsResponse = z.infer<typeof UnifiedVersionsResponse>;

export const RegisterVersionRequest = z.object({
  git_hash: z.string().trim().min(1).max(200),
  // Blank tags are refused with the dialog's message by the server, after trimming.
  tags: z.array(z.string().max(100)).min(1).max(20),
});
export type RegisterVersionRequest = z.infer<typeof RegisterVersionRequest>;

/** Why a version may not take a tag (409 of register): its build is not proven. */
export const REGISTER_REFUSALS = {
  building: 'Only a proven version can be registered: this one is still being built',
  failed: 'Only a proven version can be registered: this one failed its proof',
} as const;

/** The tag an environment starts unless make2's env_config.version names another tag or a hash. */
export const DEFAULT_VERSION_TAG = 'prod-latest';

/** Why make2 cannot start the version env_config.version names. */
export const VERSION_START_MESSAGES = {
  invalid: 'env_config.version must be a tag or a version hash',
  notFound: (ref: string) => `Version "${ref}" of this simulator was not found`,
  building: (hash: string) =>
    `Version ${hash.slice(0, SHORT_HASH_LENGTH)} is still being built: only a proven version can be started`,
  failed: (hash: string) =>
    `Version ${hash.slice(0, SHORT_HASH_LENGTH)} failed its proof: only a proven version can be started`,
  notShipped: (hash: string, current: string | undefined) =>
    `Version ${hash.slice(0, SHORT_HASH_LENGTH)} is not the code this install runs${current ? ` (it runs ${current.slice(0, SHORT_HASH_LENGTH)})` : ''}`,
  notHere: (simulator: string) =>
    `Simulator "${simulator}" cannot be started here: only the built-in app simulators and versions built from the hub run in this version`,
} as const;

export const SimulatorVersionParam = SimulatorNameParam.extend({
  version: z.string().trim().min(1).max(200),
});

/** A hub-built version's log (platform admins): the build's lines, at most HUB.buildLogMaxBytes, the last kept. */
export const SimulatorVersionLogResponse = z.object({
  version: z.string(),
  build_status: z.enum(HUB_BUILD_STATUSES),
  /** Why a failed build failed; null unless failed. */
  reason: z.string().nullable(),
  log: z.string(),
});
export type SimulatorVersionLogResponse = z.infer<typeof SimulatorVersionLogResponse>;

/** A simulator with its current version and the version each registry tag names. */
export const SimulatorInfoResponse = z.object({
  simulator: RegistrySimulator,
  currentVersion: UnifiedVersion.nullable(),
  tags: z.record(z.string(), z.string()),
});

/** Every simulator's info, by name. */
export const SimulatorsInfoResponse = z.object({ simulators: z.array(SimulatorInfoResponse) });

/**
 * A recorded version with the simulator it is of: the entries of the hosted product's artifact lists, which
 * Proctor answers from the registry (docs/architecture.md, "Simulator versions"): docker images are the built
 * code this install serves, task definitions the versions workers can run, firecracker snapshots the versions
 * recorded with a seed snapshot. Their URLs and task names have no counterpart here: null.
 */
export const SimulatorVersionEntry = UnifiedVersion.extend({ simulator: z.string() });
export type SimulatorVersionEntry = z.infer<typeof SimulatorVersionEntry>;
export const DockerImagesResponse = z.object({ images: z.array(SimulatorVersionEntry) });
export const TaskDefinitionsResponse = z.object({ task_definitions: z.array(SimulatorVersionEntry) });
export const FirecrackerSnapshotsResponse = z.object({ snapshots: z.array(SimulatorVersionEntry) });

/** Orders versions: the leading tags first, then other tagged versions, then untagged ones, each newest first. */
export function sortVersionsByTag<T extends { dynamodb_tags: readonly string[]; created_at: string }>(
  versions: T[],
): T[] {
  const rank = (version: T) => {
    const leading = LEADING_VERSION_TAGS.findIndex((tag) => version.dynamodb_tags.includes(tag));
    if (leading >= 0) return leading;
    return version.dynamodb_tags.length > 0 ? LEADING_VERSION_TAGS.length : LEADING_VERSION_TAGS.length + 1;
  };
  return [...versions].sort(
    (a, b) => rank(a) - rank(b) || Date.parse(b.created_at) - Date.parse(a.created_at),
  );
}
