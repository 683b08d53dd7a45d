/** Query keys of the session calls: lists (every filter), and each session with what hangs off it. */
export const SESSIONS_QUERY_KEY = ['sessions'] as const;
export const sessionListKey = (query: unknown) => [...SESSIONS_QUERY_KEY, 'list', query] as const;
export const sessionKey = (sessionId: string) => [...SESSIONS_QUERY_KEY, 'detail', sessionId] as const;
export const screenshotKey = (path: string) => [...SESSIONS_QUERY_KEY, 'screenshot', path] as const;
export const sessionScoresKey = (sessionId: string) => [...SESSIONS_QUERY_KEY, 'scores', sessionId] as const;
