import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, open, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { AGENT_PROTOCOL, AGENT_STEP_TIMEOUT_MS, type AgentObservation, COMMIT_ID } from '@proctor/contracts';
import { z } from 'zod';
import { type OutboundGuardOptions, resolveOutboundUrl } from '../kernel/outbound/outboundGuard';
import { type MemoryGuard, memoryGuard } from './sandboxMemory';
import { actionLoop } from './stepProtocol';
import type { RunDriver } from './types';

/**
 * `git_container` agents (001 §5): a repository at a commit that Proctor fetches and runs itself, speaking the
 * step protocol (docs/agent-protocol.md) as JSON lines on its standard input and output. Agents' code is hostile,
 * so the repository is cloned over http(s) only through the outbound guard, with git's other transports and the
 * host's git configuration off, and the agent runs in a bubblewrap sandbox that shows it its checkout and
 * `/usr` read-only and nothing else of the machine (no network, no environment of Proctor's, no other process),
 * under limits on its memory (sandboxMemory.ts), processes, disk and CPU. An agent that needs a hosted model
 * needs the network, which the sandbox does not give: such an agent is a `dev` agent.
 */

export interface GitAgentSource {
  repoUrl: string;
  branch: string;
  commit: string;
}

/** The file in the repository's root that says how to start the agent. */
export const AGENT_MANIFEST = 'proctor-agent.json';

const Manifest = z.object({
  command: z.array(z.string().min(1).max(4_096)).min(1).max(64),
});

/** Limits of each of the agent's processes (prlimit), its processes together, and its writable mounts. */
export interface SandboxLimits {
  /** Address space: enough for Node.js (which reserves 1–2 GiB it never touches) or Python. */
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
/** How long fetching a repository may take. */
const CLONE_TIMEOUT_MS = 120_000;
/** The largest manifest read. */
const MAX_MANIFEST_BYTES = 64 * 1024;
/** Characters of the agent's standard error kept for a failure's reason. */
const STDERR_TAIL = 4_096;
/** The longest line an agent may answer (an action is a few hundred bytes; a typed text may be long). */
const MAX_ANSWER_BYTES = 1024 * 1024;

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

export interface SandboxCommandOptions {
  limits?: SandboxLimits;
  /** The `cgroup.procs` files of the agent's cgroups (MemoryGuard.procsFiles). */
  cgroupProcs?: readonly string[];
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
      `--as=${limits.addressSpaceBytes}`,
      `--nproc=${limits.processes}`,
      `--nofile=${limits.openFiles}`,
      `--fsize=${limits.fileSizeBytes}`,
      `--cpu=${limits.cpuSeconds}`,
      '--',
      options.bwrap ?? program('bwrap'),
      ...bwrapArguments(checkout, limits),
      '--',
      ...command,
    ],
  };
}

function bwrapArguments(checkout: string | null, limits: SandboxLimits): string[] {
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
    // Last, once every mount point is made: only the sized /tmp and /dev/shm stay writable.
    '--remount-ro',
    '/dev',
    '--remount-ro',
    '/',
  ];
}

/** How the sandbox's first process is spawned: no environment of Proctor's, nothing of its working directory. */
const SPAWN_BARE = { env: {}, cwd: '/' } as const;

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

/** Where checkouts are kept: a directory of this user's that the sandbox user can read, and nobody else write. */
async function checkoutsRoot(): Promise<string> {
  const root = join(tmpdir(), `proctor-agent-checkouts-${process.getuid?.() ?? 'user'}`);
  await mkdir(root, { recursive: true, mode: 0o755 });
  const info = await lstat(root);
  const uid = process.getuid?.();
  if (!info.isDirectory() || (uid !== undefined && info.uid !== uid) || (info.mode & 0o022) !== 0)
    throw new Error(`${root} is not a directory of this user's that only it may write: remove it`);
  return root;
}

function runGit(args: readonly string[], cwd: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd,
      signal,
      // No system or user configuration: no credential helper, proxy, or url rewrite of the host's applies.
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: cwd,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
        LANG: 'C',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(stdout.trim()) : reject(new Error(stderr.trim() || `git exited with ${code}`)),
    );
  });
}

/** Lets the sandbox user read the checkout (git writes with this process's umask). */
async function makeReadable(path: string): Promise<void> {
  const info = await lstat(path);
  if (info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    await chmod(path, 0o755);
    for (const entry of await readdir(path)) await makeReadable(join(path, entry));
  } else await chmod(path, info.mode & 0o100 ? 0o755 : 0o644);
}

const fetching = new Map<string, Promise<string>>();

/**
 * The agent's checkout at its commit, fetched when this machine has none yet. Only the named branch is fetched,
 * so the commit must be on it; a checkout is kept per repository and commit and shared by the runs that need it.
 * Throws with a reason a person can act on: the URL refused, the branch or commit not found.
 */
export function checkoutAgent(
  source: GitAgentSource,
  guard: OutboundGuardOptions,
  signal: AbortSignal,
): Promise<string> {
  if (!COMMIT_ID.test(source.commit))
    return Promise.reject(new Error(`"${source.commit}" is not a commit id`));
  const key = createHash('sha256')
    .update(`${source.repoUrl}\n${source.branch}\n${source.commit}`)
    .digest('hex');
  const pending = fetching.get(key);
  if (pending) return pending;
  const work = fetchCheckout(source, key.slice(0, 32), guard, signal).finally(() => fetching.delete(key));
  fetching.set(key, work);
  return work;
}

async function fetchCheckout(
  source: GitAgentSource,
  key: string,
  guard: OutboundGuardOptions,
  signal: AbortSignal,
): Promise<string> {
  const root = await checkoutsRoot();
  const final = join(root, key);
  // A checkout is moved there whole once complete; nothing in it is read (it may link anywhere).
  if (
    await lstat(final).then(
      (info) => info.isDirectory(),
      () => false,
    )
  )
    return final;
  const { url, host, addresses } = await resolveOutboundUrl(source.repoUrl, guard);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const pinned = addresses.map((address) => (address.includes(':') ? `[${address}]` : address)).join(',');
  const work = await mkdtemp(join(root, 'fetching-'));
  const timeout = AbortSignal.any([signal, AbortSignal.timeout(CLONE_TIMEOUT_MS)]);
  try {
    try {
      await runGit(
        [
          '-c',
          'protocol.allow=never',
          '-c',
          'protocol.http.allow=always',
          '-c',
          'protocol.https.allow=always',
          '-c',
          'http.followRedirects=false',
          '-c',
          `http.curloptResolve=${host}:${port}:${pinned}`,
          'clone',
          '--quiet',
          '--no-checkout',
          '--single-branch',
          '--branch',
          source.branch,
          '--',
          url.href,
          'repository',
        ],
        work,
        timeout,
      );
    } catch (error) {
      throw new Error(
        `Could not fetch branch "${source.branch}" of ${source.repoUrl}: ${(error as Error).message}`,
      );
    }
    const checkout = join(work, 'repository');
    try {
      await runGit(
        ['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', source.commit],
        checkout,
        timeout,
      );
    } catch {
      throw new Error(`Commit ${source.commit} is not on branch "${source.branch}" of ${source.repoUrl}`);
    }
    await makeReadable(checkout);
    await rename(checkout, final).catch(async (error: NodeJS.ErrnoException) => {
      // Another process fetched the same commit meanwhile: keep theirs.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
    return final;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The command the repository's manifest names, with the reason when there is none or it is not valid. The manifest
 * must be a file of the checkout: a symbolic link (which could lead anywhere on this machine) is not followed.
 */
export async function manifestCommand(checkout: string): Promise<string[]> {
  let text: string;
  try {
    text = await readManifest(join(checkout, AGENT_MANIFEST));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new Error(
        `The repository has no ${AGENT_MANIFEST} in its root: it names the command that starts the agent, e.g. {"command": ["python3", "agent.py"]}`,
      );
    if (code === 'ELOOP')
      throw new Error(`${AGENT_MANIFEST} is a symbolic link: it must be a file of the repository`);
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${AGENT_MANIFEST} is not JSON`);
  }
  const manifest = Manifest.safeParse(parsed);
  if (!manifest.success)
    throw new Error(`${AGENT_MANIFEST} must name the command as {"command": ["program", "argument", …]}`);
  return manifest.data.command;
}

async function readManifest(path: string): Promise<string> {
  // O_NONBLOCK: opening a FIFO does not wait for a writer.
  const file = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const info = await file.stat();
    if (!info.isFile()) throw new Error(`${AGENT_MANIFEST} is not a file`);
    if (info.size > MAX_MANIFEST_BYTES)
      throw new Error(`${AGENT_MANIFEST} is larger than ${MAX_MANIFEST_BYTES / 1024} KiB`);
    const buffer = Buffer.alloc(MAX_MANIFEST_BYTES);
    const { bytesRead } = await file.read(buffer, 0, MAX_MANIFEST_BYTES, 0);
    return buffer.toString('utf8', 0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * One started sandboxed agent: `ask` writes an observation as a line and reads the answer's line. Ends with the
 * reason when the agent exits, reaches its memory limit, answers too long a line, or takes longer than the step
 * timeout.
 */
export class SandboxedAgent {
  readonly #child: ChildProcess;
  readonly #memory: MemoryGuard;
  readonly #memoryLimitBytes: number;
  #buffer = '';
  readonly #lines: string[] = [];
  #waiting: { resolve: (line: string) => void; reject: (error: Error) => void } | undefined;
  #ended: Error | undefined;
  #stderr = '';

  constructor(checkout: string, command: readonly string[], settings: SandboxSettings) {
    const limits = settings.limits ?? AGENT_SANDBOX_LIMITS;
    this.#memoryLimitBytes = settings.memoryLimitBytes;
    this.#memory = memoryGuard(
      { memoryBytes: settings.memoryLimitBytes, processes: limits.processes },
      settings.memoryGuard,
    );
    const { file, args } = sandboxCommand(checkout, command, {
      limits,
      cgroupProcs: this.#memory.procsFiles,
    });
    this.#child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], ...SPAWN_BARE });
    if (this.#child.pid !== undefined) this.#memory.start(this.#child.pid, () => this.kill());
    this.#child.stdout!.setEncoding('utf8').on('data', (chunk: string) => this.#read(chunk));
    this.#child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stderr = (this.#stderr + chunk).slice(-STDERR_TAIL);
    });
    // A write to an agent that has exited fails here; the exit says why.
    this.#child.stdin!.on('error', () => undefined);
    this.#child.on('error', (error) => {
      this.#end(new Error(`The agent could not be started: ${error.message}`));
      void this.#memory.release();
    });
    this.#child.on('close', (code, signal) => {
      // Asked before the cgroup goes: its OOM count says whether the limit was reached.
      const how = this.#memory.exceeded()
        ? `was stopped at its memory limit of ${Math.round(this.#memoryLimitBytes / 1024 ** 2)} MiB (all its processes together)`
        : signal === 'SIGXCPU'
          ? 'used up its CPU time'
          : signal
            ? `was ended by ${signal}`
            : `exited with ${code}`;
      this.#end(new Error(`The agent ${how}${this.#stderrNote()}`));
      void this.#memory.release();
    });
  }

  /** How its memory is limited: its own cgroup, or the watchdog where the machine gives none. */
  get memoryGuard(): MemoryGuard['kind'] {
    return this.#memory.kind;
  }

  #stderrNote(): string {
    const tail = this.#stderr.trim();
    return tail ? `; its last words on standard error: ${tail}` : '';
  }

  #read(chunk: string): void {
    this.#buffer += chunk;
    let newline = this.#buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.#buffer.slice(0, newline).trim();
      this.#buffer = this.#buffer.slice(newline + 1);
      if (line) this.#deliver(line);
      newline = this.#buffer.indexOf('\n');
    }
    if (this.#buffer.length > MAX_ANSWER_BYTES) {
      this.#end(new Error(`The agent wrote a line longer than ${MAX_ANSWER_BYTES} bytes`));
      this.kill();
    }
  }

  #deliver(line: string): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    if (waiting) waiting.resolve(line);
    else this.#lines.push(line);
  }

  #end(error: Error): void {
    this.#ended ??= error;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.reject(this.#ended);
  }

  async ask(observation: AgentObservation, timeoutMs: number = AGENT_STEP_TIMEOUT_MS): Promise<unknown> {
    // An answer already written counts even when the agent has exited since.
    if (this.#ended && this.#lines.length === 0) throw this.#ended;
    if (!this.#ended) this.#child.stdin!.write(`${JSON.stringify(observation)}\n`);
    const line = await new Promise<string>((resolve, reject) => {
      const queued = this.#lines.shift();
      if (queued !== undefined) return resolve(queued);
      if (this.#ended) return reject(this.#ended);
      const timer = setTimeout(() => {
        this.#waiting = undefined;
        reject(
          new Error(
            `The agent did not answer step ${observation.step} within ${timeoutMs / 1000} s${this.#stderrNote()}`,
          ),
        );
      }, timeoutMs);
      this.#waiting = {
        resolve: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
    try {
      return JSON.parse(line);
    } catch {
      throw new Error(`The agent's answer at step ${observation.step} is not JSON: ${line.slice(0, 200)}`);
    }
  }

  kill(): void {
    if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill('SIGKILL');
  }
}

/** A git container agent as the driver of a run: fetched, started in its sandbox, asked step by step. */
export function gitContainerDriver(
  source: GitAgentSource,
  guard: OutboundGuardOptions,
  sandbox: SandboxSettings,
): RunDriver {
  return async (context) => {
    const checkout = await checkoutAgent(source, guard, context.signal);
    const agent = new SandboxedAgent(checkout, await manifestCommand(checkout), sandbox);
    const stop = () => agent.kill();
    context.signal.addEventListener('abort', stop, { once: true });
    try {
      return await actionLoop((observation) => agent.ask(observation))(context);
    } finally {
      context.signal.removeEventListener('abort', stop);
      agent.kill();
    }
  };
}
