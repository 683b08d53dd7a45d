import { z } from 'zod';
import { PageNumber, Pagination, pageSizeInUrl, QueryBoolean, QueryText, Timestamp } from './common';
import { MAX_RECORD_ID, PAGE_SIZE } from './constants';
import { Mutation } from './mutation';
import { PageState, RecordedRequest, UserAction } from './recording';
import { AdminViewQuery, HumanConsensus, HumanResultsView } from './scoring';
import { SessionStatus } from './vocabulary';

/** The largest page the sessions list serves. */
export const MAX_SESSION_PAGE_SIZE = 500;
/** State mutations the session page shows; the rest are counted (000 §2.5). */
export const SESSION_PAGE_MUTATION_LIMIT = 50;

/** A comma-joined list in a query string: "1,2,3". Blank parts are dropped. */
export const CommaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .max(10_000)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(item).max(500));

/** An id inside a comma list: text, read as decimal digits only. */
export const IdInList = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, { error: 'Expected ids: whole numbers separated by commas' })
  .transform(Number)
  .pipe(z.number().max(MAX_RECORD_ID, { error: 'Expected ids: whole numbers separated by commas' }));

export const SESSION_SORT_KEYS = ['createdAt', 'duration', 'status'] as const;
/** The latest automatic score's verdict (000 §2.4 scoring badge). */
export const SCORING_BADGES = ['pass', 'fail', 'none'] as const;
export const SessionScoringBadge = z.enum(SCORING_BADGES);
export type SessionScoringBadge = z.infer<typeof SessionScoringBadge>;

/**
 * humanScoreFilter: sessions that need a person's score, whose people disagree with the automatic verdict (001
 * §4.3), or by people's verdict: correct (consensus Pass), incorrect (Fail), none (no decision yet).
 */
export const HUMAN_SCORE_FILTERS = [
  'needs_human_scoring',
  'human_disagreement',
  'correct',
  'incorrect',
  'none',
] as const;

/** GET /api/session/ (000 §7.2). Names as the spec sends them. */
export const SessionListQuery = z.object({
  agentArtifactIds: CommaList(IdInList).optional(),
  simulatorIds: CommaList(IdInList).optional(),
  statuses: CommaList(SessionStatus).optional(),
  /** Platform admins only; others always see their own organization. */
  organizationIds: CommaList(IdInList).optional(),
  runSessionBatchId: QueryText,
  testCaseNames: CommaList(z.string().max(500)).optional(),
  testCaseIds: CommaList(z.string().max(200)).optional(),
  includeReplays: QueryBoolean.optional(),
  includePublic: QueryBoolean.optional(),
  scoreFilter: SessionScoringBadge.optional(),
  humanScoreFilter: z.enum(HUMAN_SCORE_FILTERS).optional(),
  excludeUnknownAgents: QueryBoolean.optional(),
  /** Admin view (000 §2.4): annotators' account admins see every session, as members of other organizations do. */
  adminView: QueryBoolean.optional(),
  sortBy: z.enum(SESSION_SORT_KEYS).default('createdAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
  page: PageNumber,
  pageSize: pageSizeInUrl(MAX_SESSION_PAGE_SIZE).default(PAGE_SIZE.sessions),
});
export type SessionListQuery = z.input<typeof SessionListQuery>;

const SessionAgent = z.object({
  id: z.number().int(),
  alias: z.string(),
  userId: z.number().int().nullable(),
  data: z.object({ img_url: z.string().nullable() }),
});

/**
 * What a session was started with, kept on it (sessions.simulator_config): its simulator's name (env_id), who or
 * what drove it and the agent's alias as the run or reset named it.
 */
export const SessionRunConfig = z.looseObject({
  type: z.string().optional(),
  env_id: z.string().nullable().optional(),
  source: z.string().optional(),
  agent_version: z.string().optional(),
  /** The simulator version the session ran on (its hash), as make2's env_config.version chose it. */
  version: z.string().optional(),
  /** In an environment of several simulators (make2's extra_env_ids), the others' versions by name. */
  extra_versions: z.record(z.string(), z.string()).optional(),
});
export type SessionRunConfig = z.infer<typeof SessionRunConfig>;

/**
 * One part of a session's trajectory (000 §3 Subtask): what it did, the actions it is made of (their ids and
 * one line each, in order) and how it led to the next part (a page change, a form sent, the end).
 */
export const Subtask = z.object({
  action_description: z.object({
    description: z.string(),
    action_ids: z.array(z.string()),
    action_descriptions: z.array(z.string()),
  }),
  transition_description: z.string().nullable(),
});
export type Subtask = z.infer<typeof Subtask>;

/** Who split a session into subtasks: the configured language model, or the deterministic rule without one. */
export const SUBTASK_METHODS = ['model', 'rule'] as const;
export const SubtaskMethod = z.enum(SUBTASK_METHODS);
export type SubtaskMethod = z.infer<typeof SubtaskMethod>;

/** A session's subtasks and how they were made (action_sequences.trajectory_decomposition). */
export const TrajectoryDecomposition = z.object({
  method: SubtaskMethod,
  /** Why the rule made them although a model is configured (its failure, a session too long for it); else null. */
  fallback_reason: z.string().nullable(),
  subtasks: z.array(Subtask),
});
export type TrajectoryDecomposition = z.infer<typeof TrajectoryDecomposition>;

/** What post-processing derives from a session's steps (its action_sequences), kept on the session. */
export const ActionSequences = z.looseObject({
  trajectory_decomposition: TrajectoryDecomposition.optional(),
});
export type ActionSequences = z.infer<typeof ActionSequences>;

/** One row of the sessions list; the detail adds what the session page needs. */
export const SessionSummary = z.object({
  id: z.number().int(),
  /** The public id, used in URLs. */
  sessionId: z.string(),
  status: SessionStatus,
  createdAt: Timestamp,
  endedAt: Timestamp.nullable(),
  isPublic: z.boolean(),
  archived: z.boolean(),
  organizationId: z.number().int().nullable(),
  organization: z.object({ name: z.string(), logoUrl: z.string().nullable() }).nullable(),
  agentArtifact: SessionAgent.nullable(),
  simulator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  testCase: z.object({ id: z.number().int(), publicId: z.string(), name: z.string() }).nullable(),
  job: z.object({ jobGroupId: z.string() }).nullable(),
  /** Hours (000 §9), from startedAt to endedAt; null while the session runs. */
  sessionDuration: z.number().nullable(),
  /** When an environment began working for it: a queued run's start, after its wait for a slot. */
  startedAt: Timestamp,
  /** Seconds a queued run waited for a slot before it started (not part of its duration); null when it did not wait. */
  slotWaitSeconds: z.number().nullable(),
  failureReason: z.string().nullable(),
  /** Who or what drove it: 'sdk', 'playground', 'recorder'… */
  source: z.string().nullable(),
  stepCount: z.number().int(),
  scoringBadge: SessionScoringBadge,
  /** Why the badge says what it says (its tooltip). */
  badgeReason: z.string().nullable(),
  /** The human consensus; null until someone scored it (or the system failed it). */
  humanConsensus: HumanConsensus.nullable(),
  /** People who scored it, of the HUMAN_SCORES_PER_SESSION requested. */
  humanScoreCount: z.number().int(),
  needsHumanScoring: z.boolean(),
  humanDisagreement: z.boolean(),
  replayOfSessionId: z.string().nullable(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

export const SessionListResponse = z.object({
  sessions: z.array(SessionSummary),
  summary: z.object({
    /** The run group (batch) name, when the list is filtered to one. */
    runGroup: z.object({ name: z.string() }).nullable(),
    numPassed: z.number().int(),
    numScored: z.number().int(),
    totalCount: z.number().int(),
  }),
  pagination: Pagination,
  totalCount: z.number().int(),
});
export type SessionListResponse = z.infer<typeof SessionListResponse>;

export const SessionIdParam = z.object({ id: z.string().trim().min(1).max(100) });

/** A page state as the API sends it: the screenshot as a URL to fetch, not bytes. */
export const PageStateView = PageState.omit({ screenshot: true }).extend({
  /** Path of the screenshot under this server (`/api/session/{id}/screenshots/{key}`), or null. */
  screenshot_url: z.string().nullable(),
  screenshot_size: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
});
export type PageStateView = z.infer<typeof PageStateView>;

/** One step of the session page (000 §3 Snapshot step). */
export const SnapshotStep = z.object({
  idx: z.number().int(),
  action: UserAction,
  before_state: PageStateView.nullable(),
  after_state: PageStateView.nullable(),
  /** Range of `state_mutations` indexes that happened during this step: [from, to). */
  mutation_range: z.tuple([z.number().int(), z.number().int()]),
  /** Milliseconds since the session began. */
  offset_ms: z.number(),
  /** The tab the step acted in (a tab of `GET …/rrweb-events`); null when the recording did not say. */
  page: z.string().nullable(),
});
export type SnapshotStep = z.infer<typeof SnapshotStep>;

export const SessionLog = z.object({
  id: z.number().int(),
  source: z.string(),
  timestamp: Timestamp,
  logData: z.record(z.string(), z.unknown()),
});
export type SessionLog = z.infer<typeof SessionLog>;

export const SessionTestCase = z.object({
  id: z.number().int(),
  publicId: z.string(),
  name: z.string(),
  prompt: z.string(),
  hint: z.string().nullable(),
  startUrl: z.string(),
  isSample: z.boolean(),
});

export const SessionDetail = SessionSummary.extend({
  testCase: SessionTestCase.nullable(),
  output: z.unknown().nullable(),
  /** The prompt the session was run with (the test case's, or the one given at reset). */
  prompt: z.string().nullable(),
});
export type SessionDetail = z.infer<typeof SessionDetail>;

/** A session's steps as the session page shows them (000 §3 Session snapshot). */
export const SessionSnapshot = z.object({
  /** The session's public id. */
  id: z.string(),
  snapshots: z.array(SnapshotStep),
  /** Null until post-processing has run (sessions with a test case, once ended). */
  action_sequences: ActionSequences.nullable(),
  /** When the steps' clock starts (the session's start: a queued run's after its wait for a slot), ms since the epoch. */
  started_at_ms: z.number(),
});
export type SessionSnapshot = z.infer<typeof SessionSnapshot>;

/**
 * Where a session's reference comes from: the session its test case names (simulatorConfig.replay_session_id),
 * or else the test case's latest recorded oracle run (the built-in agent that runs its reference solution).
 */
export const REFERENCE_SOURCES = ['test_case', 'oracle'] as const;
export const ReferenceSnapshot = SessionSnapshot.extend({ source: z.enum(REFERENCE_SOURCES) });
export type ReferenceSnapshot = z.infer<typeof ReferenceSnapshot>;

/** GET /api/session/{id} (000 §7.2). */
export const SessionDetailResponse = z.object({
  session: SessionDetail,
  snapshot: SessionSnapshot,
  /**
   * The first tab's rrweb events in order, only when asked for with `?include=dom_events`; otherwise empty, so the
   * page's first answer stays small whatever the session's length: `recorded.rrweb` says whether there are any,
   * and the replay reads them from GET /api/session/{id}/rrweb-events when it is opened.
   */
  rrweb_events: z.array(z.unknown()),
  /** The test case's reference session, which the viewer may read, so the page can show the agent beside it; else null. */
  reference_snapshot: ReferenceSnapshot.nullable(),
  logs: z.array(SessionLog),
  /** Net mutations of the session in order, at most SESSION_PAGE_MUTATION_LIMIT. */
  state_mutations: z.array(Mutation),
  /** How many state mutations the session made in all. */
  state_mutation_count: z.number().int(),
  /** Network requests recorded for the session (no bodies: those come from …/network-requests). */
  network_summary: z.array(
    z.object({
      id: z.number().int(),
      method: z.string(),
      url: z.string(),
      status: z.number().int().nullable(),
      step_idx: z.number().int().nullable(),
      offset_ms: z.number(),
      duration_ms: z.number().nullable(),
    }),
  ),
  /** Whether the pages' DOM was recorded (http(s) pages only). */
  recorded: z.object({ steps: z.boolean(), rrweb: z.boolean(), network: z.boolean() }),
  /**
   * The consensus of people's scores; null for annotators outside admin view, who see only their own scores
   * (000 §2.5).
   */
  human_results: HumanResultsView.nullable(),
});
export type SessionDetailResponse = z.infer<typeof SessionDetailResponse>;

export const NetworkRequestView = RecordedRequest.omit({ request_id: true }).extend({ id: z.number().int() });
export type NetworkRequestView = z.infer<typeof NetworkRequestView>;

export const NetworkRequestsResponse = z.object({ requests: z.array(NetworkRequestView) });

/** GET /api/session/{id}: `include=dom_events` puts the first tab's rrweb events in the answer (they are left out by default). */
export const SessionDetailQuery = AdminViewQuery.extend({ include: z.literal('dom_events').optional() });

/**
 * GET /api/session/{id}/rrweb-events: one tab's DOM events, the first tab's unless `page` names another; with `from`
 * and `to` (ms from the session's start), a range of them a replay can start at: the events recorded in [from, to),
 * preceded by the full snapshot (and its meta event) they build on. `continues=true` says the client already has
 * everything before `from` (it read the range before): the answer then starts at `from`, without the snapshot.
 */
export const SessionRrwebEventsQuery = z.object({
  page: z.string().min(1).max(200).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  continues: QueryBoolean.optional(),
});
export const SessionRrwebEventsResponse = z.object({
  /** The recorded tabs (CDP target ids), in the order they were first recorded. */
  pages: z.array(z.string()),
  /** The tab these events are of; null when nothing was recorded. */
  page: z.string().nullable(),
  /** Its rrweb events in order (those of the range, when one was asked for). */
  events: z.array(z.unknown()),
  /** Whether the tab recorded events after the range's end (false without `to`). */
  more: z.boolean(),
});

export const RrwebActionsResponse = z.object({
  actions: z.array(z.object({ idx: z.number().int(), action: UserAction, offset_ms: z.number() })),
});

export const SetSessionPublicRequest = z.object({ is_public: z.boolean() });
export const SetSessionPublicResponse = z.object({ isPublic: z.boolean() });

/**
 * A session's video (GET /api/session/{id}/screen-recording), made from its screenshots after it ended: `ready`
 * with the url of the WebM; `rendering` while the job makes it (ask again); `failed` or `unavailable` (no
 * encoder, the session not ended, nothing to show) with the reason in `detail`.
 */
export const ScreenRecordingStatus = z.enum(['ready', 'rendering', 'failed', 'unavailable']);
export type ScreenRecordingStatus = z.infer<typeof ScreenRecordingStatus>;

export const ScreenRecordingResponse = z.object({
  url: z.string().nullable(),
  status: ScreenRecordingStatus,
  detail: z.string().optional(),
});
export type ScreenRecordingResponse = z.infer<typeof ScreenRecordingResponse>;

/**
 * Session videos: the largest frame (bigger screenshots are scaled down), how long the last picture stays when the
 * session's end is not known, and how often the page asks again while one is rendered.
 */
export const SESSION_VIDEO = { maxWidth: 1280, maxHeight: 720, lastPictureMs: 1000, pollMs: 1000 } as const;

/** A session video's file name in its url: a fingerprint of the pictures and times it shows. */
export const SessionVideoParam = z.object({
  id: z.string().trim().min(1).max(100),
  file: z.string().regex(/^[a-f0-9]{32}\.webm$/),
});

export const SessionScreenshotParam = z.object({
  id: z.string().trim().min(1).max(100),
  /** A stored screenshot's file name: a content hash and an extension, never a path. */
  key: z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,119}$/),
});
