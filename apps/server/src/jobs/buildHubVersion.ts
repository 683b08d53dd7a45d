import { chmod, cp, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { HUB, type HubBuildEvent } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { FastifyBaseLogger } from 'fastify';
import { hubBuildOutput, type runHubBuild } from '../environments/hubBuild';
import { exportCommit } from '../kernel/git/archive';
import { type JobHandler, SHUTTING_DOWN } from '../kernel/queue/catalog';
import type { JobQueue } from '../kernel/queue/queue';
import {
  findHubBuildJob,
  findVersionBuild,
  finishHubBuild,
  listBuildingVersionIds,
  writeHubBuildLog,
} from '../repositories/hubBuilds';

/**
 * The build-hub-version job: a version pushed to the hub (repositories/hubBuilds.ts) is checked out from its bare
 * repository into a temporary folder, handed to the sandboxed build (environments/hubBuild.ts: bundle, seed, prove
 * every test case), and its outcome kept: status, dataset, the end, and a log of readable lines written as they
 * come. The build's output stays under DATA_DIR/hub/builds/{versionId} for environments to start it later.
 */

/** The sandboxed build (environments/hubBuild.ts); tests may hand another. */
export type HubBuildRunner = typeof runHubBuild;

export interface HubBuildSettings {
  /** Where the hub's bare repositories are (HUB_DIR). */
  hubDir: string;
  /** Where each build's output is kept, a folder per version. */
  buildsDir: string;
  /** The memory of the whole build (its Chromium included). */
  memoryLimitBytes: number;
  run: HubBuildRunner;
}

/** The build's own limit: under the job's 20 minutes, so the build's end, not the job's, says why it stopped. */
export const HUB_BUILD_TIMEOUT_MS = 15 * 60_000;
/** How often a running build's new lines are written to its log. */
const LOG_WRITE_INTERVAL_MS = 500;
/** A single line longer than this is cut: one runaway line must not push out every other. */
const LINE_MAX_CHARS = 4096;

/**
 * A build's log, bounded: its last lines within HUB.buildLogMaxBytes (UTF-8), after a line saying how many
 * earlier ones were dropped.
 */
export class HubBuildLog {
  readonly #lines: string[] = [];
  #bytes = 0;
  #dropped = 0;

  constructor(readonly maxBytes: number = HUB.buildLogMaxBytes) {}

  add(line: string): void {
    for (const part of line.split('\n')) {
      const cut = part.length > LINE_MAX_CHARS ? `${part.slice(0, LINE_MAX_CHARS)}… (line cut)` : part;
      this.#lines.push(cut);
      this.#bytes += Buffer.byteLength(cut) + 1;
    }
    // Room for the line that says what was dropped.
    while (this.#bytes > this.maxBytes - 100 && this.#lines.length > 1) {
      this.#bytes -= Buffer.byteLength(this.#lines.shift()!) + 1;
      this.#dropped += 1;
    }
  }

  text(): string {
    const head =
      this.#dropped > 0 ? `… ${this.#dropped} earlier lines dropped (the log keeps its last lines)\n` : '';
    return this.#lines.length === 0 ? head : `${head}${this.#lines.join('\n')}\n`;
  }
}

/** One event of the build as the log's line, after the time it came. */
export function hubBuildLogLine(event: HubBuildEvent, at: Date = new Date()): string {
  const time = at.toISOString();
  switch (event.type) {
    case 'log':
      return `${time} ${event.line}`;
    case 'case':
      return `${time} ${event.passed ? 'ok  ' : 'FAIL'} ${event.key} (${event.variant === 'solve' ? 'reference solution' : 'wrong variant'}, ${Math.round(event.durationMs)} ms)${event.explanation ? `: ${event.explanation}` : ''}`;
    case 'result':
      return event.status === 'proven'
        ? `${time} Proven: ${event.testCases} test case${event.testCases === 1 ? '' : 's'}, dataset ${event.dataset ?? 'none'}`
        : `${time} Failed: ${event.reason ?? 'no reason given'}`;
  }
}

/** Moves a proven build's output to where it is kept (copied when the two are on different file systems). */
async function keepOutput(out: string, kept: string): Promise<void> {
  await rm(kept, { recursive: true, force: true });
  await mkdir(dirname(kept), { recursive: true });
  try {
    await rename(out, kept);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(out, kept, { recursive: true });
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const shuttingDown = (signal: AbortSignal) => signal.aborted && message(signal.reason) === SHUTTING_DOWN;

/** Writes a running build's log every LOG_WRITE_INTERVAL_MS while it has new lines, one write at a time. */
function logWriter(db: Database, versionId: number, log: HubBuildLog) {
  let dirty = false;
  let writing = Promise.resolve();
  const flush = () => {
    if (!dirty) return writing;
    dirty = false;
    const text = log.text();
    writing = writing.then(() => writeHubBuildLog(db, versionId, text)).catch(() => undefined);
    return writing;
  };
  const timer = setInterval(flush, LOG_WRITE_INTERVAL_MS);
  return {
    add(line: string) {
      log.add(line);
      dirty = true;
    },
    async stop() {
      clearInterval(timer);
      await writing;
    },
  };
}

export function buildHubVersionHandler(
  db: Database,
  settings: HubBuildSettings,
): JobHandler<'buildHubVersion'> {
  return {
    run: async ({ versionId }, { signal }) => {
      const job = await findHubBuildJob(db, versionId);
      if (job?.status !== 'building') return;
      const log = new HubBuildLog();
      const writer = logWriter(db, versionId, log);
      const line = (text: string) => writer.add(hubBuildLogLine({ type: 'log', line: text }));
      const kept = hubBuildOutput(settings.buildsDir, versionId);
      // The checkout (readable by all: the sandbox runs the build as nobody when Proctor runs as root) and the
      // output in a fresh temporary folder; only a proven output moves under DATA_DIR.
      let work: string | undefined;
      let outcome: { status: 'proven' | 'failed'; dataset: string | null; reason: string | null };
      try {
        if (job.hubRepositoryId === null || job.owner === null || job.repositoryName === null)
          throw new Error('The repository it was pushed to was deleted before it was built');
        if (job.repositorySimulatorId !== job.simulatorId)
          throw new Error(`The repository no longer holds the simulator ${job.simulatorName}`);
        line(`Building ${job.commit} of ${job.owner}/${job.repositoryName} (simulator ${job.simulatorName})`);
        work = await mkdtemp(join(tmpdir(), 'proctor-hub-build-'));
        const checkout = join(work, 'checkout');
        const out = join(work, 'out');
        await chmod(work, 0o755);
        await mkdir(checkout, { mode: 0o755 });
        await exportCommit(
          join(settings.hubDir, job.owner, `${job.repositoryName}.git`),
          job.commit,
          checkout,
        );
        const result = await settings.run({
          checkout,
          out,
          timeoutMs: HUB_BUILD_TIMEOUT_MS,
          memoryLimitBytes: settings.memoryLimitBytes,
          onEvent: (event) => writer.add(hubBuildLogLine(event)),
          signal,
        });
        // A build cancelled because this process is closing is not the version's failure.
        if (shuttingDown(signal)) throw new Error(SHUTTING_DOWN);
        if (signal.aborted) line(`Stopped: ${message(signal.reason)}`);
        writer.add(hubBuildLogLine(result));
        outcome = { status: result.status, dataset: result.dataset, reason: result.reason };
        if (result.simulator !== null && result.simulator !== job.simulatorName) {
          const reason = `the pushed project defines the simulator "${result.simulator}", but this repository holds "${job.simulatorName}"`;
          line(`Failed: ${reason}`);
          outcome = { ...outcome, status: 'failed', reason: outcome.reason ?? reason };
        }
        // Only a proven version's output is of use to anyone: environments start it (a build queued again after
        // a restart replaces what an earlier attempt left).
        if (outcome.status === 'proven') await keepOutput(out, kept);
      } catch (error) {
        if (shuttingDown(signal)) {
          // Left building: the next start queues it again.
          await writer.stop();
          throw error;
        }
        line(`Failed: ${message(error)}`);
        outcome = { status: 'failed', dataset: null, reason: message(error) };
      } finally {
        if (work) await rm(work, { recursive: true, force: true });
      }
      await writer.stop();
      await finishHubBuild(db, versionId, { ...outcome, log: log.text() });
    },
    // Broken beyond what run() catches, or out of the job's time: failed with the reason, the log kept. A build
    // stopped because its process is closing stays building for the next start.
    failed: async ({ versionId }, reason) => {
      if (reason === SHUTTING_DOWN) return;
      const build = await findVersionBuild(db, versionId);
      if (build?.status !== 'building') return;
      const log = new HubBuildLog();
      if (build.log) log.add(build.log.replace(/\n$/, ''));
      const why = `the build job failed: ${reason}`;
      log.add(hubBuildLogLine({ type: 'log', line: `Failed: ${why}` }));
      await finishHubBuild(db, versionId, { status: 'failed', dataset: null, reason: why, log: log.text() });
    },
  };
}

/**
 * At start: versions whose build a previous process left unfinished are built again (from the start). With a
 * build job waiting or running anywhere (Redis keeps them), nothing is added: that worker finishes them.
 */
export async function resumeHubBuilds(
  db: Database,
  queue: JobQueue,
  log: FastifyBaseLogger,
): Promise<number> {
  const building = await listBuildingVersionIds(db);
  if (building.length === 0) return 0;
  const counts = await queue.counts('buildHubVersion');
  if (counts.queued + counts.running > 0) return 0;
  for (const versionId of building) await queue.add('buildHubVersion', { versionId });
  log.warn({ versions: building }, 'hub builds left unfinished are built again');
  return building.length;
}
