import { z } from 'zod';
import { Timestamp } from './common';
import { LAYOUT } from './constants';
import { Mutation } from './mutation';
import { VERSION_START_MESSAGES } from './simulatorRegistry';

/**
 * A live environment (000 §7.4, §4.2): one simulator instance plus its own Chromium, driven by an agent over
 * CDP or by a person through the live view. Its id is the public id of its job group.
 *
 * Statuses: queued (accepted, not yet given a browser), starting, running (ready: the page is open),
 * closed (ended by close or by its owner), failed (could not start, crashed, or its heartbeat stopped).
 */
export const ENVIRONMENT_STATUSES = ['queued', 'starting', 'running', 'closed', 'failed'] as const;
export const EnvironmentStatus = z.enum(ENVIRONMENT_STATUSES);
export type EnvironmentStatus = z.infer<typeof EnvironmentStatus>;

/** Environment limits and timings the server enforces and the SDK follows. */
export const ENVIRONMENT = {
  /** Without a heartbeat for this long, a (non-keepalive) environment is closed and its session failed. */
  heartbeatTimeoutMs: 120_000,
  /** How long a CDP URL's token may be used to connect (a connection once made lasts). */
  cdpTokenTtlSeconds: 15 * 60,
  /** How long a live-view URL's token may be used to connect. */
  liveViewTokenTtlSeconds: 60 * 60,
  minInterfaceSize: 320,
  maxInterfaceSize: 3840,
  /** Open tabs (page targets) per environment: a CDP client's createTarget past it is refused. */
  maxTabs: 20,
  /**
   * make2's `extra_env_ids` at most: each simulator is one more instance in the environment's one browser, and
   * the cross-app tasks this is for span two or three apps.
   */
  maxExtraSimulators: 3,
} as const;

/** make2's 400s for `extra_env_ids` that cannot join the environment. */
export const EXTRA_SIMULATOR_MESSAGES = {
  repeated: (name: string) => `Simulator "${name}" is named more than once in env_id and extra_env_ids`,
  proxy: (name: string) =>
    `Simulator "${name}" is a proxy simulator: it runs in an environment of its own, not with extra_env_ids`,
  hubVersion: (name: string) =>
    `Simulator "${name}" would run a version built on the hub: environments with extra_env_ids run built-in versions only`,
  keepalive: 'A keepalive environment has one public URL: it holds one simulator, without extra_env_ids',
} as const;

/** Letters, digits and hyphens (000 §5 keepalive creation). */
export const ALIAS_PATTERN = /^[A-Za-z0-9-]+$/;
export const ALIAS_MESSAGE = 'Alias can only contain letters, numbers, and hyphens';
export const KEEPALIVE_REQUIRED_MESSAGE = 'Please select a simulator and provide an alias';
/** make2's 409 when an open keepalive environment of any organization has the alias (case ignored). */
export const ALIAS_IN_USE_MESSAGE = 'Alias already in use';
/**
 * The label under Proctor's host name where keepalive environments answer for anyone: {alias}.sims.{host}
 * (`{alias}.sims.localhost:{port}` embedded; a wildcard DNS name when Proctor has a public host name).
 */
export const PUBLIC_ENVIRONMENT_LABEL = 'sims';

/**
 * Fast Mode (make2's `env_config.fast_mode`; the playground's switch, on there by default, off unless asked for):
 * a person's pointer movement is left out of the recording (no mouse_move steps, no mouse trail in the DOM
 * replay) and screenshots are kept at this lower JPEG quality; every other step, the DOM, the network and the
 * mutations are recorded as without it. bench:environments measures what it saves.
 */
export const FAST_MODE = { screenshotQuality: 35 } as const;

/** make2's `env_config`, kept with the environment; other keys (a proxy simulator's `proxy_mode`) are read where they apply. */
export const EnvironmentConfig = z.looseObject({
  fast_mode: z.boolean().optional(),
  /** The simulator version to start: a tag or a version hash (7+ hex digits of it); prod-latest by default. */
  version: z
    .string({ error: VERSION_START_MESSAGES.invalid })
    .trim()
    .min(1, { error: VERSION_START_MESSAGES.invalid })
    .max(200, { error: VERSION_START_MESSAGES.invalid })
    .optional(),
});
export type EnvironmentConfig = z.infer<typeof EnvironmentConfig>;

const InterfaceSize = (fallback: number) =>
  z.number().int().min(ENVIRONMENT.minInterfaceSize).max(ENVIRONMENT.maxInterfaceSize).default(fallback);

export const MakeEnvironmentRequest = z.object({
  /** The simulator's name (or id, as text). */
  env_id: z.string().trim().min(1, { error: 'Please start a simulator first' }).max(200),
  /**
   * More simulators in the same environment (names or ids, as env_id), for tasks across apps: one browser, one
   * session, each simulator its own instance on its own origin (`http://<environment id>.<simulator>.localhost`).
   * Every one must be allowed by the caller's plan and enabled, like env_id (404 / 403 otherwise); none may repeat
   * env_id or another (400). At most ENVIRONMENT.maxExtraSimulators. Only built-in simulator versions run together:
   * a proxy simulator, a hub-built version (env_config.version still chooses env_id's; extras run their current
   * version) and a keepalive environment (it has one public URL) answer 400 for now. The page opens on env_id;
   * reset restores every instance; `state.by_simulator` and each mutation's `simulator` say which app wrote
   * what. Omitted or empty: a one-simulator environment, exactly as before.
   */
  extra_env_ids: z
    .array(z.string().trim().min(1).max(200))
    .max(ENVIRONMENT.maxExtraSimulators, {
      error: `extra_env_ids takes at most ${ENVIRONMENT.maxExtraSimulators} simulators`,
    })
    .optional(),
  env_config: EnvironmentConfig.optional(),
  /** Who asked for it: 'sdk', 'playground', 'recorder', 'public-urls'… (kept on the session). */
  source: z.string().trim().max(100).optional(),
  interface_type: z.string().trim().max(50).optional(),
  keepalive: z.boolean().default(false),
  alias: z.string().trim().max(63).regex(ALIAS_PATTERN, { error: ALIAS_MESSAGE }).optional(),
  record_network_requests: z.boolean().optional(),
  /**
   * Accepted and has no effect: in the product the spec describes, a browser extension recorded the session. Here
   * the recorder needs none (it is injected into every page over CDP, always), and no other extension can be
   * named; loading one would give code outside Proctor's control every page and the browser's network.
   */
  load_chrome_extensions: z.boolean().optional().meta({
    deprecated: true,
    description:
      'Has no effect: every environment is recorded without a browser extension, and none other is loaded.',
  }),
  open_page_on_start: z.boolean().default(true),
  interface_width: InterfaceSize(LAYOUT.keepaliveInterface.width),
  interface_height: InterfaceSize(LAYOUT.keepaliveInterface.height),
});
export type MakeEnvironmentRequest = z.input<typeof MakeEnvironmentRequest>;
/** The request with its defaults filled in, as the server reads it. */
export type MakeEnvironmentOptions = z.output<typeof MakeEnvironmentRequest>;

export const MakeEnvironmentResponse = z.object({
  id: z.string(),
  session_id: z.string(),
  status: EnvironmentStatus,
});
export type MakeEnvironmentResponse = z.infer<typeof MakeEnvironmentResponse>;

export const EnvironmentIdParam = z.object({ id: z.string().min(1).max(100) });

export const EnvironmentStatusResponse = z.object({
  status: EnvironmentStatus,
  error: z.string().nullable(),
});
export type EnvironmentStatusResponse = z.infer<typeof EnvironmentStatusResponse>;

export const WorkerReadyResponse = z.object({ ready: z.boolean(), error: z.string().optional() });
export type WorkerReadyResponse = z.infer<typeof WorkerReadyResponse>;

/** One row change of the state; the name the environment and session APIs gave `Mutation`. */
export const StateMutation = Mutation;
export type StateMutation = Mutation;

export const EnvironmentStateResponse = z.object({
  state: z.object({
    /**
     * Mutations since the last reset, after each simulator's ignore filters. In a multi-simulator environment
     * they are every simulator's, each with its `simulator`, in the order the environment saw them.
     */
    mutations: z.array(Mutation),
    /**
     * Only in a multi-simulator environment: the same mutations by simulator name, every simulator of the
     * environment a key, env_id's first. A one-simulator environment answers exactly as before.
     */
    by_simulator: z.record(z.string(), z.array(Mutation)).optional(),
  }),
  /** Where a person watches and drives the browser; carries a token for this environment only. */
  live_view_url: z.string(),
});
export type EnvironmentStateResponse = z.infer<typeof EnvironmentStateResponse>;

export const ResetEnvironmentRequest = z
  .object({
    test_case_public_id: z.string().trim().min(1).max(100).optional(),
    name: z.string().trim().max(500).optional(),
    prompt: z.string().trim().max(20_000).optional(),
    /**
     * A path on the simulator ('/orders'), an absolute URL on the instance's origin, or a path on another app of
     * the environment by its simulator's name (`calendar:/events`, as a test case across apps stores it).
     */
    start_url: z.string().trim().max(2000).optional(),
    source: z.string().trim().max(100).optional(),
    agent_version: z.string().trim().max(200).optional(),
  })
  .default({});
export type ResetEnvironmentRequest = z.input<typeof ResetEnvironmentRequest>;
export type ResetEnvironmentOptions = z.output<typeof ResetEnvironmentRequest>;

export const ResetEnvironmentResponse = z.object({
  session_id: z.string(),
  /** Absolute URL the browser was sent to. */
  start_url: z.string(),
  prompt: z.string(),
  test_case_public_id: z.string().nullable(),
});
export type ResetEnvironmentResponse = z.infer<typeof ResetEnvironmentResponse>;

export const EvaluateEnvironmentRequest = z.object({ output: z.unknown().optional() }).default({});
export type EvaluateEnvironmentRequest = z.input<typeof EvaluateEnvironmentRequest>;

export const EvaluateEnvironmentResponse = z.object({
  passed: z.boolean(),
  details: z.object({
    test_case_public_id: z.string().nullable(),
    /** Readable reasons it failed; empty when it passed. */
    explanation: z.string(),
    mutations: z
      .object({
        satisfied: z.boolean(),
        matched: z.number().int(),
        /** `simulator`: the app of each change, in a test case across apps only (its own one's by name). */
        missing: z.array(
          z.object({
            table_name: z.string(),
            action: z.string(),
            reason: z.string(),
            simulator: z.string().optional(),
          }),
        ),
        unexpected: z.array(
          z.object({
            table_name: z.string(),
            action: z.string(),
            pk: z.string(),
            simulator: z.string().optional(),
          }),
        ),
      })
      .nullable(),
    output: z
      .object({ passed: z.boolean(), matches_expected: z.boolean(), schema_errors: z.array(z.string()) })
      .nullable(),
    /**
     * Each score type's verdict, as the end of the run would record it (nothing is recorded by evaluate).
     * `correct` null with an `error` (invalid_config, missing_input, unavailable, internal): the type could not
     * judge, which says nothing about the agent.
     */
    scores: z
      .array(
        z.object({
          type: z.string(),
          correct: z.boolean().nullable(),
          reason: z.string(),
          error: z.string().optional(),
        }),
      )
      .optional(),
  }),
});
export type EvaluateEnvironmentResponse = z.infer<typeof EvaluateEnvironmentResponse>;

export const BackupEnvironmentResponse = z.object({
  backup_id: z.string(),
  taken_at: Timestamp,
  mutation_count: z.number().int(),
});
export type BackupEnvironmentResponse = z.infer<typeof BackupEnvironmentResponse>;

export const CloseEnvironmentResponse = z.object({ status: EnvironmentStatus });
export const HeartbeatResponse = z.object({ status: EnvironmentStatus });

export const CdpUrlResponse = z.object({
  /** ws:// (wss:// behind TLS) on Proctor's own origin; `chromium.connectOverCDP(cdp_url)` accepts it. */
  cdp_url: z.string(),
  expires_at: Timestamp,
});
export type CdpUrlResponse = z.infer<typeof CdpUrlResponse>;

/** A running keepalive environment as /public-urls lists it (000 §3 Keepalive job group). */
export const KeepaliveJobGroup = z.object({
  group_id: z.string(),
  alias: z.string(),
  overall_status: EnvironmentStatus,
  created_at: Timestamp,
  simulator: z.object({ id: z.number().int(), name: z.string() }),
  session_id: z.string().nullable(),
  live_view_url: z.string(),
  /** Where anyone's browser opens the environment's simulator while it runs: {alias}.sims.{Proctor's host}. */
  public_url: z.string(),
  jobs: z.array(z.object({ public_id: z.string(), service: z.string() })),
});
export type KeepaliveJobGroup = z.infer<typeof KeepaliveJobGroup>;
export const KeepaliveJobsResponse = z.object({ job_groups: z.array(KeepaliveJobGroup) });
export type KeepaliveJobsResponse = z.infer<typeof KeepaliveJobsResponse>;
