import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import {
  BROWSER_SESSION,
  BROWSER_SESSION_MESSAGES,
  type EvaluateEnvironmentResponse,
  EXTRA_SIMULATOR_MESSAGES,
  LAYOUT,
  type MakeEnvironmentOptions,
  type MakeEnvironmentResponse,
  type Plan,
  type ResetEnvironmentOptions,
  type ResetEnvironmentResponse,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { type BrowserPool, type BrowserPoolStats, routeOf } from '@proctor/environments';
import type { JsonValue, ScoringServices } from '@proctor/scoring';
import { type Mutation, type SimulatorDefinition, SimulatorHost } from '@proctor/simulators';
import type { SolutionVariant } from '@proctor/simulators/reference';
import type { VersionHost } from '@proctor/simulators/versionHost';
import type { FastifyBaseLogger } from 'fastify';
import type WebSocket from 'ws';
import type { RunDriver } from '../agents/types';
import type { Viewer } from '../kernel/access/viewer';
import { badRequest, HttpError } from '../kernel/http/errors';
import { checkOutboundUrl, OutboundError, type OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import type { BlobStore } from '../kernel/storage/blobs';
import { recordHeartbeat } from '../repositories/environments';
import { findUser } from '../repositories/users';
import { EnvironmentAdmission, type Slot } from './admission';
import { sweepAbandonedBrowsers } from './browserFolders';
import { EnvironmentEnding, ScoringHandOver } from './ending';
import { evaluateEnvironment, ReferenceScripts } from './evaluator';
import { EnvironmentLauncher, type EnvironmentStart } from './launcher';
import { overdue } from './lifetime';
import type { LiveEnvironment, SimulatorRow } from './live';
import * as live from './live';
import { MemoryBudget } from './memoryBudget';
import { MultiSimulatorInstance } from './multiInstance';
import { type OfflineReplay, offlineEnvironmentStart } from './offlineWeb';
import { openWebEnvironmentStart, openWebGuard } from './openWeb';
import { type ProxyEnvironmentParts, proxyEnvironmentStart } from './proxySimulator';
import type { QueuedRun } from './queuedRun';
import type { EnvironmentOwner } from './records';
import { failOrphanedEnvironments } from './records';
import { EnvironmentRegistry, type KeepaliveEnvironment } from './registry';
import { resetEnvironment } from './reset';
import { type RunLimits, runQueued } from './runExecutor';
import { runTestRunEnvironment, type TestRunEnvironmentOutcome } from './testRunEnvironment';
import { VersionHosts, type VersionHostsOptions, type VersionToHost } from './versionHosts';
import { chooseVersion } from './versions';
import { WarmPool } from './warmPool';

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
  /** How proxy simulators record and replay; without it (a worker without the server's secret) they do not run here. */
  proxy?: Omit<ProxyEnvironmentParts, 'db' | 'blobs'>;
  /** Where hub-built versions' outputs are kept and what each version's host may use; without it they do not run here. */
  hubVersions?: Omit<VersionHostsOptions, 'log'>;
  /**
   * Browser sessions' open web: BROWSER_SESSION_ALLOWED_ADDRESSES, and how names resolve (the system's resolver
   * unless a test maps names to a stand-in). Without it, only public addresses.
   */
  openWeb?: Pick<OutboundGuardOptions, 'allowedAddresses' | 'resolve'>;
}

/** The window the pool's browsers are launched with (the keepalive interface size of the spec). */
export const POOL_WINDOW = LAYOUT.keepaliveInterface;

/**
 * The environments of this process (embedded default: the server itself; or a worker), as the routes, the
 * sockets and the jobs see them. It composes the parts: admission (slots), the launcher and its warm pool, the
 * registry of live environments and their ending, the run executor, reset and evaluation.
 */
export class EnvironmentManager {
  readonly #host: SimulatorHost;
  readonly #definitions: Map<string, SimulatorDefinition>;
  readonly #workerId: string;
  /** Environment slots, fair between organizations (runs wait; an SDK's make is refused at once). */
  readonly #admission: EnvironmentAdmission;
  readonly #registry = new EnvironmentRegistry();
  readonly #warmPool: WarmPool;
  readonly #scoring: ScoringHandOver;
  readonly #ending: EnvironmentEnding;
  readonly #launcher: EnvironmentLauncher;
  readonly #scripts: ReferenceScripts;
  readonly #versionHosts: VersionHosts | undefined;
  #log: FastifyBaseLogger | undefined;
  #unavailableReason: string | undefined;
  #sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: EnvironmentManagerOptions) {
    this.#host = new SimulatorHost({ port: options.simulatorPort });
    this.#definitions = new Map(options.definitions.map((definition) => [definition.name, definition]));
    this.#workerId = options.workerId ?? hostname();
    this.#admission = new EnvironmentAdmission({
      maxEnvironments: options.maxEnvironments,
      perOrganization: options.maxEnvironmentsPerOrganization,
    });
    const log = () => this.#log;
    this.#warmPool = new WarmPool(this.#host, options.pool);
    this.#scoring = new ScoringHandOver(options.scoreEnded, log);
    this.#ending = new EnvironmentEnding(options.db, this.#registry, this.#scoring, options.pool);
    this.#launcher = new EnvironmentLauncher({
      db: options.db,
      blobs: options.blobs,
      host: this.#host,
      pool: options.pool,
      warmPool: this.#warmPool,
      memory: new MemoryBudget(options.memoryLimitMb),
      registry: this.#registry,
      ending: this.#ending,
      workerId: this.#workerId,
      workerUrl: options.workerUrl,
      log,
    });
    this.#scripts = new ReferenceScripts(options.chromiumPath, this.#host, this.#definitions);
    this.#versionHosts = options.hubVersions && new VersionHosts({ ...options.hubVersions, log });
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
      await this.options.pool.start({ warmUp: (browser) => this.#warmPool.warmUp(browser) });
    }
    this.#sweeper = setInterval(() => void this.closeIdle(Date.now()), 15_000);
    this.#sweeper.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await Promise.all(
      [...this.#registry.values()].map((environment) =>
        this.#ending.end(environment, 'failed', 'Proctor was shut down while the environment was running'),
      ),
    );
    // Environments that were ending already (a run's end, an idle close) finish writing first.
    await this.#ending.settled();
    await this.#scoring.settled();
    await this.options.pool.close();
    await this.#versionHosts?.close();
    await this.#host.close();
  }

  /** False when this machine cannot launch browsers (no Chromium); make2 then answers 503 with the reason. */
  get available(): boolean {
    return this.#unavailableReason === undefined;
  }

  get unavailableReason(): string | undefined {
    return this.#unavailableReason;
  }

  /** The simulators this process can run. */
  get simulatorNames(): string[] {
    return [...this.#definitions.keys()];
  }

  /** A built-in test case's reference script or its wrong variant, for the evaluator health check (evaluator.ts). */
  runBuiltInScript(
    builtInKey: string,
    variant: SolutionVariant,
  ): Promise<{ mutations: Mutation[]; output: JsonValue | undefined } | null> {
    return this.#scripts.run(builtInKey, variant);
  }

  /** The built-in test cases this process can run, by simulator, in the definitions' order (test runs). */
  get builtInTestCases(): { simulator: string; tests: { key: string; name: string }[] }[] {
    return [...this.#definitions.values()].map((definition) => ({
      simulator: definition.name,
      tests: definition.testCases.map((testCase) => ({ key: testCase.key, name: testCase.name })),
    }));
  }

  /** One environment of a test run: the oracle on these built-in test cases (testRunEnvironment.ts). */
  runTestRunEnvironment(
    simulatorName: string,
    testKeys: readonly string[],
    signal: AbortSignal,
  ): Promise<TestRunEnvironmentOutcome> {
    const definition = this.#definitions.get(simulatorName);
    if (!definition) throw new Error(`Simulator "${simulatorName}" does not run on this worker`);
    if (this.#unavailableReason) throw new Error(this.#unavailableReason);
    return runTestRunEnvironment(
      { host: this.#host, chromiumPath: this.options.chromiumPath },
      definition,
      testKeys,
      signal,
    );
  }

  /** `plan`: the organization's, which may set its limit of environments. */
  async make(
    owner: EnvironmentOwner,
    simulator: SimulatorRow,
    request: MakeEnvironmentOptions,
    plan: Plan,
    /** make2's extra_env_ids, found and allowed by the caller's plan (the route checks that as for env_id). */
    extraSimulators: readonly SimulatorRow[] = [],
  ): Promise<MakeEnvironmentResponse> {
    if (extraSimulators.length > 0) return this.#makeMulti(owner, simulator, request, plan, extraSimulators);
    if (simulator.simType === 'proxy') return this.#makeProxy(owner, simulator, request, plan);
    const chosen = await chooseVersion(
      { db: this.options.db, definitions: this.#definitions },
      owner,
      simulator,
      request.env_config?.version,
    );
    if (chosen.kind === 'hub') return this.#makeHub(owner, simulator, request, plan, chosen.version);
    const slot = this.#admission.take(owner.organizationId, plan);
    return this.#launcher.launch(slot, owner, simulator, chosen.definition, request, undefined, {
      version: chosen.hash,
    });
  }

  /**
   * An environment of several built-in simulators, one slot and one browser (make2's extra_env_ids). Proxy
   * simulators and hub-built versions run in environments of their own for now (their network rules and
   * sandboxed hosts are per environment), so they are refused here before anything starts.
   */
  async #makeMulti(
    owner: EnvironmentOwner,
    simulator: SimulatorRow,
    request: MakeEnvironmentOptions,
    plan: Plan,
    extraSimulators: readonly SimulatorRow[],
  ): Promise<MakeEnvironmentResponse> {
    if (request.keepalive) throw badRequest(EXTRA_SIMULATOR_MESSAGES.keepalive);
    const parts = { db: this.options.db, definitions: this.#definitions };
    const seen = new Set<number>();
    const chosen = [];
    for (const [i, row] of [simulator, ...extraSimulators].entries()) {
      if (seen.has(row.id)) throw badRequest(EXTRA_SIMULATOR_MESSAGES.repeated(row.name));
      seen.add(row.id);
      if (row.simType === 'proxy') throw badRequest(EXTRA_SIMULATOR_MESSAGES.proxy(row.name));
      const version = await chooseVersion(
        parts,
        owner,
        row,
        i === 0 ? request.env_config?.version : undefined,
      );
      if (version.kind === 'hub') throw badRequest(EXTRA_SIMULATOR_MESSAGES.hubVersion(row.name));
      chosen.push({ simulator: row, definition: version.definition, version: version.hash });
    }
    const [primary, ...extras] = chosen;
    const slot = this.#admission.take(owner.organizationId, plan);
    return this.#launcher.launch(slot, owner, simulator, primary!.definition, request, undefined, {
      version: primary!.version,
      extras,
    });
  }

  /** A hub-built version's environment: its instance in the version's sandboxed host (versionHosts.ts). */
  async #makeHub(
    owner: EnvironmentOwner,
    simulator: SimulatorRow,
    request: MakeEnvironmentOptions,
    plan: Plan,
    version: VersionToHost,
  ): Promise<MakeEnvironmentResponse> {
    const hosts = this.#versionHosts;
    if (!hosts) throw new HttpError(409, `Versions built from the hub do not run on this worker`);
    const slot = this.#admission.take(owner.organizationId, plan);
    let versionHost: VersionHost;
    try {
      versionHost = await hosts.acquire(version);
    } catch (error) {
      slot.release();
      throw new HttpError(503, (error as Error).message);
    }
    const start: EnvironmentStart = ({ publicId }) => {
      const instance = this.#host.attachInstance(
        simulator.name,
        (id, origin, onDestroy) =>
          versionHost.createInstance(id, origin, () => {
            onDestroy();
            hosts.released(version.id, versionHost);
          }),
        { id: publicId },
      );
      return { instance, rules: { origins: [instance.origin] } };
    };
    const launched = await this.#launcher.launchWith(slot, owner, simulator, request, start, version.hash);
    // The environment cannot outlive its simulator: a host that ends (a crash, its memory limit) fails it.
    void versionHost.ended.then((reason) => {
      const environment = this.#registry.byId(launched.id);
      if (environment) void this.#ending.end(environment, 'failed', `The simulator stopped: ${reason}`);
    });
    return launched;
  }

  async #makeProxy(
    owner: EnvironmentOwner,
    simulator: SimulatorRow,
    request: MakeEnvironmentOptions,
    plan: Plan,
  ): Promise<MakeEnvironmentResponse> {
    const { db, blobs, proxy } = this.options;
    if (!proxy) throw new HttpError(409, `Proxy simulators do not run on this worker ("${simulator.name}")`);
    const user = owner.userId === null ? undefined : await findUser(db, owner.userId);
    const slot = this.#admission.take(owner.organizationId, plan);
    let start: EnvironmentStart;
    try {
      start = await proxyEnvironmentStart(
        { db, blobs, ...proxy },
        { userId: owner.userId, isAdmin: user?.permissions.is_admin === true },
        simulator,
        request.env_config,
      );
    } catch (error) {
      slot.release();
      throw error;
    }
    return this.#launcher.launchWith(slot, owner, simulator, request, start);
  }

  /**
   * A browser session's environment (openWeb.ts): a browser of the pool at the browser sessions' viewport on the
   * open web, its session recording steps and network requests, closed after BROWSER_SESSION.idleTimeoutMs
   * without activity. Whatever keeps one from starting now (no Chromium, no slot for this process or the
   * organization, a browser that failed to start) answers 503 with the spec's message, the reason logged.
   */
  async openBrowserSession(
    owner: EnvironmentOwner,
    plan: Plan,
    source: string,
    /** An offline session's replay (offlineWeb.ts): its network cut, every request answered from it. */
    offline?: OfflineReplay,
  ): Promise<LiveEnvironment> {
    const noBrowsers = (reason: string) => {
      this.#log?.warn({ organization: owner.organizationId, reason }, 'no browser for a browser session');
      return new HttpError(503, BROWSER_SESSION_MESSAGES.noBrowsers);
    };
    if (this.#unavailableReason) throw noBrowsers(this.#unavailableReason);
    let slot: Slot;
    try {
      slot = this.#admission.take(owner.organizationId, plan);
    } catch (error) {
      if (error instanceof HttpError) throw noBrowsers(error.detail);
      throw error;
    }
    const start = offline
      ? offlineEnvironmentStart(offline)
      : openWebEnvironmentStart(
          {
            guard: this.options.openWeb ?? {},
            simulatorPort: this.#host.port,
            organizationOrigins: () => this.#simulatorOrigins(owner.organizationId),
          },
          undefined,
        );
    const { width, height } = BROWSER_SESSION.viewport;
    const launched = await this.#launcher.launchWith(
      slot,
      owner,
      null,
      {
        // Read by nothing here: a browser session has no simulator.
        env_id: 'open web',
        source,
        keepalive: false,
        open_page_on_start: false,
        record_network_requests: true,
        interface_width: width,
        interface_height: height,
      },
      start,
    );
    const environment = this.#registry.byId(launched.id);
    if (launched.status !== 'running' || !environment) throw noBrowsers(`the environment ${launched.status}`);
    environment.idleTimeoutMs = BROWSER_SESSION.idleTimeoutMs;
    // Nobody drives the page before its recorder is attached, so the first page of the session is recorded.
    await environment.recording;
    return environment;
  }

  /** A browser session could open here now: Chromium is there and a slot of this process is free. */
  hasFreeBrowser(): boolean {
    return !this.#unavailableReason && !this.#admission.full;
  }

  /**
   * Why a browser session of the organization may not be sent to `url`, or null: judged as its proxy and the
   * outbound guard will judge the request (the organization's instances reachable; names under localhost and
   * address literals that are not public refused; any other name resolved and its addresses checked), so that a
   * refused navigation answers why at once. The proxy checks each request again when the page makes it.
   */
  async openWebUrlProblem(url: string, organizationId: number): Promise<string | null> {
    const route = routeOf(url, { origins: [...this.#simulatorOrigins(organizationId)], outside: true });
    if (route.to === 'refused') return `Refused ${url}: ${route.reason}`;
    if (route.to === 'own') return null;
    try {
      await checkOutboundUrl(url, openWebGuard({ guard: this.options.openWeb ?? {} }));
      return null;
    } catch (error) {
      if (error instanceof OutboundError) return error.message;
      throw error;
    }
  }

  /** The origins of the organization's simulator instances running here now, which its browser sessions reach. */
  #simulatorOrigins(organizationId: number): Set<string> {
    const origins = new Set<string>();
    for (const environment of this.#registry.values()) {
      if (environment.owner.organizationId !== organizationId) continue;
      // A proxy simulator's origin is the real site's (answered inside its own environment's proxy), and a
      // browser session has no simulator: neither is served by the simulator host.
      if (!environment.simulator || environment.simulator.simType === 'proxy') continue;
      const { instance } = environment;
      for (const origin of instance instanceof MultiSimulatorInstance ? instance.origins : [instance.origin])
        origins.add(origin);
    }
    return origins;
  }

  /** A queued run, driven by its agent in an environment of its own (runExecutor.ts). */
  runQueued(run: QueuedRun, drive: RunDriver, limits: RunLimits): Promise<void> {
    return runQueued(
      {
        db: this.options.db,
        admission: this.#admission,
        launcher: this.#launcher,
        registry: this.#registry,
        ending: this.#ending,
        definition: (name) => this.#definitions.get(name),
        unavailableReason: () => this.#unavailableReason,
      },
      run,
      drive,
      limits,
    );
  }

  /** The running environment of this organization with this id; 404 for anyone else's or an unknown one. */
  running(publicId: string, organizationId: number): LiveEnvironment {
    return this.#registry.running(publicId, organizationId);
  }

  /** Same, for a capability token that already names the environment (CDP, live view). */
  byId(publicId: string): LiveEnvironment | undefined {
    return this.#registry.byId(publicId);
  }

  isRunning(publicId: string): boolean {
    return this.#registry.isRunning(publicId);
  }

  /** The organization's running keepalive environments, newest first. */
  keepalive(organizationId: number): KeepaliveEnvironment[] {
    return this.#registry.keepalive(organizationId);
  }

  /** The mutations of a session running here now (fresher than what its recording wrote so far). */
  liveMutationsOf(sessionId: number): Mutation[] | undefined {
    return this.#registry.liveMutationsOf(sessionId);
  }

  heartbeat(environment: LiveEnvironment): Promise<void> {
    environment.heartbeatAt = Date.now();
    return recordHeartbeat(this.options.db, environment.jobGroupId, new Date(environment.heartbeatAt));
  }

  workerReady(environment: LiveEnvironment) {
    return live.workerReady(environment);
  }

  mutations(environment: LiveEnvironment): Promise<Mutation[]> {
    return live.filteredMutations(environment);
  }

  /** The state as make2's `state` answers it: the filtered mutations, and the same by simulator. */
  async state(
    environment: LiveEnvironment,
  ): Promise<{ mutations: Mutation[]; by_simulator?: Record<string, Mutation[]> }> {
    const mutations = await live.filteredMutations(environment);
    const others = environment.extraSimulators.map((extra) => extra.name);
    if (others.length === 0 || !environment.simulator) return { mutations };
    return {
      mutations,
      by_simulator: live.mutationsBySimulator(mutations, environment.simulator.name, others),
    };
  }

  backup(environment: LiveEnvironment) {
    return live.backup(environment);
  }

  connectCdpClient(environment: LiveEnvironment, client: WebSocket): void {
    noteActivity(environment, client);
    live.connectCdpClient(environment, client);
  }

  addViewer(environment: LiveEnvironment, socket: WebSocket): Promise<void> {
    noteActivity(environment, socket);
    return live.addViewer(environment, socket);
  }

  reset(
    environment: LiveEnvironment,
    viewer: Viewer,
    request: ResetEnvironmentOptions,
  ): Promise<ResetEnvironmentResponse> {
    const parts = { db: this.options.db, launcher: this.#launcher, scoring: this.#scoring };
    return resetEnvironment(parts, environment, viewer, request);
  }

  evaluate(environment: LiveEnvironment, output: unknown): Promise<EvaluateEnvironmentResponse> {
    return evaluateEnvironment(this.options.db, this.options.scoringServices ?? {}, environment, output);
  }

  async closeEnvironment(environment: LiveEnvironment): Promise<void> {
    await this.#ending.end(environment, 'closed', 'Closed');
  }

  /** Ends an environment on someone's word (an admin's stop): its session fails with `reason`. */
  async failEnvironment(environment: LiveEnvironment, reason: string): Promise<void> {
    await this.#ending.end(environment, 'failed', reason);
  }

  /**
   * Closes every environment whose heartbeat stopped (failed), every keepalive one past its lifetime, and every
   * browser session left idle (closed: idling is how a browser session ends when nobody closes it).
   */
  async closeIdle(now: number): Promise<void> {
    for (const environment of this.#registry.values()) {
      const reason = overdue(environment, now, this.options.keepaliveMaxMinutes);
      const status = environment.idleTimeoutMs === undefined ? 'failed' : 'closed';
      if (reason) await this.#ending.end(environment, status, reason);
    }
  }

  /** The browser pool's counters (warm and cold acquisitions, warm-ups, failures). */
  poolStats(): BrowserPoolStats {
    return this.options.pool.stats();
  }
}

/**
 * A browser session is in use while someone sends it something (a viewer's pointer and keys, a CDP client's
 * commands): each message starts its idle time over. Other environments keep to their heartbeats.
 */
function noteActivity(environment: LiveEnvironment, socket: WebSocket): void {
  if (environment.idleTimeoutMs === undefined) return;
  socket.on('message', () => {
    environment.heartbeatAt = Date.now();
  });
}
