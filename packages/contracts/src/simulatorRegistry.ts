import { z } from 'zod';
import { Timestamp } from './common';
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
  name: z.string(),
  type: SimType,
  enabled: z.boolean(),
  description: z.string(),
});
export type RegistrySimulator = z.infer<typeof RegistrySimulator>;
export const RegistrySimulatorsResponse = z.object({ simulators: z.array(RegistrySimulator) });

export const VersionLink = z.object({ label: z.string(), url: z.string() });

/**
 * A recorded version of a simulator. The four flags keep the names of the hosted product's registry and say
 * what they mean in Proctor (docs/architecture.md, "Simulator versions").
 */
export const UnifiedVersion = z.object({
  /** The content hash registration recorded the version under (the hosted product's commit hash). */
  hash: z.string(),
  dataset: z.string().nullable(),
  createdAt: Timestamp,
  hasDockerImage: z.boolean(),
  hasFirecrackerSnapshot: z.boolean(),
  hasEcsTask: z.boolean(),
  hasRegistryEntry: z.boolean(),
  registeredAt: Timestamp.nullable(),
  tags: z.array(z.string()),
  links: z.array(VersionLink),
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

/** A simulator with its current version and the version each registry tag names. */
export const SimulatorInfoResponse = z.object({
  simulator: RegistrySimulator,
  currentVersion: UnifiedVersion.nullable(),
  tags: z.record(z.string(), z.string()),
});

/** Orders versions: the leading tags first, then other tagged versions, then untagged ones, each newest first. */
export function sortVersionsByTag<T extends { tags: readonly string[]; createdAt: string }>(
  versions: T[],
): T[] {
  const rank = (version: T) => {
    const leading = LEADING_VERSION_TAGS.findIndex((tag) => version.tags.includes(tag));
    if (leading >= 0) return leading;
    return version.tags.length > 0 ? LEADING_VERSION_TAGS.length : LEADING_VERSION_TAGS.length + 1;
  };
  return [...versions].sort((a, b) => rank(a) - rank(b) || Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
