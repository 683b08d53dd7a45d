import { endpoints } from '@proctor/contracts';

/**
 * Every read of sessions: the lists (an agent's included), each session with its scores and network requests,
 * and run groups' progress. A change that makes sessions (runs) or removes one (archive) makes them all stale.
 */
export const SESSION_READS = [
  endpoints.listSessions,
  endpoints.getSession,
  endpoints.sessionScores,
  endpoints.sessionNetworkRequests,
  endpoints.runGroup,
];
