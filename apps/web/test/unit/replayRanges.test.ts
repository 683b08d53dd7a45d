import { describe, expect, it } from 'vitest';
import {
  FIRST_REPLAY_RANGE_MS,
  firstReplayRange,
  MAX_REPLAY_RANGE_MS,
  mergeReplayRanges,
  nextReplayRange,
  REPLAY_CLOCK_SLACK_MS,
  type ReplayRange,
  replayArrivedUntilMs,
} from '../../src/features/sessions/replayRanges';

const STARTED_AT = 1_700_000_000_000;
const META = 4;
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const at = (type: number, offsetMs: number, id: string) => ({ type, timestamp: STARTED_AT + offsetMs, id });

/**
 * The server's answer for a range (GET /api/session/{id}/rrweb-events, presenters/rrwebEvents.ts): from the
 * first event not before `from` (unless the range continues the one before it: back to the full snapshot before
 * it and its meta event), up to the first event not before `to`; `more` when there is one.
 */
function answer(events: readonly unknown[], range: ReplayRange): { events: unknown[]; more: boolean } {
  // An event without a time goes with the one before it: it never starts or ends a range.
  const notBefore = (ms: number) => (event: unknown) => {
    const time = (event as { timestamp?: unknown }).timestamp;
    return typeof time === 'number' && time >= ms;
  };
  let start = 0;
  if (range.from !== undefined) {
    start = events.findIndex(notBefore(STARTED_AT + range.from));
    if (start < 0) start = events.length;
  }
  if (range.from !== undefined && range.continues !== 'true') {
    let snapshot = start;
    while (snapshot > 0 && (events[snapshot] as { type?: number } | undefined)?.type !== FULL_SNAPSHOT)
      snapshot -= 1;
    if ((events[snapshot] as { type?: number } | undefined)?.type === FULL_SNAPSHOT) {
      start = snapshot;
      if (start > 0 && (events[start - 1] as { type: number }).type === META) start -= 1;
    }
  }
  let end = events.findIndex((event, index) => index >= start && notBefore(STARTED_AT + range.to)(event));
  if (end < 0) end = events.length;
  return { events: events.slice(start, Math.max(start, end)), more: end < events.length };
}

/** Every range the replay reads for `events`, as the hook reads them: the next while `more` says there is one. */
function readAll(events: readonly unknown[], endedAfterMs: number | null = null) {
  const ranges: ReplayRange[] = [firstReplayRange];
  const answers = [answer(events, firstReplayRange)];
  for (;;) {
    const next = answers.at(-1)!.more ? nextReplayRange(ranges.at(-1)!, endedAfterMs) : undefined;
    if (!next) break;
    ranges.push(next);
    answers.push(answer(events, next));
  }
  return { ranges, answers };
}

describe('nextReplayRange', () => {
  it('should start where the last range ended, twice as long, up to the longest range', () => {
    expect(firstReplayRange).toEqual({ to: FIRST_REPLAY_RANGE_MS });
    const second = nextReplayRange(firstReplayRange)!;
    const continues = 'true';
    expect(second).toEqual({ from: FIRST_REPLAY_RANGE_MS, to: 3 * FIRST_REPLAY_RANGE_MS, continues });
    expect(nextReplayRange(second)).toEqual({
      from: 3 * FIRST_REPLAY_RANGE_MS,
      to: 7 * FIRST_REPLAY_RANGE_MS,
      continues,
    });
    const long = { from: 3_600_000, to: 3_600_000 + MAX_REPLAY_RANGE_MS };
    expect(nextReplayRange(long)).toEqual({ from: long.to, to: long.to + MAX_REPLAY_RANGE_MS, continues });
  });

  it("should read no range past the session's end and the clock's slack", () => {
    const range = { from: 60_000, to: 120_000 };
    expect(nextReplayRange(range, 120_000 - REPLAY_CLOCK_SLACK_MS)).toBeDefined();
    expect(nextReplayRange(range, 119_999 - REPLAY_CLOCK_SLACK_MS)).toBeUndefined();
  });
});

describe('mergeReplayRanges', () => {
  it('should keep a page loaded at a range edge: its meta event in the range before, its snapshot in the next', () => {
    const events = [
      at(META, 0, 'meta'),
      at(FULL_SNAPSHOT, 1, 'snapshot'),
      at(META, 29_999, 'meta 2'),
      at(FULL_SNAPSHOT, 30_000, 'snapshot 2'),
    ];
    const { answers } = readAll(events);
    expect(answers.map((range) => range.events.map((event) => (event as { id: string }).id))).toEqual([
      ['meta', 'snapshot', 'meta 2'],
      ['snapshot 2'],
    ]);
    expect(mergeReplayRanges(answers)).toEqual(events);
  });

  it('should read every event of the tab once, in order, across idle stretches and page loads', () => {
    const events = [
      at(META, -2_000, 'meta'),
      at(FULL_SNAPSHOT, -1_999, 'snapshot'),
      ...Array.from({ length: 40 }, (_, i) => at(INCREMENTAL, 1_000 + i * 7_000, `move ${i}`)),
      // A navigation after an idle stretch (ranges with nothing in them), at a range's edge, and a second one.
      at(META, 209_999, 'meta 2'),
      at(FULL_SNAPSHOT, 210_000, 'snapshot 2'),
      at(INCREMENTAL, 210_000, 'same time'),
      at(INCREMENTAL, 600_000, 'late'),
      at(META, 1_500_000, 'meta 3'),
      at(FULL_SNAPSHOT, 1_500_001, 'snapshot 3'),
      at(INCREMENTAL, 1_500_002, 'last'),
    ];
    const { answers } = readAll(events);
    expect(answers.length).toBeGreaterThan(4);
    // Ranges after the first continue the one before: nothing is sent twice.
    expect(answers.flatMap((range) => range.events)).toHaveLength(events.length);
    expect(mergeReplayRanges(answers)).toEqual(events);
  });

  it('should read nothing twice when the tab began late (empty first ranges) or recorded nothing', () => {
    const events = [at(META, 400_000, 'meta'), at(FULL_SNAPSHOT, 400_001, 'snapshot')];
    const { answers } = readAll(events);
    expect(answers[0]!.events).toEqual([]);
    expect(mergeReplayRanges(answers)).toEqual(events);
    expect(mergeReplayRanges([{ events: [] }])).toEqual([]);
  });

  it('should read past an event without a time, which goes with the event before it, to the end', () => {
    const events = [
      at(META, 0, 'meta'),
      at(FULL_SNAPSHOT, 1, 'snapshot'),
      at(INCREMENTAL, 40_000, 'before'),
      { type: INCREMENTAL, id: 'no time' },
      at(INCREMENTAL, 50_000, 'after'),
      { type: INCREMENTAL, id: 'no time, last' },
    ];
    // While the session runs too: nothing but the server's `more` ends the reading then.
    const { answers } = readAll(events, null);
    expect(answers.at(-1)!.more).toBe(false);
    expect(mergeReplayRanges(answers)).toEqual(events);
  });
});

describe('replayArrivedUntilMs', () => {
  it("should reach the last range's end while the tab recorded more, and forever after", () => {
    expect(replayArrivedUntilMs(undefined, STARTED_AT)).toBe(Number.NEGATIVE_INFINITY);
    expect(replayArrivedUntilMs({ range: firstReplayRange, more: true }, STARTED_AT)).toBe(
      STARTED_AT + FIRST_REPLAY_RANGE_MS,
    );
    expect(replayArrivedUntilMs({ range: firstReplayRange, more: false }, STARTED_AT)).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
});
