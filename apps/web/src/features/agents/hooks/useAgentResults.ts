import { endpoints, type HUMAN_SCORE_FILTERS } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { AGENT_SESSIONS_PAGE_SIZE } from '../agentResults';
import { agentResultsKey, agentSessionsKey } from './agentKeys';

/** An agent's results per test case, by its alias or id (001 §2.8). Reloaded whenever the page opens. */
export function useAgentResults(ref: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: agentResultsKey(ref),
    queryFn: ({ signal }) => call(endpoints.agentResults, { params: { id: ref }, signal }),
    refetchOnMount: 'always',
    enabled: options.enabled,
  });
}

/** The agent's sessions that need a person's score, or whose people disagree with the automatic verdict. */
export function useAgentSessions(agentId: number, humanScoreFilter: (typeof HUMAN_SCORE_FILTERS)[number]) {
  const query = {
    agentArtifactIds: String(agentId),
    humanScoreFilter,
    pageSize: AGENT_SESSIONS_PAGE_SIZE,
  };
  return useQuery({
    queryKey: agentSessionsKey(query),
    queryFn: ({ signal }) => call(endpoints.listSessions, { query, signal }),
  });
}
