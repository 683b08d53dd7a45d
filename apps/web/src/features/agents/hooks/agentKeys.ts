import { SESSIONS_QUERY_KEY } from '../../sessions';

/** Query keys of the agent calls. The agent's session lists hang off the sessions' key, so scoring refreshes them. */
export const AGENTS_QUERY_KEY = ['agents'] as const;
export const AGENT_LIST_KEY = [...AGENTS_QUERY_KEY, 'list'] as const;
export const agentResultsKey = (ref: string) => [...AGENTS_QUERY_KEY, 'results', ref] as const;
export const agentIconKey = (path: string) => [...AGENTS_QUERY_KEY, 'icon', path] as const;
export const agentSessionsKey = (query: unknown) => [...SESSIONS_QUERY_KEY, 'agent', query] as const;
