import { endpoints, IN_PROGRESS_SESSION_STATUSES, TIMING } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { sessionKey } from './sessionKeys';

/**
 * One session with its steps, DOM recording, logs and mutations. While it is still in progress it is read
 * again every polling interval, so the page moves from the live view to the steps when the run ends.
 */
export function useSession(sessionId: string) {
  return useQuery({
    queryKey: sessionKey(sessionId),
    queryFn: ({ signal }) => call(endpoints.getSession, { params: { id: sessionId }, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.session.status;
      return status && IN_PROGRESS_SESSION_STATUSES.includes(status) ? TIMING.pollingIntervalMs : false;
    },
  });
}
