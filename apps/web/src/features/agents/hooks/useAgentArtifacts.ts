import { endpoints, TIMING } from '@proctor/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../api';
import type { CreateAgentArtifactBody } from '../agentForm';

/** What adding or archiving an agent changes: the list and the agents' results. */
const AGENT_READS = [endpoints.agentArtifacts, endpoints.agentResults];

/** The organization's agents, newest first; with `polling`, refetched every 10 seconds (001 §4.5, §9). */
export function useAgentArtifacts(options: { polling?: boolean; enabled?: boolean } = {}) {
  return useEndpointQuery(endpoints.agentArtifacts, {
    select: (response) => response.artifacts,
    refetchInterval: options.polling ? TIMING.pollingIntervalMs : false,
    enabled: options.enabled,
  });
}

export function useCreateAgentArtifact() {
  return useEndpointMutation(endpoints.createAgentArtifact, {
    request: (body: CreateAgentArtifactBody) => ({ body }),
    invalidates: AGENT_READS,
  });
}

/** Archives by id; the agent leaves the list (001 §4.5), its sessions stay. */
export function useArchiveAgentArtifact() {
  return useEndpointMutation(endpoints.archiveAgentArtifact, {
    request: (id: number) => ({ params: { id: String(id) } }),
    invalidates: AGENT_READS,
  });
}
