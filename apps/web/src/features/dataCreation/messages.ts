/** What data creation says (000 §8 Data creation snackbars). */
export const DATA_CREATION_MESSAGES = {
  loadFailed: 'Failed to load data creation assignments',
  reopenFailed: 'Failed to re-open assignment',
  completeFailed: 'Failed to mark assignment as completed',
} as const;

/** Who started the environment, kept on its sessions. */
export const DATA_CREATION_SOURCE = 'data_creation';
