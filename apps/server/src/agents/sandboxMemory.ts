import { randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { parseStat, pssOfSmapsRollup } from '@proctor/environments';

/**
 * A limit on the memory of all of a sandboxed agent's processes together, which per-process rlimits cannot give.
 * Where this process may make cgroups, each agent gets its own (memory without swap, and processes); elsewhere a
 * watchdog sums the proportional memory (PSS) of the agent's process tree and kills it past the limit.
 */

/** Where agents' cgroups are made: cgroup v1's memory (and pids) hierarchies, or the v2 unified one. */
export type CgroupHierarchy =
  | { version: 1; memory: string; pids: string | undefined }
  | { version: 2; root: string };

/** How often the limit is checked: a cgroup's OOM count, or the watchdog's sum. */
const CHECK_INTERVAL_MS = 100;
/** How long removing a cgroup waits for its last processes to go. */
const REMOVE_TIMEOUT_MS = 5_000;

/**
 * The hierarchy this process can make agents' cgroups in, read off /proc/self/mountinfo: v1's memory controller
 * at a writable mount, else a writable v2 mount whose children get the memory and pids controllers. Agents'
 * cgroups go at its top, beside the server's own: v2 gives no children with controllers to a cgroup that holds
 * processes, as the server's own does.
 */
export function findCgroupHierarchy(
  mountinfo: string,
  read: (path: string) => string | undefined,
  writable: (dir: string) => boolean,
): CgroupHierarchy | null {
  const mounts = mountinfo
    .split('\n')
    .map((line) => {
      const [before, after] = line.split(' - ');
      const mountPoint = before?.split(' ')[4];
      const [type, , options] = after?.split(' ') ?? [];
      return mountPoint && type
        ? {
            mountPoint: mountPoint.replace(/\\([0-7]{3})/g, (_, octal: string) =>
              String.fromCharCode(Number.parseInt(octal, 8)),
            ),
            type,
            options: options?.split(',') ?? [],
          }
        : undefined;
    })
    .filter((mount) => mount !== undefined);
  const v1 = (controller: string) =>
    mounts.find((mount) => mount.type === 'cgroup' && mount.options.includes(controller))?.mountPoint;
  const memory = v1('memory');
  if (memory) {
    if (!writable(memory)) return null;
    const pids = v1('pids');
    return { version: 1, memory, pids: pids && writable(pids) ? pids : undefined };
  }
  const unified = mounts.find((mount) => mount.type === 'cgroup2')?.mountPoint;
  if (!unified || !writable(unified)) return null;
  const enabled = read(join(unified, 'cgroup.subtree_control'))?.trim().split(/\s+/) ?? [];
  return enabled.includes('memory') && enabled.includes('pids') ? { version: 2, root: unified } : null;
}

let hierarchy: CgroupHierarchy | null | undefined;

/** This machine's hierarchy for agents' cgroups (findCgroupHierarchy), looked up once; null: the watchdog. */
export function agentCgroupHierarchy(): CgroupHierarchy | null {
  if (hierarchy === undefined) {
    hierarchy = findCgroupHierarchy(readIfThere('/proc/self/mountinfo') ?? '', readIfThere, (dir) => {
      try {
        accessSync(dir, constants.W_OK);
        return true;
      } catch {
        return false;
      }
    });
    if (hierarchy) sweepAbandonedCgroups(hierarchy);
  }
  return hierarchy;
}

/**
 * Removes the agents' cgroups of servers that are gone (killed before they could remove their own), with
 * whatever still runs in them. A cgroup's name holds its server's process id; those of live servers are left.
 */
export function sweepAbandonedCgroups(found: CgroupHierarchy): void {
  const roots = found.version === 1 ? [found.memory, found.pids] : [found.root];
  for (const root of roots) {
    if (!root) continue;
    let names: string[];
    try {
      names = readdirSync(root);
    } catch {
      continue;
    }
    for (const name of names) {
      const server = AGENT_CGROUP_NAME.exec(name)?.[1];
      if (!server || processAlive(Number(server))) continue;
      const dir = join(root, name);
      for (const pid of (readIfThere(join(dir, 'cgroup.procs')) ?? '').split('\n').filter(Boolean))
        killQuietly(Number(pid));
      rmdirQuietly(dir);
    }
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The prefix of agents' cgroups' names; the server's process id follows it. */
export const AGENT_CGROUP_PREFIX = 'proctor-agent-';
const AGENT_CGROUP_NAME = new RegExp(`^${AGENT_CGROUP_PREFIX}(\\d+)-`);

/** Limits on all of an agent's processes together. */
export interface TotalLimits {
  /** Memory, without swap. */
  memoryBytes: number;
  /** Processes (and threads) at once, where a pids controller is at hand. */
  processes: number;
}

/** Keeps one agent within its memory limit; `start` once its process runs, `release` once it has ended. */
export interface MemoryGuard {
  readonly kind: 'cgroup' | 'watchdog';
  /** The files the sandbox's first process writes its own id into before anything else runs (its cgroup's). */
  readonly procsFiles: readonly string[];
  /** Watches the sandbox whose first process is `pid`, calling `stop` once it is past its limit. */
  start(pid: number, stop: () => void): void;
  /** Whether the agent reached its limit (the watchdog stopped it, or its cgroup's OOM killer acted). */
  exceeded(): boolean;
  release(): Promise<void>;
}

/** A guard for one agent: its own cgroup where the machine allows one, else (or when forced) the watchdog. */
export function memoryGuard(limits: TotalLimits, force?: 'watchdog'): MemoryGuard {
  const found = force === 'watchdog' ? null : agentCgroupHierarchy();
  if (found) {
    const made = AgentCgroup.make(found, limits);
    if (made) return made;
  }
  return new MemoryWatchdog(limits.memoryBytes);
}

/** Runs `check` every CHECK_INTERVAL_MS until it says to stop or is stopped; returns how to stop it. */
function every(check: () => boolean): () => void {
  const timer = setInterval(() => {
    let done = false;
    try {
      done = check();
    } catch {
      // A read that failed (a process ending as it was read) is tried again at the next tick.
    }
    if (done) clearInterval(timer);
  }, CHECK_INTERVAL_MS).unref();
  return () => clearInterval(timer);
}

class AgentCgroup implements MemoryGuard {
  readonly kind = 'cgroup';
  readonly procsFiles: string[];
  #stopWatching: (() => void) | undefined;
  #released: Promise<void> | undefined;

  private constructor(
    readonly hierarchy: CgroupHierarchy,
    readonly dirs: string[],
  ) {
    this.procsFiles = dirs.map((dir) => join(dir, 'cgroup.procs'));
  }

  /** Makes the agent's cgroup with its limits; undefined when the machine refuses (the watchdog then). */
  static make(hierarchy: CgroupHierarchy, limits: TotalLimits): AgentCgroup | undefined {
    const name = `${AGENT_CGROUP_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`;
    const memory = join(hierarchy.version === 1 ? hierarchy.memory : hierarchy.root, name);
    const pids = hierarchy.version === 1 && hierarchy.pids ? join(hierarchy.pids, name) : undefined;
    const made: string[] = [];
    try {
      for (const dir of [memory, pids]) {
        if (!dir) continue;
        mkdirSync(dir);
        made.push(dir);
      }
      const set = (dir: string, file: string, value: number | string, optional = false) => {
        if (!optional || existsSync(join(dir, file))) writeFileSync(join(dir, file), String(value));
      };
      if (hierarchy.version === 1) {
        set(memory, 'memory.limit_in_bytes', limits.memoryBytes);
        // Memory plus swap, set to the same: no swap beyond the limit.
        set(memory, 'memory.memsw.limit_in_bytes', limits.memoryBytes, true);
        if (pids) set(pids, 'pids.max', limits.processes);
      } else {
        set(memory, 'memory.max', limits.memoryBytes);
        set(memory, 'memory.swap.max', 0, true);
        set(memory, 'pids.max', limits.processes);
        // The OOM killer takes the whole agent at once, not one of its processes.
        set(memory, 'memory.oom.group', 1, true);
      }
      return new AgentCgroup(hierarchy, made);
    } catch {
      for (const dir of made.reverse()) rmdirQuietly(dir);
      return undefined;
    }
  }

  start(_pid: number, stop: () => void): void {
    this.#stopWatching = every(() => {
      if (!this.exceeded()) return false;
      stop();
      return true;
    });
  }

  exceeded(): boolean {
    const [memory] = this.dirs as [string];
    const counts =
      this.hierarchy.version === 1
        ? readIfThere(join(memory, 'memory.oom_control'))
        : readIfThere(join(memory, 'memory.events'));
    return Number(/^oom_kill (\d+)$/m.exec(counts ?? '')?.[1] ?? 0) > 0;
  }

  release(): Promise<void> {
    this.#stopWatching?.();
    this.#released ??= this.#remove();
    return this.#released;
  }

  /**
   * Kills what is left in the cgroup (all of it the agent's) and removes the cgroup once it is empty; one whose
   * processes outlive REMOVE_TIMEOUT_MS is left behind.
   */
  async #remove(): Promise<void> {
    const deadline = Date.now() + REMOVE_TIMEOUT_MS;
    for (const dir of this.dirs) {
      while (!rmdirQuietly(dir) && Date.now() < deadline) {
        for (const pid of (readIfThere(join(dir, 'cgroup.procs')) ?? '').split('\n').filter(Boolean))
          killQuietly(Number(pid));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }
}

/** Whether `dir` is gone: a cgroup cannot be removed while a process is in it. */
function rmdirQuietly(dir: string): boolean {
  try {
    rmdirSync(dir);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

/**
 * `root` and every process below it, read off /proc (the kernel keeps no list of a process's children that every
 * machine shows). Synchronous: many small reads cost less so than through the thread pool.
 */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readIfThere(`/proc/${name}/stat`);
    if (stat === undefined) continue;
    const { ppid } = parseStat(Number(name), stat);
    const siblings = children.get(ppid);
    if (siblings) siblings.push(Number(name));
    else children.set(ppid, [Number(name)]);
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(children.get(tree[index]!) ?? []));
  return tree;
}

/** The fallback: sums the PSS of the sandbox's process tree and stops it past the limit. */
class MemoryWatchdog implements MemoryGuard {
  readonly kind = 'watchdog';
  readonly procsFiles: string[] = [];
  #exceeded = false;
  #stopWatching: (() => void) | undefined;

  constructor(readonly limitBytes: number) {}

  start(pid: number, stop: () => void): void {
    this.#stopWatching = every(() => {
      let total = 0;
      for (const member of processTree(pid))
        total += pssOfSmapsRollup(readIfThere(`/proc/${member}/smaps_rollup`) ?? '');
      if (total <= this.limitBytes) return false;
      this.#exceeded = true;
      stop();
      return true;
    });
  }

  exceeded(): boolean {
    return this.#exceeded;
  }

  async release(): Promise<void> {
    this.#stopWatching?.();
  }
}
