import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ProcessGroupMemory } from '../src/browser/memoryWatch';
import { killGroup, parseStat, pssOfSmapsRollup } from '../src/browser/processGroup';

const MiB = 1024 * 1024;
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) killGroup(child.pid!);
});

/** A process group of `count` Node processes, each holding `mib` MiB of touched memory until killed. */
function group(count: number, mib: number): number {
  const hold = `globalThis.kept = Buffer.alloc(${mib} * 1024 * 1024, 1); setInterval(() => {}, 60_000)`;
  const node = `"${process.execPath}" -e "${hold}"`;
  const child = spawn('sh', ['-c', `${Array(count).fill(`${node} &`).join(' ')} wait`], {
    detached: true,
    stdio: 'ignore',
  });
  started.push(child);
  return child.pid!;
}

describe('ProcessGroupMemory', () => {
  it("should sum a group's processes and say once when the group uses more than its limit", async () => {
    // Either process alone stays under the limit: only their sum passes it.
    const pgid = group(2, 100);
    const memory = new ProcessGroupMemory(50);
    const used = await new Promise<number>((resolve) => memory.watch(pgid, 180 * MiB, resolve));
    expect(used).toBeGreaterThan(180 * MiB);
    expect(memory.watching).toBe(0);
  });

  it('should stop watching a group when told', () => {
    const memory = new ProcessGroupMemory(50);
    const stop = memory.watch(group(1, 1), 1024 * MiB, () => {
      throw new Error('not past its limit');
    });
    expect(memory.watching).toBe(1);
    stop();
    stop();
    expect(memory.watching).toBe(0);
  });
});

describe('/proc readings', () => {
  it('should read the parent, group, start and CPU from a stat line whose name holds spaces and parentheses', () => {
    const line = '4242 (a) b (c)) S 17 4243 4243 0 -1 4194560 0 0 0 0 150 25 30 5 20 0 1 0 123456 1000 50';
    expect(parseStat(4242, line)).toEqual({
      pid: 4242,
      ppid: 17,
      pgid: 4243,
      zombie: false,
      startTicks: 123456,
      cpuSeconds: 1.75,
      reapedCpuSeconds: 0.35,
    });
  });

  it('should read the proportional set size, or nothing for a process that is ending', () => {
    expect(
      pssOfSmapsRollup('Rss:                1772 kB\nPss:                 259 kB\nPss_Dirty: 116 kB\n'),
    ).toBe(259 * 1024);
    expect(pssOfSmapsRollup('')).toBe(0);
  });
});
