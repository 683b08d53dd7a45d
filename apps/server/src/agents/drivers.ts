import type { RecordedStep } from '@proctor/contracts';
import type { JsonValue } from '@proctor/scoring';
import type { ChatModelConfig, ComputerUseConfig } from '../kernel/config/models';
import type { OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import type { AgentRow } from '../repositories/agents';
import { anthropicComputerUseDriver } from './anthropicComputerUse';
import { builtInDriver } from './builtIn';
import { domAgentDriver } from './domAgent';
import { gitContainerDriver } from './gitContainer';
import { openAiComputerUseDriver } from './openaiComputerUse';
import { replayDriver } from './replay';
import {
  builtInKindOf,
  type ModelAgentKind,
  modelAgentUnavailable,
  type RunnableSettings,
  whyNotRunnable,
} from './runnable';
import type { SandboxSettings } from './sandbox';
import { stepProtocolDriver } from './stepProtocol';
import type { RunDriver, TaskDriver } from './types';

/**
 * The driver of a runnable agent (whyNotRunnable said null), or of the replay agent given what it replays: the
 * original session's recorded steps and answer.
 */
export function driverFor(
  agent: AgentRow,
  settings: DriverSettings,
  replay?: { steps: RecordedStep[]; output: JsonValue | undefined },
): RunDriver {
  const kind = builtInKindOf(agent);
  if (kind === 'replay') {
    if (!replay) throw new Error('A replay needs the session it replays');
    return replayDriver(replay.steps, replay.output);
  }
  if (kind === 'dom' || kind === 'openai_cua' || kind === 'anthropic_cua')
    return modelDriverFor(kind, settings);
  if (kind) return builtInDriver(kind);
  const refused = whyNotRunnable(agent, runnableWith(settings));
  if (refused) throw new Error(refused);
  const { data } = agent;
  if (data.repo_url && data.branch && data.commit_hash)
    return gitContainerDriver(
      { repoUrl: data.repo_url, branch: data.branch, commit: data.commit_hash },
      settings.guard,
      settings.sandbox,
    );
  if (!data.endpoint) throw new Error(`"${agent.alias}" cannot be run`);
  return stepProtocolDriver({ endpoint: data.endpoint, guard: settings.guard });
}

/**
 * A built-in model agent's driver: the DOM agent on the configured chat model, or a provider's computer-use model;
 * throws saying which setting is missing when its model is not configured (modelAgentUnavailable says so first).
 */
export function modelDriverFor(
  kind: ModelAgentKind,
  settings: Pick<DriverSettings, 'guard' | 'chatModel' | 'computerUse'>,
  maxSteps?: number,
): TaskDriver {
  const unavailable = modelAgentUnavailable(kind, runnableWith(settings));
  if (unavailable) throw new Error(unavailable);
  if (kind === 'dom') return domAgentDriver(settings.chatModel!, settings.guard, maxSteps);
  if (kind === 'openai_cua')
    return openAiComputerUseDriver({ model: settings.computerUse.openai!, guard: settings.guard });
  return anthropicComputerUseDriver({ model: settings.computerUse.anthropic!, guard: settings.guard });
}

/**
 * How drivers reach outside: the outbound guard's allowance, the DOM agent's chat model, the computer-use models;
 * and how git container agents are sandboxed.
 */
export interface DriverSettings {
  guard: OutboundGuardOptions;
  chatModel: ChatModelConfig | undefined;
  computerUse: ComputerUseConfig;
  sandbox: SandboxSettings;
}

/** Whether the agents these settings drive can run (services/agents.ts whyNotRunnable). */
export const runnableWith = (
  settings: Pick<DriverSettings, 'chatModel' | 'computerUse'>,
): RunnableSettings => ({
  chatModel: settings.chatModel !== undefined,
  openaiComputerUse: settings.computerUse.openai !== undefined,
  anthropicComputerUse: settings.computerUse.anthropic !== undefined,
});
