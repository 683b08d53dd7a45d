import {
  appStartUrl,
  ENVIRONMENT,
  type EnvironmentStatus,
  TEST_CASE_SIMULATOR_MESSAGES,
} from '@proctor/contracts';
import type { simulators, testCases } from '@proctor/db';
import {
  type LaunchedBrowser,
  LiveView,
  type PageControl,
  type ProxiedClient,
  proxyCdpClient,
  type SessionRecorder,
} from '@proctor/environments';
import {
  type EnvironmentInstance,
  filterMutations,
  type Mutation,
  SimulatorInstance,
} from '@proctor/simulators';
import type WebSocket from 'ws';
import { badRequest } from '../kernel/http/errors';
import { simulatorFilters } from '../scoring/filters';
import type { Slot } from './admission';
import { MultiSimulatorInstance } from './multiInstance';
import type { SessionRecordingWriter } from './recordingWriter';
import type { EnvironmentOwner } from './records';

export type SimulatorRow = typeof simulators.$inferSelect;
export type TestCaseRow = typeof testCases.$inferSelect;

/** The session an environment is running now (a reset starts the next one). */
export interface CurrentSession {
  id: number;
  publicId: string;
  testCase: TestCaseRow | null;
}

/** One running environment of this process: the rows it writes, and what it holds. */
export interface LiveEnvironment {
  publicId: string;
  jobGroupId: number;
  jobPublicId: string;
  owner: EnvironmentOwner;
  /**
   * The simulator it was made for (make2's env_id): the page opens on it, its sessions name it. Null for a
   * browser session's environment (openWeb.ts): the open web, no simulator.
   */
  simulator: SimulatorRow | null;
  /**
   * make2's extra_env_ids: the other simulators, each an instance on its own origin, all behind a
   * MultiSimulatorInstance (multiInstance.ts); empty for a one-simulator environment.
   */
  extraSimulators: SimulatorRow[];
  /** The hash of the simulator version it runs, kept on each of its sessions; null when not known. */
  version: string | null;
  /** The versions of `extraSimulators` by name, kept on each of its sessions too (empty for one simulator). */
  extraVersions: Record<string, string>;
  keepalive: boolean;
  alias: string | null;
  status: EnvironmentStatus;
  error: string | null;
  instance: EnvironmentInstance;
  browser: LaunchedBrowser;
  page: PageControl;
  /** The one screencast of the environment, started by its first viewer (a promise: two may arrive at once). */
  liveView: Promise<LiveView> | undefined;
  viewport: { width: number; height: number };
  cdpClients: Set<ProxiedClient>;
  session: CurrentSession;
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
  /** Closed after this long without a heartbeat; ENVIRONMENT.heartbeatTimeoutMs unless set (browser sessions). */
  idleTimeoutMs?: number;
  createdAt: Date;
  /** The slot it holds (admission.ts) and the watch on its memory, both given up when it ends. */
  slot: Slot;
  stopWatchingMemory: () => void;
  /**
   * How its browser is given back to the pool when it closes (launcher.ts, reuseKey): the key, and the origins
   * whose data the reset deletes. Undefined: the browser is closed.
   */
  reuse: { key: string; origins: readonly string[] } | undefined;
}

/** The built-in simulator's instance behind the environment; undefined for a proxy simulator's environment. */
export function appInstance(environment: LiveEnvironment): SimulatorInstance | undefined {
  return environment.instance instanceof SimulatorInstance ? environment.instance : undefined;
}

/** The browser answers and the instance is alive. */
export async function workerReady(environment: LiveEnvironment): Promise<{ ready: boolean; error?: string }> {
  if (environment.instance.destroyed) return { ready: false, error: 'The simulator instance is gone' };
  try {
    await environment.page.ping();
    return { ready: true };
  } catch (error) {
    return { ready: false, error: `The browser does not answer: ${(error as Error).message}` };
  }
}

/**
 * Mutations since the last reset, through the simulator's stored filters. Read between two requests of the
 * instance: a write the agent's last click started is in, never half of it.
 */
export async function filteredMutations(environment: LiveEnvironment): Promise<Mutation[]> {
  const all = await environment.instance.exclusive(() => environment.instance.mutations());
  if (environment.extraSimulators.length === 0)
    return filterMutations(all, simulatorFilters(environment.simulator?.config ?? {}));
  // Each app's mutations through its own simulator's filters, in the environment's order.
  const filters = new Map(
    simulatorsOf(environment).map((simulator) => [simulator.name, simulatorFilters(simulator.config)]),
  );
  return all.flatMap((mutation) =>
    filterMutations([mutation], filters.get(mutation.simulator ?? environment.simulator?.name ?? '')!),
  );
}

/** The environment's simulators, env_id's first. */
export function simulatorsOf(environment: LiveEnvironment): SimulatorRow[] {
  return [...(environment.simulator ? [environment.simulator] : []), ...environment.extraSimulators];
}

/**
 * Mutations by simulator name, every simulator of the environment a key (env_id's first); an untagged
 * mutation is `primary`'s (a one-simulator environment's are all untagged).
 */
export function mutationsBySimulator(
  mutations: readonly Mutation[],
  primary: string,
  others: readonly string[],
): Record<string, Mutation[]> {
  const grouped: Record<string, Mutation[]> = Object.fromEntries(
    [primary, ...others].map((name) => [name, [] as Mutation[]]),
  );
  for (const mutation of mutations) {
    const name = mutation.simulator ?? primary;
    const list = grouped[name] ?? [];
    list.push(mutation);
    grouped[name] = list;
  }
  return grouped;
}

export function backup(environment: LiveEnvironment) {
  const taken = environment.instance.backup();
  return { backup_id: taken.id, taken_at: taken.takenAt, mutation_count: taken.mutationCount };
}

/** Proxies one agent's CDP connection to this environment's browser, through the environment's filters. */
export function connectCdpClient(environment: LiveEnvironment, client: WebSocket): void {
  const proxied = proxyCdpClient(client, environment.browser.wsEndpoint, {
    uploadDir: environment.browser.uploadsDir,
    downloadDir: environment.browser.downloadsDir,
    tabs: { max: ENVIRONMENT.maxTabs, open: () => environment.browser.openTabs() },
    onClose: () => environment.cdpClients.delete(proxied),
  });
  environment.cdpClients.add(proxied);
}

/** Adds a viewer to the environment's one screencast (started with the first viewer). */
export async function addViewer(environment: LiveEnvironment, socket: WebSocket): Promise<void> {
  await environment.recording;
  const start = () =>
    LiveView.connect(environment.browser.wsEndpoint, {
      viewport: environment.viewport,
      uploadsDir: environment.browser.uploadsDir,
    }).catch((error: unknown) => {
      environment.liveView = undefined;
      throw error;
    });
  environment.liveView ??= start();
  let liveView = await environment.liveView;
  // One that ended on its own (its DevTools connection dropped) is started again for the new viewer.
  if (liveView.closed) {
    environment.liveView = start();
    liveView = await environment.liveView;
  }
  liveView.addViewer(socket);
}

/**
 * A path (on env_id's app), a path on another of its apps by name (`calendar:/events`), or an absolute URL on one
 * of the environment's own origins: the reset never sends the browser elsewhere.
 */
export function startUrlOn(environment: LiveEnvironment, target: string): string {
  const { instance } = environment;
  const origins = instance instanceof MultiSimulatorInstance ? instance.origins : [instance.origin];
  const onApp = appStartUrl(target);
  let base = instance.origin;
  if (onApp) {
    const origin =
      instance instanceof MultiSimulatorInstance
        ? instance.parts.find((part) => part.name === onApp.simulator)?.instance.origin
        : onApp.simulator === environment.simulator?.name
          ? instance.origin
          : undefined;
    if (origin === undefined) throw badRequest(TEST_CASE_SIMULATOR_MESSAGES.startNotHeld(onApp.simulator));
    base = origin;
  }
  let url: URL;
  try {
    url = new URL(onApp ? onApp.path : target, base);
  } catch {
    throw badRequest('start_url must be a path such as /orders or a URL on the environment');
  }
  if (!origins.includes(url.origin))
    throw badRequest(`start_url must be on the environment's own origin (${origins.join(' or ')})`);
  return url.href;
}
