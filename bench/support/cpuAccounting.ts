import { readdirSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseStat } from '@proctor/environments';

/**
 * Where CPU goes, from the kernel's accounting and V8's own sampling, not from guesses: this process's own CPU,
 * that of every process it started and what those started (Chromium's browser processes, renderers and helpers),
 * each by kind, and the main thread's samples sorted by what code they were in.
 */

/**
 * The CPU seconds of this process's cpuacct cgroup (v1) when it is in one of its own, not the root: every
 * process started in it stays in it, re-parented or not, so its total checks the per-process reading.
 */
function ownCgroupSeconds(): number | undefined {
  try {
    const path = /^\d+:(?:[^:]*,)?cpuacct(?:,[^:]*)?:(.*)$/m.exec(
      readFileSync('/proc/self/cgroup', 'utf8'),
    )?.[1];
    if (!path || path === '/') return undefined;
    return Number(readFileSync(`/sys/fs/cgroup/cpuacct${path}/cpuacct.usage`, 'utf8')) / 1e9;
  } catch {
    return undefined;
  }
}

/** USER_HZ: /proc's unit of CPU time (100 on Linux). */
const JIFFY_SECONDS = 0.01;

interface ProcStat {
  ppid: number;
  pgid: number;
  /** Clock ticks after boot at which it started: with the pid, what tells it from a later process of that pid. */
  start: number;
  /** utime + stime: its own CPU, seconds. */
  own: number;
  /** cutime + cstime: the CPU of its children that ended and that it waited for, seconds. */
  reaped: number;
}

/** `/proc/<pid>/stat`, read by the environments' own parser. */
function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = parseStat(pid, readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return {
      ppid: stat.ppid,
      pgid: stat.pgid,
      start: stat.startTicks,
      own: stat.cpuSeconds,
      reaped: stat.reapedCpuSeconds,
    };
  } catch {
    return undefined;
  }
}

/**
 * A command line that may still change: Chromium starts its zygotes as /proc/self/exe and forks its renderers
 * from a zygote, each then rewriting its title to its own `--type`.
 */
function provisional(commandLine: string): boolean {
  return commandLine === '' || /--type=zygote|^\/proc\/self\/exe/.test(commandLine);
}

function readCommandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

export const WORKER_KIND = 'the worker process (npm run worker)';

/** What a process is, from its command line: Chromium's processes by their `--type`, the rest by program. */
export function processKind(commandLine: string): string {
  if (/chrom(e|ium)|^\/proc\/self\/exe/.test(commandLine)) {
    const type = /--type=([a-z-]+)/.exec(commandLine)?.[1];
    if (type === 'renderer') return 'Chromium: renderers';
    if (type === 'gpu-process') return 'Chromium: GPU process (software compositing)';
    if (type === 'utility') return 'Chromium: network service and other utilities';
    // The browser process, its zygotes and the /bin/sh wrapper Debian starts it through.
    return 'Chromium: browser process';
  }
  if (/^postgres: /.test(commandLine)) return 'PostgreSQL: backends of the throwaway database';
  if (commandLine.includes('worker.ts')) return WORKER_KIND;
  // Ended (a zombie) before its command line was read.
  if (commandLine === '') return 'processes gone before they were identified';
  return commandLine.split(' ')[0]!.split('/').pop() ?? commandLine;
}

/** The kind the CPU of a pooled browser goes to until an environment takes it (launch, warm-up, idle wait). */
export const LAUNCH_AND_WARM_UP = 'Chromium: launch and warm-up (until an environment takes the browser)';

interface Tracked {
  pid: number;
  stat: ProcStat;
  kind: string;
  /** Its command line may still change (see provisional()): read again at each sample. */
  provisional: boolean;
  /** Its own + reaped seconds when the accounting began (0 for one born since). */
  base: number;
  /** Seconds of ended children that it waited for, already counted on those children: its `reaped` holds them too. */
  handedUp: number;
  /** Its contribution when its group was taken by an environment (pooled groups only). */
  atTaken?: number;
  gone: boolean;
}

export interface ProcessAccountingOptions {
  /** Also follow processes that are not this one's descendants (e.g. a database server's backends). */
  alsoTrack?: (commandLine: string) => boolean;
  /**
   * A group whose leader's command line matches is a pooled browser: its CPU goes to LAUNCH_AND_WARM_UP until
   * `taken(pgid)`, then by kind.
   */
  pooled?: (commandLine: string) => boolean;
}

/**
 * Every process this one started, and what they started, each with its CPU by kind, from /proc: read every
 * `intervalMs` and whenever asked (`sample()`, e.g. just before and after a browser's group is killed).
 *
 * Why sampling and not only the kernel's hand-up of an ended child's CPU to its parent (cutime): an environment's
 * browser ends by SIGKILL to its whole process group, so its zygotes die with the browser process and the
 * renderers are re-parented to PID 1, which reaps them: their CPU never reaches any process of ours. So each
 * process's own CPU is read while it lives (a killed one stays a zombie, its final CPU readable, until PID 1 reaps
 * it), keyed by pid and start time. A child that ends while its parent lives is waited for by that parent, whose
 * `reaped` then holds the child's final CPU: that is counted once, the child's last reading on the child and what
 * it used after (its last few ms) on the parent. Lost: what a process used after its last reading when no tracked
 * parent waited for it, at most an interval's worth for a process that exits on its own with its parent gone.
 */
export class ProcessAccounting {
  private readonly tracked = new Map<string, Tracked>();
  private readonly pooledGroups = new Set<number>();
  private readonly startTicks: number;
  private readonly selfBefore: number;
  private samplerSeconds = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly cgroupBefore = ownCgroupSeconds();

  constructor(
    private readonly options: ProcessAccountingOptions = {},
    intervalMs = 200,
  ) {
    this.startTicks = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) / JIFFY_SECONDS;
    this.selfBefore = readStat(process.pid)!.own;
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  /** Reads every tracked process now, and takes in those started since. */
  sample(): void {
    const before = process.cpuUsage();
    const stats = new Map<number, ProcStat>();
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid)) continue;
      const stat = readStat(pid);
      if (stat) stats.set(pid, stat);
    }
    const keyOf = (pid: number, stat: ProcStat) => `${pid}:${stat.start}`;
    const following = new Set<number>([process.pid]);
    for (const entry of this.tracked.values()) if (!entry.gone) following.add(entry.pid);
    // Parents are not always listed before their children: repeat until no process joins.
    for (let joined = true; joined; ) {
      joined = false;
      for (const [pid, stat] of stats) {
        if (pid === process.pid || this.tracked.has(keyOf(pid, stat))) continue;
        const commandLine =
          following.has(stat.ppid) || this.pooledGroups.has(stat.pgid) ? readCommandLine(pid) : undefined;
        const other = commandLine === undefined && this.options.alsoTrack ? readCommandLine(pid) : undefined;
        if (commandLine === undefined && !(other !== undefined && this.options.alsoTrack!(other))) continue;
        const line = commandLine ?? other!;
        if (pid === stat.pgid && this.options.pooled?.(line)) this.pooledGroups.add(pid);
        this.tracked.set(keyOf(pid, stat), {
          pid,
          stat,
          kind: processKind(line),
          provisional: provisional(line),
          // Started before the accounting: what it used until now is not ours to count.
          base: stat.start < this.startTicks ? stat.own + stat.reaped : 0,
          handedUp: 0,
          gone: false,
        });
        following.add(pid);
        joined = true;
      }
    }
    for (const [key, entry] of this.tracked) {
      if (entry.gone) continue;
      const now = stats.get(entry.pid);
      if (now && keyOf(entry.pid, now) === key) {
        entry.stat = now;
        if (entry.provisional) {
          const line = readCommandLine(entry.pid);
          if (line !== '') {
            entry.kind = processKind(line);
            entry.provisional = provisional(line);
          }
        }
        continue;
      }
      entry.gone = true;
      // Gone, not a zombie: waited for. If its parent still runs, the parent did, and its `reaped` holds this.
      const parent = stats.get(entry.stat.ppid);
      const parentEntry = parent && this.tracked.get(keyOf(entry.stat.ppid, parent));
      if (parentEntry) parentEntry.handedUp += entry.stat.own + entry.stat.reaped;
    }
    const spent = process.cpuUsage(before);
    this.samplerSeconds += (spent.user + spent.system) / 1e6;
  }

  /** An environment took the pooled browser of this group: what its processes use from now on goes by kind. */
  taken(pgid: number): void {
    this.sample();
    for (const entry of this.tracked.values())
      if (entry.stat.pgid === pgid && entry.atTaken === undefined) entry.atTaken = this.contribution(entry);
  }

  private contribution(entry: Tracked): number {
    return Math.max(0, entry.stat.own + entry.stat.reaped - entry.base - entry.handedUp);
  }

  /** Stops and answers this process's own CPU (without the sampler's) and every tracked kind's, in seconds. */
  stop(): { self: number; sampler: number; byKind: Record<string, number>; cgroup?: number } {
    this.sample();
    clearInterval(this.timer);
    const byKind: Record<string, number> = {};
    const add = (kind: string, seconds: number) => {
      if (seconds > 0) byKind[kind] = (byKind[kind] ?? 0) + seconds;
    };
    for (const entry of this.tracked.values()) {
      const total = this.contribution(entry);
      if (!this.pooledGroups.has(entry.stat.pgid)) add(entry.kind, total);
      else if (entry.atTaken === undefined && !this.takenGroups().has(entry.stat.pgid))
        add(LAUNCH_AND_WARM_UP, total);
      else {
        add(LAUNCH_AND_WARM_UP, entry.atTaken ?? 0);
        add(entry.kind, total - (entry.atTaken ?? 0));
      }
    }
    const self = readStat(process.pid)!.own - this.selfBefore - this.samplerSeconds;
    const cgroupNow = ownCgroupSeconds();
    const cgroup =
      cgroupNow !== undefined && this.cgroupBefore !== undefined ? cgroupNow - this.cgroupBefore : undefined;
    return { self, sampler: this.samplerSeconds, byKind, ...(cgroup !== undefined ? { cgroup } : {}) };
  }

  private takenGroups(): Set<number> {
    const groups = new Set<number>();
    for (const entry of this.tracked.values()) if (entry.atTaken !== undefined) groups.add(entry.stat.pgid);
    return groups;
  }
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

/** The benchmark's own reading of /proc, which is left out of the Node process's figure. */
export const SAMPLER_PART = 'the benchmark reading /proc';

/** Proctor's parts, by where their code lives: what the benchmarks' CPU breakdown is sorted by. */
const PARTS: ReadonlyArray<[string, RegExp]> = [
  [SAMPLER_PART, /\/bench\/support\/cpuAccounting/],
  ['recording', /\/packages\/(environments\/src\/recording|recording)\/|\/rrweb|recordingWriter/],
  ['scoring', /\/packages\/scoring\/|\/apps\/server\/src\/scoring\//],
  [
    'database',
    /@electric-sql\/pglite|\/drizzle-orm\/|\/node_modules\/postgres\/|\/packages\/db\/|\/apps\/server\/src\/repositories\//,
  ],
  ['agent (Playwright driving the page)', /\/playwright-core\/|\/apps\/server\/src\/agents\//],
  ['simulator instances', /\/packages\/simulators\/|better-sqlite3/],
  ['environments: network proxy', /\/packages\/environments\/src\/network\/|\/mockttp\//],
  [
    'environments: CDP (filter, multiplexer, endpoint)',
    /\/packages\/environments\/src\/cdp\/|\/node_modules\/ws\//,
  ],
  [
    'environments: browsers, pool, live view',
    /\/packages\/environments\/|\/apps\/server\/src\/environments\//,
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
