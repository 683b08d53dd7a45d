import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/**
 * The session's recorded DOM (rrweb) events of one tab, read only once `enabled` (the replay is opened): the
 * session itself comes without them, so the page's first answer stays small however long the session ran.
 * Without `page`, the first tab's, which also lists every recorded tab; each tab is read once and kept.
 */
export function useSessionDomEvents(sessionId: string, enabled: boolean, page?: string) {
  return useEndpointQuery(endpoints.sessionRrwebEvents, {
    params: { id: sessionId },
    query: page === undefined ? {} : { page },
    enabled,
  });
}
