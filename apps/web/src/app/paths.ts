/**
 * Client paths that several features link to, built in one place (000 §2.1). Segments are encoded, so an
 * id or a name with a slash still names one page.
 */
export const paths = {
  sessions: '/sessions',
  session: (sessionId: string) => `/sessions/${encodeURIComponent(sessionId)}`,
  agent: (alias: string) => `/agents/${encodeURIComponent(alias)}`,
  /** The mutation diff viewer of a test case's correct sessions (001 §2.11). */
  mutationDiff: (testCasePublicId: string) =>
    `/mutation-diff?testcaseId=${encodeURIComponent(testCasePublicId)}`,
  networkRequests: (sessionId?: string) =>
    sessionId ? `/network-requests?sessionId=${encodeURIComponent(sessionId)}` : '/network-requests',
} as const;
