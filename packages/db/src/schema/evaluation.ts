import type {
  ActionSequences,
  AgentArtifactData,
  EvaluatorHealth,
  MutationGenerationResult,
  PageState,
  RecordedRequest,
  SessionLog,
  SessionRunConfig,
  SimulatorConfig,
  SimulatorVersionDetails,
  StoredScoreConfig,
  StoredScoreResult,
  TestCase,
  TestCaseMetadata,
  UserAction,
} from '@proctor/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, organizations, updatedAt, users } from './identity';

type Json = Record<string, unknown>;

/** A simulated web application (001 §3 Simulator). `config` holds status, auth, notes, ignore rules. */
export const simulators = pgTable(
  'simulators',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url'),
    imgUrl: text('img_url'),
    /** SVG icon kept in the database (built-in simulators); served at /api/env/simulators/{name}/icon. */
    iconSvg: text('icon_svg'),
    enabled: boolean('enabled').notNull().default(true),
    jobName: text('job_name'),
    internalAppPort: integer('internal_app_port'),
    simType: text('sim_type').notNull().default('app'),
    config: jsonb('config').$type<SimulatorConfig>().notNull().default({}),
    /** True for simulators shipped with Proctor and registered at start. */
    builtIn: boolean('built_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('simulators_name_uq').on(t.name)],
);

export const simulatorVersions = pgTable(
  'simulator_versions',
  {
    id: serial('id').primaryKey(),
    simulatorId: integer('simulator_id')
      .notNull()
      .references(() => simulators.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    tag: text('tag'),
    description: text('description').notNull().default(''),
    dataset: text('dataset'),
    details: jsonb('details').$type<SimulatorVersionDetails>().notNull().default({}),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a platform admin entered this version in the registry (Admin, Versions); null until then. */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('simulator_versions_uq').on(t.simulatorId, t.version)],
);

/** Registry tags: a tag names one version of a simulator, so tagging another version moves it. */
export const simulatorVersionTags = pgTable(
  'simulator_version_tags',
  {
    simulatorId: integer('simulator_id')
      .notNull()
      .references(() => simulators.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    versionId: integer('version_id')
      .notNull()
      .references(() => simulatorVersions.id, { onDelete: 'cascade' }),
    taggedAt: timestamp('tagged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.simulatorId, t.tag] }),
    index('simulator_version_tags_version_idx').on(t.versionId),
  ],
);

export const sites = pgTable('sites', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  url: text('url').notNull(),
  imgUrl: text('img_url'),
  createdAt: createdAt(),
});

/** A dataset / benchmark (001 §3 Test case set). organization_id null means public. */
export const testCaseSets = pgTable(
  'test_case_sets',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    icon: text('icon'),
    imgUrl: text('img_url'),
    isBenchmark: boolean('is_benchmark').notNull().default(false),
    /** Which registered set this is ('simulator:{name}', 'benchmark'); null for sets people made. */
    builtInKey: text('built_in_key'),
    archived: boolean('archived').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_case_sets_org_idx').on(t.organizationId, t.archived),
    uniqueIndex('test_case_sets_built_in_key_uq').on(t.builtInKey),
  ],
);

/** A task (001 §3 Test case). organization_id null means public. */
export const testCases = pgTable(
  'test_cases',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    simulatorId: integer('simulator_id').references(() => simulators.id, { onDelete: 'set null' }),
    /**
     * Other simulators the task spans (issue 30), run beside simulator_id in one environment. An array rather than
     * a join table: every path that runs or scores the test case reads them with the row; ids of simulators since
     * deleted are dropped where they are read.
     */
    extraSimulatorIds: integer('extra_simulator_ids').array().notNull().default([]),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    prompt: text('prompt').notNull().default(''),
    hint: text('hint'),
    startUrl: text('start_url').notNull().default(''),
    correctOutputs: jsonb('correct_outputs').$type<TestCase['correctOutputs']>().notNull().default([]),
    simulatorSessionId: text('simulator_session_id').notNull().default(''),
    isSingleStep: boolean('is_single_step').notNull().default(false),
    singleStepReplayIndex: integer('single_step_replay_index').notNull().default(0),
    evaluationMode: text('evaluation_mode').notNull().default('actions'),
    simulatorConfig: jsonb('simulator_config').$type<TestCase['simulatorConfig']>().notNull().default({}),
    defaultScoringConfig: jsonb('default_scoring_config')
      .$type<TestCase['defaultScoringConfig']>()
      .notNull()
      .default({}),
    scoringTypes: text('scoring_types').array().notNull().default(['mutations']),
    outputSchema: jsonb('output_schema')
      .$type<TestCase['outputSchema']>()
      .notNull()
      .default({ type: 'object', properties: {}, additionalProperties: false }),
    /** Values outside the vocabularies (hand-edited rows) are dropped where the row is read. */
    metadataConfig: jsonb('metadata_config').$type<Partial<TestCaseMetadata>>().notNull().default({}),
    lastScoringGenerationResult: jsonb('last_scoring_generation_result').$type<MutationGenerationResult>(),
    /** The last evaluator health check; null until one ran. */
    evaluatorHealth: jsonb('evaluator_health').$type<EvaluatorHealth>(),
    /** Key of the built-in test case this row was registered from; null for user-made ones. */
    builtInKey: text('built_in_key'),
    /**
     * Content hash of the built-in definition this row was last written from. Registration rewrites the
     * row only when the definition's hash differs, so an admin's edits survive restarts of unchanged code.
     */
    builtInHash: text('built_in_hash'),
    isSample: boolean('is_sample').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('test_cases_public_id_uq').on(t.publicId),
    uniqueIndex('test_cases_built_in_key_uq').on(t.builtInKey),
    index('test_cases_org_idx').on(t.organizationId, t.archived, t.id),
    index('test_cases_simulator_idx').on(t.simulatorId, t.archived),
  ],
);

export const testCaseSetItems = pgTable(
  'test_case_set_items',
  {
    testCaseSetId: integer('test_case_set_id')
      .notNull()
      .references(() => testCaseSets.id, { onDelete: 'cascade' }),
    testCaseId: integer('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.testCaseSetId, t.testCaseId] }),
    index('test_case_set_items_tc_idx').on(t.testCaseId),
  ],
);

/** A test case assigned to an annotator organization for recording (000 §3 organizationTestCase). */
export const organizationTestCases = pgTable(
  'organization_test_cases',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    testCaseId: integer('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    requestedRecordingCount: integer('requested_recording_count').notNull().default(1),
    completed: boolean('completed').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organization_test_cases_uq').on(t.organizationId, t.testCaseId)],
);

export const annotatorAssignments = pgTable(
  'annotator_assignments',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    assignmentType: text('assignment_type').notNull(),
    stage: text('stage').notNull(),
    simulatorId: integer('simulator_id').references(() => simulators.id, { onDelete: 'cascade' }),
    testCaseId: integer('test_case_id').references(() => testCases.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('annotator_assignments_org_idx').on(t.organizationId, t.assignmentType)],
);

/** An agent (001 §3 Agent artifact). data: type, img_url, description, human_name, endpoint, repo_url, ... */
export const agentArtifacts = pgTable(
  'agent_artifacts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    alias: text('alias').notNull(),
    /** The contract's fields, and the blob key of the agent's icon (never sent); read through repositories/agents.ts. */
    data: jsonb('data')
      .$type<AgentArtifactData & { icon_key?: string }>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    archived: boolean('archived').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('agent_artifacts_alias_uq').on(t.organizationId, t.alias)],
);

/**
 * A run group: the runs one request started (one run, a dataset's Run All, a benchmark). Its sessions are
 * made at once (run_queued) and name it; `concurrency` of them run at a time. finished_at is set when the last
 * one has ended.
 */
export const runSessionBatches = pgTable('run_session_batches', {
  id: serial('id').primaryKey(),
  publicId: text('public_id').notNull().unique(),
  organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** run, batch or benchmark (@proctor/contracts RUN_GROUP_KINDS). */
  kind: text('kind').notNull().default('batch'),
  testCaseSetId: integer('test_case_set_id').references(() => testCaseSets.id, { onDelete: 'set null' }),
  agentArtifactId: integer('agent_artifact_id').references(() => agentArtifacts.id, { onDelete: 'set null' }),
  /** The agent version the benchmark was started with (001 §7), also on each session as agent_version. */
  version: text('version'),
  runs: integer('runs').notNull().default(1),
  concurrency: integer('concurrency').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /**
   * The process that hands this group's runs to the queue, and until when it holds that lease (it renews it while
   * it lives): with several servers on one database, one of them schedules each group (jobs/runs.ts).
   */
  schedulerId: text('scheduler_id'),
  schedulerLeaseUntil: timestamp('scheduler_lease_until', { withTimezone: true }),
});

/** One run of an agent or a human against a test case (000 §3 Session). */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    status: text('status').notNull().default('created'),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentArtifactId: integer('agent_artifact_id').references(() => agentArtifacts.id, {
      onDelete: 'set null',
    }),
    simulatorId: integer('simulator_id').references(() => simulators.id, { onDelete: 'set null' }),
    testCaseId: integer('test_case_id').references(() => testCases.id, { onDelete: 'set null' }),
    runSessionBatchId: integer('run_session_batch_id').references(() => runSessionBatches.id, {
      onDelete: 'set null',
    }),
    /** The original session when this one is a replay of it. */
    replayOfSessionId: integer('replay_of_session_id'),
    jobGroupId: text('job_group_id'),
    simulatorConfig: jsonb('simulator_config').$type<SessionRunConfig>().notNull().default({}),
    output: jsonb('output'),
    /** The task the session was run with: its test case's prompt, or the one given at reset. */
    prompt: text('prompt'),
    failureReason: text('failure_reason'),
    isPublic: boolean('is_public').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    /** Hours, as the spec stores it (000 §9). */
    sessionDuration: doublePrecision('session_duration'),
    /**
     * What post-processing derives from the steps: action_sequences.trajectory_decomposition.subtasks
     * (000 §3 Session snapshot), null until the session has been post-processed.
     */
    postprocessing: jsonb('postprocessing').$type<ActionSequences>(),
    /** Recording format version of this session's steps and events (packages/recording). */
    recordingVersion: integer('recording_version').notNull().default(1),
    /*
     * Its classification (001 §4.3), derived from its score records by @proctor/scoring's classifySession and
     * written by apps/server/src/scoring/classification.ts whenever they change: lists read and filter on
     * these instead of deriving them per row. classified_at is null for a session whose records were never
     * classified (written before these columns existed): the server classifies those at start.
     */
    scoringBadge: text('scoring_badge').notNull().default('none'),
    badgeReason: text('badge_reason'),
    /** insufficient_data, conflict, no_consensus, pass or fail; null without any human score or decision. */
    humanConsensus: text('human_consensus'),
    /** People who scored it (each once). */
    humanScoreCount: integer('human_score_count').notNull().default(0),
    needsHumanScoring: boolean('needs_human_scoring').notNull().default(false),
    humanDisagreement: boolean('human_disagreement').notNull().default(false),
    passed: boolean('passed').notNull().default(false),
    /** A super scorer's score decided its human results. */
    decidedBySuperScorer: boolean('decided_by_super_scorer').notNull().default(false),
    /** system_scoring failed it ("Auto Failed: No Mutations"). */
    autoMarkedIncorrect: boolean('auto_marked_incorrect').notNull().default(false),
    classifiedAt: timestamp('classified_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * When an environment began working for it: a queued run's start, after its wait for a slot. Null for a
     * session that started when it was made (and for runs recorded before this column): created_at is its start.
     */
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_public_id_uq').on(t.publicId),
    index('sessions_org_created_idx').on(t.organizationId, t.archived, t.createdAt, t.id),
    // Usage over a time window reads the sessions still open or ended inside it: a range on ended_at.
    index('sessions_org_ended_idx').on(t.organizationId, t.endedAt),
    index('sessions_test_case_idx').on(t.testCaseId, t.createdAt),
    // Annotator dashboards group an organization's sessions by test case, reading only these columns: an
    // index-only scan instead of a pass over every session.
    index('sessions_org_test_case_idx').on(
      t.organizationId,
      t.testCaseId,
      t.archived,
      t.status,
      t.humanConsensus,
      t.humanScoreCount,
      t.userId,
    ),
    // A person's sessions by time: the annotator admin's activity ledger and the daily figures' trigger.
    index('sessions_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('sessions_agent_idx').on(t.agentArtifactId, t.createdAt),
    index('sessions_batch_idx').on(t.runSessionBatchId),
    index('sessions_replay_of_idx').on(t.replayOfSessionId),
    index('sessions_status_idx').on(t.status),
  ],
);

/** One recorded step: the action and the page before and after (000 §3 Snapshot step). */
export const sessionSteps = pgTable(
  'session_steps',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    action: jsonb('action').$type<UserAction>().notNull(),
    beforeState: jsonb('before_state').$type<PageState>(),
    afterState: jsonb('after_state').$type<PageState>(),
    /** How many of the instance's mutations had happened when the step began and when it settled. */
    mutationsBefore: integer('mutations_before').notNull().default(0),
    mutationsAfter: integer('mutations_after').notNull().default(0),
    /** The recording format version this row was written in (packages/recording upgrades older ones). */
    formatVersion: integer('format_version').notNull().default(1),
    /** The tab (CDP target id) the step acted in; null for steps recorded before steps carried it. */
    page: text('page'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('session_steps_uq').on(t.sessionId, t.idx)],
);

/** rrweb events and the instance's mutations, appended in chunks as they arrive. */
export const sessionEvents = pgTable(
  'session_events',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    // json, not jsonb: chunks are written and read whole, never queried into, and a session page reads megabytes
    // of them; kept as text, they are written and read back without a conversion, clearly faster than jsonb.
    payload: json('payload').notNull(),
    /**
     * An rrweb chunk's tab (CDP target id), the latest time of its timed events (epoch ms; null when none has
     * one) and whether it holds a full snapshot: what the replay's reads select chunks by without reading
     * payloads. page is null for mutation chunks; rrweb chunks written before these columns got them from their
     * payload in migration 0039.
     */
    page: text('page'),
    endsAt: doublePrecision('ends_at'),
    fullSnapshot: boolean('full_snapshot').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('session_events_uq').on(t.sessionId, t.kind, t.seq)],
);

/**
 * One score record (000 §3 Score record). A human score keeps whether its scorer was a super scorer when they
 * gave it (config.is_super_scorer). A session's human results are derived from its records whenever they are
 * read; what lists need of them (the consensus, counts, the badge) is stored on the session by the server's
 * classification each time its records change (sessions.scoring_badge …).
 */
export const scores = pgTable(
  'scores',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    config: jsonb('config').$type<StoredScoreConfig>().notNull().default({}),
    result: jsonb('result').$type<StoredScoreResult>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('scores_session_idx').on(t.sessionId, t.createdAt),
    index('scores_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Free-text labels annotators give sessions of sample test cases (000 §2.5, §2.6 Label entry). */
export const sessionLabels = pgTable(
  'session_labels',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('session_labels_session_idx').on(t.sessionId, t.createdAt)],
);

/** Session log entries: out-of-distribution requests, agent messages, mutations (000 §3 Log entry). */
export const sessionLogs = pgTable(
  'session_logs',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    logData: jsonb('log_data').$type<SessionLog['logData']>().notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_logs_session_idx').on(t.sessionId, t.timestamp, t.id)],
);

/** Bytes `start` up to `end` (exclusive) of the blob `key`. */
export interface BlobRange {
  key: string;
  start: number;
  end: number;
}

export const networkRequests = pgTable(
  'network_requests',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    url: text('url').notNull(),
    /**
     * The URL's origin as `originOf` (contracts) reads it, null when the URL is not absolute: written by the
     * recorder, and for rows from before it was by migration 0037's backfill.
     */
    originUrl: text('origin_url'),
    contentType: text('content_type'),
    requestBody: text('request_body'),
    requestHeaders: jsonb('request_headers')
      .$type<RecordedRequest['request_headers']>()
      .notNull()
      .default({}),
    /** base64, as the spec sends it. */
    responseBody: text('response_body'),
    /**
     * Or where it is in the blob store (bytes `start` up to `end` of the blob `key`), when it is too large to keep
     * in the row: an imported HAR's pages, scripts and images.
     */
    responseBodyBlob: jsonb('response_body_blob').$type<BlobRange>(),
    responseHeaders: jsonb('response_headers')
      .$type<RecordedRequest['response_headers']>()
      .notNull()
      .default({}),
    status: integer('status'),
    resourceType: text('resource_type'),
    /** When the request started, milliseconds since the epoch (null for imported ones). */
    startedAt: doublePrecision('started_at'),
    durationMs: doublePrecision('duration_ms'),
    /** Why it failed (net::ERR_…), null when it completed. */
    failed: text('failed'),
    /** A body longer than the recorder keeps was cut. */
    truncated: boolean('truncated').notNull().default(false),
    /** The step during which the request started. */
    stepIdx: integer('step_idx'),
    createdAt: createdAt(),
  },
  (t) => [
    index('network_requests_session_idx').on(t.sessionId, t.id),
    /**
     * The origin filter: an origin's requests newest first (the page walks it backwards), and session_id beside
     * them so the organization's count is an index-only scan joined to its sessions.
     */
    index('network_requests_origin_idx').on(t.originUrl, t.id, t.sessionId),
  ],
);

/** An environment: a job group with its jobs (000 §3 Keepalive job group; 000 §7.4). */
export const jobGroups = pgTable(
  'job_groups',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    simulatorId: integer('simulator_id').references(() => simulators.id, { onDelete: 'set null' }),
    sessionId: integer('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    alias: text('alias'),
    keepalive: boolean('keepalive').notNull().default(false),
    overallStatus: text('overall_status').notNull().default('queued'),
    config: jsonb('config').$type<Json>().notNull().default({}),
    workerId: text('worker_id'),
    /**
     * Where the process holding the environment serves its live view and CDP to other Proctor processes
     * (WORKER_URL of a `proctor worker`); null when it is reached through the server that made it.
     */
    workerUrl: text('worker_url'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('job_groups_org_idx').on(t.organizationId, t.overallStatus),
    // A keepalive environment answers at {alias}.sims.{host} for anyone: one namespace for every organization
    // and process, so an alias names at most one open (neither closed nor failed) keepalive environment.
    uniqueIndex('job_groups_open_keepalive_alias_uq')
      .on(sql`lower(${t.alias})`)
      .where(sql`${t.keepalive} and ${t.overallStatus} not in ('closed', 'failed')`),
  ],
);

export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  publicId: text('public_id').notNull().unique(),
  jobGroupId: integer('job_group_id')
    .notNull()
    .references(() => jobGroups.id, { onDelete: 'cascade' }),
  service: text('service').notNull(),
  status: text('status').notNull().default('queued'),
  error: text('error'),
  createdAt: createdAt(),
});
