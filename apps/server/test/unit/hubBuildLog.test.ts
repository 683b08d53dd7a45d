import { HUB } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { HubBuildLog, hubBuildLogLine } from '../../src/jobs/buildHubVersion';

describe('a hub build log', () => {
  it('should keep its last lines within the bound, saying how many earlier ones were dropped', () => {
    const log = new HubBuildLog();
    const line = (n: number) => `line ${n} ${'x'.repeat(90)}`;
    for (let n = 0; n < 5000; n++) log.add(line(n));
    const text = log.text();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(HUB.buildLogMaxBytes);
    expect(Buffer.byteLength(text)).toBeGreaterThan(HUB.buildLogMaxBytes - 1000);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^… (\d+) earlier lines dropped/);
    const dropped = Number(/^… (\d+)/.exec(lines[0]!)![1]);
    expect(lines[1]).toBe(line(dropped));
    expect(lines.at(-1)).toBe(line(4999));
  });

  it('should cut one runaway line rather than lose every other', () => {
    const log = new HubBuildLog();
    log.add('before');
    log.add('y'.repeat(HUB.buildLogMaxBytes * 2));
    log.add('after');
    const lines = log.text().trimEnd().split('\n');
    expect(lines[0]).toBe('before');
    expect(lines[1]).toMatch(/^y+… \(line cut\)$/);
    expect(lines[2]).toBe('after');
  });

  it('should write each event as a readable line after its time', () => {
    const at = new Date('2026-11-29T05:00:00.000Z');
    expect(
      hubBuildLogLine(
        {
          type: 'case',
          key: 'add-milk',
          variant: 'wrong',
          passed: false,
          explanation: 'it passed',
          durationMs: 812.4,
        },
        at,
      ),
    ).toBe('2026-11-29T05:00:00.000Z FAIL add-milk (wrong variant, 812 ms): it passed');
    expect(
      hubBuildLogLine(
        { type: 'result', status: 'failed', reason: 'no seed', simulator: null, dataset: null, testCases: 0 },
        at,
      ),
    ).toBe('2026-11-29T05:00:00.000Z Failed: no seed');
    expect(
      hubBuildLogLine(
        { type: 'result', status: 'proven', reason: null, simulator: 'notes', dataset: 'ab', testCases: 2 },
        at,
      ),
    ).toBe('2026-11-29T05:00:00.000Z Proven: 2 test cases, dataset ab');
  });
});
