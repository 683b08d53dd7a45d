/**
 * The API's JSON, field for field (snake_case, as /docs describes it). Written out here rather than
 * imported because the installed package depends on nothing; test/contract.test.ts fails the typecheck
 * when these and the server's schemas (packages/contracts/src/environment.ts) stop matching.
 */

/**
 * queued (accepted, not yet given a browser), starting, running (ready), closed (ended by close or by its
 * owner), failed (could not start, crashed, or its heartbeat stopped).
 */
export type EnvironmentStatus = 'queued' | 'starting' | 'running' | 'closed' | 'failed';

export interface MakeEnvironmentRequest {
  /** The simulator's name (or id, as text). */
  env_id: string;
  /**
   * More simulators in the same environment and session (names or ids, at most 3, none repeating env_id), each
   * on its own origin; the page opens on env_id. Built-in simulators only, not with keepalive.
   */
  extra_env_ids?: string[];
  /**
   * Settings of the environment. `fast_mode`: the recording leaves out mouse movements and keeps lighter
   * screenshots (the playground's Fast Mode; off by default). `version`: the simulator version to start, a tag or
   * a version hash (prod-latest by default). Other keys are read where they apply (`proxy_mode`).
   */
  env_config?: { [key: string]: unknown; fast_mode?: boolean; version?: string };
  /** Who asked for it; the SDK sends 'sdk' unless told otherwise. Kept on the session. */
  source?: string;
  interface_type?: string;
  /** A shared environment listed on the Public URLs page, open until closed; needs an alias. */
  keepalive?: boolean;
  /** Letters, digits and hyphens. */
  alias?: string;
  record_network_requests?: boolean;
  /** @deprecated Has no effect: every environment is recorded without a browser extension, and none other is loaded. */
  load_chrome_extensions?: boolean;
  /** Open the simulator's start page in the browser at once (default true). */
  open_page_on_start?: boolean;
  /** Browser viewport, 320 to 3840 (default 1280 × 720). */
  interface_width?: number;
  interface_height?: number;
}

export interface MakeEnvironmentResponse {
  id: string;
  session_id: string;
  status: EnvironmentStatus;
}

export interface EnvironmentStatusResponse {
  status: EnvironmentStatus;
  error: string | null;
}

export interface WorkerReadyResponse {
  ready: boolean;
  error?: string;
}

/** A column's value in a mutation's row, as JSON carries it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/**
 * One row change, in the simulator kit's mutation-log format (the contract's `Mutation`): `pk` is the primary
 * key as text, `old` the row before (null for INSERT), `new` the row after (null for DELETE).
 */
export interface StateMutation {
  action: 'INSERT' | 'UPDATE' | 'DELETE';
  table_name: string;
  pk: string;
  old: Record<string, JsonValue> | null;
  new: Record<string, JsonValue> | null;
  /** The instance's virtual clock, ISO 8601. */
  action_timestamp: string;
  /** The simulator that wrote it, in a multi-simulator environment only (extra_env_ids); else the session's own. */
  simulator?: string;
}

export interface EnvironmentStateResponse {
  state: {
    /** Mutations since the last reset, after each simulator's ignore filters (every simulator's, each tagged). */
    mutations: StateMutation[];
    /** Only in a multi-simulator environment: the same by simulator name, every simulator of it a key. */
    by_simulator?: Record<string, StateMutation[]>;
  };
  /** Where a person watches and drives the browser; carries a token for this environment only. */
  live_view_url: string;
}

export interface ResetEnvironmentRequest {
  test_case_public_id?: string;
  name?: string;
  prompt?: string;
  /** A path on the simulator ('/orders') or an absolute URL on the instance's origin. */
  start_url?: string;
  source?: string;
  agent_version?: string;
}

export interface ResetEnvironmentResponse {
  /** The session this run records into. */
  session_id: string;
  /** Absolute URL the browser was sent to. */
  start_url: string;
  prompt: string;
  test_case_public_id: string | null;
}

export interface EvaluateEnvironmentRequest {
  /** The agent's answer, for test cases that expect an output. */
  output?: unknown;
}

export interface EvaluateEnvironmentResponse {
  passed: boolean;
  details: {
    test_case_public_id: string | null;
    /** Readable reasons it failed; empty when it passed. */
    explanation: string;
    mutations: {
      satisfied: boolean;
      matched: number;
      /** `simulator`: the app of each change, in a test case across apps only. */
      missing: { table_name: string; action: string; reason: string; simulator?: string }[];
      unexpected: { table_name: string; action: string; pk: string; simulator?: string }[];
    } | null;
    output: { passed: boolean; matches_expected: boolean; schema_errors: string[] } | null;
    /**
     * Each score type's verdict, as the end of the run would record it. `correct` null with an `error`
     * (invalid_config, missing_input, unavailable, internal): the type could not judge, which says nothing
     * about the agent.
     */
    scores?: { type: string; correct: boolean | null; reason: string; error?: string }[];
  };
}

export interface BackupEnvironmentResponse {
  backup_id: string;
  taken_at: string;
  mutation_count: number;
}

export interface CloseEnvironmentResponse {
  status: EnvironmentStatus;
}

export interface HeartbeatResponse {
  status: EnvironmentStatus;
}

export interface CdpUrlResponse {
  /** ws:// (wss:// behind TLS) on Proctor's origin; `chromium.connectOverCDP(cdp_url)` accepts it. */
  cdp_url: string;
  /** Connect before this; a connection once made lasts. */
  expires_at: string;
}

/** A running keepalive environment, as the Public URLs page lists it. */
export interface KeepaliveJobGroup {
  group_id: string;
  alias: string;
  overall_status: EnvironmentStatus;
  created_at: string;
  simulator: { id: number; name: string };
  session_id: string | null;
  live_view_url: string;
  /** The simulator for anyone's browser while it runs: {alias}.sims.{Proctor's host}. */
  public_url: string;
  jobs: { public_id: string; service: string }[];
}

export interface KeepaliveJobsResponse {
  job_groups: KeepaliveJobGroup[];
}

/** `GET /api/gitea/my-info`: the hub's git credentials (HTTP Basic); the password is a revocable token. */
export interface HubGitInfo {
  username: string;
  password: string;
}

/** A repository of the simulator hub. `owner` is the organization's public id; `size` is in bytes. */
export interface HubRepository {
  id: number;
  owner: string;
  name: string;
  full_name: string;
  simulator_id: number | null;
  simulator_name: string | null;
  default_branch: string;
  /** `{server address}/git/{owner}/{name}.git`. */
  clone_url: string;
  /** True until the first commit lands. */
  empty: boolean;
  size: number;
  created_by: string | null;
  created_at: string;
}

/** One simulator of the hub's list, with whether the organization has its repository. */
export interface HubSimulator {
  id: number;
  name: string;
  img_url: string | null;
  built_in: boolean;
  has_repository: boolean;
  repository: { owner: string; name: string } | null;
}

export interface HubSimulatorsResponse {
  simulators: HubSimulator[];
  /** False when the server has no `git` command: nothing can be cloned or pushed. */
  git_available: boolean;
  git_detail: string | null;
  can_write: boolean;
}
