import { endpoints, type RunGroup } from '@proctor/contracts';
import { useEffect } from 'react';
import { useEndpointQuery, useInvalidateEndpoints } from '../../../api';
import { RUN_GROUP_POLL_MS, runGroupDone, runGroupProgressSignature } from '../runGroupProgress';

/**
 * A run group's progress, read every 2 s until its runs have all ended and been scored. Each change reads
 * the session lists again, so the rows move from queued to their verdict while the page is open. A group of
 * another organization, or a viewer who may not run agents, gets 404/403: no retry, no polling.
 */
export function useRunGroup(batchId: string | null) {
  const invalidate = useInvalidateEndpoints();
  const query = useEndpointQuery(endpoints.runGroup, {
    params: { id: batchId ?? '' },
    select: (response): RunGroup => response.runGroup,
    enabled: batchId !== null,
    staleTime: 0,
    refetchInterval: (current) => {
      const group = current.state.data?.runGroup;
      if (current.state.status === 'error' && !group) return false;
      return group && runGroupDone(group) ? false : RUN_GROUP_POLL_MS;
    },
  });

  const signature = query.data ? runGroupProgressSignature(query.data) : null;
  useEffect(() => {
    if (signature !== null) void invalidate([endpoints.listSessions]);
  }, [signature, invalidate]);

  return query;
}
