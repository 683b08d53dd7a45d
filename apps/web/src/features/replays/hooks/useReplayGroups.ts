import { endpoints } from '@proctor/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../api';
import type { GroupedReplaysQueryInput } from '../replayListParams';

const REPLAYS_QUERY_KEY = ['replays'] as const;

/** A page of replay groups; the previous page stays on screen while the next one loads. */
export function useGroupedReplays(query: GroupedReplaysQueryInput, options: { enabled: boolean }) {
  return useQuery({
    queryKey: [...REPLAYS_QUERY_KEY, 'groups', query],
    queryFn: ({ signal }) => call(endpoints.groupedReplays, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** The groups of the sessions named by id; nothing is asked while `sessionIds` is null (no search). */
export function useReplaySearch(sessionIds: readonly string[] | null) {
  return useQuery({
    queryKey: [...REPLAYS_QUERY_KEY, 'search', sessionIds],
    queryFn: ({ signal }) =>
      call(endpoints.searchReplays, { query: { session_ids: (sessionIds ?? []).join(',') }, signal }),
    enabled: sessionIds !== null && sessionIds.length > 0,
  });
}
