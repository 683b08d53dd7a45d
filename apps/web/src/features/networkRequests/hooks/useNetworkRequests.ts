import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';

/** A session's recorded network requests with headers and bodies; a recording does not change. */
export function useNetworkRequests(sessionId: string | null) {
  return useQuery({
    queryKey: ['sessions', 'network-requests', sessionId ?? ''],
    queryFn: ({ signal }) =>
      call(endpoints.sessionNetworkRequests, { params: { id: sessionId ?? '' }, signal }),
    select: (response) => response.requests,
    enabled: sessionId !== null,
  });
}
