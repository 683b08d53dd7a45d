import type { RecordedStep } from '@proctor/contracts';
import type { JsonValue } from '@proctor/scoring';
import type { ChatModelConfig } from '../config';
import type { RunDriver } from '../environments/manager';
import type { OutboundGuardOptions } from '../scoring/outboundGuard';
import {
  type AgentRow,
  builtInKindOf,
  NO_CHAT_MODEL,
  type RunnableSettings,
  whyNotRunnable,
} from '../services/agents';
import { builtInDriver } from './builtIn';
import { domAgentDriver } from './domAgent';
import { replayDriver } from './replay';
import { stepProtocolDriver } from './stepProtocol';

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
  if (kind === 'dom') {
    if (!settings.chatModel) throw new Error(NO_CHAT_MODEL);
    return domAgentDriver(settings.chatModel, settings.guard);
  }
  if (kind) return builtInDriver(kind);
  const { endpoint } = agent.data as { endpoint?: string | null };
  const refused = whyNotRunnable(agent, { chatModel: settings.chatModel !== undefined });
  if (refused || !endpoint) throw new Error(refused ?? `"${agent.alias}" cannot be run`);
  return stepProtocolDriver({ endpoint, guard: settings.guard });
}

/** How drivers reach outside: the outbound guard's allowance, the DOM agent's chat model. */
export interface DriverSettings {
  guard: OutboundGuardOptions;
  chatModel: ChatModelConfig | undefined;
}

/** Whether the agents these settings drive can run (services/agents.ts whyNotRunnable). */
export const runnableWith = (settings: { chatModel: unknown }): RunnableSettings => ({
  chatModel: settings.chatModel !== undefined,
});
