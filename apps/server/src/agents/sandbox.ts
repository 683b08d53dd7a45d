import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { AGENT_PROTOCOL } from '@proctor/contracts';

/**
 * The bubblewrap sandbox a git container agent runs in: its checkout and `/usr` read-only and nothing else of the
 * machine (no network, no environment of Proctor's, no other process), under limits on its processes, disk and
 * CPU; its memory is limited by sandboxMemory.ts.
 */

/** Limits of each of the agent's processes (prlimit), its processes together, and its writable mounts. */
export interface SandboxLimits {
  /**
   * Address space: enough for Node.js (which reserves 1–2 GiB it never touches) or Python. Infinity for none
   * (Chromium reserves terabytes it never touches; the memory guard limits what is used).
   */
  addressSpaceBytes: number;
  processes: number;
  openFiles: number;
  fileSizeBytes: number;
  tmpBytes: number;
  shmBytes: number;
  /** CPU seconds: a run's time limit ends a busy agent sooner; this also ends one that forks CPU hogs. */
  cpuSeconds: number;
}

export const AGENT_SANDBOX_LIMITS: Readonly<SandboxLimits> = {
  addressSpaceBytes: 4 * 1024 ** 3,
  processes: 256,
  openFiles: 256,
  fileSizeBytes: 64 * 1024 ** 2,
  tmpBytes: 256 * 1024 ** 2,
  shmBytes: 64 * 1024 ** 2,
  cpuSeconds: 600,
};

/** How a sandbox is limited beyond AGENT_SANDBOX_LIMITS. */
export interface SandboxSettings {
  /** The memory of all the agent's processes together (AGENT_MEMORY_LIMIT_MB). */
  memoryLimitBytes: number;
  /** 'watchdog' uses the fallback even where the machine gives the agent a cgroup. */
  memoryGuard?: 'watchdog';
  limits?: SandboxLimits;
}

/** The user the agent runs as when Proctor runs as root. */
const NOBODY = 65_534;

const runningAsRoot = () => process.getuid?.() === 0;

/**
 * The sandbox's first process, started with an empty environment (bwrap's own environment is its PID 1's, which
 * the agent can read): it joins the agent's cgroups (the arguments before `--`) before anything else runs, then
 * becomes the rest of the command.
 */
const JOIN_AND_EXEC =
  'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; unset PWD; exec "$@"';

const programs = new Map<string, string | undefined>();

/** Where `name` is on this process's PATH (the sandbox's first process has none), or undefined. */
function programPath(name: string): string | undefined {
  if (!programs.has(name)) {
    const candidates = name.includes('/')
      ? [name]
      : (process.env.PATH ?? '/usr/bin:/bin').split(delimiter).map((dir) => join(dir, name));
    programs.set(
      name,
      candidates.find((path) => {
        try {
          accessSync(path, constants.X_OK);
          return true;
        } catch {
          return false;
        }
      }),
    );
  }
  return programs.get(name);
}

/** A host folder shown read-only in the sandbox at `target`. */
export interface SandboxBind {
  source: string;
  target: string;
}

export interface SandboxCommandOptions {
  limits?: SandboxLimits;
  /** Folders shown besides the checkout (a sandbox that builds needs its tools). */
  binds?: readonly SandboxBind[];
  /** The working directory inside: the checkout's `/agent` unless said. */
  chdir?: string;
  /** The `cgroup.procs` files of the agent's cgroups (MemoryGuard.procsFiles). */
  cgroupProcs?: readonly string[];
  /** Variables set inside besides the sandbox's own (its environment starts empty). */
  env?: Readonly<Record<string, string>>;
  /** The bwrap to run. */
  bwrap?: string;
}

/**
 * The program and arguments that start `command` in the sandbox over `checkout` (none: a sandbox without one).
 * Spawn it with an empty environment. As root, the agent runs as `nobody`.
 */
export function sandboxCommand(
  checkout: string | null,
  command: readonly string[],
  options: SandboxCommandOptions = {},
): { file: string; args: string[] } {
  const limits = options.limits ?? AGENT_SANDBOX_LIMITS;
  const program = (name: string) => programPath(name) ?? name;
  return {
    file: '/bin/sh',
    args: [
      '-c',
      JOIN_AND_EXEC,
      'sandbox',
      ...(options.cgroupProcs ?? []),
      '--',
      ...(runningAsRoot()
        ? [program('setpriv'), `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups']
        : []),
      program('prlimit'),
      `--as=${Number.isFinite(limits.addressSpaceBytes) ? limits.addressSpaceBytes : 'unlimited'}`,
      `--nproc=${limits.processes}`,
      `--nofile=${limits.openFiles}`,
      `--fsize=${limits.fileSizeBytes}`,
      `--cpu=${limits.cpuSeconds}`,
      '--',
      options.bwrap ?? program('bwrap'),
      ...bwrapArguments(checkout, limits, options),
      '--',
      ...command,
    ],
  };
}

function bwrapArguments(
  checkout: string | null,
  limits: SandboxLimits,
  options: Pick<SandboxCommandOptions, 'binds' | 'chdir' | 'env'>,
): string[] {
  return [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--clearenv',
    '--setenv',
    'PATH',
    '/usr/local/bin:/usr/bin:/bin',
    '--setenv',
    'HOME',
    '/tmp',
    '--setenv',
    'LANG',
    'C.UTF-8',
    '--setenv',
    'PYTHONUNBUFFERED',
    '1',
    '--setenv',
    'PROCTOR_AGENT_PROTOCOL',
    AGENT_PROTOCOL,
    ...Object.entries(options.env ?? {}).flatMap(([name, value]) => ['--setenv', name, value]),
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(limits.shmBytes),
    '--tmpfs',
    '/dev/shm',
    '--size',
    String(limits.tmpBytes),
    '--tmpfs',
    '/tmp',
    ...(checkout === null ? [] : ['--ro-bind', checkout, '/agent', '--chdir', '/agent']),
    ...(options.binds ?? []).flatMap((bind) => ['--ro-bind', bind.source, bind.target]),
    ...(options.chdir ? ['--chdir', options.chdir] : []),
    // Last, once every mount point is made: only the sized /tmp and /dev/shm stay writable.
    '--remount-ro',
    '/dev',
    '--remount-ro',
    '/',
  ];
}

/** How the sandbox's first process is spawned: no environment of Proctor's, nothing of its working directory. */
export const SPAWN_BARE = { env: {}, cwd: '/' } as const;

let sandboxChecked: string | null | undefined;

/**
 * Why git container agents cannot run on this machine, or null when they can: git, bwrap and util-linux's
 * prlimit (and setpriv, as root) must be installed and bwrap able to make its namespaces. Checked once, by
 * starting a sandbox, at the first question.
 */
export function sandboxProblem(): string | null {
  sandboxChecked ??= probeSandbox('bwrap');
  return sandboxChecked;
}

/** sandboxProblem's check, with the bwrap program to try. */
export function probeSandbox(bwrapProgram: string): string | null {
  if (spawnSync('git', ['--version']).error)
    return 'git container agents need git, which is not installed on this machine';
  const bwrap = programPath(bwrapProgram);
  if (!bwrap)
    return 'git container agents run in a bubblewrap sandbox, and bwrap is not installed on this machine (Debian: apt-get install bubblewrap)';
  const missing = ['prlimit', ...(runningAsRoot() ? ['setpriv'] : [])].find((tool) => !programPath(tool));
  if (missing)
    return `git container agents need ${missing} (util-linux), which is not installed on this machine`;
  const { file, args } = sandboxCommand(null, ['true'], { bwrap });
  const trial = spawnSync(file, args, { encoding: 'utf8', timeout: 10_000, ...SPAWN_BARE });
  if (trial.error || trial.status !== 0)
    return `git container agents run in a bubblewrap sandbox, which this machine cannot make: ${(trial.stderr || trial.error?.message || `exit ${trial.status}`).trim()}`;
  return null;
}
