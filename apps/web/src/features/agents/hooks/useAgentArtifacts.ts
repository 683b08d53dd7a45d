import { endpoints, TIMING } from '@proctor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import type { CreateAgentArtifactBody } from '../agentForm';
import { AGENT_LIST_KEY, AGENTS_QUERY_KEY } from './agentKeys';

/** The organization's agents, newest first; with `polling`, refetched every 10 seconds (001 §4.5, §9). */
export function useAgentArtifacts(options: { polling?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: AGENT_LIST_KEY,
    queryFn: ({ signal }) => call(endpoints.agentArtifacts, { signal }),
    select: (response) => response.artifacts,
    refetchInterval: options.polling ? TIMING.pollingIntervalMs : false,
    enabled: options.enabled,
  });
}

function useRefreshAgents() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: AGENTS_QUERY_KEY });
}

export function useCreateAgentArtifact() {
  const refresh = useRefreshAgents();
  return useMutation({
    mutationFn: (body: CreateAgentArtifactBody) => call(endpoints.createAgentArtifact, { body }),
    onSuccess: refresh,
  });
}

/** Archives by id; the agent leaves the list (001 §4.5), its sessions stay. */
export function useArchiveAgentArtifact() {
  const refresh = useRefreshAgents();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.archiveAgentArtifact, { params: { id: String(id) } }),
    onSuccess: refresh,
  });
}
