import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/** A session's recorded network requests with headers and bodies; a recording does not change. */
export function useNetworkRequests(sessionId: string | null) {
  return useEndpointQuery(endpoints.sessionNetworkRequests, {
    params: { id: sessionId ?? '' },
    select: (response) => response.requests,
    enabled: sessionId !== null,
  });
}
