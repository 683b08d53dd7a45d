import { endpoints, IN_PROGRESS_SESSION_STATUSES, TIMING } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';
import { adminViewQuery } from './useAdminView';

/**
 * One session with its steps, DOM recording, logs, mutations and human results. While it is still in
 * progress it is read again every polling interval, so the page moves from the live view to the steps when
 * the run ends. Turning admin view on or off keeps the same session on screen while it is read again.
 */
export function useSession(sessionId: string, adminView: boolean) {
  return useEndpointQuery(endpoints.getSession, {
    params: { id: sessionId },
    query: adminViewQuery(adminView),
    keepPrevious: 'same-params',
    refetchInterval: (query) => {
      const status = query.state.data?.session.status;
      return status && IN_PROGRESS_SESSION_STATUSES.includes(status) ? TIMING.pollingIntervalMs : false;
    },
  });
}
