/** What a hub build leaves in its output folder, for the server to keep and to load the version from. */

/** The bundle (bundleSimulator): the project's code in one ES module. */
export const SIMULATOR_BUNDLE_FILE = 'simulator.mjs';
/** The project's files (assets above all), copied as they lie in the project: the bundle's modules name them. */
export const PROJECT_TREE_FOLDER = 'tree';
/** The bundle's links to the kit and the packages beside it, rewritten by each Proctor that loads it. */
export const EXTERNALS_FOLDER = 'externals';
/** The seed snapshot: the seeded database serialized by SQLite, as instances start from it. */
export const SEED_SNAPSHOT_FILE = 'seed.sqlite';
