import { describe, expect, it } from 'vitest';
import { rrwebRange } from '../support/rrwebRanges';

/** rrweb events as the recorder keeps them: meta (4), full snapshot (2), incremental (3), each with its time. */
const meta = (timestamp: number) => ({ type: 4, timestamp });
const full = (timestamp: number) => ({ type: 2, timestamp });
const step = (timestamp: number) => ({ type: 3, timestamp });
const events = [meta(100), full(101), step(200), step(300), meta(400), full(401), step(500), step(600)];

describe('a range of a tab’s rrweb events, as the reference for the replay’s answers computes it', () => {
  it('is everything without bounds', () => {
    expect(rrwebRange(events, undefined, undefined)).toEqual({ events, more: false });
  });

  it('starts at the full snapshot (and its meta event) the range’s first events build on', () => {
    expect(rrwebRange(events, 250, 350)).toEqual({
      events: [meta(100), full(101), step(200), step(300)],
      more: true,
    });
    expect(rrwebRange(events, 450, undefined)).toEqual({
      events: [meta(400), full(401), step(500), step(600)],
      more: false,
    });
  });

  it('starts at `from` when it continues the range before it: nothing is sent twice', () => {
    expect(rrwebRange(events, 250, 350, true)).toEqual({ events: [step(300)], more: true });
    expect(rrwebRange(events, 401, undefined, true)).toEqual({ events: events.slice(5), more: false });
    expect(rrwebRange(events, 10_000, undefined, true)).toEqual({ events: [], more: false });
  });

  it('ends before `to`, and says whether more follows', () => {
    expect(rrwebRange(events, undefined, 300)).toEqual({ events: events.slice(0, 3), more: true });
    expect(rrwebRange(events, undefined, 10_000)).toEqual({ events, more: false });
  });

  it('gives a range after the last event the snapshot a replay starts from, and nothing before the first', () => {
    expect(rrwebRange(events, 10_000, undefined)).toEqual({ events: events.slice(4), more: false });
    expect(rrwebRange(events, 0, 50)).toEqual({ events: [], more: true });
    expect(rrwebRange([], 0, 10)).toEqual({ events: [], more: false });
  });

  it('keeps an event without a time with the one before it: it never starts or ends a range', () => {
    const untimed = { type: 3 };
    const odd = [meta(100), full(101), step(200), untimed, step(300), untimed];
    expect(rrwebRange(odd, undefined, 250)).toEqual({ events: odd.slice(0, 4), more: true });
    // The next range reads on past it, to the end.
    expect(rrwebRange(odd, 250, 350)).toEqual({ events: odd, more: false });
    expect(rrwebRange(odd, 350, undefined)).toEqual({ events: odd, more: false });
    expect(rrwebRange(odd, 250, 350, true)).toEqual({ events: odd.slice(4), more: false });
  });
});
