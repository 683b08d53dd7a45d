import { type EndpointResponse, endpoints } from '@proctor/contracts';
import { type InfiniteData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { call, endpointQueryKey } from '../../../api';
import {
  firstReplayRange,
  mergeReplayRanges,
  nextReplayRange,
  type ReplayRange,
  replayArrivedUntilMs,
} from '../replayRanges';

type RangeAnswer = EndpointResponse<typeof endpoints.sessionRrwebEvents>;

export interface SessionDomEvents {
  /** The recorded tabs, once the first range is read. */
  pages: readonly string[] | undefined;
  /** The tab these events are of (null: nothing recorded), once the first range is read. */
  page: string | null | undefined;
  /** The events arrived so far, in order, each once. */
  events: readonly unknown[];
  /** Until when (epoch ms) `events` hold all the tab recorded: +Infinity once every range is read. */
  arrivedUntilMs: number;
  complete: boolean;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

/**
 * The session's recorded DOM (rrweb) events of one tab, read only once `enabled` (the replay is opened), range by
 * range (replayRanges): the first range, then, while the tab is `shown`, each next one in the background until
 * the tab recorded nothing after it (a hidden tab's reading waits until it is shown again). Without `page`, the
 * first tab's, whose answers also list every recorded tab; each tab is read once and kept. The ranges' times
 * count from the session's start (`snapshot.started_at_ms`), and none starts long after its end (epoch ms; null
 * while it runs).
 */
export function useSessionDomEvents(
  sessionId: string,
  session: { startedAtMs: number; endedAtMs: number | null },
  { enabled, shown }: { enabled: boolean; shown: boolean },
  page?: string,
): SessionDomEvents {
  const { startedAtMs: sessionStartedAtMs, endedAtMs } = session;
  const endedAfterMs = endedAtMs === null ? null : endedAtMs - sessionStartedAtMs;
  const tab = page === undefined ? {} : { page };
  const query = useInfiniteQuery<
    RangeAnswer,
    Error,
    InfiniteData<RangeAnswer, ReplayRange>,
    QueryKey,
    ReplayRange
  >({
    // Its own key beside a whole read of the endpoint: the cached value is the list of ranges read.
    queryKey: endpointQueryKey(
      endpoints.sessionRrwebEvents,
      { params: { id: sessionId }, query: tab },
      'ranges',
    ),
    queryFn: ({ pageParam, signal }) =>
      call(endpoints.sessionRrwebEvents, {
        params: { id: sessionId },
        query: { ...tab, ...pageParam },
        signal,
      }),
    initialPageParam: firstReplayRange,
    getNextPageParam: (last, _all, range) => (last.more ? nextReplayRange(range, endedAfterMs) : undefined),
    enabled,
  });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (enabled && shown && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [enabled, shown, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const { data } = query;
  const events = useMemo(() => mergeReplayRanges(data?.pages ?? []), [data]);
  const answers = data?.pages ?? [];
  const last = answers.at(-1);
  const arrivedUntilMs = replayArrivedUntilMs(
    last && { range: data!.pageParams[answers.length - 1]!, more: hasNextPage },
    sessionStartedAtMs,
  );
  return {
    pages: answers[0]?.pages,
    page: answers[0]?.page,
    events,
    arrivedUntilMs,
    complete: arrivedUntilMs === Number.POSITIVE_INFINITY,
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
  };
}
