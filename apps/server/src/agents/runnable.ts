import type { BuiltInAgentKind, RunTaskAgent } from '@proctor/contracts';
import type { AgentRow } from '../repositories/agents';
import { sandboxProblem } from './sandbox';

/** What decides whether Proctor can run an agent besides the agent itself: the installation's settings. */
export interface RunnableSettings {
  /** A chat model is configured for the DOM agent (AGENT_LLM_*). */
  chatModel: boolean;
  /** OpenAI's computer-use model is configured (OPENAI_CUA_*). */
  openaiComputerUse: boolean;
  /** Anthropic's computer-use model is configured (ANTHROPIC_CUA_*). */
  anthropicComputerUse: boolean;
}

export const REPLAY_ONLY =
  'The replay agent re-enacts a recorded session: start it from that session (POST /api/runs/replay)';
export const NO_CHAT_MODEL =
  'The DOM agent needs a chat model: AGENT_LLM_URL and AGENT_LLM_MODEL are not configured on this Proctor';
export const NO_OPENAI_COMPUTER_USE =
  "The OpenAI computer-use agent needs OpenAI's Responses API: OPENAI_CUA_URL is not configured on this Proctor";
export const NO_ANTHROPIC_COMPUTER_USE =
  "The Anthropic computer-use agent needs Anthropic's Messages API: ANTHROPIC_CUA_URL is not configured on this Proctor";

/**
 * Why Proctor cannot drive an agent itself, or null when it can (agents/drivers.ts has the drivers): the
 * built-in agents (the DOM and computer-use agents once their models are configured; the replay agent only from
 * a session), and dev agents with an endpoint (the step protocol), and git containers where this machine can
 * sandbox them. Humans record from the dashboard, and a dev agent without an endpoint (made by an SDK run) drives
 * its environments itself.
 */
export function whyNotRunnable(agent: AgentRow, settings: RunnableSettings): string | null {
  const kind = builtInKindOf(agent);
  if (kind === 'replay') return REPLAY_ONLY;
  if (kind === 'dom' || kind === 'openai_cua' || kind === 'anthropic_cua')
    return modelAgentUnavailable(kind, settings);
  if (kind) return null;
  const { data } = agent;
  if (data.type === 'dev')
    return data.endpoint
      ? null
      : `"${agent.alias}" has no endpoint: it drives its environments itself through the SDK`;
  if (data.type === 'git_container') return sandboxProblem();
  return `"${agent.alias}" is a human: people record their runs from the dashboard`;
}

/** The built-in agents that are a model: run-task's agents (@proctor/contracts RUN_TASK_AGENTS). */
export type ModelAgentKind = RunTaskAgent;

/** Why a built-in model agent cannot run with these settings (its model is not configured), or null. */
export function modelAgentUnavailable(kind: ModelAgentKind, settings: RunnableSettings): string | null {
  if (kind === 'dom') return settings.chatModel ? null : NO_CHAT_MODEL;
  if (kind === 'openai_cua') return settings.openaiComputerUse ? null : NO_OPENAI_COMPUTER_USE;
  return settings.anthropicComputerUse ? null : NO_ANTHROPIC_COMPUTER_USE;
}

/** The built-in agent a row is, if it is one. */
export function builtInKindOf(row: AgentRow): BuiltInAgentKind | null {
  const { type, builtin } = row.data;
  return row.organizationId === null && type === 'builtin' ? (builtin ?? null) : null;
}
