/**
 * Query keys of the session calls: lists (every filter), and each session with what hangs off it. A
 * session's keys start with sessionKey / sessionScoresKey, so invalidating those reaches every view of it
 * (with and without admin view).
 */
export const SESSIONS_QUERY_KEY = ['sessions'] as const;
export const SESSION_LISTS_KEY = [...SESSIONS_QUERY_KEY, 'list'] as const;
export const sessionListKey = (query: unknown) => [...SESSION_LISTS_KEY, query] as const;
export const sessionKey = (sessionId: string) => [...SESSIONS_QUERY_KEY, 'detail', sessionId] as const;
export const sessionDetailKey = (sessionId: string, adminView: boolean) =>
  [...sessionKey(sessionId), { adminView }] as const;
export const screenshotKey = (path: string) => [...SESSIONS_QUERY_KEY, 'screenshot', path] as const;
export const sessionScoresKey = (sessionId: string) => [...SESSIONS_QUERY_KEY, 'scores', sessionId] as const;
/** A run group's progress (GET /api/runs/batches/{id}); apart from the lists, which it refreshes. */
export const runGroupKey = (batchId: string) => [...SESSIONS_QUERY_KEY, 'run-group', batchId] as const;
