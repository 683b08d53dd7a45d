import { describe, expect, it } from 'vitest';
import {
  runGroupDone,
  runGroupProgressLine,
  runGroupProgressSignature,
  runGroupSections,
} from '../../src/features/sessions/runGroupProgress';

const group = (counts: Partial<Parameters<typeof runGroupProgressLine>[0]>) => ({
  total: 70,
  queued: 55,
  running: 3,
  completed: 12,
  failed: 0,
  scored: 12,
  passed: 11,
  finished: false,
  ...counts,
});

describe("a run group's progress", () => {
  it('should say how many runs ended, run, wait and passed, and the infrastructure failures', () => {
    expect(runGroupProgressLine(group({}))).toBe(
      '12 of 70 runs ended · 3 running · 55 queued · 11 of 12 scored passed · 0 infrastructure failures',
    );
    expect(
      runGroupProgressLine(
        group({
          total: 1,
          queued: 0,
          running: 0,
          completed: 0,
          failed: 1,
          scored: 0,
          passed: 0,
          finished: true,
        }),
      ),
    ).toBe('1 of 1 run ended · 0 running · 0 queued · 0 of 0 scored passed · 1 infrastructure failure');
  });

  it('should be done only when every run ended and every completed run has its verdict', () => {
    expect(runGroupDone(group({}))).toBe(false);
    const ended = { total: 2, queued: 0, running: 0, completed: 2, failed: 0, passed: 1, finished: true };
    expect(runGroupDone(group({ ...ended, scored: 1 }))).toBe(false);
    expect(runGroupDone(group({ ...ended, scored: 2 }))).toBe(true);
    expect(runGroupDone(group({ ...ended, completed: 1, failed: 1, scored: 1 }))).toBe(true);
  });

  it("should split the bar into the runs' outcomes as shares of the whole group", () => {
    const sections = runGroupSections(
      group({ total: 10, queued: 2, running: 1, completed: 6, failed: 1, scored: 5, passed: 3 }),
    );
    expect(sections.map(({ key, count, value }) => ({ key, count, value }))).toEqual([
      { key: 'passed', count: 3, value: 30 },
      { key: 'failedVerdict', count: 2, value: 20 },
      { key: 'scoring', count: 1, value: 10 },
      { key: 'infrastructure', count: 1, value: 10 },
      { key: 'running', count: 1, value: 10 },
    ]);
    expect(
      runGroupSections(group({ total: 0, queued: 0, running: 0, completed: 0, scored: 0, passed: 0 })),
    ).toEqual([]);
  });

  it('should change its signature whenever a count changes, and only then', () => {
    expect(runGroupProgressSignature(group({}))).toBe(runGroupProgressSignature(group({})));
    expect(runGroupProgressSignature(group({ scored: 12, passed: 12 }))).not.toBe(
      runGroupProgressSignature(group({})),
    );
  });
});
