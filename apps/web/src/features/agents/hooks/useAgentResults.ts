import { endpoints, type HUMAN_SCORE_FILTERS } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';
import { AGENT_SESSIONS_PAGE_SIZE } from '../agentResults';

/** An agent's results per test case, by its alias or id (001 §2.8). Reloaded whenever the page opens. */
export function useAgentResults(ref: string, options: { enabled?: boolean } = {}) {
  return useEndpointQuery(endpoints.agentResults, {
    params: { id: ref },
    refetchOnMount: 'always',
    enabled: options.enabled,
  });
}

/**
 * The agent's sessions that need a person's score, or whose people disagree with the automatic verdict. A read
 * of the sessions list, so whatever refreshes the lists (scoring, runs) refreshes these too.
 */
export function useAgentSessions(agentId: number, humanScoreFilter: (typeof HUMAN_SCORE_FILTERS)[number]) {
  return useEndpointQuery(endpoints.listSessions, {
    query: { agentArtifactIds: String(agentId), humanScoreFilter, pageSize: AGENT_SESSIONS_PAGE_SIZE },
  });
}
