import { readdir, readFile } from 'node:fs/promises';
import { parseStat, pssOfSmapsRollup } from './processGroup';

/** How often watched process groups are measured. */
export const MEMORY_WATCH_INTERVAL_MS = 1_000;

interface WatchedGroup {
  limitBytes: number;
  onExceeded(usedBytes: number): void;
}

/** A process's resident memory, from its status (shared pages counted whole); 0 once it is gone. */
async function rssBytes(pid: number): Promise<number> {
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes ? Number(kilobytes) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** A process's proportional set size (its share of the pages it maps), from smaps_rollup; 0 once it is gone. */
async function pssBytes(pid: number): Promise<number> {
  try {
    return pssOfSmapsRollup(await readFile(`/proc/${pid}/smaps_rollup`, 'utf8'));
  } catch {
    return 0;
  }
}

async function processGroupOf(pid: number): Promise<number | undefined> {
  try {
    return parseStat(pid, await readFile(`/proc/${pid}/stat`, 'utf8')).pgid;
  } catch {
    return undefined;
  }
}

/**
 * Watches the memory of process groups (a browser is one: launch.ts) and says once when one uses more than its
 * limit, as PSS summed over its processes (shared pages counted once); watching it then stops. One timer serves
 * every group while any is watched. A tick lists /proc, reads the group of each new pid (kept while the pid stays
 * listed) and each member's status; only a group whose resident sum (never less than its PSS) passes its limit
 * gets the costlier smaps_rollup reads, which walk every mapping. Linux only.
 */
export class ProcessGroupMemory {
  readonly #groups = new Map<number, WatchedGroup>();
  readonly #groupOf = new Map<number, number>();
  #timer: NodeJS.Timeout | undefined;
  #measuring = false;

  constructor(private readonly intervalMs = MEMORY_WATCH_INTERVAL_MS) {}

  /** Watches the group `pgid`; the function returned stops watching it. */
  watch(pgid: number, limitBytes: number, onExceeded: (usedBytes: number) => void): () => void {
    const group: WatchedGroup = { limitBytes, onExceeded };
    this.#groups.set(pgid, group);
    if (!this.#timer) {
      this.#timer = setInterval(() => void this.#tick(), this.intervalMs);
      this.#timer.unref();
    }
    return () => this.#unwatch(pgid, group);
  }

  /** Groups being watched now. */
  get watching(): number {
    return this.#groups.size;
  }

  #unwatch(pgid: number, group: WatchedGroup): void {
    if (this.#groups.get(pgid) !== group) return;
    this.#groups.delete(pgid);
    if (this.#groups.size > 0) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#groupOf.clear();
  }

  async #tick(): Promise<void> {
    // A tick that outlasts the interval (a very busy machine) is not overlapped by the next.
    if (this.#measuring) return;
    this.#measuring = true;
    try {
      const used = await this.#measure();
      for (const [pgid, group] of [...this.#groups]) {
        const bytes = used.get(pgid) ?? 0;
        if (bytes <= group.limitBytes || this.#groups.get(pgid) !== group) continue;
        this.#unwatch(pgid, group);
        group.onExceeded(bytes);
      }
    } finally {
      this.#measuring = false;
    }
  }

  /** PSS of each watched group whose resident size passes its limit (the others are within it). */
  async #measure(): Promise<Map<number, number>> {
    let names: string[];
    try {
      names = await readdir('/proc');
    } catch {
      return new Map();
    }
    const pids = names.filter((name) => /^\d+$/.test(name)).map(Number);
    const listed = new Set(pids);
    for (const pid of this.#groupOf.keys()) if (!listed.has(pid)) this.#groupOf.delete(pid);
    const members = new Map<number, number[]>();
    const resident = new Map<number, number>();
    await Promise.all(
      pids.map(async (pid) => {
        let pgid = this.#groupOf.get(pid);
        if (pgid === undefined) {
          pgid = await processGroupOf(pid);
          if (pgid === undefined) return;
          this.#groupOf.set(pid, pgid);
        }
        if (!this.#groups.has(pgid)) return;
        members.set(pgid, [...(members.get(pgid) ?? []), pid]);
        const bytes = await rssBytes(pid);
        resident.set(pgid, (resident.get(pgid) ?? 0) + bytes);
      }),
    );
    const used = new Map<number, number>();
    for (const [pgid, bytes] of resident) {
      const group = this.#groups.get(pgid);
      if (!group || bytes <= group.limitBytes) continue;
      const shares = await Promise.all((members.get(pgid) ?? []).map(pssBytes));
      used.set(
        pgid,
        shares.reduce((sum, share) => sum + share, 0),
      );
    }
    return used;
  }
}
