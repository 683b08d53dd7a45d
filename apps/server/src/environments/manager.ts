import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import {
  AGENT_MESSAGES,
  ENVIRONMENT,
  type EnvironmentStatus,
  type EvaluateEnvironmentResponse,
  isReservedAgentAlias,
  LAYOUT,
  type MakeEnvironmentOptions,
  type MakeEnvironmentResponse,
  type Plan,
  type ResetEnvironmentOptions,
  type ResetEnvironmentResponse,
} from '@proctor/contracts';
import { type Database, newPublicId, sessions, type simulators, testCases } from '@proctor/db';
import {
  type BrowserPool,
  type BrowserPoolStats,
  type LaunchedBrowser,
  LiveView,
  type PageControl,
  type ProxiedClient,
  proxyCdpClient,
  SessionRecorder,
} from '@proctor/environments';
import type { JsonValue, ScoringServices } from '@proctor/scoring';
import {
  filterMutations,
  type Mutation,
  type SimulatorDefinition,
  SimulatorHost,
  type SimulatorInstance,
} from '@proctor/simulators';
import { launchChromium, runTestCase, type SolutionVariant } from '@proctor/simulators/reference';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import type { RunDriver } from '../agents/types';
import type { Viewer } from '../kernel/access/viewer';
import { badRequest, HttpError, notFound } from '../kernel/http/errors';
import type { BlobStore } from '../kernel/storage/blobs';
import { testCaseVisible } from '../repositories/visibility';
import { simulatorFilters } from '../scoring/filters';
import { judge, storedScoringInput } from '../scoring/pipeline';
import { EnvironmentAdmission, type Slot } from './admission';
import { sweepAbandonedBrowsers } from './browserFolders';
import { presentEvaluation } from './evaluation';
import { overdue } from './lifetime';
import { MemoryBudget } from './memoryBudget';
import { SessionRecordingWriter } from './recordingWriter';
import {
  attachSession,
  type EnvironmentOwner,
  failOrphanedEnvironments,
  insertEnvironment,
  logToSession,
  recordHeartbeat,
  setEnvironmentStatus,
  setSessionStatus,
  startQueuedSession,
  startSession,
} from './records';

type SimulatorRow = typeof simulators.$inferSelect;
type TestCaseRow = typeof testCases.$inferSelect;

/** One running environment of this process: the rows it writes, and what it holds. */
interface LiveEnvironment {
  publicId: string;
  jobGroupId: number;
  jobPublicId: string;
  owner: EnvironmentOwner;
  simulator: SimulatorRow;
  keepalive: boolean;
  alias: string | null;
  status: EnvironmentStatus;
  error: string | null;
  instance: SimulatorInstance;
  browser: LaunchedBrowser;
  page: PageControl;
  /** The one screencast of the environment, started by its first viewer (a promise: two may arrive at once). */
  liveView: Promise<LiveView> | undefined;
  viewport: { width: number; height: number };
  cdpClients: Set<ProxiedClient>;
  session: { id: number; publicId: string; testCase: TestCaseRow | null };
  /** Writes the current session's recording; a reset gives the new session a writer of its own. */
  writer: SessionRecordingWriter;
  /**
   * The recorder, once attached. Nobody drives the page before it is: CDP clients and live-view viewers
   * wait for it, so the first action of a run is always recorded.
   */
  recording: Promise<SessionRecorder | undefined>;
  /** Whether the environment records network requests (make2's record_network_requests). */
  recordNetwork: boolean;
  heartbeatAt: number;
  createdAt: Date;
  /** The slot it holds (admission.ts) and the watch on its memory, both given up when it ends. */
  slot: Slot;
  stopWatchingMemory: () => void;
}

export interface EnvironmentManagerOptions {
  db: Database;
  /** Where recordings' screenshots go. */
  blobs: BlobStore;
  /** The simulators this process can run: the built-in apps, by name. */
  definitions: readonly SimulatorDefinition[];
  pool: BrowserPool;
  chromiumPath: string;
  simulatorPort: number;
  maxEnvironments: number;
  /** Environments of one organization at once, unless its plan says otherwise. */
  maxEnvironmentsPerOrganization: number;
  keepaliveMaxMinutes: number;
  /** What an environment's browser may use, every tab and process counted. */
  memoryLimitMb: number;
  /** Names this process in job groups, so that a restart can fail what it left open. */
  workerId?: string;
  /** Where other Proctor processes reach this process's environments (a worker's WORKER_URL). */
  workerUrl?: string;
  /** What the score types that reach outside use (API scorers, the criteria judge). */
  scoringServices?: ScoringServices;
  /**
   * Hands an ended session with a test case to its scoring (the score-session job), once its recording is
   * written. Without it (tests of the manager alone), ended sessions stay run_completed.
   */
  scoreEnded?: (sessionId: number) => Promise<unknown>;
}

const ENVIRONMENT_NOT_FOUND = 'Environment not found';
/** The window the pool's browsers are launched with (the keepalive interface size of the spec). */
export const POOL_WINDOW = LAYOUT.keepaliveInterface;

/**
 * The environments of this process (embedded default: the server itself; later, a worker). Each is one
 * simulator instance on the shared SimulatorHost plus one Chromium from the pool, never a context in a
 * browser another environment uses (over CDP a client of a shared browser can reach every other tenant's
 * pages and the host's files). The database keeps what survives a crash; this map keeps what is running.
 */
export class EnvironmentManager {
  readonly #live = new Map<string, LiveEnvironment>();
  get #scoringServices(): ScoringServices {
    return this.options.scoringServices ?? {};
  }
  readonly #host: SimulatorHost;
  /** The reference scripts run for evaluator checks, one after another. */
  #scripts: Promise<unknown> = Promise.resolve();
  readonly #definitions: Map<string, SimulatorDefinition>;
  readonly #workerId: string;
  /** The simulator pooled browsers are warmed on: the one an environment was last made for. */
  #warmSimulator: SimulatorDefinition | undefined;
  /** The environment id each warmed browser's visit was made under (see #warmUp), for the environment it serves. */
  readonly #warmedIds = new WeakMap<LaunchedBrowser, { simulator: string; id: string }>();
  /** Environment slots, fair between organizations (runs wait; an SDK's make is refused at once). */
  readonly #admission: EnvironmentAdmission;
  readonly #memory: MemoryBudget;
  /** Ended sessions whose recording is being written before they go to scoring; closing waits for them. */
  readonly #handingOver = new Set<Promise<unknown>>();
  #log: FastifyBaseLogger | undefined;
  #unavailableReason: string | undefined;
  readonly #ending = new Set<Promise<void>>();
  #sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: EnvironmentManagerOptions) {
    this.#host = new SimulatorHost({ port: options.simulatorPort });
    this.#definitions = new Map(options.definitions.map((definition) => [definition.name, definition]));
    this.#workerId = options.workerId ?? hostname();
    this.#admission = new EnvironmentAdmission({
      maxEnvironments: options.maxEnvironments,
      perOrganization: options.maxEnvironmentsPerOrganization,
    });
    this.#memory = new MemoryBudget(options.memoryLimitMb);
  }

  /** Fails what a previous run of this worker left open, then serves simulators and warms the pool. */
  async start(log: FastifyBaseLogger): Promise<void> {
    this.#log = log;
    const orphans = await failOrphanedEnvironments(
      this.options.db,
      this.#workerId,
      'Proctor stopped while the environment was running',
    );
    if (orphans > 0) log.warn({ orphans }, 'failed environments left open by a previous run');
    await this.#host.listen();
    if (!existsSync(this.options.chromiumPath)) {
      this.#unavailableReason = `Chromium was not found at ${this.options.chromiumPath} (install it, or set CHROMIUM_PATH)`;
      log.warn(this.#unavailableReason);
    } else {
      const abandoned = await sweepAbandonedBrowsers();
      if (abandoned.killed > 0) log.warn(abandoned, 'killed browsers left behind by a Proctor that is gone');
      await this.options.pool.start({ warmUp: (browser) => this.#warmUp(browser) });
    }
    this.#sweeper = setInterval(() => void this.closeIdle(Date.now()), 15_000);
    this.#sweeper.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await Promise.all(
      [...this.#live.values()].map((environment) =>
        this.#end(environment, 'failed', 'Proctor was shut down while the environment was running'),
      ),
    );
    // Environments that were ending already (a run's end, an idle close) finish writing first.
    await Promise.allSettled(this.#ending);
    await Promise.all(this.#handingOver);
    await this.options.pool.close();
    await this.#host.close();
  }

  get runningCount(): number {
    return this.#live.size;
  }

  /** False when this machine cannot launch browsers (no Chromium); make2 then answers 503 with the reason. */
  get available(): boolean {
    return this.#unavailableReason === undefined;
  }

  get unavailableReason(): string | undefined {
    return this.#unavailableReason;
  }

  /** The browser answers and the instance is alive. */
  async workerReady(environment: LiveEnvironment): Promise<{ ready: boolean; error?: string }> {
    if (environment.instance.destroyed) return { ready: false, error: 'The simulator instance is gone' };
    try {
      await environment.page.ping();
      return { ready: true };
    } catch (error) {
      return { ready: false, error: `The browser does not answer: ${(error as Error).message}` };
    }
  }

  /** The simulators this process can run. */
  get simulatorNames(): string[] {
    return [...this.#definitions.keys()];
  }

  canRun(simulatorName: string): boolean {
    return this.#definitions.has(simulatorName);
  }

  /**
   * Runs a built-in test case's reference script, or its wrong variant, on a fresh instance of this host in a
   * Chromium of its own (not one of the pool's: no environment slot, no session, nothing recorded), and answers
   * what it changed and answered; for the evaluator health check. Null when there is no such script here.
   * One at a time: a check is a whole browser's worth of work.
   */
  runBuiltInScript(
    builtInKey: string,
    variant: SolutionVariant,
  ): Promise<{ mutations: Mutation[]; output: JsonValue | undefined } | null> {
    const [simulatorName, key] = builtInKey.split('/') as [string, string];
    const simulator = this.#definitions.get(simulatorName);
    const testCase = simulator?.testCases.find((candidate) => candidate.key === key);
    if (!simulator || !testCase) return Promise.resolve(null);
    const run = this.#scripts.then(async () => {
      const browser = await launchChromium(this.options.chromiumPath);
      try {
        const result = await runTestCase({ browser, host: this.#host, simulator, testCase, variant });
        return { mutations: result.mutations, output: result.output };
      } finally {
        await browser.close();
      }
    });
    this.#scripts = run.catch(() => undefined);
    return run;
  }

  /** `plan`: the organization's, which may set its limit of environments. */
  async make(
    owner: EnvironmentOwner,
    simulator: SimulatorRow,
    request: MakeEnvironmentOptions,
    plan: Plan,
  ): Promise<MakeEnvironmentResponse> {
    const definition = this.#definitions.get(simulator.name);
    if (!definition)
      throw new HttpError(
        409,
        `Simulator "${simulator.name}" cannot be started here: only the built-in app simulators run in this version`,
      );
    const slot = this.#admission.take(owner.organizationId, plan);
    return this.#launch(slot, owner, simulator, definition, request);
  }

  /**
   * Runs a queued run in an environment of its own once a slot is free, the agent (`drive`) driving it, and
   * ends it as a close does (docs/architecture.md, "Running a queued run": what fails the agent, what fails the run).
   */
  async runQueued(run: QueuedRun, drive: RunDriver, limits: { job: AbortSignal; agentTimeLimitMs: number }) {
    const definition = this.#definitions.get(run.simulator.name);
    if (!definition)
      throw new RunRefusedError(
        `Simulator "${run.simulator.name}" cannot be run here: only the built-in app simulators run in this version`,
      );
    if (!this.available) throw new RunSetupError(this.#unavailableReason!);
    const slot = await this.#admission.wait(run.owner.organizationId, run.plan, limits.job);
    const launched = await this.#launch(
      slot,
      run.owner,
      run.simulator,
      definition,
      {
        keepalive: false,
        open_page_on_start: false,
        interface_width: LAYOUT.keepaliveInterface.width,
        interface_height: LAYOUT.keepaliveInterface.height,
        source: 'run',
      } as MakeEnvironmentOptions,
      { id: run.sessionId, publicId: run.sessionPublicId, testCase: run.testCase },
    );
    const environment = this.#live.get(launched.id)!;
    const { db } = this.options;
    const ended = () => this.#live.get(environment.publicId) !== environment;
    const stopOnJobAbort = () =>
      void this.#end(
        environment,
        'failed',
        `The run was stopped: ${String(limits.job.reason?.message ?? limits.job.reason)}`,
      );
    limits.job.addEventListener('abort', stopOnJobAbort, { once: true });
    try {
      const startUrl = this.#startUrl(environment, run.testCase.startUrl || '/');
      await environment.recording;
      await environment.page.navigate(startUrl);
      await setSessionStatus(db, run.sessionId, 'run_setup_completed');
      let output: JsonValue | undefined;
      // The agent's time counts from here: waiting for a slot and setting up are not its doing.
      const agentSignal = AbortSignal.any([limits.job, AbortSignal.timeout(limits.agentTimeLimitMs)]);
      try {
        output = await drive({
          wsEndpoint: environment.browser.wsEndpoint,
          instance: environment.instance,
          definition,
          testCase: run.testCase,
          sessionPublicId: run.sessionPublicId,
          signal: agentSignal,
        });
      } catch (error) {
        if (ended()) return;
        const timedOut = agentSignal.aborted && !limits.job.aborted;
        await logToSession(db, run.sessionId, {
          type: timedOut ? 'agent_timed_out' : 'agent_failed',
          message: timedOut
            ? `The agent did not finish in time: ${String((agentSignal.reason as Error)?.message ?? '')}`
            : `The agent failed: ${(error as Error).message}`,
        });
      }
      if (ended()) return;
      // Writes the last click started are in before the instance is read.
      await environment.instance.exclusive(() => undefined);
      if (output !== undefined)
        await db
          .update(sessions)
          .set({ output: output as never })
          .where(eq(sessions.id, run.sessionId));
      await this.#end(environment, 'closed', 'The run ended');
    } catch (error) {
      await this.#end(environment, 'failed', `The run failed: ${(error as Error).message}`);
    } finally {
      limits.job.removeEventListener('abort', stopOnJobAbort);
    }
  }

  /**
   * The rows and the runtime are made side by side (the id is chosen first, so the instance need not wait
   * for the database): the browser's first page load, not the writes, is what make→ready waits for. The slot
   * goes with the environment, or back when none starts.
   */
  async #launch(
    slot: Slot,
    owner: EnvironmentOwner,
    simulator: SimulatorRow,
    definition: SimulatorDefinition,
    request: MakeEnvironmentOptions,
    /** A queued run's session, which this environment runs (make starts a session of its own otherwise). */
    existing?: { id: number; publicId: string; testCase: TestCaseRow },
  ): Promise<MakeEnvironmentResponse> {
    const { db } = this.options;
    this.#warmSimulator = definition;
    // A random UUID: the instance's origin (<id>.<simulator>.localhost) cannot be guessed by another tenant. The
    // browser this environment is about to take was warmed up on that origin when it can be (see #warmUp).
    // Nothing yields between here and acquire() below, so the browser looked at is the one acquired.
    const warm = this.options.pool.nextIdle();
    const warmedId = warm && this.#warmedIds.get(warm);
    const publicId = warmedId?.simulator === definition.name ? warmedId.id : newPublicId();
    const rows = (async () => {
      const { group, job } = await insertEnvironment(db, {
        ...owner,
        publicId,
        simulatorId: simulator.id,
        simulatorName: simulator.name,
        keepalive: request.keepalive,
        alias: request.alias ?? null,
        workerId: this.#workerId,
        workerUrl: this.options.workerUrl ?? null,
        config: {
          source: request.source ?? null,
          interface_type: request.interface_type ?? 'browser',
          interface_width: request.interface_width,
          interface_height: request.interface_height,
          env_config: request.env_config ?? {},
        },
      });
      const session = existing
        ? await startQueuedSession(db, existing.id, publicId)
        : await startSession(db, {
            ...owner,
            simulatorId: simulator.id,
            simulatorName: simulator.name,
            jobGroupPublicId: publicId,
            testCaseId: null,
            source: request.source ?? null,
            agentVersion: null,
          });
      await attachSession(db, group.id, session.id);
      return { group, job, session };
    })();

    const held: { instance?: SimulatorInstance; browser?: LaunchedBrowser; page?: PageControl } = {};
    const runtime = (async () => {
      held.instance = this.#host.createInstance(definition, { id: publicId });
      // The pool's browsers wait with Proctor's control attached and the page sized: a first navigation is left.
      held.browser = await this.options.pool.acquire({
        width: request.interface_width,
        height: request.interface_height,
      });
      held.page = held.browser.page;
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
      this.#log?.error({ err: started.reason, environment: publicId }, 'environment failed to start');
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
    const { instance, browser, page } = held as Required<typeof held>;
    const environment: LiveEnvironment = {
      publicId,
      jobGroupId: group.id,
      jobPublicId: job.publicId,
      owner,
      simulator,
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
      writer: this.#writerFor(session, instance),
      recording: Promise.resolve(undefined),
      recordNetwork: request.record_network_requests ?? false,
      heartbeatAt: Date.now(),
      createdAt: group.createdAt,
      slot,
      stopWatchingMemory: this.#memory.watch(
        browser,
        (reason) => void this.#end(environment, 'failed', reason),
      ),
    };
    environment.recording = this.#attachRecorder(environment);
    this.#live.set(publicId, environment);
    void browser.exited.then(() => {
      if (this.#live.get(publicId) === environment)
        void this.#end(environment, 'failed', 'The browser of the environment exited unexpectedly');
    });
    await Promise.all([
      setEnvironmentStatus(db, group.id, 'running'),
      setSessionStatus(db, session.id, 'run_setup_completed'),
    ]);
    return { id: publicId, session_id: session.publicId, status: 'running' };
  }

  /** The running environment of this organization with this id; 404 for anyone else's or an unknown one. */
  running(publicId: string, organizationId: number): LiveEnvironment {
    const environment = this.#live.get(publicId);
    if (!environment || environment.owner.organizationId !== organizationId)
      throw notFound(ENVIRONMENT_NOT_FOUND);
    return environment;
  }

  /** Same, for a capability token that already names the environment (CDP, live view). */
  byId(publicId: string): LiveEnvironment | undefined {
    return this.#live.get(publicId);
  }

  isRunning(publicId: string): boolean {
    return this.#live.has(publicId);
  }

  heartbeat(environment: LiveEnvironment): Promise<void> {
    environment.heartbeatAt = Date.now();
    return recordHeartbeat(this.options.db, environment.jobGroupId, new Date(environment.heartbeatAt));
  }

  /**
   * Mutations since the last reset, through the simulator's stored filters. Read between two requests of the
   * instance: a write the agent's last click started is in, never half of it.
   */
  async mutations(environment: LiveEnvironment): Promise<Mutation[]> {
    const all = await environment.instance.exclusive(() => environment.instance.mutations());
    return filterMutations(all, simulatorFilters(environment.simulator.config));
  }

  /**
   * Back to the seed (or the reset point), a new session, and the browser on the test case's start URL.
   * The previous session ends as completed: what it did is kept, the next run starts clean.
   */
  async reset(
    environment: LiveEnvironment,
    viewer: Viewer,
    request: ResetEnvironmentOptions,
  ): Promise<ResetEnvironmentResponse> {
    const { db } = this.options;
    // Checked before the ending session is touched: a refused reset leaves the run as it was.
    if (request.agent_version && isReservedAgentAlias(request.agent_version))
      throw badRequest(AGENT_MESSAGES.reservedAlias(request.agent_version));
    const testCase = request.test_case_public_id
      ? await this.#testCaseFor(environment, viewer, request.test_case_public_id)
      : null;
    const startUrl = this.#startUrl(environment, request.start_url ?? testCase?.startUrl ?? '/');
    const prompt = request.prompt ?? testCase?.prompt ?? '';
    // The ending session's last steps go to its writer; what the instance did is kept before it forgets it.
    const recorder = await environment.recording;
    await recorder?.flush();
    const ending = environment.writer;
    ending.detach(environment.instance.mutations());
    const ended = environment.session;
    environment.instance.reset();
    // Its writes finish in the background, and its scoring waits for them (it reads the stored steps): the
    // next run does not wait for the last run's screenshots and rows.
    this.#score(ended, ending.finish());
    const [, session] = await Promise.all([
      setSessionStatus(db, environment.session.id, 'run_completed'),
      startSession(db, {
        ...environment.owner,
        simulatorId: environment.simulator.id,
        simulatorName: environment.simulator.name,
        jobGroupPublicId: environment.publicId,
        testCaseId: testCase?.id ?? null,
        source: request.source ?? null,
        agentVersion: request.agent_version ?? null,
        prompt: prompt || null,
      }),
    ]);
    await attachSession(db, environment.jobGroupId, session.id);
    environment.session = { id: session.id, publicId: session.publicId, testCase };
    environment.writer = this.#writerFor(session, environment.instance);
    await recorder?.startNewSession({ navigating: true });
    await environment.page.navigate(startUrl);
    await setSessionStatus(db, session.id, 'run_setup_completed');
    return {
      session_id: session.publicId,
      start_url: startUrl,
      prompt,
      test_case_public_id: testCase?.publicId ?? null,
    };
  }

  /**
   * The run so far judged by the scoring engine, as the end of the run will judge it (the session's latest
   * answer: this one when given), on the instance's live mutations. A check an agent may make mid-run: no score
   * record is written and the session's status does not change.
   */
  async evaluate(environment: LiveEnvironment, output: unknown): Promise<EvaluateEnvironmentResponse> {
    const { db } = this.options;
    // The answer is part of the session (its page shows it), whatever the verdict.
    if (output !== undefined)
      await db
        .update(sessions)
        .set({ output: output as never })
        .where(eq(sessions.id, environment.session.id));
    const { testCase } = environment.session;
    if (!testCase) return presentEvaluation(null, []);
    const mutations = await environment.instance.exclusive(() => environment.instance.mutations());
    const input = await storedScoringInput(db, {
      sessionId: environment.session.id,
      testCase,
      simulatorConfig: simulatorFilters(environment.simulator.config),
      mutations,
      services: this.#scoringServices,
    });
    return presentEvaluation(testCase, await judge(input, testCase, this.#scoringServices));
  }

  backup(environment: LiveEnvironment) {
    const backup = environment.instance.backup();
    return { backup_id: backup.id, taken_at: backup.takenAt, mutation_count: backup.mutationCount };
  }

  async closeEnvironment(environment: LiveEnvironment): Promise<void> {
    await this.#end(environment, 'closed', 'Closed');
  }

  /** Closes every environment whose heartbeat stopped, and every keepalive one past its lifetime. */
  async closeIdle(now: number): Promise<void> {
    for (const environment of this.#live.values()) {
      const reason = overdue(environment, now, this.options.keepaliveMaxMinutes);
      if (reason) await this.#end(environment, 'failed', reason);
    }
  }

  /** Proxies one agent's CDP connection to this environment's browser, through the environment's filters. */
  connectCdpClient(environment: LiveEnvironment, client: WebSocket): void {
    const proxied = proxyCdpClient(client, environment.browser.wsEndpoint, {
      uploadDir: environment.browser.uploadsDir,
      downloadDir: environment.browser.downloadsDir,
      tabs: { max: ENVIRONMENT.maxTabs, open: () => environment.browser.openTabs() },
      onClose: () => environment.cdpClients.delete(proxied),
    });
    environment.cdpClients.add(proxied);
  }

  /** Adds a viewer to the environment's one screencast (started with the first viewer). */
  async addViewer(environment: LiveEnvironment, socket: WebSocket): Promise<void> {
    await environment.recording;
    const start = () =>
      LiveView.connect(environment.browser.wsEndpoint, { viewport: environment.viewport }).catch(
        (error: unknown) => {
          environment.liveView = undefined;
          throw error;
        },
      );
    environment.liveView ??= start();
    let liveView = await environment.liveView;
    // One that ended on its own (its DevTools connection dropped) is started again for the new viewer.
    if (liveView.closed) {
      environment.liveView = start();
      liveView = await environment.liveView;
    }
    liveView.addViewer(socket);
  }

  /** The mutations of a session running here now (fresher than what its recording wrote so far). */
  liveMutationsOf(sessionId: number): Mutation[] | undefined {
    for (const environment of this.#live.values()) {
      if (environment.session.id !== sessionId) continue;
      return environment.instance.destroyed ? undefined : environment.instance.mutations();
    }
    return undefined;
  }

  #writerFor(session: { id: number; publicId: string }, instance: SimulatorInstance): SessionRecordingWriter {
    return new SessionRecordingWriter(
      this.options.db,
      this.options.blobs,
      { id: session.id, publicId: session.publicId },
      (skip) => instance.mutations(skip),
      this.#log,
      (url) => this.#host.stylesheetText(url),
    );
  }

  /**
   * Readies a browser for the pool: one visit to a throwaway instance of the simulator last asked for, on the
   * origin of the environment it will serve, then a blank, cleared page (docs/architecture.md, "The warm pool").
   */
  async #warmUp(browser: LaunchedBrowser): Promise<boolean> {
    const definition = this.#warmSimulator;
    if (!definition) return false;
    const id = newPublicId();
    const instance = this.#host.createInstance(definition, { id });
    try {
      await browser.page.navigate(instance.url('/'));
    } finally {
      instance.destroy();
    }
    await browser.page.navigate('about:blank');
    await browser.page.resetHistory();
    await browser.page.forgetOrigin(instance.origin);
    this.#warmedIds.set(browser, { simulator: definition.name, id });
    return true;
  }

  /** The browser pool's counters (warm and cold acquisitions, warm-ups, failures). */
  poolStats(): BrowserPoolStats {
    return this.options.pool.stats();
  }

  /**
   * Attaches the recorder to the environment's browser. Its output goes to whichever session is current, so
   * a reset needs no new recorder. A recorder that cannot attach leaves the environment usable, unrecorded,
   * and says so in the session's log.
   */
  async #attachRecorder(environment: LiveEnvironment): Promise<SessionRecorder | undefined> {
    try {
      // In this process, over a channel of the browser's pipe: no WebSocket between the recorder and Chromium.
      return await SessionRecorder.overConnection(await environment.browser.connect(), {
        recordNetwork: environment.recordNetwork,
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
          this.#log?.warn({ err: error, environment: environment.publicId }, 'recorder error'),
      });
    } catch (error) {
      this.#log?.error({ err: error, environment: environment.publicId }, 'the recorder could not attach');
      await logToSession(this.options.db, environment.session.id, {
        type: 'recording_failed',
        message: `This session is not recorded: ${(error as Error).message}`,
      }).catch(() => undefined);
      return undefined;
    }
  }

  /** The organization's running keepalive environments, newest first. */
  keepalive(organizationId: number): LiveEnvironment[] {
    return [...this.#live.values()]
      .filter((environment) => environment.keepalive && environment.owner.organizationId === organizationId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  async #testCaseFor(environment: LiveEnvironment, viewer: Viewer, publicId: string): Promise<TestCaseRow> {
    const [testCase] = await this.options.db
      .select()
      .from(testCases)
      .where(and(eq(testCases.publicId, publicId), eq(testCases.archived, false), testCaseVisible(viewer)));
    if (!testCase) throw notFound('Test case not found');
    if (testCase.simulatorId !== environment.simulator.id)
      throw badRequest(
        `Test case "${testCase.name}" is not a task of simulator "${environment.simulator.name}"`,
      );
    return testCase;
  }

  /** A path, or an absolute URL on the environment's own origin: the reset never sends the browser elsewhere. */
  #startUrl(environment: LiveEnvironment, target: string): string {
    const origin = environment.instance.origin;
    let url: URL;
    try {
      url = new URL(target, origin);
    } catch {
      throw badRequest('start_url must be a path such as /orders or a URL on the environment');
    }
    if (url.origin !== origin)
      throw badRequest(`start_url must be on the environment's own origin (${origin})`);
    return url.href;
  }

  async #end(environment: LiveEnvironment, status: 'closed' | 'failed', reason: string): Promise<void> {
    if (this.#live.get(environment.publicId) !== environment) return;
    this.#live.delete(environment.publicId);
    environment.stopWatchingMemory();
    environment.slot.release();
    // Kept until it has written its records: close() waits for it before the database goes.
    const ending = this.#ended(environment, status, reason);
    this.#ending.add(ending);
    try {
      await ending;
    } finally {
      this.#ending.delete(ending);
    }
  }

  async #ended(environment: LiveEnvironment, status: 'closed' | 'failed', reason: string): Promise<void> {
    environment.status = status;
    environment.error = status === 'failed' ? reason : null;
    for (const client of environment.cdpClients) client.close(1001, 'The environment was closed');
    environment.cdpClients.clear();
    void environment.liveView?.then((liveView) => liveView.close()).catch(() => undefined);
    await environment.recording.then((recorder) => recorder?.close());
    await environment.writer.finish();
    environment.page.close();
    environment.instance.destroy();
    await environment.browser.close().catch(() => undefined);
    const { db } = this.options;
    await setEnvironmentStatus(db, environment.jobGroupId, status, status === 'failed' ? reason : undefined);
    await setSessionStatus(
      db,
      environment.session.id,
      status === 'closed' ? 'run_completed' : 'run_failed',
      status === 'failed' ? { failureReason: reason } : {},
    );
    await logToSession(db, environment.session.id, {
      type: status === 'closed' ? 'environment_closed' : 'environment_failed',
      message: reason,
    });
    if (status === 'closed') this.#score(environment.session);
  }

  /**
   * Hands an ended session to its scoring job once its recording is written (`written`): its caller, a close
   * or a reset, does not wait. A hand-over that fails leaves the session run_completed, scored at the next start.
   */
  #score(session: LiveEnvironment['session'], written: Promise<void> = Promise.resolve()): void {
    const { scoreEnded } = this.options;
    if (!session.testCase || !scoreEnded) return;
    const handing = written
      .then(() => scoreEnded(session.id))
      .catch((error: unknown) =>
        this.#log?.error({ err: error, session: session.publicId }, 'handing a session to scoring failed'),
      )
      .finally(() => this.#handingOver.delete(handing));
    this.#handingOver.add(handing);
  }
}

export type { LiveEnvironment };

/** A queued run, as services/runs.ts reads it from its session. */
export interface QueuedRun {
  sessionId: number;
  sessionPublicId: string;
  owner: EnvironmentOwner;
  simulator: SimulatorRow;
  testCase: TestCaseRow;
  /** The organization's plan, which may set its limit of environments. */
  plan: Plan;
}

/** The environment of a queued run could not be set up: the agent never started, so the run may be tried again. */
export class RunSetupError extends Error {
  override name = 'RunSetupError';
}

/** A run that cannot be run here at all (trying again will not help). */
export class RunRefusedError extends Error {
  override name = 'RunRefusedError';
}
