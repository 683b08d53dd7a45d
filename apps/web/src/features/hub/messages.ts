/** The hub page's own texts (002 §8 "Hub"); the server's are HUB_MESSAGES in packages/contracts. */
export const HUB_PAGE_MESSAGES = {
  loadSimulators: 'Failed to load simulators.',
  loadRepository: 'Failed to load repository for simulator.',
  loadBranches: 'Failed to load repository branches',
  loadContents: 'Failed to load file contents',
  loadFile: 'Failed to load file content',
  created: (simulator: string) => `Repository created for ${simulator}`,
  createFailed: 'Failed to create repository',
  commandCopied: 'Command copied to clipboard!',
  copyFailed: 'Failed to copy command',
  emptyDirectory: 'This directory is empty',
  emptyRepository: 'This repository is empty',
  /** What the Gitea popover shows when my-info failed. */
  credentialsFailed: { username: 'Error', password: 'Failed to load' },
} as const;

/** The Builds section's texts: versions built from pushes to the default branch (issue 28 item 4). */
export const HUB_BUILD_MESSAGES = {
  loadBuilds: 'Failed to load builds',
  noBuilds: 'No builds yet: push to the default branch to build a version',
  loadLog: 'Failed to load log',
  loadingLog: 'Loading logs...',
  emptyLog: 'This build has written no log yet',
  failedReason: 'Why it failed',
} as const;
