import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';

/** The organization's running keepalive environments, newest first (002 §2.13). */
export function useKeepaliveJobs() {
  return useEndpointQuery(endpoints.keepaliveJobs, {
    select: (response) => response.job_groups,
    // Every look is fresh: an environment may have been closed or reset by a colleague since.
    staleTime: 0,
  });
}
