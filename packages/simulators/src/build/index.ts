import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Building simulators pushed to the hub: bundling a kit project, loading the bundle against this Proctor's kit,
 * and the program (HUB_BUILD_RUNNER) the server runs in a sandbox to bundle, seed and prove a push.
 */
export { OutputArchiveReader, writeOutputArchive } from './archive';
export type { BundleExternal, BundleResult } from './bundle';
export { BUNDLE_EXTERNALS, bundleSimulator, SIMULATOR_ENTRY, SimulatorBuildError } from './bundle';
export { findSimulatorDefinition, importSimulatorBundle } from './load';
export {
  EXTERNALS_FOLDER,
  PROJECT_TREE_FOLDER,
  SEED_SNAPSHOT_FILE,
  SIMULATOR_BUNDLE_FILE,
} from './output';

/**
 * The build program: run as `node --import tsx <HUB_BUILD_RUNNER> --checkout DIR --out DIR [--archive-fd N]` from
 * PROCTOR_ROOT.
 */
export const HUB_BUILD_RUNNER = fileURLToPath(new URL('./runner.ts', import.meta.url));
/** The Proctor install the runner is part of: its root `node_modules` and `packages` are what the runner needs. */
export const PROCTOR_ROOT = dirname(fileURLToPath(new URL('../../../../package.json', import.meta.url)));
