import { endpoints, MAX_SESSION_PAGE_SIZE } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/**
 * The sessions of the test case focused in the editor, newest first, limited to the agents chosen in the header.
 * The original editor asks for 5000 at once; the API's largest page is smaller, so the panel says when more exist.
 */
export function useEditorSessions(testCasePublicId: string | null, agentIds: readonly string[]) {
  return useEndpointQuery(endpoints.listSessions, {
    query: {
      testCaseIds: testCasePublicId ?? '',
      agentArtifactIds: agentIds.length > 0 ? agentIds.join(',') : undefined,
      pageSize: MAX_SESSION_PAGE_SIZE,
    },
    enabled: testCasePublicId !== null,
  });
}
