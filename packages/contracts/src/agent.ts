import { z } from 'zod';
import { Timestamp } from './common';
import type { PermissionFlag } from './permissions';
import { BuiltInAgentKind } from './run';
import { AgentArtifactType } from './vocabulary';

/**
 * Agents (001 §2.8, §3 Agent artifact, §5 Agent artifact form, §7 Agents; issue 9 item 2): who or what ran a
 * session. An agent that drives its environment through the SDK names itself with `agent_version` at reset;
 * its organization's agent of that alias then owns the session (made on its first run if there is none).
 */

/** A success rate as the API sends it: `successRate()` of ./presentation (its 95 % Wilson interval). */
export const SuccessRateView = z.object({
  passed: z.number().int(),
  total: z.number().int(),
  rate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});

/** The icon an agent gets when none is given (001 §5: an emoji chosen by type). */
export const DEFAULT_AGENT_EMOJI: Record<z.infer<typeof ListedAgentType>, string> = {
  human: '🧑',
  dev: '🤖',
  git_container: '📦',
  builtin: '🔮',
};

export const AGENT_MESSAGES = {
  alias: 'Alias is required',
  reservedAlias: (alias: string) => `"${alias}" is the alias of a built-in agent: choose another`,
  humanName: 'Human Name is required',
  endpoint: 'Endpoint is required',
  repoUrl: 'Repository URL is required',
  branch: 'Branch is required',
  commitHash: 'Commit Hash is required',
  commitFormat: 'Commit Hash must be a commit id: 7 to 64 hexadecimal characters',
  notFound: 'No test results found for this agent',
  archiveConfirmation: (alias: string) => `Are you sure you want to archive "${alias}"?`,
} as const;

export const MAX_AGENT_ALIAS = 200;

/** A git commit id, abbreviated or whole (SHA-1 or SHA-256). A branch or tag name is not one: it moves. */
export const COMMIT_ID = /^[0-9a-f]{7,64}$/i;

/**
 * Who may add and archive agents: members with dashboard access, account admins and platform admins (any one
 * flag is enough), outside annotator organizations. The spec shows no role check (001 §2.8); agents are part
 * of the dashboard, so this is its flag. The server's access rule and the dashboard's buttons read this list.
 */
export const AGENT_MANAGE_PERMISSIONS = [
  'dashboard_access',
  'is_account_admin',
  'is_admin',
] as const satisfies readonly PermissionFlag[];

/** The types an agent may be made with, and `builtin` for the agents Proctor ships (./run BUILT_IN_AGENTS). */
export const ListedAgentType = z.enum([...AgentArtifactType.options, 'builtin']);

export const AgentArtifactData = z.object({
  type: ListedAgentType,
  /** Which built-in agent, for type builtin. */
  builtin: BuiltInAgentKind.optional(),
  /**
   * Where Proctor serves the agent's icon (GET /api/agent-artifacts/{id}/icon), drawn from its emoji or fetched
   * once from its URL; null without one. Agents added before icons were fetched may hold the outside URL.
   */
  img_url: z.string().nullable(),
  description: z.string(),
  human_name: z.string().optional(),
  endpoint: z.string().nullable().optional(),
  repo_url: z.string().optional(),
  branch: z.string().optional(),
  commit_hash: z.string().optional(),
});
export type AgentArtifactData = z.infer<typeof AgentArtifactData>;

export const AgentArtifact = z.object({
  id: z.number().int(),
  alias: z.string(),
  createdAt: Timestamp,
  userId: z.number().int().nullable(),
  organizationId: z.number().int().nullable(),
  archived: z.boolean(),
  data: AgentArtifactData,
  /**
   * Why Proctor cannot run this agent itself (a run, Run All, a benchmark), null when it can: a human records,
   * an SDK-made agent drives itself, the replay agent starts from a session, the DOM agent needs a model.
   */
  notRunnableReason: z.string().nullable(),
});
export type AgentArtifact = z.infer<typeof AgentArtifact>;

export const AgentArtifactsResponse = z.object({ artifacts: z.array(AgentArtifact) });

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const OptionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());

/**
 * POST /api/agent-artifacts/ (001 §3 creation payload). Type, alias and the type's own fields are required
 * (001 §5); the icon is an http(s) URL without spaces or quotes (fetched once, through the outbound guard), or
 * else an emoji (rendered into a 128x128 PNG).
 */
export const CreateAgentArtifactRequest = z
  .object({
    alias: z
      .string({ error: AGENT_MESSAGES.alias })
      .trim()
      .min(1, { error: AGENT_MESSAGES.alias })
      .max(MAX_AGENT_ALIAS),
    type: AgentArtifactType,
    description: OptionalText(5_000),
    imgUrl: OptionalText(2_000),
    humanName: OptionalText(200),
    endpoint: OptionalText(2_000),
    repoUrl: OptionalText(2_000),
    branch: OptionalText(200),
    commitHash: OptionalText(100),
  })
  .superRefine((body, ctx) => {
    const require = (field: keyof typeof body, message: string) => {
      if (body[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (body.type === 'human') require('humanName', AGENT_MESSAGES.humanName);
    if (body.type === 'dev') require('endpoint', AGENT_MESSAGES.endpoint);
    if (body.type === 'git_container') {
      require('repoUrl', AGENT_MESSAGES.repoUrl);
      require('branch', AGENT_MESSAGES.branch);
      require('commitHash', AGENT_MESSAGES.commitHash);
    }
  });
export type CreateAgentArtifactRequest = z.input<typeof CreateAgentArtifactRequest>;

export const AgentArtifactResponse = z.object({ artifact: AgentArtifact });

/** An agent by numeric id or by its alias in the caller's organization. */
export const AgentRefParam = z.object({ id: z.string().trim().min(1).max(MAX_AGENT_ALIAS) });

/**
 * GET /api/agent-artifacts/{id or alias}/results (001 §2.8 By Test Case; issue 9 item 4): the agent's sessions per
 * test case. `scored` counts sessions with a verdict, leaving out those the system auto-marked incorrect (001
 * §4.3) and infrastructure failures (run_failed, scoring_failed, postprocessing_failed), which are counted apart
 * and never against the agent; `passed` follows the session's classification (clear human results first).
 * pass@k and pass^k are estimated from the test case's scored runs for each k up to their number (k ≤ 5).
 */
export const AgentTestCaseResult = z.object({
  testCase: z.object({ id: z.number().int(), publicId: z.string(), name: z.string() }).nullable(),
  simulator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  total: z.number().int(),
  scored: z.number().int(),
  passed: z.number().int(),
  infrastructureFailures: z.number().int(),
  needsHumanScoring: z.number().int(),
  humanDisagreements: z.number().int(),
  successRate: SuccessRateView,
  /** k → the chance that at least one of k runs passes (pass@k) and that all k pass (pass^k). */
  passAtK: z.record(z.string(), z.number()),
  passHatK: z.record(z.string(), z.number()),
});
export type AgentTestCaseResult = z.infer<typeof AgentTestCaseResult>;

export const AgentResultsResponse = z.object({
  agent: AgentArtifact,
  summary: AgentTestCaseResult.omit({ testCase: true, simulator: true, passAtK: true, passHatK: true }),
  testCases: z.array(AgentTestCaseResult),
});
export type AgentResultsResponse = z.infer<typeof AgentResultsResponse>;
