import { endpoints } from '@proctor/contracts';
import { useEndpointQuery } from '../../../api';
import type { GroupedReplaysQueryInput } from '../replayListParams';

/** A page of replay groups; the previous page stays on screen while the next one loads. */
export function useGroupedReplays(query: GroupedReplaysQueryInput, options: { enabled: boolean }) {
  return useEndpointQuery(endpoints.groupedReplays, {
    query,
    keepPrevious: 'always',
    enabled: options.enabled,
  });
}

/** The groups of the sessions named by id; nothing is asked while `sessionIds` is null (no search). */
export function useReplaySearch(sessionIds: readonly string[] | null) {
  return useEndpointQuery(endpoints.searchReplays, {
    query: { session_ids: (sessionIds ?? []).join(',') },
    enabled: sessionIds !== null && sessionIds.length > 0,
  });
}
