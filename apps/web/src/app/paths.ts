import type { HUMAN_SCORE_FILTERS } from '@proctor/contracts';

/**
 * Client paths that several features link to, built in one place (000 §2.1). Segments are encoded, so an
 * id or a name with a slash still names one page.
 */
export const paths = {
  sessions: '/sessions',
  session: (sessionId: string) => `/sessions/${encodeURIComponent(sessionId)}`,
  /** The sessions of one run group, with its progress (001 §2.3: after a run, /sessions?run_session_batch_id=…). */
  runGroup: (batchId: string) => `/sessions?${new URLSearchParams({ run_session_batch_id: batchId })}`,
  /** The sessions list of one agent, optionally only those needing human scoring or with a disagreement. */
  agentSessions: (agentId: number, humanScoreFilter?: (typeof HUMAN_SCORE_FILTERS)[number]) =>
    `/sessions?${new URLSearchParams({
      agent_artifact_ids: String(agentId),
      ...(humanScoreFilter ? { human_score_filter: humanScoreFilter } : {}),
    })}`,
  agents: '/agents',
  agent: (alias: string) => `/agents/${encodeURIComponent(alias)}`,
  /** The mutation diff viewer of a test case's correct sessions (001 §2.11). */
  mutationDiff: (testCasePublicId: string) =>
    `/mutation-diff?testcaseId=${encodeURIComponent(testCasePublicId)}`,
  networkRequests: (sessionId?: string) =>
    sessionId ? `/network-requests?sessionId=${encodeURIComponent(sessionId)}` : '/network-requests',
} as const;
