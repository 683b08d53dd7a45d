import { BUILT_IN_AGENTS, type RunTaskAgent, type RunTaskAvailability } from '@proctor/contracts';

export interface RunTaskAgentChoice {
  agent: RunTaskAgent;
  label: string;
  description: string;
  /** Why it cannot run here (the server's reason), or null. */
  unavailable: string | null;
}

/** The built-in model agents as choices, in the server's order, with their names and why one may not run. */
export function runTaskAgentChoices(availability: RunTaskAvailability): RunTaskAgentChoice[] {
  return availability.agents.map(({ agent, unavailable }) => ({
    agent,
    label: `${BUILT_IN_AGENTS[agent].emoji} ${BUILT_IN_AGENTS[agent].alias}`,
    description: BUILT_IN_AGENTS[agent].description,
    unavailable,
  }));
}

/** The agent a task goes to: the one chosen while it can run, else the first that can; null when none can. */
export function agentToRun(
  availability: RunTaskAvailability,
  chosen: RunTaskAgent | null,
): RunTaskAgent | null {
  const runnable = availability.agents.filter(({ unavailable }) => unavailable === null);
  return (runnable.find(({ agent }) => agent === chosen) ?? runnable[0])?.agent ?? null;
}

/** Why no task can run here (no model configured for any agent): each agent's reason, once. */
export function noAgentReasons(availability: RunTaskAvailability): string[] {
  if (availability.agents.some(({ unavailable }) => unavailable === null)) return [];
  return [...new Set(availability.agents.map(({ unavailable }) => unavailable ?? ''))].filter(Boolean);
}
