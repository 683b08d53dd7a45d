import { endpoints, TIMING } from '@proctor/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import type { SessionListQueryInput } from '../sessionListParams';
import { sessionListKey } from './sessionKeys';

/**
 * A page of sessions with its summary. The previous page stays on screen while the next loads, and when a
 * refresh fails the list stays as it was (000 §8). With `polling`, it refetches every 10 s (000 §2.4).
 */
export function useSessions(query: SessionListQueryInput, options: { polling?: boolean } = {}) {
  return useQuery({
    queryKey: sessionListKey(query),
    queryFn: ({ signal }) => call(endpoints.listSessions, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: options.polling ? TIMING.pollingIntervalMs : false,
  });
}
