import { endpoints } from '@proctor/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import { KEEPALIVE_QUERY_KEY } from './environmentKeys';

/** The organization's running keepalive environments, newest first (002 §2.13). */
export function useKeepaliveJobs() {
  return useQuery({
    queryKey: KEEPALIVE_QUERY_KEY,
    queryFn: ({ signal }) => call(endpoints.keepaliveJobs, { signal }),
    select: (response) => response.job_groups,
    // Every look is fresh: an environment may have been closed or reset by a colleague since.
    staleTime: 0,
  });
}
