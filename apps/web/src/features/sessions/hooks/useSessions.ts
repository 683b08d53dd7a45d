import { endpoints, TIMING } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';
import type { SessionListQueryInput } from '../sessionListParams';

/**
 * A page of sessions with its summary. The previous page stays on screen while the next loads, and when a
 * refresh fails the list stays as it was (000 §8). With `polling`, it refetches every 10 s (000 §2.4).
 */
export function useSessions(query: SessionListQueryInput, options: { polling?: boolean } = {}) {
  return useEndpointQuery(endpoints.listSessions, {
    query,
    keepPrevious: 'always',
    refetchInterval: options.polling ? TIMING.pollingIntervalMs : false,
  });
}
