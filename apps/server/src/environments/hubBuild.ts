import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { HubBuildEvent, type HubBuildResult } from '@proctor/contracts';
import {
  HUB_BUILD_RUNNER,
  OutputArchiveReader,
  PROCTOR_ROOT,
  SEED_SNAPSHOT_FILE,
  SIMULATOR_BUNDLE_FILE,
} from '@proctor/simulators/build';
import {
  type SandboxBind,
  type SandboxLimits,
  SPAWN_BARE,
  sandboxCommand,
  sandboxProblem,
} from '../agents/sandbox';
import { memoryGuard } from '../agents/sandboxMemory';

/**
 * Runs the hub build program (@proctor/simulators/build's runner: bundle a pushed simulator, seed it, prove its test
 * cases in Chromium) in the git container agents' bubblewrap sandbox: a push is anyone's code. The sandbox shows it
 * the checkout and of Proctor only its own install (root node_modules and packages, at their own paths so the
 * workspace's links resolve), all read-only; no data folder, configuration or environment of the server, no
 * writable host folder (the output is built in the sandbox's sized /tmp and streamed out: archive.ts), and no
 * network: Chromium and the simulator's host talk on the sandbox's own loopback.
 */

const MiB = 1024 ** 2;

/**
 * Chromium reserves far more address space than it uses, and runs a browser, renderers and helpers with their
 * threads: the agents' limits would stop it at launch. Memory is limited by the guard (runHubBuild's
 * memoryLimitBytes) for all the build's processes together instead.
 */
export const HUB_BUILD_SANDBOX_LIMITS: Readonly<SandboxLimits> = {
  addressSpaceBytes: Number.POSITIVE_INFINITY,
  processes: 1024,
  openFiles: 4096,
  fileSizeBytes: 512 * MiB,
  tmpBytes: 512 * MiB,
  shmBytes: 512 * MiB,
  // Per process: the build's time limit ends a slow build sooner; this ends one process spinning.
  cpuSeconds: 900,
};

/** Where the checkout and the output folder are inside the sandbox. */
const CHECKOUT_INSIDE = '/build/checkout';
const OUT_INSIDE = '/tmp/out';
/** The descriptor the build program streams its output to. */
const ARCHIVE_FD = 3;
/** The most a build's output may hold (a push is at most 100 MB by default; the seed is beside it). */
const MAX_OUTPUT_BYTES = 256 * MiB;
/**
 * What of the program's output reaches onEvent: its log lines (its own and standard error's) and its case events,
 * each bounded in number and length, so that a push that prints without end fills no log.
 */
const MAX_LOG_LINES = 500;
const MAX_CASE_EVENTS = 2_000;
const MAX_LINE_CHARS = 2_000;
const MAX_EXPLANATION_CHARS = 8_000;
/** The longest line read from standard output: a case's explanation may be long, not endless. */
const MAX_STDOUT_LINE_BYTES = 1024 * 1024;
/** How much of standard error a failure's reason quotes. */
const REASON_STDERR_CHARS = 1_000;

export interface HubBuildOptions {
  /** The pushed tree, checked out; readable by all (the sandbox's `nobody` reads it when Proctor runs as root). */
  checkout: string;
  /** The folder the output is written to (simulator.mjs, tree/, externals/, seed.sqlite): empty or missing. */
  out: string;
  timeoutMs: number;
  /** All the build's processes together (Node, esbuild, Chromium). */
  memoryLimitBytes: number;
  /** Each log and case event as it comes; the result is what runHubBuild returns. */
  onEvent: (event: Exclude<HubBuildEvent, { type: 'result' }>) => void;
  signal?: AbortSignal;
  limits?: SandboxLimits;
}

const failed = (reason: string): HubBuildResult => ({
  type: 'result',
  status: 'failed',
  reason,
  simulator: null,
  dataset: null,
  testCases: 0,
});

/** The output folder of a version's build, where it is kept for environments to start it. */
export const hubBuildOutput = (buildsDir: string, versionId: number) => join(buildsDir, String(versionId));

/** The binds of Proctor's own install: what the build program (and a version host) needs of it, at the same paths. */
export function installBinds(): SandboxBind[] {
  const binds = ['node_modules', 'packages'].map((folder) => ({
    source: join(PROCTOR_ROOT, folder),
    target: join(PROCTOR_ROOT, folder),
  }));
  // Node from elsewhere than /usr (a version manager's) is shown too.
  if (!process.execPath.startsWith('/usr/')) {
    const install = dirname(dirname(process.execPath));
    binds.push({ source: install, target: install });
  }
  return binds;
}

/**
 * Builds the simulator at `checkout` into `out` in the sandbox and says how it went: the program's result, or a
 * failed one saying why there was none (the time limit, the memory limit, a crash, a cancel).
 */
export async function runHubBuild(options: HubBuildOptions): Promise<HubBuildResult> {
  const problem = sandboxProblem();
  if (problem) return failed(problem);
  await mkdir(options.out, { recursive: true });
  const limits = options.limits ?? HUB_BUILD_SANDBOX_LIMITS;
  const guard = memoryGuard({ memoryBytes: options.memoryLimitBytes, processes: limits.processes });
  const { file, args } = sandboxCommand(
    null,
    [
      process.execPath,
      '--import',
      'tsx',
      HUB_BUILD_RUNNER,
      '--checkout',
      CHECKOUT_INSIDE,
      '--out',
      OUT_INSIDE,
      '--archive-fd',
      String(ARCHIVE_FD),
    ],
    {
      limits,
      cgroupProcs: guard.procsFiles,
      binds: [{ source: options.checkout, target: CHECKOUT_INSIDE }, ...installBinds()],
      // `--import tsx` is found from here.
      chdir: PROCTOR_ROOT,
    },
  );
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe', 'pipe'], ...SPAWN_BARE });
  let stopped: string | undefined;
  const stop = (reason: string) => {
    stopped ??= reason;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  if (child.pid !== undefined) guard.start(child.pid, () => stop('memory'));
  const timer = setTimeout(
    () => stop(`the build took longer than its limit of ${options.timeoutMs / 1000} s`),
    options.timeoutMs,
  );
  const onAbort = () => stop('the build was cancelled');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();

  let result: HubBuildResult | undefined;
  let logLines = 0;
  let caseEvents = 0;
  const forward = (event: Exclude<HubBuildEvent, { type: 'result' }>) => {
    if (event.type === 'case') {
      if (++caseEvents <= MAX_CASE_EVENTS)
        options.onEvent({ ...event, explanation: event.explanation.slice(0, MAX_EXPLANATION_CHARS) });
      return;
    }
    logLines += 1;
    if (logLines <= MAX_LOG_LINES)
      options.onEvent({ type: 'log', line: event.line.slice(0, MAX_LINE_CHARS) });
    else if (logLines === MAX_LOG_LINES + 1)
      options.onEvent({ type: 'log', line: `(more output not kept: only the first ${MAX_LOG_LINES} lines)` });
  };
  let stdout = '';
  const readLine = (line: string) => {
    if (!line.trim()) return;
    let parsed: ReturnType<typeof HubBuildEvent.safeParse> | undefined;
    try {
      parsed = HubBuildEvent.safeParse(JSON.parse(line));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) return logOther(line);
    if (parsed.data.type === 'result')
      result = { ...parsed.data, reason: parsed.data.reason?.slice(0, MAX_EXPLANATION_CHARS) ?? null };
    else forward(parsed.data);
  };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (let newline = stdout.indexOf('\n'); newline >= 0; newline = stdout.indexOf('\n')) {
      readLine(stdout.slice(0, newline));
      stdout = stdout.slice(newline + 1);
    }
    if (stdout.length > MAX_STDOUT_LINE_BYTES) stop(`the build program wrote a line longer than 1 MiB`);
  });

  const archive = new OutputArchiveReader(options.out, MAX_OUTPUT_BYTES);
  child.stdio[ARCHIVE_FD]!.on('data', (chunk: Buffer) => {
    archive.push(chunk);
    if (archive.error) stop(archive.error.message);
  });

  let stderr = '';
  let stderrTail = '';
  /** A line that is no event (standard error, or something else on standard output): a log line. */
  const logOther = (line: string) => {
    stderrTail = `${stderrTail}${line}\n`.slice(-REASON_STDERR_CHARS);
    forward({ type: 'log', line });
  };
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (let newline = stderr.indexOf('\n'); newline >= 0; newline = stderr.indexOf('\n')) {
      const line = stderr.slice(0, newline);
      stderr = stderr.slice(newline + 1);
      if (line.trim()) logOther(line);
    }
    if (stderr.length > MAX_LINE_CHARS) {
      logOther(stderr);
      stderr = '';
    }
  });

  try {
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | Error>(
      (resolve) => {
        child.on('error', resolve);
        child.on('close', (code, signal) => resolve({ code, signal }));
      },
    );
    if (stdout.trim()) readLine(stdout);
    if (stderr.trim()) logOther(stderr);
    const output = await archive.finish().catch((error: Error) => error);
    // Stopped is failed, whatever the program said after: a build past its time limit may still write its result
    // before the kill reaches it (on a busy machine, the timer's callback runs late).
    if (stopped === 'memory')
      return failed(
        `the build was stopped at its memory limit of ${Math.round(options.memoryLimitBytes / MiB)} MiB (all its processes together)`,
      );
    if (stopped) return failed(stopped);
    if (result && output instanceof Error) return { ...result, status: 'failed', reason: output.message };
    if (result?.status === 'proven' && !(output instanceof Error)) {
      const missing = [SIMULATOR_BUNDLE_FILE, SEED_SNAPSHOT_FILE].find((path) => !output.includes(path));
      return missing
        ? { ...result, status: 'failed', reason: `the build's output has no ${missing}` }
        : result;
    }
    if (result) return result;
    const tail = stderrTail.trim() ? `; its last words on standard error: ${stderrTail.trim()}` : '';
    if (exit instanceof Error) return failed(`the build could not be started: ${exit.message}`);
    // Asked before the cgroup goes: its OOM count says whether the limit was reached.
    if (guard.exceeded())
      return failed(
        `the build was stopped at its memory limit of ${Math.round(options.memoryLimitBytes / MiB)} MiB (all its processes together)`,
      );
    const how =
      exit.signal === 'SIGXCPU'
        ? 'used up its CPU time'
        : exit.signal
          ? `was ended by ${exit.signal}`
          : `exited with ${exit.code}`;
    return failed(`the build program ${how} without a result${tail}`);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    await guard.release();
  }
}
