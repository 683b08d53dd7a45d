import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sweepLeftoverBrowsers } from '@proctor/environments';

/**
 * Where this process's browsers keep their profiles: `<tmp>/proctor-browser-<pid>-<random>`. The owner's pid
 * in the name lets a Proctor that starts after a crash (SIGKILL, power loss) find the browsers a dead owner
 * left behind, and leave alone those of any Proctor still running on the machine (another server, a test run).
 */
const BASE = join(tmpdir(), 'proctor-browser-');

export const ownBrowserPrefix = (): string => `${BASE}${process.pid}-`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Kills the browsers (and removes the folders) of every owner that is no longer running. */
export async function sweepAbandonedBrowsers(): Promise<{ owners: number; killed: number }> {
  const owners = new Set<number>();
  for (const name of readdirSync(tmpdir())) {
    const match = /^proctor-browser-(\d+)-/.exec(name);
    if (match) owners.add(Number(match[1]));
  }
  let killed = 0;
  let swept = 0;
  for (const pid of owners) {
    if (pid === process.pid || isAlive(pid)) continue;
    killed += await sweepLeftoverBrowsers(`${BASE}${pid}-`);
    swept += 1;
  }
  return { owners: swept, killed };
}
