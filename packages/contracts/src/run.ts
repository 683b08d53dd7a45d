import { z } from 'zod';
import { RecordId, Timestamp } from './common';
import type { PermissionFlag } from './permissions';

/**
 * Runs and benchmarks (001 §3 Run, §7 Datasets and Benchmarker; issue 9 item 3): an agent Proctor drives
 * itself, against one test case, a dataset or a benchmark's test cases. Every run is a session made at once
 * with status run_queued; a job runs it in an environment of its own, and the end of the run scores it as any
 * other session. The runs of one request form a run group (a batch: /sessions?run_session_batch_id=…).
 */

/**
 * Who may start runs and benchmarks: test recorders (001 §6: they see Benchmark), members with dashboard
 * access (the datasets page's Run and Run All), account admins and platform admins, outside annotator
 * organizations. The server's access rule and the dashboard's buttons read this list.
 */
export const RUN_PERMISSIONS = [
  'record_testcases',
  'dashboard_access',
  'is_account_admin',
  'is_admin',
] as const satisfies readonly PermissionFlag[];

/**
 * The agents Proctor ships (issue 9 item 2), the same for every organization: each organization's sessions of
 * them are its own. The oracle runs a built-in test case's reference solution; the wrong agent runs its wrong
 * variant (a plausible mistake that the test case's scoring must fail). Their aliases are reserved.
 */
export const BUILT_IN_AGENTS = {
  oracle: {
    alias: 'oracle',
    emoji: '🔮',
    description:
      "Runs each built-in test case's reference solution: every one of its runs should pass. Built-in test cases only.",
  },
  wrong: {
    alias: 'oracle-wrong',
    emoji: '🃏',
    description:
      "Runs each built-in test case's wrong variant, a plausible mistake: every one of its runs should fail. Built-in test cases only.",
  },
  dom: {
    alias: 'dom-agent',
    emoji: '🧭',
    description:
      "Reads each page's accessibility tree and asks a chat model (any OpenAI-compatible endpoint, AGENT_LLM_URL) for one action per step.",
  },
  openai_cua: {
    alias: 'openai-computer-use',
    emoji: '🖱️',
    description:
      "Sees each page as a screenshot and acts with mouse and keyboard: OpenAI's computer-use model (computer_use_preview, OPENAI_CUA_URL) through the Responses API.",
  },
  anthropic_cua: {
    alias: 'anthropic-computer-use',
    emoji: '🖥️',
    description:
      "Sees each page as a screenshot and acts with mouse and keyboard: Claude's computer-use tool (ANTHROPIC_CUA_URL) through Anthropic's Messages API.",
  },
  replay: {
    alias: 'replay',
    emoji: '🔁',
    description:
      "Re-enacts a recorded session's actions in a fresh environment: its runs are replays, grouped under the original. Started from a session.",
  },
} as const;
export type BuiltInAgentKind = keyof typeof BUILT_IN_AGENTS;
export const BUILT_IN_AGENT_KINDS = Object.keys(BUILT_IN_AGENTS) as BuiltInAgentKind[];
export const BuiltInAgentKind = z.enum(['oracle', 'wrong', 'dom', 'openai_cua', 'anthropic_cua', 'replay']);

/**
 * Model requests a computer-use agent gets per run (each answers one action, or a few). Twice the step
 * protocol's MAX_AGENT_STEPS: a computer-use model spends a step on what one protocol action does (a click into
 * a field, then the typing), and often one more on a screenshot it asks for.
 */
export const MAX_COMPUTER_USE_STEPS = 60;

export function isReservedAgentAlias(alias: string): boolean {
  const lower = alias.trim().toLowerCase();
  return BUILT_IN_AGENT_KINDS.some((kind) => BUILT_IN_AGENTS[kind].alias === lower);
}

/**
 * Runs one request may ask for (a benchmark's test cases × runs, a dataset's Run All): Proctor Core (100 test
 * cases) ten times over. Every run is a session row made at once, and a run group this big already takes hours.
 */
export const MAX_RUNS_PER_REQUEST = 1_000;
/** Concurrency a benchmark may ask for; what runs at once is also bounded by the environment slots. */
export const MAX_BENCHMARK_CONCURRENCY = 64;

export const RUN_MESSAGES = {
  agentRequired: 'Agent is required',
  started: 'Test case started',
  startedDetail: 'You can now view the test case in the session.',
  datasetStarted: (name: string) => `Test cases started for ${name}`,
  startFailed: 'Failed to start test case',
  benchmarkStarted: 'Benchmark started successfully',
  benchmarkFailed: 'Failed to start benchmark',
  benchmarkerUnavailable: 'Benchmarker service is not available',
  benchmarkerOffline: 'Benchmarker service is offline',
} as const;

/** POST /api/runs/ (001 §7): one run of an agent on a test case. */
export const RunRequest = z.object({
  testCaseId: RecordId,
  agentArtifactId: z.number({ error: RUN_MESSAGES.agentRequired }).pipe(RecordId),
});
export const RunResponse = z.object({ session_id: z.string(), batch_id: z.string() });

/** POST /api/runs/replay: the replay agent re-enacts one recorded session (its run is a replay of it). */
export const ReplayRunRequest = z.object({ session_id: z.string().trim().min(1).max(100) });

/** POST /api/runs/batch (001 §7): one run of each test case of a dataset. */
export const BatchRunRequest = z.object({
  testCaseSetId: RecordId,
  agentArtifactId: z.number({ error: RUN_MESSAGES.agentRequired }).pipe(RecordId),
});
export const BatchRunResponse = z.object({ batch_id: z.string(), total_runs: z.number().int() });

/** A whole number of at least 1 from a form: anything else becomes 1 (001 §5 Benchmark run). */
const AtLeastOne = z.preprocess((value) => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : 1;
}, z.number().int());

/**
 * POST /api/benchmarker/benchmark (001 §7 Benchmarker, served by Proctor itself): `runs` runs of each test
 * case, `concurrency` at a time. The agent is named by alias (or id); base_url, when given, must be this
 * Proctor's own API: this benchmarker runs here only.
 */
export const BenchmarkRequest = z.object({
  testcase_ids: z.array(z.string().trim().min(1).max(200)).min(1, { error: 'Choose at least one test case' }),
  agent: z
    .string({ error: RUN_MESSAGES.agentRequired })
    .trim()
    .min(1, { error: RUN_MESSAGES.agentRequired })
    .max(200),
  version: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(200).optional(),
  ),
  runs: AtLeastOne.default(1),
  concurrency: AtLeastOne.pipe(z.number().max(MAX_BENCHMARK_CONCURRENCY)).default(5),
  base_url: z.string().trim().max(2_000).optional(),
});
export type BenchmarkRequest = z.input<typeof BenchmarkRequest>;
export const BenchmarkResponse = z.object({ batch_id: z.string(), total_runs: z.number().int() });

/** GET /api/benchmarker/ (001 §7: "GET on the root checks status"). */
export const BenchmarkerStatus = z.object({
  status: z.enum(['online', 'offline']),
  /** Why it is offline (no Chromium on this machine, …). */
  detail: z.string().nullable(),
  /** Runs waiting and running now, over every organization (no names: just how busy it is). */
  queued: z.number().int(),
  running: z.number().int(),
});
export type BenchmarkerStatus = z.infer<typeof BenchmarkerStatus>;

export const RUN_GROUP_KINDS = ['run', 'batch', 'benchmark'] as const;

/** A run group with its progress: how many of its runs wait, run, ended, and how many passed so far. */
export const RunGroup = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(RUN_GROUP_KINDS),
  agent: z.object({ id: z.number().int(), alias: z.string() }).nullable(),
  version: z.string().nullable(),
  runs: z.number().int(),
  concurrency: z.number().int(),
  total: z.number().int(),
  queued: z.number().int(),
  running: z.number().int(),
  /** Ended as the agent left it (scored or being scored). */
  completed: z.number().int(),
  /** Ended by an infrastructure failure, never counted against the agent. */
  failed: z.number().int(),
  scored: z.number().int(),
  passed: z.number().int(),
  finished: z.boolean(),
  createdAt: Timestamp,
});
export type RunGroup = z.infer<typeof RunGroup>;
export const RunGroupResponse = z.object({ runGroup: RunGroup });
export const RunGroupParam = z.object({ id: z.string().trim().min(1).max(100) });
