/** Business constants named once (spec 000 §9, 001 §9, 002 §9). Import these; never repeat the literals. */

export const HUMAN_SCORES_PER_SESSION = 5;
export const CONSENSUS_MIN_ASSESSMENTS = 3;

export const PAGE_SIZE = {
  sessions: 100,
  humanRecorder: 50,
  expansion: 1000,
  tests: 30,
  replays: 45,
  agentResults: 1000,
  benchmarkFetch: 10000,
  simulatorTestCases: 1000,
  mutationViewerSessions: 100,
  adminJobs: 100,
  annotatorActivity: 100,
} as const;

/** The largest page size the API accepts for any list. */
export const MAX_PAGE_SIZE = 10000;

/**
 * The largest page number the API accepts for any list: far past any real list, and small enough that
 * the row offset (page × page size, at most 10^9) stays an exact number well inside Postgres's OFFSET.
 */
export const MAX_PAGE = 100_000;

/** Record ids are Postgres `serial`/`integer` columns (32-bit signed), so no record has a larger id. */
export const MAX_RECORD_ID = 2_147_483_647;

export const TIMING = {
  snackbarMs: 3000,
  hubToastMs: 2000,
  joinDelayMs: 500,
  pollingIntervalMs: 10_000,
  usageV2RefreshMs: 120_000,
  envReadyTimeoutMs: 300_000,
  envPollStartMs: 500,
  envPollMaxMs: 8000,
  heartbeatMs: 30_000,
  resetPauseMs: 1000,
  filterDebounceMs: 300,
} as const;

export const LAYOUT = {
  sidebarWidth: 210,
  sessionPanelWidth: 440,
  recorderPanelWidth: 450,
  editorPanelWidth: 450,
  datasetPanelWidth: 500,
  adminUserPanelWidth: 400,
  actionTileWidth: 260,
  dialogWidths: { large: 1100, medium: 800, small: 600 },
  liveViewReference: { width: 1310, height: 800 },
  keepaliveInterface: { width: 1280, height: 720 },
  maxFavicons: 7,
  iconSize: 32,
} as const;

export const MAX_STATE_DIFFS_SHOWN = 50;
export const ANNOTATOR_STATS_WINDOW_DAYS = 30;
export const USAGE_WINDOW_DAYS = 30;

/** Identity and limits that the server enforces. */
export const AUTH = {
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 3600,
  inviteTtlSeconds: 7 * 24 * 3600,
  passwordMinLength: 8,
  passwordMaxLength: 256,
  /** Per client address and e-mail. */
  loginAttemptsPerWindow: 10,
  /** Per client address, whatever the e-mails: spraying many accounts from one place; generous for shared NATs. */
  loginAttemptsPerAddressPerWindow: 50,
  loginWindowMs: 60_000,
  /** Per client address, in the same window: each sign-up costs a memory-hard password hash. */
  registrationsPerAddressPerWindow: 10,
} as const;

/** Largest JSON body the API accepts; larger answers 413. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

export const CONTACT_SUCCESS_MESSAGE = "Message sent — We'll get back to you as soon as possible.";

/** A queued run's wait for a slot is shown beside its duration from this many seconds; shorter is no wait. */
export const SLOT_WAIT_SHOWN_FROM_SECONDS = 1;
