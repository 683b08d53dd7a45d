import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/**
 * The session's first tab's recorded DOM (rrweb) events, read only once `enabled` (the replay is opened): the
 * session itself comes without them, so the page's first answer stays small however long the session ran.
 */
export function useSessionDomEvents(sessionId: string, enabled: boolean) {
  return useEndpointQuery(endpoints.sessionRrwebEvents, { params: { id: sessionId }, enabled });
}
