import type { MakeEnvironmentOptions, MakeEnvironmentResponse } from '@proctor/contracts';
import { type Database, newPublicId } from '@proctor/db';
import {
  type BrowserPool,
  type EnvironmentNetworkRules,
  type LaunchedBrowser,
  type PageControl,
  type RefusedRequest,
  SessionRecorder,
} from '@proctor/environments';
import type { EnvironmentInstance, SimulatorDefinition, SimulatorHost } from '@proctor/simulators';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../kernel/storage/blobs';
import { attachSession, insertEnvironment, setEnvironmentStatus } from '../repositories/environments';
import { logToSession, setSessionStatus, startQueuedSession } from '../repositories/sessions';
import type { Slot } from './admission';
import type { EnvironmentEnding } from './ending';
import type { LiveEnvironment, SimulatorRow, TestCaseRow } from './live';
import type { MemoryBudget } from './memoryBudget';
import { MultiSimulatorInstance, type SimulatorPart } from './multiInstance';
import { RunSetupError } from './queuedRun';
import { SessionRecordingWriter } from './recordingWriter';
import { type EnvironmentOwner, startSession } from './records';
import type { EnvironmentRegistry } from './registry';
import type { WarmPool } from './warmPool';

export interface LauncherParts {
  db: Database;
  /** Where recordings' screenshots go. */
  blobs: BlobStore;
  host: SimulatorHost;
  pool: BrowserPool;
  warmPool: WarmPool;
  memory: MemoryBudget;
  registry: EnvironmentRegistry;
  ending: EnvironmentEnding;
  /** Names this process in job groups, so that a restart can fail what it left open. */
  workerId: string;
  /** Where other Proctor processes reach this process's environments (a worker's WORKER_URL). */
  workerUrl: string | undefined;
  log: () => FastifyBaseLogger | undefined;
}

/** A queued run's session, which the environment runs (make starts a session of its own otherwise). */
export type ExistingSession = { id: number; publicId: string; testCase: TestCaseRow };

/**
 * What an environment's network may do beyond its own simulator: answer in process (a proxy simulator's replay)
 * or reach outside addresses (record mode, open-web sessions, through the outbound guard). Neither by default.
 */
/** One of make2's extra_env_ids, resolved: its row and the built-in definition its instance runs. */
export interface ExtraSimulator {
  simulator: SimulatorRow;
  definition: SimulatorDefinition;
  /** The hash of the version it runs, kept on the environment's sessions beside the primary's; null when not known. */
  version: string | null;
}

export type EnvironmentNetworkExtras = Pick<EnvironmentNetworkRules, 'answer' | 'outside'>;

/** What runs behind a new environment's origin, made once its id is known; `log` writes to its current session. */
export type EnvironmentStart = (context: { publicId: string; log: (entry: SessionLogEntry) => void }) => {
  instance: EnvironmentInstance;
  /** Without `upstream`, the simulator host's (a proxy simulator forwards nothing to it). */
  rules: Omit<EnvironmentNetworkRules, 'onRefused' | 'upstream'> &
    Partial<Pick<EnvironmentNetworkRules, 'upstream'>>;
};

type SessionLogEntry = { type: string; message: string; [detail: string]: unknown };

/** The session log entry of a refused request (one per origin and reason: the proxy deduplicates). */
export function networkRefusedLog(event: RefusedRequest) {
  return {
    type: 'network_refused',
    message: `Refused ${event.method} ${event.url}: ${event.reason}`,
    url: event.url,
    method: event.method,
    reason: event.reason,
  };
}

/**
 * The key under which a browser, once its environment ended, serves the next environment of the same kind: an
 * organization's queued runs (a benchmark, a dataset run) on simulators only (their origins are all the browser
 * held data for). Nothing else reuses a browser.
 */
function reuseKey(
  owner: EnvironmentOwner,
  existing: ExistingSession | undefined,
  network: EnvironmentNetworkExtras | undefined,
): string | undefined {
  if (!existing || network?.answer || network?.outside) return undefined;
  return `organization:${owner.organizationId}:queued-runs`;
}

/**
 * Starts environments: its rows and session, a simulator instance on the shared SimulatorHost and a Chromium
 * from the pool (never a context in a browser another environment uses: over CDP a client of a shared browser
 * can reach every other tenant's pages and the host's files), the recorder attached, and the environment in
 * the registry, ended there when its browser exits or outgrows its memory. A queued run's browser, reset,
 * serves the organization's next queued run (`reuseKey`).
 */
export class EnvironmentLauncher {
  constructor(private readonly parts: LauncherParts) {}

  /**
   * The rows and the runtime are made side by side (the id is chosen first, so the instance need not wait
   * for the database): the browser's first page load, not the writes, is what make→ready waits for. The slot
   * goes with the environment, or back when none starts.
   */
  async launch(
    slot: Slot,
    owner: EnvironmentOwner,
    simulator: SimulatorRow,
    definition: SimulatorDefinition,
    request: MakeEnvironmentOptions,
    existing?: ExistingSession,
    more: {
      network?: EnvironmentNetworkExtras;
      version?: string | null;
      /** make2's extra_env_ids: more simulators, each an instance of its own under the same environment id. */
      extras?: readonly ExtraSimulator[];
    } = {},
  ): Promise<MakeEnvironmentResponse> {
    const { host } = this.parts;
    const extras = more.extras ?? [];
    // Nothing yields between here and acquire() below, so the browser the id was chosen for is the one acquired.
    const reuse = reuseKey(owner, existing, more.network);
    const publicId = this.parts.warmPool.environmentId(definition, reuse);
    const start: EnvironmentStart = () => {
      const instance = host.createInstance(definition, { id: publicId });
      if (extras.length === 0) return { instance, rules: { origins: [instance.origin], ...more.network } };
      const parts: SimulatorPart[] = [{ name: simulator.name, instance }];
      try {
        for (const extra of extras)
          parts.push({
            name: extra.simulator.name,
            instance: host.createInstance(extra.definition, { id: publicId }),
          });
      } catch (error) {
        for (const part of parts) part.instance.destroy();
        throw error;
      }
      const multi = new MultiSimulatorInstance(parts);
      // Every app of the environment, and still no other environment's instance.
      return { instance: multi, rules: { origins: multi.origins, ...more.network } };
    };
    return this.#launch(
      slot,
      owner,
      simulator,
      request,
      existing,
      publicId,
      start,
      more.version ?? null,
      extras,
      reuse,
    );
  }

  /**
   * An environment whose instance `start` makes: a proxy simulator's stand-in with the rules that record or
   * replay, a hub-built version's instance in its sandboxed host (`version`: the hash it runs), or a browser
   * session's open web (no simulator).
   */
  launchWith(
    slot: Slot,
    owner: EnvironmentOwner,
    simulator: SimulatorRow | null,
    request: MakeEnvironmentOptions,
    start: EnvironmentStart,
    version: string | null = null,
  ): Promise<MakeEnvironmentResponse> {
    return this.#launch(slot, owner, simulator, request, undefined, newPublicId(), start, version);
  }

  async #launch(
    slot: Slot,
    owner: EnvironmentOwner,
    simulator: SimulatorRow | null,
    request: MakeEnvironmentOptions,
    existing: ExistingSession | undefined,
    publicId: string,
    start: EnvironmentStart,
    version: string | null,
    extras: readonly ExtraSimulator[] = [],
    /** The key its browser is acquired with and given back under (reuseKey). */
    reuse?: string,
  ): Promise<MakeEnvironmentResponse> {
    const { db, pool, registry, ending } = this.parts;
    const extraSimulators = extras.map((extra) => extra.simulator);
    const extraVersions = versionsByName(extras);
    const rows = (async () => {
      const { group, job } = await insertEnvironment(db, {
        ...owner,
        publicId,
        simulatorId: simulator?.id ?? null,
        simulatorName: simulator?.name ?? null,
        keepalive: request.keepalive,
        alias: request.alias ?? null,
        workerId: this.parts.workerId,
        workerUrl: this.parts.workerUrl ?? null,
        config: {
          source: request.source ?? null,
          interface_type: request.interface_type ?? 'browser',
          interface_width: request.interface_width,
          interface_height: request.interface_height,
          env_config: request.env_config ?? {},
          ...(extraSimulators.length > 0 && {
            extra_simulators: extraSimulators.map((extra) => extra.name),
          }),
        },
      });
      const session = existing
        ? await startQueuedSession(db, existing.id, publicId, version, extraVersions)
        : await startSession(db, {
            ...owner,
            simulatorId: simulator?.id ?? null,
            simulatorName: simulator?.name ?? null,
            jobGroupPublicId: publicId,
            testCaseId: null,
            source: request.source ?? null,
            agentVersion: null,
            version,
            extraVersions,
          });
      if (!session) throw new Error(`The run's session ${existing?.id} is gone`);
      await attachSession(db, group.id, session.id);
      return { group, job, session };
    })();

    const held: {
      instance?: EnvironmentInstance;
      browser?: LaunchedBrowser;
      page?: PageControl;
      origins?: readonly string[];
    } = {};
    // Refusals (and a proxy simulator's logs) go to the environment's current session (a reset starts another);
    // those before it exists wait.
    const logs: { session?: () => number; early: SessionLogEntry[] } = { early: [] };
    const log = (entry: SessionLogEntry) => {
      if (!logs.session) logs.early.push(entry);
      else
        void logToSession(db, logs.session(), entry).catch((error) =>
          this.parts.log()?.warn({ err: error, environment: publicId }, 'a network event was not logged'),
        );
    };
    const runtime = (async () => {
      const { instance, rules } = start({ publicId, log });
      held.instance = instance;
      held.origins = rules.origins;
      // The pool's browsers wait with Proctor's control attached and the page sized: a first navigation is left.
      held.browser = await pool.acquire(
        { width: request.interface_width, height: request.interface_height },
        reuse,
      );
      held.page = held.browser.page;
      // Until now the browser reached nothing: from here, its own instance (and what `network` adds).
      await held.browser.network?.bind({
        upstream: { host: '127.0.0.1', port: this.parts.host.port },
        ...rules,
        onRefused: (event) => log(networkRefusedLog(event)),
      });
      if (request.open_page_on_start) await held.page.navigate(held.instance.url('/'));
    })();
    const release = async () => {
      slot.release();
      held.page?.close();
      held.instance?.destroy();
      await held.browser?.close().catch(() => undefined);
    };

    const [written, started] = await Promise.allSettled([rows, runtime]);
    if (written.status === 'rejected') {
      await release();
      throw written.reason;
    }
    const { group, job, session } = written.value;
    if (started.status === 'rejected') {
      await release();
      const reason = `Failed to set up environment: ${(started.reason as Error).message}`;
      this.parts.log()?.error({ err: started.reason, environment: publicId }, 'environment failed to start');
      if (existing) {
        // The run's job decides what becomes of its session: another attempt, or run_failed with the reason.
        await setEnvironmentStatus(db, group.id, 'failed', reason);
        throw new RunSetupError(reason);
      }
      await Promise.all([
        setEnvironmentStatus(db, group.id, 'failed', reason),
        setSessionStatus(db, session.id, 'run_failed', { failureReason: reason }),
        logToSession(db, session.id, { type: 'environment_failed', message: reason }),
      ]);
      return { id: publicId, session_id: session.publicId, status: 'failed' };
    }
    const { instance, browser, page, origins } = held as Required<typeof held>;
    const environment: LiveEnvironment = {
      reuse: reuse === undefined ? undefined : { key: reuse, origins },
      publicId,
      jobGroupId: group.id,
      jobPublicId: job.publicId,
      owner,
      simulator,
      extraSimulators,
      version,
      extraVersions,
      keepalive: request.keepalive,
      alias: request.alias ?? null,
      status: 'running',
      error: null,
      instance,
      browser,
      page,
      liveView: undefined,
      viewport: { width: request.interface_width, height: request.interface_height },
      cdpClients: new Set(),
      session: { id: session.id, publicId: session.publicId, testCase: existing?.testCase ?? null },
      writer: this.writerFor(session, instance),
      recording: Promise.resolve(undefined),
      recordNetwork: request.record_network_requests ?? false,
      heartbeatAt: Date.now(),
      createdAt: group.createdAt,
      slot,
      stopWatchingMemory: this.parts.memory.watch(
        browser,
        (reason) => void ending.end(environment, 'failed', reason),
      ),
    };
    logs.session = () => environment.session.id;
    for (const entry of logs.early.splice(0)) log(entry);
    environment.recording = this.#attachRecorder(environment, request.env_config?.fast_mode === true);
    registry.add(environment);
    void browser.exited.then(() => {
      if (registry.holds(environment))
        void ending.end(environment, 'failed', 'The browser of the environment exited unexpectedly');
    });
    await Promise.all([
      setEnvironmentStatus(db, group.id, 'running'),
      // A queued run's set-up ends once its start page is loaded: its executor says so then, once.
      existing ? undefined : setSessionStatus(db, session.id, 'run_setup_completed'),
    ]);
    return { id: publicId, session_id: session.publicId, status: 'running' };
  }

  /** The recording writer of a session the environment runs on this instance. */
  writerFor(
    session: { id: number; publicId: string },
    instance: EnvironmentInstance,
  ): SessionRecordingWriter {
    return new SessionRecordingWriter(
      this.parts.db,
      this.parts.blobs,
      { id: session.id, publicId: session.publicId },
      (skip) => instance.mutations(skip),
      this.parts.log(),
      (url) => this.parts.host.stylesheetText(url),
    );
  }

  /**
   * Attaches the recorder to the environment's browser. Its output goes to whichever session is current, so
   * a reset needs no new recorder. A recorder that cannot attach leaves the environment usable, unrecorded,
   * and says so in the session's log.
   */
  async #attachRecorder(
    environment: LiveEnvironment,
    fastMode: boolean,
  ): Promise<SessionRecorder | undefined> {
    try {
      // In this process, over a channel of the browser's pipe: no WebSocket between the recorder and Chromium.
      return await SessionRecorder.overConnection(await environment.browser.connect(), {
        recordNetwork: environment.recordNetwork,
        fastMode,
        mutationCount: (actedAt) =>
          actedAt === undefined
            ? environment.instance.mutationCount()
            : environment.instance.mutationCountBefore(actedAt),
        sink: {
          step: (step) => environment.writer.step(step),
          rrweb: (events, source) => environment.writer.rrweb(events, source),
          request: (request) => environment.writer.request(request),
        },
        onError: (error) =>
          this.parts.log()?.warn({ err: error, environment: environment.publicId }, 'recorder error'),
      });
    } catch (error) {
      this.parts
        .log()
        ?.error({ err: error, environment: environment.publicId }, 'the recorder could not attach');
      await logToSession(this.parts.db, environment.session.id, {
        type: 'recording_failed',
        message: `This session is not recorded: ${(error as Error).message}`,
      }).catch(() => undefined);
      return undefined;
    }
  }
}

/** The other simulators' versions by name, as a session keeps them (those not known left out). */
function versionsByName(extras: readonly ExtraSimulator[]): Record<string, string> {
  return Object.fromEntries(
    extras.flatMap((extra) => (extra.version === null ? [] : [[extra.simulator.name, extra.version]])),
  );
}
