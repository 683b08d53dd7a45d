import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/** A browser session of the organization: its status and, while it runs, its live view's address. */
export function useBrowserSession(publicId: string | null) {
  return useEndpointQuery(endpoints.browserSession, {
    params: { publicId: publicId ?? '' },
    enabled: publicId !== null,
    // The live view's token is signed per answer: a fresh one whenever the view is shown again.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
