import { readdirSync, readFileSync } from 'node:fs';

/**
 * Reading and killing process groups through /proc (Linux). Each Chromium is started in a process group of
 * its own (`detached: true`), so its zygotes, renderers and utility processes die with one `kill(-pgid)`,
 * and helpers re-parented to PID 1 after a crash of Node are still found by their group (NOTES.md).
 */

export interface ProcessEntry {
  pid: number;
  ppid: number;
  pgid: number;
  /** Zombies are dead: they hold no memory and wait only for their parent (often PID 1) to reap them. */
  zombie: boolean;
  /** Clock ticks after boot at which it started: with the pid, what tells it from a later process of that pid. */
  startTicks: number;
  /** utime + stime: its own CPU, seconds. */
  cpuSeconds: number;
  /** cutime + cstime: the CPU of its children that ended and that it waited for, seconds. */
  reapedCpuSeconds: number;
}

/** USER_HZ: /proc's clock ticks per second of CPU time (100 on Linux). */
const TICKS_PER_SECOND = 100;

function readStat(pid: number): ProcessEntry | undefined {
  try {
    return parseStat(pid, readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** `/proc/<pid>/stat`: the command name may hold spaces and parentheses, so fields count from the last ')'. */
export function parseStat(pid: number, stat: string): ProcessEntry {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    pid,
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    zombie: fields[0] === 'Z' || fields[0] === 'X',
    startTicks: Number(fields[19]),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    reapedCpuSeconds: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
  };
}

/** The proportional set size in bytes in the text of `/proc/<pid>/smaps_rollup`; 0 for an empty text. */
export function pssOfSmapsRollup(text: string): number {
  return Number(/^Pss:\s+(\d+) kB/m.exec(text)?.[1] ?? 0) * 1024;
}

export function listPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

export function processEntry(pid: number): ProcessEntry | undefined {
  return readStat(pid);
}

/** The arguments a process was started with, or undefined if it is gone (or a zombie: its cmdline is empty). */
export function commandLine(pid: number): string[] | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return raw ? raw.split('\0').filter(Boolean) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a command line has an argument starting with `text`. Chromium's helpers rewrite their process title,
 * so their /proc cmdline is one space-separated string rather than NUL-separated arguments.
 */
export function hasArgument(args: string[], text: string): boolean {
  return args.some((arg) => arg.startsWith(text) || arg.includes(` ${text}`));
}

/** Processes of the group that are still running (zombies left out). */
export function liveGroupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const pid of listPids()) {
    const entry = readStat(pid);
    if (entry && entry.pgid === pgid && !entry.zombie) members.push(pid);
  }
  return members;
}

export function ownProcessGroup(): number {
  return readStat(process.pid)?.pgid ?? process.pid;
}

/** SIGKILL to the whole group; false if no process of it was left. */
export function killGroup(pgid: number): boolean {
  try {
    process.kill(-pgid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits until no process of the group runs any more. Dead helpers stay zombies until PID 1 reaps them, which
 * can take seconds, so zombies count as gone.
 */
export async function waitForGroupGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (liveGroupMembers(pgid).length === 0) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
