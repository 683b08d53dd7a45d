/**
 * A tab's DOM events read range by range (GET /api/session/{id}/rrweb-events with `from`/`to`: ms from the
 * session's start, [from, to)), so that the replay starts on the first range while the rest arrives.
 */
export interface ReplayRange {
  /** Absent for the first range: it starts at the tab's first event, whenever that was recorded. */
  from?: number;
  to: number;
}

/**
 * Ranges are windows of time, as the server selects them. The first is short, so that the page's first answer
 * is the tab's first full snapshot and a few seconds of changes whatever the session's length; each next one is
 * twice as long (crossing an idle stretch, or a tab opened late, in a few cheap reads) up to a few minutes, so
 * that a seek past what has arrived never waits for much more than it needs. Every range after the first comes
 * with the full snapshot it builds on again (dropped here), which longer ranges send less often.
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
  return { from: previous.to, to: previous.to + Math.min(MAX_REPLAY_RANGE_MS, Math.max(1, length) * 2) };
}

// Recorded by the page: anything may be there. As the server reads them, an event without a time goes with the
// one before it: it never starts or ends a range.
const isBefore = (event: unknown, limitMs: number) => {
  const at = (event as { timestamp?: unknown } | null | undefined)?.timestamp;
  return !(typeof at === 'number' && at >= limitMs);
};

/**
 * The events of the ranges read so far, in order and each once. The server starts a range with `from` at the
 * full snapshot before it (and its meta event), so its answer repeats the previous range's last events: those
 * before `from`, up to the first event that is not (the server's own rule for where a range starts).
 */
export function mergeReplayRanges(
  answers: readonly { events: readonly unknown[] }[],
  ranges: readonly ReplayRange[],
  sessionStartedAtMs: number,
): unknown[] {
  const merged: unknown[] = [];
  answers.forEach((answer, i) => {
    const from = ranges[i]?.from;
    let first = 0;
    if (from !== undefined) {
      const fromMs = sessionStartedAtMs + from;
      while (first < answer.events.length && isBefore(answer.events[first], fromMs)) first += 1;
    }
    for (let at = first; at < answer.events.length; at++) merged.push(answer.events[at]);
  });
  return merged;
}

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
