import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import {
  commandLine,
  hasArgument,
  killGroup,
  listPids,
  liveGroupMembers,
  ownProcessGroup,
  processEntry,
} from './processGroup';

const SWEEP_TIMEOUT_MS = 5_000;

/**
 * Start-up cleaning after a Proctor that died without closing its browsers: kills every process whose command
 * line has `--user-data-dir=<prefix>…` (with its whole process group: helpers re-parented to PID 1 keep it), then
 * removes every `<prefix>…` folder. Call it before launching anything with that prefix: it spares nothing.
 * Returns how many processes it killed.
 */
export async function sweepLeftoverBrowsers(prefix: string): Promise<number> {
  if (!isAbsolute(prefix) || basename(prefix) === '' || prefix.endsWith('/'))
    throw new Error(`The user-data-dir prefix must be an absolute path ending in a name: ${prefix}`);
  const needle = `--user-data-dir=${prefix}`;
  const ownGroup = ownProcessGroup();
  const victims: number[] = [];
  const groups = new Set<number>();
  for (const pid of listPids()) {
    const args = commandLine(pid);
    if (pid === process.pid || !args || !hasArgument(args, needle)) continue;
    victims.push(pid);
    const pgid = processEntry(pid)?.pgid;
    // A browser started without a group of its own shares Proctor's: kill it alone, never the group.
    if (pgid !== undefined && pgid > 1 && pgid !== ownGroup) groups.add(pgid);
  }
  // Counted with their groups: a helper's command line need not carry the folder (the headless shell's do not).
  const killed = new Set(victims);
  for (const pgid of groups) {
    for (const pid of liveGroupMembers(pgid)) killed.add(pid);
    killGroup(pgid);
  }
  for (const pid of victims) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone with its group.
    }
  }
  const deadline = Date.now() + SWEEP_TIMEOUT_MS;
  const running = () =>
    victims.some((pid) => {
      const entry = processEntry(pid);
      return entry !== undefined && !entry.zombie;
    }) || [...groups].some((pgid) => liveGroupMembers(pgid).length > 0);
  while (running() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));

  const folder = dirname(prefix);
  const stem = basename(prefix);
  const entries = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name.startsWith(stem))
      .map((name) => rm(join(folder, name), { recursive: true, force: true, maxRetries: 3 })),
  );
  return killed.size;
}
