import { readdirSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * Where CPU goes, from the kernel's accounting and V8's own sampling, not from guesses: this process's own CPU,
 * that of every process it started (Chromium's browsers, their renderers and helpers), whether still running or
 * ended since (the kernel adds a reaped child's CPU to its parent's), and the main thread's samples sorted by
 * what code they were in.
 */

/** USER_HZ: /proc's unit of CPU time (100 on Linux). */
const JIFFY_SECONDS = 0.01;

interface ProcStat {
  ppid: number;
  /** utime + stime: its own CPU. */
  own: number;
  /** cutime + cstime: the CPU of its children that ended and were waited for. */
  reaped: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return {
      ppid: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) * JIFFY_SECONDS,
      reaped: (Number(fields[13]) + Number(fields[14])) * JIFFY_SECONDS,
    };
  } catch {
    return undefined;
  }
}

export interface CpuSnapshot {
  /** This process's own CPU seconds. */
  self: number;
  /** Every process it started, running or ended: seconds. */
  descendants: number;
}

/** This process's CPU and its descendants', now. */
export function cpuSnapshot(): CpuSnapshot {
  const stats = new Map<number, ProcStat>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const stat = readStat(pid);
    if (stat) stats.set(pid, stat);
  }
  const self = stats.get(process.pid) ?? readStat(process.pid)!;
  const children = new Map<number, number[]>();
  for (const [pid, stat] of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  // A running descendant's own CPU and its ended children's; ended descendants are in their parent's `reaped`.
  let descendants = self.reaped;
  const queue = [...(children.get(process.pid) ?? [])];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    const stat = stats.get(pid)!;
    descendants += stat.own + stat.reaped;
    queue.push(...(children.get(pid) ?? []));
  }
  return { self: self.own, descendants };
}

export function cpuSince(before: CpuSnapshot): CpuSnapshot {
  const now = cpuSnapshot();
  return { self: now.self - before.self, descendants: now.descendants - before.descendants };
}

/** What a sample of the main thread was doing, by the first frame (from the one running up) that says. */
export type Classify = (url: string) => string | undefined;

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}

/**
 * Samples this process's main thread (V8's profiler, every `intervalUs`) while `task` runs and answers its
 * share of busy samples per category: each sample goes to the category of the nearest frame, from the running
 * one up, that `classify` names; GC is its own; what none names is 'other'.
 */
export async function profileDuring<T>(
  task: () => Promise<T>,
  classify: Classify,
  intervalUs = 2000,
): Promise<{ result: T; shares: Record<string, number> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
  await session.post('Profiler.start');
  let result: T;
  let profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  try {
    result = await task();
  } finally {
    ({ profile } = (await session.post('Profiler.stop')) as { profile: typeof profile });
    session.disconnect();
  }
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const categoryOf = new Map<number, string | null>();
  const category = (id: number): string | null => {
    const known = categoryOf.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    let found: string | null;
    if (name === '(idle)') found = null;
    else if (name === '(garbage collector)') found = 'garbage collection';
    else {
      const own = node.callFrame.url ? classify(node.callFrame.url) : undefined;
      const up = parent.get(id);
      found = own ?? (up === undefined ? 'other' : category(up));
    }
    categoryOf.set(id, found);
    return found;
  };
  const totals: Record<string, number> = {};
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const found = category(id);
    if (found === null) return;
    const delta = profile.timeDeltas[index] ?? 0;
    totals[found] = (totals[found] ?? 0) + delta;
    busy += delta;
  });
  const shares: Record<string, number> = {};
  for (const [name, time] of Object.entries(totals)) shares[name] = busy > 0 ? time / busy : 0;
  return { result: result!, shares };
}

/** Proctor's parts, by where their code lives: what the benchmarks' CPU breakdown is sorted by. */
const PARTS: ReadonlyArray<[string, RegExp]> = [
  ['recording', /\/packages\/(environments\/src\/recording|recording)\/|\/rrweb|recordingWriter/],
  ['scoring', /\/packages\/scoring\/|\/apps\/server\/src\/scoring\//],
  [
    'database',
    /@electric-sql\/pglite|\/drizzle-orm\/|\/node_modules\/postgres\/|\/packages\/db\/|\/apps\/server\/src\/repositories\//,
  ],
  ['agent (Playwright driving the page)', /\/playwright-core\/|\/apps\/server\/src\/agents\//],
  ['simulator instances', /\/packages\/simulators\/|better-sqlite3/],
  [
    'environments (CDP filter, network proxy, pool)',
    /\/packages\/environments\/|\/apps\/server\/src\/environments\/|\/mockttp\/|\/node_modules\/ws\//,
  ],
  ['jobs', /\/apps\/server\/src\/(jobs|kernel\/queue)\/|bullmq|ioredis/],
  [
    'HTTP (Fastify, routes)',
    /\/fastify|light-my-request|\/apps\/server\/src\/(routes|app|kernel\/http|presenters|services)\/|node:_http|node:http/,
  ],
];

/** The part of Proctor a frame's script belongs to, or undefined (Node's own code: its caller says). */
export const classifyProctor: Classify = (url) => {
  if (url.startsWith('node:internal')) return undefined;
  for (const [part, pattern] of PARTS) if (pattern.test(url)) return part;
  return undefined;
};
