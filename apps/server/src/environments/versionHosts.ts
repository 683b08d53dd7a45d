import { spawn } from 'node:child_process';
import { PROCTOR_ROOT, writeOutputArchive } from '@proctor/simulators/build';
import { VERSION_HOST_PROGRAM, VersionHost } from '@proctor/simulators/versionHost';
import type { FastifyBaseLogger } from 'fastify';
import { type SandboxLimits, SPAWN_BARE, sandboxCommand, sandboxProblem } from '../agents/sandbox';
import { memoryGuard } from '../agents/sandboxMemory';
import { hubBuildOutput, installBinds } from './hubBuild';

/**
 * The processes that run hub-built versions (@proctor/simulators/versionHost): one per version that has
 * environments, started for its first, kept a while after its last (the next environment does not wait for it
 * again), each in the git container agents' bubblewrap sandbox, as the build ran it: a push is anyone's code. It
 * sees Proctor's install read-only and its own version's output (sent on its standard input), no network (every
 * request reaches it over its IPC channel from the SimulatorHost), no data folder, no environment of the server.
 */

const MiB = 1024 ** 2;

/**
 * Node reserves far more address space than it uses: memory is limited by the guard for the process instead.
 * It runs for as long as its environments do, so its CPU limit is a day's, not a build's.
 */
export const VERSION_HOST_SANDBOX_LIMITS: Readonly<SandboxLimits> = {
  addressSpaceBytes: Number.POSITIVE_INFINITY,
  processes: 64,
  openFiles: 1024,
  fileSizeBytes: 256 * MiB,
  tmpBytes: 512 * MiB,
  shmBytes: 16 * MiB,
  cpuSeconds: 24 * 3600,
};

/** Where the version's output is written inside (the sandbox's own sized /tmp). */
const FOLDER_INSIDE = '/tmp/version';
/** The IPC channel's descriptor: the fourth of the spawn's stdio. */
const CHANNEL_FD = 3;
/** The longest a version host may take to load and seed. */
const READY_TIMEOUT_MS = 60_000;
/** How long a version host with no environment left is kept for the next one. */
const IDLE_MS = 60_000;
/** How much of what a version host prints is kept to say why it failed. */
const TAIL_CHARS = 2_000;

export interface VersionToHost {
  /** simulator_versions.id: its build's output is kept under it. */
  id: number;
  hash: string;
  simulator: string;
  /** The dataset its build proved: the host's seed must be the same. */
  dataset: string | null;
}

export interface VersionHostsOptions {
  /** Where builds' outputs are kept (DATA_DIR/hub/builds). */
  buildsDir: string;
  /** Each version host's memory. */
  memoryLimitBytes: number;
  log: () => FastifyBaseLogger | undefined;
}

interface Running {
  host: Promise<VersionHost>;
  idle?: NodeJS.Timeout;
}

export class VersionHosts {
  readonly #running = new Map<number, Running>();

  constructor(private readonly options: VersionHostsOptions) {}

  /** The version's host, started if it is not running; rejects saying why it cannot start. */
  acquire(version: VersionToHost): Promise<VersionHost> {
    let running = this.#running.get(version.id);
    if (!running) {
      running = { host: this.#start(version) };
      this.#running.set(version.id, running);
      const forget = () => {
        if (this.#running.get(version.id) === running) this.#running.delete(version.id);
      };
      // One that could not start, or that ended (a crash, its memory limit), is started again by the next make.
      running.host.then((host) => host.ended.then(forget), forget);
    }
    if (running.idle) clearTimeout(running.idle);
    running.idle = undefined;
    return running.host;
  }

  /** An environment of the version ended: with none left, its host stops after IDLE_MS. */
  released(versionId: number, host: VersionHost): void {
    const running = this.#running.get(versionId);
    if (!running || host.instanceCount > 0) return;
    if (running.idle) clearTimeout(running.idle);
    running.idle = setTimeout(() => {
      if (host.instanceCount > 0 || this.#running.get(versionId) !== running) return;
      this.#running.delete(versionId);
      host.stop('no environment of the version was left');
    }, IDLE_MS).unref();
  }

  /** How many version hosts run (starting ones too). */
  get size(): number {
    return this.#running.size;
  }

  async close(): Promise<void> {
    const all = [...this.#running.values()];
    this.#running.clear();
    for (const running of all) {
      if (running.idle) clearTimeout(running.idle);
      const host = await running.host.catch(() => undefined);
      host?.stop('Proctor is stopping');
    }
  }

  async #start(version: VersionToHost): Promise<VersionHost> {
    const problem = sandboxProblem();
    if (problem) throw new Error(`hub versions run in a sandbox: ${problem}`);
    const limits = VERSION_HOST_SANDBOX_LIMITS;
    const guard = memoryGuard({ memoryBytes: this.options.memoryLimitBytes, processes: limits.processes });
    const { file, args } = sandboxCommand(
      null,
      [process.execPath, '--import', 'tsx', VERSION_HOST_PROGRAM, '--folder', FOLDER_INSIDE],
      {
        limits,
        cgroupProcs: guard.procsFiles,
        binds: installBinds(),
        chdir: PROCTOR_ROOT,
        // The sandbox's environment is empty: Node finds its IPC channel by these.
        env: { NODE_CHANNEL_FD: String(CHANNEL_FD), NODE_CHANNEL_SERIALIZATION_MODE: 'advanced' },
      },
    );
    const child = spawn(file, args, {
      stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
      serialization: 'advanced',
      ...SPAWN_BARE,
    });
    const host = new VersionHost(child);
    const where = { version: version.hash, simulator: version.simulator };
    let tail = '';
    const keep = (chunk: string) => {
      tail = `${tail}${chunk}`.slice(-TAIL_CHARS);
    };
    child.stdout!.setEncoding('utf8').on('data', keep);
    child.stderr!.setEncoding('utf8').on('data', keep);
    if (child.pid !== undefined)
      guard.start(child.pid, () =>
        host.stop(
          `the simulator's sandboxed process went over its memory limit of ${Math.round(this.options.memoryLimitBytes / MiB)} MiB`,
        ),
      );
    child.once('exit', () => {
      void guard.release();
      if (tail.trim()) this.options.log()?.warn({ ...where, output: tail.trim() }, 'a version host ended');
    });
    child.stdin!.on('error', () => undefined);
    const timer = setTimeout(
      () => host.stop(`it did not start within ${READY_TIMEOUT_MS / 1000} s`),
      READY_TIMEOUT_MS,
    );
    try {
      await writeOutputArchive(hubBuildOutput(this.options.buildsDir, version.id), child.stdin!);
      const ready = await host.ready;
      if (ready.simulator !== version.simulator)
        throw new Error(`it defines the simulator "${ready.simulator}", not "${version.simulator}"`);
      if (version.dataset !== null && ready.dataset !== version.dataset)
        throw new Error(`its seed is dataset ${ready.dataset}, not the ${version.dataset} its build proved`);
      this.options.log()?.info(where, 'a version host started');
      return host;
    } catch (error) {
      host.stop('it could not start');
      const said = tail.trim() ? ` (it said: ${tail.trim().slice(-500)})` : '';
      throw new Error(
        `Version ${version.hash.slice(0, 8)} of ${version.simulator} could not start: ${(error as Error).message}${said}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }
}
