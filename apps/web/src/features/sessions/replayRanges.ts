/**
 * A tab's DOM events read range by range (GET /api/session/{id}/rrweb-events with `from`/`to`: ms from the
 * session's start, [from, to)), so that the replay starts on the first range while the rest arrives.
 */
export interface ReplayRange {
  /** Absent for the first range: it starts at the tab's first event, whenever that was recorded. */
  from?: number;
  to: number;
  /** Every range after the first continues the one before: the server sends nothing before `from` again. */
  continues?: 'true';
}

/**
 * Ranges are windows of time, as the server selects them. The first is short, so that the page's first answer
 * is the tab's first full snapshot and a few seconds of changes whatever the session's length; each next one is
 * twice as long (crossing an idle stretch, or a tab opened late, in a few cheap reads) up to a few minutes, so
 * that a seek past what has arrived never waits for much more than it needs. Each range after the first continues
 * the one before (`continues`): the server starts it at `from`, without the full snapshot it builds on.
 */
export const FIRST_REPLAY_RANGE_MS = 30_000;
export const MAX_REPLAY_RANGE_MS = 5 * 60_000;

export const firstReplayRange: ReplayRange = { to: FIRST_REPLAY_RANGE_MS };

/**
 * How long after the session's end (ms) a tab's events are still looked for: the page's clock, which stamps them,
 * is not the server's. Past it nothing more is read even when the server says there is more.
 */
export const REPLAY_CLOCK_SLACK_MS = 5 * 60_000;

/**
 * The range after `previous`: from where it ended, twice as long, at most MAX_REPLAY_RANGE_MS; none past the
 * session's end (`endedAfterMs`, ms from its start; null while it runs) and the clock's slack.
 */
export function nextReplayRange(
  previous: ReplayRange,
  endedAfterMs: number | null = null,
): ReplayRange | undefined {
  if (endedAfterMs !== null && previous.to > endedAfterMs + REPLAY_CLOCK_SLACK_MS) return undefined;
  const length = previous.to - (previous.from ?? 0);
  return {
    from: previous.to,
    to: previous.to + Math.min(MAX_REPLAY_RANGE_MS, Math.max(1, length) * 2),
    continues: 'true',
  };
}

/**
 * The events of the ranges read so far, in order and each once: each range after the first continues the one
 * before it (the server's rule: a range ends before its first event at or after `to`, an event without a time
 * going with the one before it, and a continuing range starts at the first event at or after its `from`).
 */
export const mergeReplayRanges = (answers: readonly { events: readonly unknown[] }[]): unknown[] =>
  answers.flatMap((answer) => answer.events);

/**
 * Up to when (epoch ms) the merged events are all there: the end of the last range read, or forever once no
 * range follows it (`more`: one will be read).
 */
export function replayArrivedUntilMs(
  last: { range: ReplayRange; more: boolean } | undefined,
  sessionStartedAtMs: number,
): number {
  if (!last) return Number.NEGATIVE_INFINITY;
  return last.more ? sessionStartedAtMs + last.range.to : Number.POSITIVE_INFINITY;
}
