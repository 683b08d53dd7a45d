import type { AgentArtifact } from '@proctor/contracts';
import { useMemo, useState } from 'react';
import { useAgentArtifacts } from '../../agents';
import { type AgentChoice, agentChoices, defaultAgentChoice, type RunContext } from '../agentChoice';

/**
 * The organization's agents as a run dialog lists them, and the one chosen: the user's pick, or until they
 * pick, the default of `preferredAlias` (see defaultAgentChoice). A pick that can no longer run is no choice.
 */
export function useAgentChoice(preferredAlias: string | null, context: RunContext = {}) {
  const agents = useAgentArtifacts();
  const [pickedId, setPickedId] = useState<number | null>(null);
  const { builtInTestCase } = context;
  const choices = useMemo(
    () => agentChoices(agents.data ?? [], { builtInTestCase }),
    [agents.data, builtInTestCase],
  );
  const picked = choices.find((choice) => choice.agent.id === pickedId && choice.runnability.runnable);
  const chosen: AgentChoice<AgentArtifact> | null =
    picked ?? (pickedId === null ? defaultAgentChoice(choices, preferredAlias) : null);
  return {
    agents,
    choices,
    chosen: chosen?.agent ?? null,
    choose: (agentId: number) => setPickedId(agentId),
  };
}
