import type { RecordedStep, UserAction } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { byteRange } from '../../src/routes/byteRange';
import { sessionVideoPlan } from '../../src/services/sessionVideos';

const START = Date.UTC(2026, 0, 1, 10);

const step = (idx: number, offsetMs: number, before: string | null, after: string | null): RecordedStep => {
  const state = (key: string | null) =>
    key === null
      ? null
      : {
          current_url: 'http://shop.localhost/',
          screenshot: { key, mime: 'image/jpeg' as const, width: 1600, height: 900, bytes: 10 },
          metadata: { bboxes: [] },
        };
  return {
    idx,
    action: { type: 'click', id: `a${idx}`, timestamp: START + offsetMs } as UserAction,
    before_state: state(before),
    after_state: state(after),
    mutations: { before: 0, after: 0 },
  };
};

const session = {
  publicId: 'sess-1',
  status: 'scoring_completed',
  startedAt: new Date(START),
  createdAt: new Date(START - 5000),
  endedAt: new Date(START + 10_000),
  sessionDuration: null,
};

describe('sessionVideoPlan', () => {
  it("should show the first page from the start, each step's result until the next step, the last until the end", () => {
    const plan = sessionVideoPlan(session, [
      step(0, 2000, 'a.jpg', 'b.jpg'),
      step(1, 2000 + 500, null, null),
      step(2, 6000, 'b.jpg', 'c.jpg'),
    ]);
    if ('problem' in plan) throw new Error(plan.problem);
    expect(plan.frames).toEqual([
      { blobKey: 'sessions/sess-1/a.jpg', extension: 'jpg', durationMs: 2000 },
      { blobKey: 'sessions/sess-1/b.jpg', extension: 'jpg', durationMs: 4000 },
      { blobKey: 'sessions/sess-1/c.jpg', extension: 'jpg', durationMs: 4000 },
    ]);
    // Scaled down to the largest frame allowed, in even numbers.
    expect(plan.size).toEqual({ width: 1280, height: 720 });
    expect(plan.key).toBe(`sessions/sess-1/videos/${plan.file}`);
  });

  it('should keep the picture before on screen in place of one of another kind', () => {
    const plan = sessionVideoPlan(session, [
      step(0, 1000, 'a.jpg', 'b.png'),
      step(1, 4000, 'c.jpg', 'd.jpg'),
    ]);
    if ('problem' in plan) throw new Error(plan.problem);
    // b.png is left out: the first page stays until the next JPEG, step 1's result.
    expect(plan.frames.map((frame) => [frame.blobKey, frame.durationMs])).toEqual([
      ['sessions/sess-1/a.jpg', 4000],
      ['sessions/sess-1/d.jpg', 6000],
    ]);
  });

  it('should give a changed recording another key', () => {
    const one = sessionVideoPlan(session, [step(0, 1000, 'a.jpg', 'b.jpg')]);
    const two = sessionVideoPlan(session, [step(0, 1500, 'a.jpg', 'b.jpg')]);
    expect('key' in one && 'key' in two && one.key !== two.key).toBe(true);
  });

  it('should refuse a running session and one without screenshots', () => {
    expect(
      sessionVideoPlan({ ...session, status: 'run_started' }, [step(0, 1000, 'a.jpg', 'b.jpg')]),
    ).toEqual({
      problem: "A session's video is made once the session has ended",
    });
    expect(sessionVideoPlan(session, [step(0, 1000, null, null)])).toEqual({
      problem: 'This session recorded no screenshots to make a video of',
    });
  });
});

describe('byteRange', () => {
  it('should read the ranges a video element asks for', () => {
    expect(byteRange(undefined, 100)).toBeNull();
    expect(byteRange('bytes=0-', 100)).toEqual({ start: 0, end: 100 });
    expect(byteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 20 });
    expect(byteRange('bytes=90-200', 100)).toEqual({ start: 90, end: 100 });
    expect(byteRange('bytes=-30', 100)).toEqual({ start: 70, end: 100 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
