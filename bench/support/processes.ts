import { readdirSync, readFileSync } from 'node:fs';
import { commandLine, listPids } from '../../packages/environments/src/browser/processGroup';

/**
 * What the environment benchmark reads from /proc (Linux): a browser's memory as the sum of its process group's
 * PSS, the browsers Playwright launched (it gives no pid), and what is still running at the end.
 */

interface Stat {
  pid: number;
  ppid: number;
  pgid: number;
  zombie: boolean;
}

/** `/proc/<pid>/stat`, fields counted from the last ')' since the command name may hold spaces. */
function stat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return {
    pid,
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    zombie: fields[0] === 'Z' || fields[0] === 'X',
  };
}

function liveProcesses(): Stat[] {
  return listPids()
    .map(stat)
    .filter((entry): entry is Stat => entry !== undefined && !entry.zombie);
}

export interface GroupMemory {
  /** Proportional set size: shared pages split between the processes that map them. */
  pssBytes: number;
  processes: number;
}

/** The PSS of every running process of a process group (a Chromium and all its helpers). */
export function groupMemory(pgid: number): GroupMemory {
  let pssBytes = 0;
  let processes = 0;
  for (const entry of liveProcesses()) {
    if (entry.pgid !== pgid) continue;
    try {
      const rollup = readFileSync(`/proc/${entry.pid}/smaps_rollup`, 'utf8');
      pssBytes += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
      processes += 1;
    } catch {
      // Gone between the listing and the read.
    }
  }
  return { pssBytes, processes };
}

/**
 * CPU time in ms that the running processes of a process group have used so far, every thread counted
 * (`/proc/<pid>/task/<tid>/schedstat`, in nanoseconds: the 10 ms ticks of `stat` are too coarse for one click).
 */
export function groupCpuMs(pgid: number): number {
  return liveProcesses()
    .filter((entry) => entry.pgid === pgid)
    .reduce((sum, entry) => sum + processCpuMs(entry.pid), 0);
}

/** The same for one process; 0 once it is gone. */
export function processCpuMs(pid: number): number {
  let total = 0;
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`))
      total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    // Gone, or a thread gone between the listing and the read.
  }
  return total;
}

/**
 * Processes this process started itself that lead a process group of their own and whose command line names
 * `marker`: the main processes of browsers (Chromium's helpers are its children, in its group).
 */
export function childProcessGroups(marker: string): Set<number> {
  const groups = new Set<number>();
  for (const entry of liveProcesses()) {
    if (entry.ppid !== process.pid || entry.pgid !== entry.pid) continue;
    if (commandLine(entry.pid)?.some((arg) => arg.includes(marker))) groups.add(entry.pid);
  }
  return groups;
}

/** Processes of these groups, or whose command line names `marker`, that still run. */
export function leftoverProcesses(groups: ReadonlySet<number>, marker: string): number[] {
  return liveProcesses()
    .filter(
      (entry) =>
        groups.has(entry.pgid) || commandLine(entry.pid)?.some((arg) => arg.includes(marker)) === true,
    )
    .map((entry) => entry.pid);
}
