/**
 * Live environment benchmark: what an agent waits for (make→ready, reset, CDP, live view, per-action latency
 * and CPU, memory), each figure beside bare Playwright measured in the same run. Usage and what each figure
 * means: bench/README.md.
 */

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { performance as eventLoop } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  decodeLiveFrame,
  LAYOUT,
  liveViewSocketPath,
  type PageState,
  RECORDING,
  TokenResponse,
  User,
} from '@proctor/contracts';
import { sessionEvents, sessionSteps, sessions, testCases } from '@proctor/db';
import {
  BrowserPool,
  CdpConnection,
  LIVE_VIEW_DEFAULTS,
  PageControl,
  SessionRecorder,
} from '@proctor/environments';
import type { Environment, Proctor as ProctorClient } from '@proctor/sdk';
import { builtInSimulators, SimulatorHost, SimulatorInstance } from '@proctor/simulators';
import { eq, sql } from 'drizzle-orm';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import WebSocket from 'ws';
import { createProctor, loadConfig, type Proctor } from '../apps/server/src/index';
import { freePort } from '../apps/server/test/support/network';
import { postJson } from './support/accounts';
import { type ActionCpu, type AgentSpec, actionCount, runAgent, runAgentInChild } from './support/agent';
import { launchBare, spawnDevToolsChromium } from './support/bareChromium';
import { runInChild } from './support/child';
import { FrameCounter, type FrameFigures, measureFrames } from './support/frames';
import { type Goal, runBenchmark } from './support/main';
import { coveredMs, PhaseTimer } from './support/phaseTimer';
import { groupCpuMs, groupMemory, processCpuMs } from './support/processes';
import {
  type Latency,
  latency,
  MiB,
  mib,
  ms,
  pair,
  percentile,
  printColumns,
  signedMib,
} from './support/stats';
import type { Teardown } from './support/teardown';

/** The issue's goals. */
const GOALS = {
  makeP50Ms: 100,
  makeP95Ms: 300,
  /** make→ready p50 at most this share of bare Playwright's launch + page + goto. */
  makeShareOfBareLaunch: 0.3,
  resetP50Ms: 100,
  /** connectOverCDP through the proxy at most this many times the direct connection. */
  connectProxyRatio: 1.5,
  liveViewFps: 25,
  inputToFrameMs: 100,
  /** Per-action p50 with the most environments at most this many times the p50 with one. */
  concurrencyRatio: 2,
  pssPerEnvironmentBytes: 250 * MiB,
  /** What each environment's own network (its proxy) may add to make→ready and to a page load. */
  networkAddedShare: 0.1,
  /** make→ready and reset of a two-simulator environment at most this many times a one-simulator one's. */
  multiSimulatorRatio: 1.3,
} as const;

/** Environments at once for the memory figure and the largest concurrency. */
const MOST = 8;
const CONCURRENCY = [1, 4, MOST] as const;
/** Between warm make samples: the pool launches one browser at a time; this is long enough to refill it. */
const POOL_REFILL_PAUSE_MS = 1500;
const WARMUP = 2;
/** The paced concurrency run: an agent's pause between actions (a model's step takes far longer). */
const THINK_MS = 100;
/** An acquire that took longer launched a browser: the pool was empty. */
const COLD_ACQUIRE_MS = 20;
const SHOP_TEST_CASE = 'shop/duvet-cover-fallback-colour';
const VIEWPORT = LIVE_VIEW_DEFAULTS.viewport;

const { values: options } = parseArgs({
  options: {
    samples: { type: 'string', default: '20' },
    actions: { type: 'string', default: '30' },
    json: { type: 'boolean', default: false },
    // Only the environment network's cost (make→ready and actions with and without it).
    'network-only': { type: 'boolean', default: false },
    // Only Fast Mode's figures (a person's actions recorded with and without it).
    'fast-mode-only': { type: 'boolean', default: false },
    // Only the multi-simulator figures (make→ready and reset of two simulators against one).
    'multi-simulator-only': { type: 'boolean', default: false },
    // Internal: the agents' side of the concurrency figure, in a child process (support/agent.ts).
    agent: { type: 'string' },
    // Internal: the agent's side of the network figures, in a child process.
    'network-agent': { type: 'string' },
    // Internal: the person's side of the Fast Mode figures, in a child process.
    'fast-mode-agent': { type: 'string' },
  },
});
const samples = Math.max(3, Number.parseInt(options.samples, 10) || 20);
const actionsPerEnvironment = Math.max(3, Number.parseInt(options.actions, 10) || 30);

const SCRIPT = fileURLToPath(import.meta.url);
const progress = (line: string) => process.stderr.write(`${line}\n`);
const now = () => performance.now();

function collect(): void {
  globalThis.gc?.();
  globalThis.gc?.();
}

/** A new user's organization API key: the creator of an organization gets playground access and the built-ins. */
async function signUp(baseUrl: string): Promise<string> {
  const tokens = TokenResponse.parse(
    await postJson(`${baseUrl}/api/auth/register`, {
      name: 'Bench Runner',
      email: `bench.${Date.now().toString(36)}@example.com`,
      password: 'correct horse battery staple',
    }),
  );
  await postJson(
    `${baseUrl}/api/user/create-organization`,
    { name: 'Bench Lab', purpose: 'Measure live environments' },
    tokens.access_token,
  );
  const response = await fetch(`${baseUrl}/api/user/from-session`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  const apiKey = User.parse(await response.json()).organization?.apiKey;
  if (!apiKey) throw new Error('The new organization has no API key');
  return apiKey;
}

async function timeEach(count: number, run: () => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count + WARMUP; i++) {
    const elapsed = await run();
    if (i >= WARMUP) times.push(elapsed);
  }
  return times;
}

// ---------------------------------------------------------------------------------------------------------
// Where make→ready and reset spend their time.

/** CDP commands with which PageControl attaches to the page (the pool's browsers come attached). */
const ATTACH_COMMANDS = new Set([
  'Target.getTargets',
  'Target.attachToTarget',
  'Page.enable',
  'Page.setLifecycleEventsEnabled',
  'Runtime.runIfWaitingForDebugger',
  'Page.getFrameTree',
]);

/** The phases of the breakdown, in the order printed; indented ones happen inside the one above. */
const PHASES = [
  ['acquire', 'pool.acquire()'],
  ['instance', 'createInstance()'],
  ['page control', 'PageControl.connect(), resizeWindow()'],
  ['navigate', 'PageControl.navigate(), to the load event'],
  ['cdp attach', '  attach to the page (6 CDP commands)'],
  ['cdp navigate', '  Page.navigate, to the commit'],
  ['serve', '  simulator serving the requests'],
  ['instance reset', 'instance.reset()'],
  ['recorder', 'the recorder: flush, a new session'],
  ['db', 'database (every query)'],
  ['db after navigate', '  of which after the load event'],
] as const;

function installPhaseTimer(timer: PhaseTimer, proctor: Proctor): void {
  timer.wrap(BrowserPool.prototype, 'acquire', 'acquire');
  timer.wrap(SimulatorHost.prototype, 'createInstance', 'instance');
  timer.wrap(PageControl, 'connect', 'page control');
  timer.wrap(PageControl.prototype, 'resizeWindow', 'page control');
  timer.wrap(PageControl.prototype, 'navigate', 'navigate');
  timer.wrap(CdpConnection.prototype, 'send', ([method]) =>
    ATTACH_COMMANDS.has(method as string)
      ? 'cdp attach'
      : method === 'Page.navigate'
        ? 'cdp navigate'
        : undefined,
  );
  timer.wrap(SimulatorInstance.prototype, 'dispatch', 'serve');
  timer.wrap(SimulatorInstance.prototype, 'reset', 'instance reset');
  timer.wrap(SessionRecorder.prototype, 'flush', 'recorder');
  timer.wrap(SessionRecorder.prototype, 'startNewSession', 'recorder');
  // The database client under drizzle: every query or transaction of the server, the API key check included.
  const client = (proctor.ctx.db as unknown as { $client: object }).$client;
  timer.wrap(client, 'query', 'db');
  timer.wrap(client, 'transaction', 'db');
}

interface Window {
  start: number;
  end: number;
}

/** Milliseconds per phase within the window; `other` is what no timed call covers (HTTP, auth, JSON, SDK). */
function phasesOf(timer: PhaseTimer, window: Window): Record<string, number> {
  const intervals = timer.within(window.start, window.end);
  const ofKind = (kind: string) => intervals.filter((interval) => interval.kind === kind);
  const total = window.end - window.start;
  const figures: Record<string, number> = { total };
  for (const [kind] of PHASES) figures[kind] = coveredMs(ofKind(kind));
  // Database work after the page has loaded is on the critical path only because it is awaited there.
  const loaded = Math.max(0, ...ofKind('navigate').map((interval) => interval.end));
  figures['db after navigate'] = coveredMs(
    loaded > 0 ? ofKind('db').filter((interval) => interval.start >= loaded) : [],
  );
  figures.other = total - coveredMs(intervals);
  figures.queries = ofKind('db').length;
  figures.requests = ofKind('serve').length;
  return figures;
}

function medianPhases(rows: readonly Record<string, number>[]): Record<string, number> {
  const median = (key: string) =>
    percentile(
      rows.map((row) => row[key] ?? 0),
      50,
    );
  return Object.fromEntries(Object.keys(rows[0] ?? {}).map((key) => [key, median(key)]));
}

// ---------------------------------------------------------------------------------------------------------
// The phases of the run.

interface MakeSeries {
  makeToReady: Latency;
  /** `make` alone (POST make2, which starts the environment and answers running). */
  make: Latency;
  coldAcquisitions: number;
  phases: { make: Record<string, number>; waitForReady: Record<string, number> };
}

async function makeSeries(bench: Bench, pauseMs: number): Promise<MakeSeries> {
  const { sdk, timer } = bench;
  const totals: number[] = [];
  const makes: number[] = [];
  const makePhases: Record<string, number>[] = [];
  const readyPhases: Record<string, number>[] = [];
  let coldAcquisitions = 0;
  for (let i = 0; i < samples + WARMUP; i++) {
    if (pauseMs > 0) await sleep(pauseMs);
    const started = now();
    const environment = await sdk.environments.make('shop');
    const made = now();
    await environment.waitForReady();
    const ready = now();
    await environment.close();
    if (i < WARMUP) continue;
    totals.push(ready - started);
    makes.push(made - started);
    const phases = phasesOf(timer, { start: started, end: made });
    if ((phases.acquire ?? 0) > COLD_ACQUIRE_MS) coldAcquisitions += 1;
    makePhases.push(phases);
    readyPhases.push(phasesOf(timer, { start: made, end: ready }));
  }
  return {
    makeToReady: latency(totals),
    make: latency(makes),
    coldAcquisitions,
    phases: { make: medianPhases(makePhases), waitForReady: medianPhases(readyPhases) },
  };
}

async function makeReady(bench: Bench): Promise<Environment> {
  const environment = await bench.sdk.environments.make('shop');
  bench.teardown.add(`environment ${environment.id}`, () => environment.close());
  await environment.waitForReady();
  return environment;
}

/** The live view's socket address from the `live_view_url` that `state()` hands out. */
function liveViewSocketUrl(liveViewUrl: string, environmentId: string): string {
  const page = new URL(liveViewUrl);
  const token = page.searchParams.get('token') ?? '';
  const origin = page.origin.replace(/^http/, 'ws');
  return `${origin}${liveViewSocketPath(environmentId)}?token=${encodeURIComponent(token)}`;
}

async function openViewer(url: string, counter: FrameCounter): Promise<WebSocket> {
  const socket = new WebSocket(url);
  socket.on('message', (data, isBinary) => {
    if (!isBinary) return;
    const frame = decodeLiveFrame(data as Buffer);
    if (frame)
      counter.frame(
        frame.jpeg.length,
        frame.header.width,
        frame.header.height,
        frame.header.metadata.timestamp,
      );
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

async function bareScreencast(page: Page, counter: FrameCounter): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  session.on('Page.screencastFrame', (frame) => {
    void session.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
    counter.frame(
      Buffer.byteLength(frame.data, 'base64'),
      Math.round(frame.metadata.deviceWidth),
      Math.round(frame.metadata.deviceHeight),
      frame.metadata.timestamp,
    );
  });
  await session.send('Page.startScreencast', {
    format: 'jpeg',
    quality: LIVE_VIEW_DEFAULTS.jpegQuality,
    maxWidth: VIEWPORT.width,
    maxHeight: VIEWPORT.height,
  });
  return session;
}

const KEY = { key: 'a', code: 'KeyA', text: 'a' } as const;

interface Results {
  run: {
    date: string;
    node: string;
    chromium: string;
    samples: number;
    actionsPerEnvironment: number;
    durationS: number;
    cores: number;
  };
  bare: {
    launchPageGoto: Latency;
    contextPageGoto: Latency;
    contextPageGotoTestCase: Latency;
    connectOverCdp: Latency;
    liveView: FrameFigures;
    actions: Record<number, Latency>;
    pacedActions: Record<number, Latency>;
    pssPerBrowserBytes: number;
    pssPerExtraContextBytes: number;
    /** CPU time per click + read of the bare browsers and of the agent process, by how many act at once. */
    actionCpu: Record<number, ActionCpu>;
  };
  proctor: {
    makeWarm: MakeSeries;
    makeBackToBack: MakeSeries;
    reset: Latency;
    resetBackToBack: Latency;
    resetPhases: Record<string, number>;
    connectProxy: Latency;
    connectDirect: Latency;
    liveView: FrameFigures;
    /** The page's innerWidth x innerHeight in the environment (the live view's frames are this size). */
    pageViewport: string;
    actions: Record<number, Latency>;
    pacedActions: Record<number, Latency>;
    pssPerEnvironmentBytes: number;
    processesPerEnvironment: number;
    /**
     * Growth of this process per running environment: only an order of magnitude. By then some 50
     * environments have come and gone here, and what they freed is reused, so RSS hardly moves.
     */
    serverRssPerEnvironmentBytes: number;
    serverHeapPerEnvironmentBytes: number;
    /** CPU time of this (the server's) process per click + read during the concurrency runs, all counts. */
    serverCpuPerActionMs: number;
    /** CPU time per click + read of the browsers, the server and the agent, by how many act at once. */
    actionCpu: Record<number, ActionCpu>;
    /** Share of that time the server's event loop was busy. */
    serverEventLoopUtilization: number;
  };
  network: NetworkCost;
  fastMode: FastModeCost;
  multiSimulator: MultiSimulatorCost;
}

/** What every phase of the run works with. */
interface Bench {
  proctor: Proctor;
  sdk: ProctorClient;
  teardown: Teardown;
  /** Process groups of every browser seen, checked for leftovers at the end. */
  trackedGroups: Set<number>;
  timer: PhaseTimer;
  testCasePublicId: string;
  /** The baselines' pages: the shop's start page and the test case's, on the benchmark's own host. */
  startUrl: string;
  testCaseUrl: string;
  /** A bare browser kept open for the warm baselines. */
  warmBrowser: Browser;
}

async function setUp(teardown: Teardown, trackedGroups: Set<number>): Promise<Bench> {
  const sdkEntry = fileURLToPath(new URL('../packages/sdk/dist/index.js', import.meta.url));
  if (!existsSync(sdkEntry))
    throw new Error('The SDK is not built: run `npm run build -w @proctor/sdk` first');
  const { Proctor: ProctorSdk } = await import('@proctor/sdk');
  const shop = builtInSimulators.find((simulator) => simulator.name === 'shop');
  if (!shop) throw new Error('The shop simulator is not built in');

  progress('Starting Proctor (in-memory PGlite, pool of 2 browsers)…');
  const { proctor, sdk } = await startProctor(teardown, ProctorSdk, true);
  const [testCase] = await proctor.ctx.db
    .select({ publicId: testCases.publicId, startUrl: testCases.startUrl })
    .from(testCases)
    .where(eq(testCases.builtInKey, SHOP_TEST_CASE));
  if (!testCase) throw new Error(`No built-in test case ${SHOP_TEST_CASE}`);

  const host = new SimulatorHost();
  await host.listen();
  teardown.add('baseline simulator host', () => host.close());
  const baselineInstance = host.createInstance(shop);
  const warmBrowser = await launchBare();
  teardown.add('bare browser', () => warmBrowser.close());
  return {
    proctor,
    sdk,
    teardown,
    trackedGroups,
    timer: new PhaseTimer(),
    testCasePublicId: testCase.publicId,
    startUrl: baselineInstance.url('/'),
    testCaseUrl: baselineInstance.url(testCase.startUrl),
    warmBrowser,
  };
}

/**
 * A Proctor in this process as `npm start` runs it (in-memory PGlite, a pool of 2), with an organization's SDK.
 * `environmentNetwork` false: the baseline of the network figures, whose browsers have no network of their own.
 */
async function startProctor(
  teardown: Teardown,
  ProctorSdk: typeof import('@proctor/sdk').Proctor,
  environmentNetwork: boolean,
): Promise<{ proctor: Proctor; sdk: ProctorClient }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    BROWSER_POOL_SIZE: '2',
    MAX_ENVIRONMENTS: String(MOST + 2),
    MAX_ENVIRONMENTS_PER_ORGANIZATION: String(MOST + 2),
  });
  const proctor = await createProctor(config, { database: { kind: 'pglite' }, environmentNetwork });
  teardown.add(environmentNetwork ? 'Proctor' : 'Proctor without environment networks', () =>
    proctor.close(),
  );
  await proctor.app.listen({ port, host: '127.0.0.1' });
  return { proctor, sdk: new ProctorSdk({ baseUrl, apiKey: await signUp(baseUrl) }) };
}

/** The environment's browser, as Proctor holds it (the benchmark runs in Proctor's process). */
function browserOf(bench: Bench, environment: Environment) {
  const live = bench.proctor.ctx.environments.byId(environment.id);
  if (!live) throw new Error(`Environment ${environment.id} is not running`);
  bench.trackedGroups.add(live.browser.pid);
  return live.browser;
}

async function bareStartLatencies(bench: Bench) {
  progress(`Bare Playwright: launch + page + goto, new context + page + goto (${samples} each)…`);
  const launchPageGoto = await timeEach(samples, async () => {
    const started = now();
    const browser = await launchBare();
    try {
      await (await browser.newPage()).goto(bench.startUrl);
      return now() - started;
    } finally {
      await browser.close();
    }
  });
  const contextPageGoto = (url: string) =>
    timeEach(samples, async () => {
      const started = now();
      const context = await bench.warmBrowser.newContext();
      try {
        await (await context.newPage()).goto(url);
        return now() - started;
      } finally {
        await context.close();
      }
    });
  return {
    launchPageGoto: latency(launchPageGoto),
    contextPageGoto: latency(await contextPageGoto(bench.startUrl)),
    contextPageGotoTestCase: latency(await contextPageGoto(bench.testCaseUrl)),
  };
}

/**
 * How long an agent's run leaves its page before the next reset, at the least: past the recorder's settle time,
 * so that the last step's after-state screenshot, which belongs to the ending session, is taken before the reset.
 */
const AGENT_PAUSE_MS = 4 * RECORDING.settleMs;

/**
 * Reset with a test case, as an agent's loop resets: after its run, once the page has settled. Back to back
 * (the start page's own first step still settling) is measured too: there the reset first takes that step's
 * after-state, which an agent that acted between two resets has had taken already.
 */
async function resetLatencies(bench: Bench, environment: Environment) {
  progress(`Reset with a test case, after a settled page and back to back (${samples} each)…`);
  const phases: Record<string, number>[] = [];
  const times = await timeEach(samples, async () => {
    await sleep(AGENT_PAUSE_MS);
    const started = now();
    await environment.reset(bench.testCasePublicId);
    const ended = now();
    phases.push(phasesOf(bench.timer, { start: started, end: ended }));
    return ended - started;
  });
  const backToBack = await timeEach(samples, async () => {
    const started = now();
    await environment.reset(bench.testCasePublicId);
    return now() - started;
  });
  return {
    reset: latency(times),
    resetBackToBack: latency(backToBack),
    resetPhases: medianPhases(phases.slice(WARMUP)),
  };
}

/** connectOverCDP (then disconnect) through the proxy, to Proctor's endpoint, and to a bare Chromium's port. */
async function connectLatencies(bench: Bench, environment: Environment) {
  progress(`connectOverCDP: through the proxy, to Proctor's endpoint, to Chromium's own port (${samples})…`);
  const devtools = await spawnDevToolsChromium();
  bench.trackedGroups.add(devtools.pgid);
  bench.teardown.add('DevTools Chromium', () => devtools.close());
  const routes = [
    { name: 'proxy', url: await environment.cdpUrl(), times: [] as number[] },
    { name: 'direct', url: browserOf(bench, environment).wsEndpoint, times: [] as number[] },
    { name: 'bare', url: devtools.wsEndpoint, times: [] as number[] },
  ];
  for (let i = 0; i < samples + WARMUP; i++) {
    // In turn, starting each round with the next route: a client that just left costs the next one nothing.
    for (let j = 0; j < routes.length; j++) {
      const route = routes[(i + j) % routes.length] as (typeof routes)[number];
      const started = now();
      const browser = await chromium.connectOverCDP(route.url);
      const elapsed = now() - started;
      await browser.close();
      if (i >= WARMUP) route.times.push(elapsed);
    }
  }
  await devtools.close();
  const [proxy, direct, bare] = routes.map((route) => latency(route.times)) as [Latency, Latency, Latency];
  return { proxy, direct, bare };
}

/** The live view of the environment, and the same frames and input over bare CDP in a warm browser. */
async function liveViewFigures(bench: Bench, environment: Environment) {
  progress('Live view: frame rate on an animated page, keydown → next frame on a still one…');
  const agent = await chromium.connectOverCDP(await environment.cdpUrl());
  bench.teardown.add('agent connection', () => agent.close());
  const page = agent.contexts()[0]?.pages()[0];
  if (!page) throw new Error('The environment has no page');
  const pageViewport = await page.evaluate(() => `${innerWidth}x${innerHeight}`);
  const counter = new FrameCounter();
  const { live_view_url } = await environment.state();
  const viewer = await openViewer(liveViewSocketUrl(live_view_url, environment.id), counter);
  bench.teardown.add('live viewer', async () => viewer.close());
  const sendKey = (event: 'down' | 'up') => viewer.send(JSON.stringify({ type: 'key', event, ...KEY }));
  const live = await measureFrames(
    page,
    counter,
    { press: () => sendKey('down'), release: () => sendKey('up') },
    samples,
    WARMUP,
  );
  viewer.close();
  await agent.close();

  const bareCounter = new FrameCounter();
  const barePage = await bench.warmBrowser.newPage();
  const screencast = await bareScreencast(barePage, bareCounter);
  const dispatchKey = (type: 'keyDown' | 'keyUp') =>
    void screencast
      .send('Input.dispatchKeyEvent', { type, ...KEY, windowsVirtualKeyCode: 65 })
      .catch(() => undefined);
  const bare = await measureFrames(
    barePage,
    bareCounter,
    { press: () => dispatchKey('keyDown'), release: () => dispatchKey('keyUp') },
    samples,
    WARMUP,
  );
  await barePage.context().close();
  return { live, bare, pageViewport };
}

/**
 * MOST environments at once: their browsers' memory on the shop page and this process's growth, then clicks
 * by an agent process with 1, 4 and MOST acting at once; then the same agent side on MOST bare browsers.
 */
async function concurrencyFigures(bench: Bench) {
  progress(
    `${MOST} environments: memory on the shop page, then clicks with ${CONCURRENCY.join(', ')} at once…`,
  );
  const agentOptions = {
    concurrency: CONCURRENCY,
    actionsPerPage: actionsPerEnvironment,
    warmup: WARMUP,
    thinkMs: THINK_MS,
  };
  await sleep(POOL_REFILL_PAUSE_MS);
  collect();
  const serverBefore = process.memoryUsage();
  const environments: Environment[] = [];
  for (let i = 0; i < MOST; i++) environments.push(await makeReady(bench));
  await sleep(POOL_REFILL_PAUSE_MS);
  collect();
  const serverAfter = process.memoryUsage();
  const memories = environments.map((environment) => groupMemory(browserOf(bench, environment).pid));
  const average = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const cdpUrls = await Promise.all(environments.map((environment) => environment.cdpUrl()));
  const browserGroups = environments.map((environment) => browserOf(bench, environment).pid);
  // Every agent's CDP traffic passes through this process (proxy, multiplexer, pipe): what that costs it.
  const cpuBefore = process.cpuUsage();
  const loopBefore = eventLoop.eventLoopUtilization();
  const proctor = await runAgentInChild(SCRIPT, { ...agentOptions, kind: 'proctor', cdpUrls, browserGroups });
  const cpu = process.cpuUsage(cpuBefore);
  const loop = eventLoop.eventLoopUtilization(loopBefore);
  const actions = actionCount(agentOptions);
  for (const environment of environments) await environment.close();

  progress(`${MOST} bare browsers, launched by the agent process: memory on the shop page, the same clicks…`);
  const bare = await runAgentInChild(SCRIPT, {
    ...agentOptions,
    kind: 'bare',
    count: MOST,
    startUrl: bench.startUrl,
  });
  for (const pgid of bare.processGroups ?? []) bench.trackedGroups.add(pgid);
  return {
    proctor,
    bare,
    pssPerEnvironmentBytes: average(memories.map((memory) => memory.pssBytes)),
    processesPerEnvironment: average(memories.map((memory) => memory.processes)),
    serverRssPerEnvironmentBytes: (serverAfter.rss - serverBefore.rss) / MOST,
    serverHeapPerEnvironmentBytes: (serverAfter.heapUsed - serverBefore.heapUsed) / MOST,
    serverCpuPerActionMs: (cpu.user + cpu.system) / 1000 / actions,
    serverEventLoopUtilization: loop.utilization,
  };
}

// ---------------------------------------------------------------------------------------------------------
// What each environment's own network costs: the same figures from a Proctor whose browsers have none.

interface Sides {
  with: Latency;
  without: Latency;
}

interface NetworkCost {
  makeToReady: Sides;
  /** `page.goto` of the shop's start page on the environment's own origin (the page and its files). */
  pageLoad: Sides;
  /** A same-origin `fetch` of the start page from a page script, and reading its text. */
  fetch: Sides;
}

interface NetworkAgentSpec {
  cdpUrls: { with: string; without: string };
  actions: number;
  warmup: number;
}

type NetworkAgentResult = Record<'pageLoad' | 'fetch', Record<'with' | 'without', number[]>>;

/**
 * The agent's side of the network figures, in a child process (as agents run): page loads and fetches on each
 * side's environment, taking turns so that both see the same machine.
 */
async function runNetworkAgent(spec: NetworkAgentSpec): Promise<NetworkAgentResult> {
  const result: NetworkAgentResult = {
    pageLoad: { with: [], without: [] },
    fetch: { with: [], without: [] },
  };
  const sides = [] as Array<{ side: 'with' | 'without'; browser: Browser; page: Page; start: string }>;
  try {
    for (const side of ['with', 'without'] as const) {
      const browser = await chromium.connectOverCDP(spec.cdpUrls[side]);
      const page = browser.contexts()[0]?.pages()[0];
      if (!page) throw new Error('The environment has no page');
      sides.push({ side, browser, page, start: `${new URL(page.url()).origin}/` });
    }
    for (let i = 0; i < spec.actions + spec.warmup; i++) {
      for (const { side, page, start } of i % 2 === 0 ? sides : [...sides].reverse()) {
        let started = now();
        await page.goto(start);
        const loaded = now() - started;
        started = now();
        const length = await page.evaluate(() =>
          fetch('/')
            .then((response) => response.text())
            .then((text) => text.length),
        );
        const fetched = now() - started;
        if (length === 0) throw new Error('The start page came back empty');
        if (i < spec.warmup) continue;
        result.pageLoad[side].push(loaded);
        result.fetch[side].push(fetched);
      }
    }
    return result;
  } finally {
    await Promise.all(sides.map(({ browser }) => browser.close().catch(() => undefined)));
  }
}

function runNetworkAgentInChild(spec: NetworkAgentSpec): Promise<NetworkAgentResult> {
  return runInChild<NetworkAgentResult>(SCRIPT, '--network-agent', spec);
}

/** Waits until both pools hold 2 idle browsers again; a pool whose filling stopped is started by one make. */
async function poolsFull(sides: ReadonlyArray<{ proctor: Proctor; sdk: ProctorClient }>): Promise<void> {
  const deadline = now() + 60_000;
  for (const { proctor, sdk } of sides) {
    let kicked = false;
    while (proctor.ctx.environments.poolStats().idle < 2 && now() < deadline) {
      if (!kicked && proctor.ctx.environments.poolStats().lastLaunchError) {
        kicked = true;
        await (await sdk.environments.make('shop')).close();
      }
      await sleep(200);
    }
  }
}

async function networkCostFigures(bench: Bench): Promise<NetworkCost> {
  progress('Environment networks: a second Proctor whose browsers have none…');
  const { Proctor: ProctorSdk } = await import('@proctor/sdk');
  // Both servers sweep browsers by this process's prefix at start: the first's idle ones go, and come back.
  const baseline = await startProctor(bench.teardown, ProctorSdk, false);
  const sides = { with: { proctor: bench.proctor, sdk: bench.sdk }, without: baseline };
  await poolsFull([sides.with, sides.without]);

  progress(`Environment networks: make → ready with and without, taking turns (${samples} each)…`);
  const makes = { with: [] as number[], without: [] as number[] };
  for (let i = 0; i < samples + WARMUP; i++) {
    for (const side of i % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
      await sleep(POOL_REFILL_PAUSE_MS);
      const started = now();
      const environment = await sides[side].sdk.environments.make('shop');
      await environment.waitForReady();
      const elapsed = now() - started;
      await environment.close();
      if (i >= WARMUP) makes[side].push(elapsed);
    }
  }

  progress(`Environment networks: page loads and fetches with and without (${actionsPerEnvironment} each)…`);
  await sleep(POOL_REFILL_PAUSE_MS);
  const environments = {
    with: await makeReady(bench),
    without: await sides.without.sdk.environments.make('shop'),
  };
  await environments.without.waitForReady();
  const actions = await runNetworkAgentInChild({
    cdpUrls: { with: await environments.with.cdpUrl(), without: await environments.without.cdpUrl() },
    actions: actionsPerEnvironment,
    warmup: WARMUP,
  });
  await Promise.all([environments.with.close(), environments.without.close()]);
  const sidesOf = (figures: Record<'with' | 'without', number[]>): Sides => ({
    with: latency(figures.with),
    without: latency(figures.without),
  });
  return { makeToReady: sidesOf(makes), pageLoad: sidesOf(actions.pageLoad), fetch: sidesOf(actions.fetch) };
}

const addedShare = (sides: Sides) => sides.with.p50 / sides.without.p50 - 1;
const percent = (share: number) => `${share >= 0 ? '+' : ''}${(100 * share).toFixed(1)}%`;

function networkGoals(network: NetworkCost): Goal[] {
  const goal = (label: string, sides: Sides): Goal => ({
    goal: `environment network adds <= ${100 * GOALS.networkAddedShare}% to ${label} p50`,
    measured: `${percent(addedShare(sides))} (${ms(sides.with.p50)} / ${ms(sides.without.p50)} ms)`,
    met: addedShare(sides) <= GOALS.networkAddedShare,
  });
  return [goal('make→ready', network.makeToReady), goal('a page load', network.pageLoad)];
}

function networkRows(network: NetworkCost): string[][] {
  const row = (label: string, sides: Sides) => [
    `${label} (p50/p95)`,
    pair(sides.with),
    pair(sides.without),
    percent(addedShare(sides)),
  ];
  return [
    row('make→ready, warm pool', network.makeToReady),
    row("page load of the shop's start page", network.pageLoad),
    row('same-origin fetch from a page script', network.fetch),
  ];
}

function printNetworkReport(network: NetworkCost): void {
  console.log("\nEach environment's own network (its proxy), against browsers without one, taking turns:");
  printColumns(['figure', 'with', 'without', 'added (p50)'], networkRows(network));
}

// ---------------------------------------------------------------------------------------------------------
// Fast Mode: what the recording of a person exploring in the playground costs, with it and without it.

/** A person's pace: well past a step's settling, so that each action gets a screenshot of its own. */
const PERSON_PAUSE_MS = 600;
const FAST_MODE_SIDES = ['fast', 'full'] as const;
type FastModeSide = (typeof FAST_MODE_SIDES)[number];

/** Pointer events on a person's way to the next thing (the live view sends one each frame while the mouse moves). */
const POINTER_PATH_EVENTS = 25;

/**
 * One round of a person exploring the shop: scroll, open a product, scroll it, back to the home page, the pointer
 * crossing the page before each.
 */
const PERSON_ROUND: ReadonlyArray<(page: Page, round: number) => Promise<unknown>> = [
  (page) => page.mouse.wheel(0, 500),
  async (page, round) => {
    await page
      .locator('a.product-card-link')
      .nth(round % 4)
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/products/'));
  },
  (page) => page.mouse.wheel(0, 300),
  async (page) => {
    await page.locator('a.logo').first().click();
    await page.waitForURL((url) => url.pathname === '/');
  },
];

interface FastModeAgentSpec {
  cdpUrls: Record<FastModeSide, string>;
  browserGroups: Record<FastModeSide, number>;
  rounds: number;
}

/** Per side: the actions measured (a warm-up round before them), all actions made, and their CPU (ms). */
type FastModeAgentResult = Record<
  FastModeSide,
  { measured: number; made: number; browserMs: number; serverMs: number }
>;

/**
 * The person's side, in a child process: rounds on each side's environment taking turns (so both see the same
 * machine), each side's browser and the server (this process's parent) measured while that side acts.
 */
async function runFastModeAgent(spec: FastModeAgentSpec): Promise<FastModeAgentResult> {
  const result = {} as FastModeAgentResult;
  const pages = {} as Record<FastModeSide, Page>;
  const browsers: Browser[] = [];
  try {
    for (const side of FAST_MODE_SIDES) {
      const browser = await chromium.connectOverCDP(spec.cdpUrls[side]);
      browsers.push(browser);
      const page = browser.contexts()[0]?.pages()[0];
      if (!page) throw new Error('The environment has no page');
      pages[side] = page;
      result[side] = { measured: 0, made: 0, browserMs: 0, serverMs: 0 };
    }
    for (let round = 0; round <= spec.rounds; round++) {
      for (const side of round % 2 === 0 ? FAST_MODE_SIDES : [...FAST_MODE_SIDES].reverse()) {
        const before = { browser: groupCpuMs(spec.browserGroups[side]), server: processCpuMs(process.ppid) };
        for (const [i, action] of PERSON_ROUND.entries()) {
          const page = pages[side];
          await page.mouse.move(i % 2 === 0 ? 1200 : 100, 100 + 150 * i);
          await page.mouse.move(600, 400, { steps: POINTER_PATH_EVENTS });
          await action(page, round);
          await sleep(PERSON_PAUSE_MS);
        }
        const figures = result[side];
        figures.made += PERSON_ROUND.length;
        if (round === 0) continue;
        figures.measured += PERSON_ROUND.length;
        figures.browserMs += groupCpuMs(spec.browserGroups[side]) - before.browser;
        figures.serverMs += processCpuMs(process.ppid) - before.server;
      }
    }
    return result;
  } finally {
    await Promise.all(browsers.map((browser) => browser.close().catch(() => undefined)));
  }
}

interface FastModeSideFigures {
  browserCpuMs: number;
  serverCpuMs: number;
  screenshotBytes: number;
  /** Screenshots and DOM (rrweb) events, as stored. */
  storedBytes: number;
  screenshotSize: string;
  stepsPerAction: number;
}
interface FastModeCost {
  actions: number;
  sides: Record<FastModeSide, FastModeSideFigures>;
}

/** What a session stored: its distinct screenshots' bytes and size, its DOM events' bytes, its step count. */
async function storedBy(bench: Bench, sessionPublicId: string) {
  const { db } = bench.proctor.ctx;
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.publicId, sessionPublicId));
  if (!session) throw new Error(`No session ${sessionPublicId}`);
  const steps = await db
    .select({ before: sessionSteps.beforeState, after: sessionSteps.afterState })
    .from(sessionSteps)
    .where(eq(sessionSteps.sessionId, session.id));
  const screenshots = new Map<string, NonNullable<PageState['screenshot']>>();
  for (const state of steps.flatMap((step) => [step.before, step.after]))
    if (state?.screenshot) screenshots.set(state.screenshot.key, state.screenshot);
  const [events] = await db
    .select({ bytes: sql<number>`coalesce(sum(length(${sessionEvents.payload}::text)), 0)`.mapWith(Number) })
    .from(sessionEvents)
    .where(eq(sessionEvents.sessionId, session.id));
  const shots = [...screenshots.values()];
  return {
    steps: steps.length,
    screenshotBytes: shots.reduce((sum, shot) => sum + shot.bytes, 0),
    eventBytes: events?.bytes ?? 0,
    size: shots[0] ? `${shots[0].width}x${shots[0].height}` : 'none',
  };
}

async function fastModeFigures(bench: Bench): Promise<FastModeCost> {
  const rounds = Math.ceil(actionsPerEnvironment / PERSON_ROUND.length);
  progress(
    `Fast Mode: a person's ${rounds * PERSON_ROUND.length} actions on each side, ${PERSON_PAUSE_MS} ms apart…`,
  );
  await sleep(POOL_REFILL_PAUSE_MS);
  const environments = {} as Record<FastModeSide, Environment>;
  for (const side of FAST_MODE_SIDES) {
    // As the playground makes them: its source, its browser size, Fast Mode on one side only.
    environments[side] = await bench.sdk.environments.make('shop', {
      source: 'playground',
      interface_width: LAYOUT.liveViewReference.width,
      interface_height: LAYOUT.liveViewReference.height,
      env_config: { fast_mode: side === 'fast' },
    });
    await environments[side].waitForReady();
    await sleep(POOL_REFILL_PAUSE_MS);
  }
  const cdpUrl = async (side: FastModeSide) => environments[side].cdpUrl();
  const person = await runInChild<FastModeAgentResult>(SCRIPT, '--fast-mode-agent', {
    cdpUrls: { fast: await cdpUrl('fast'), full: await cdpUrl('full') },
    browserGroups: {
      fast: browserOf(bench, environments.fast).pid,
      full: browserOf(bench, environments.full).pid,
    },
    rounds,
  } satisfies FastModeAgentSpec);
  const sessionIds = FAST_MODE_SIDES.map((side) => environments[side].sessionId);
  // Closing flushes the steps still settling.
  for (const side of FAST_MODE_SIDES) await environments[side].close();
  const sides = {} as Record<FastModeSide, FastModeSideFigures>;
  for (const [i, side] of FAST_MODE_SIDES.entries()) {
    const stored = await storedBy(bench, sessionIds[i] as string);
    const { measured, made, browserMs, serverMs } = person[side];
    sides[side] = {
      browserCpuMs: browserMs / measured,
      serverCpuMs: serverMs / measured,
      screenshotBytes: stored.screenshotBytes / made,
      storedBytes: (stored.screenshotBytes + stored.eventBytes) / made,
      screenshotSize: stored.size,
      stepsPerAction: stored.steps / made,
    };
  }
  return { actions: person.fast.measured, sides };
}

const change = (fast: number, full: number) =>
  `${fast <= full ? '' : '+'}${((100 * (fast - full)) / full).toFixed(0)}%`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const cpuPerAction = (side: FastModeSideFigures) => side.browserCpuMs + side.serverCpuMs;

function fastModeGoals({ sides }: FastModeCost): Goal[] {
  return [
    {
      goal: 'Fast Mode costs less CPU per action (browser + server) than a full recording',
      measured: `${ms(cpuPerAction(sides.fast))} / ${ms(cpuPerAction(sides.full))} ms`,
      met: cpuPerAction(sides.fast) < cpuPerAction(sides.full),
    },
    {
      goal: 'Fast Mode stores fewer bytes per action than a full recording',
      measured: `${kib(sides.fast.storedBytes)} / ${kib(sides.full.storedBytes)}`,
      met: sides.fast.storedBytes < sides.full.storedBytes,
    },
  ];
}

function printFastModeReport({ actions, sides }: FastModeCost): void {
  const { fast, full } = sides;
  console.log(
    `\nFast Mode, a person exploring the shop (${actions} actions a side: scroll, open a product, scroll, home, the pointer crossing the page before each; ${PERSON_PAUSE_MS} ms apart, taking turns):`,
  );
  const row = (
    label: string,
    value: (side: FastModeSideFigures) => number,
    format: (n: number) => string,
  ) => [label, format(value(fast)), format(value(full)), change(value(fast), value(full))];
  const msText = (value: number) => `${ms(value)} ms`;
  printColumns(
    ['figure', 'Fast Mode', 'full', 'change'],
    [
      row('browser CPU per action', (side) => side.browserCpuMs, msText),
      row('server CPU per action', (side) => side.serverCpuMs, msText),
      row('CPU per action, both', cpuPerAction, msText),
      row('screenshot bytes per action', (side) => side.screenshotBytes, kib),
      row('stored per action (screenshots + DOM events)', (side) => side.storedBytes, kib),
      row(
        'steps per action',
        (side) => side.stepsPerAction,
        (value) => value.toFixed(2),
      ),
      ['screenshot size', fast.screenshotSize, full.screenshotSize, ''],
    ],
  );
}

async function runFastModeOnly(teardown: Teardown, trackedGroups: Set<number>): Promise<FastModeCost> {
  return fastModeFigures(await setUp(teardown, trackedGroups));
}

async function run(teardown: Teardown, trackedGroups: Set<number>): Promise<Results> {
  const startedAt = now();
  const bench = await setUp(teardown, trackedGroups);
  const bareStart = await bareStartLatencies(bench);

  installPhaseTimer(bench.timer, bench.proctor);
  teardown.add('phase timer', async () => bench.timer.restore());
  progress(`Proctor make → ready, pool refilled between samples (${samples})…`);
  const makeWarm = await makeSeries(bench, POOL_REFILL_PAUSE_MS);
  progress(`Proctor make → ready, back to back (${samples})…`);
  const makeBackToBack = await makeSeries(bench, 0);
  await sleep(POOL_REFILL_PAUSE_MS);

  const environment = await makeReady(bench);
  const reset = await resetLatencies(bench, environment);
  const connect = await connectLatencies(bench, environment);
  const liveView = await liveViewFigures(bench, environment);
  await environment.close();
  const concurrency = await concurrencyFigures(bench);
  const network = await networkCostFigures(bench);
  const fastMode = await fastModeFigures(bench);
  const multiSimulator = await multiSimulatorFigures(bench);

  return {
    run: {
      date: new Date().toISOString(),
      node: process.version,
      chromium: bench.warmBrowser.version(),
      samples,
      actionsPerEnvironment,
      durationS: Math.round((now() - startedAt) / 1000),
      cores: availableParallelism(),
    },
    bare: {
      ...bareStart,
      connectOverCdp: connect.bare,
      liveView: liveView.bare,
      actions: concurrency.bare.actions,
      pacedActions: concurrency.bare.pacedActions,
      pssPerBrowserBytes: concurrency.bare.pssPerBrowserBytes ?? Number.NaN,
      pssPerExtraContextBytes: concurrency.bare.pssPerExtraContextBytes ?? Number.NaN,
      actionCpu: concurrency.bare.cpu,
    },
    proctor: {
      makeWarm,
      makeBackToBack,
      ...reset,
      connectProxy: connect.proxy,
      connectDirect: connect.direct,
      liveView: liveView.live,
      pageViewport: liveView.pageViewport,
      actions: concurrency.proctor.actions,
      pacedActions: concurrency.proctor.pacedActions,
      pssPerEnvironmentBytes: concurrency.pssPerEnvironmentBytes,
      processesPerEnvironment: concurrency.processesPerEnvironment,
      serverRssPerEnvironmentBytes: concurrency.serverRssPerEnvironmentBytes,
      serverHeapPerEnvironmentBytes: concurrency.serverHeapPerEnvironmentBytes,
      serverCpuPerActionMs: concurrency.serverCpuPerActionMs,
      actionCpu: concurrency.proctor.cpu,
      serverEventLoopUtilization: concurrency.serverEventLoopUtilization,
    },
    network,
    fastMode,
    multiSimulator,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Report.

/**
 * What the CPU alone allows with MOST acting at once, back to back: each action of that run used `cpu` (browser,
 * server, agent), so MOST of them take at least MOST x that / cores of wall time, whatever the software in
 * between does (other processes on the machine only add to it). As a multiple of the p50 with one acting.
 */
function cpuFloor(side: Results['proctor'] | Results['bare'], cores: number): { ms: number; ratio: number } {
  const cpu = side.actionCpu[MOST] as ActionCpu;
  const floor = (MOST * (cpu.browser + cpu.server + cpu.agent)) / cores;
  return { ms: floor, ratio: floor / (side.actions[1] as Latency).p50 };
}

function goalsOf(results: Results): Goal[] {
  const { proctor, bare } = results;
  const make = proctor.makeWarm.makeToReady;
  const connectRatio = proctor.connectProxy.p50 / proctor.connectDirect.p50;
  const one = proctor.actions[1] as Latency;
  const most = proctor.actions[MOST] as Latency;
  const bareRatio = (bare.actions[MOST] as Latency).p50 / (bare.actions[1] as Latency).p50;
  const pacedRatio = (proctor.pacedActions[MOST] as Latency).p50 / (proctor.pacedActions[1] as Latency).p50;
  const floor = cpuFloor(proctor, results.run.cores);
  const live = proctor.liveView;
  const share = make.p50 / bare.launchPageGoto.p50;
  return [
    {
      goal: `make→ready p50 <= ${GOALS.makeP50Ms} ms`,
      measured: `${ms(make.p50)} ms`,
      met: make.p50 <= GOALS.makeP50Ms,
    },
    {
      goal: `make→ready p50 <= ${GOALS.makeShareOfBareLaunch}x bare launch+page+goto`,
      measured: `${share.toFixed(2)}x (${ms(make.p50)} / ${ms(bare.launchPageGoto.p50)} ms)`,
      met: share <= GOALS.makeShareOfBareLaunch,
    },
    {
      goal: `make→ready p95 <= ${GOALS.makeP95Ms} ms`,
      measured: `${ms(make.p95)} ms`,
      met: make.p95 <= GOALS.makeP95Ms,
    },
    {
      goal: `reset with a test case p50 <= ${GOALS.resetP50Ms} ms`,
      measured: `${ms(proctor.reset.p50)} ms`,
      met: proctor.reset.p50 <= GOALS.resetP50Ms,
    },
    {
      goal: `connectOverCDP through the proxy <= ${GOALS.connectProxyRatio}x direct`,
      measured: `${connectRatio.toFixed(2)}x (${ms(proctor.connectProxy.p50)} / ${ms(proctor.connectDirect.p50)} ms)`,
      met: connectRatio <= GOALS.connectProxyRatio,
    },
    {
      goal: `live view >= ${GOALS.liveViewFps} fps at ${VIEWPORT.width}x${VIEWPORT.height}`,
      measured: `${live.fps.toFixed(1)} fps at ${live.frameWidth}x${live.frameHeight} (page viewport ${proctor.pageViewport})`,
      met:
        live.fps >= GOALS.liveViewFps &&
        live.frameWidth === VIEWPORT.width &&
        live.frameHeight === VIEWPORT.height,
    },
    {
      goal: `input-to-frame p50 <= ${GOALS.inputToFrameMs} ms`,
      measured: `${ms(live.inputToFrame.p50)} ms (p95 ${ms(live.inputToFrame.p95)})`,
      met: live.inputToFrame.p50 <= GOALS.inputToFrameMs && live.missed === 0,
    },
    {
      goal: `per-action p50 with ${MOST} environments <= ${GOALS.concurrencyRatio}x with 1`,
      measured:
        `${(most.p50 / one.p50).toFixed(2)}x (${ms(most.p50)} / ${ms(one.p50)} ms; bare ${bareRatio.toFixed(2)}x); ` +
        `${pacedRatio.toFixed(2)}x with ${THINK_MS} ms between actions; the CPU alone allows no better than ` +
        `${floor.ratio.toFixed(2)}x on ${results.run.cores} cores`,
      met: most.p50 / one.p50 <= GOALS.concurrencyRatio,
    },
    {
      goal: `PSS per environment <= ${mib(GOALS.pssPerEnvironmentBytes)}`,
      measured: mib(proctor.pssPerEnvironmentBytes),
      met: proctor.pssPerEnvironmentBytes <= GOALS.pssPerEnvironmentBytes,
    },
    ...networkGoals(results.network),
    ...fastModeGoals(results.fastMode),
    ...multiSimulatorGoals(results.multiSimulator),
  ];
}

function printReport(results: Results, goals: Goal[]): void {
  const { proctor, bare, run } = results;
  const floorText = (floor: { ms: number; ratio: number }) =>
    `>= ${ms(floor.ms)} ms per action (${floor.ratio.toFixed(2)}x the p50 with 1)`;
  const cpuText = (cpu: ActionCpu, server: boolean) =>
    `browser ${ms(cpu.browser)}${server ? ` + server ${ms(cpu.server)}` : ''} + agent ${ms(cpu.agent)} ms`;
  const live = (figures: FrameFigures) =>
    `${figures.fps.toFixed(1)} fps, ${figures.frameWidth}x${figures.frameHeight}, ${figures.frameKiB.toFixed(0)} KiB/frame` +
    (figures.duplicatesPerSecond > 0 ? `, +${figures.duplicatesPerSecond.toFixed(1)}/s sent twice` : '');
  const actionRow =
    (paced: boolean) =>
    (count: number): string[] => {
      const figure = (side: Results['proctor'] | Results['bare']) => {
        const figures = paced ? side.pacedActions : side.actions;
        const ratio = (figures[count] as Latency).p50 / (figures[1] as Latency).p50;
        return `${pair(figures[count] as Latency)} (${ratio.toFixed(2)}x)`;
      };
      return [
        `click + read, ${count} at once${paced ? `, ${THINK_MS} ms apart` : ''} (p50/p95)`,
        figure(proctor),
        `${figure(bare)}, ${count} browser${count > 1 ? 's' : ''}`,
      ];
    };
  console.log(
    `Live environment benchmark: ${run.samples} samples per latency, ${run.actionsPerEnvironment} clicks per environment, ` +
      `node ${run.node}, Chromium ${run.chromium}, ${run.date}, ${run.durationS} s\n`,
  );
  printColumns(
    ['figure', 'Proctor', 'bare Playwright, same run'],
    [
      [
        'make→ready, warm pool (p50/p95)',
        pair(proctor.makeWarm.makeToReady),
        `launch+page+goto ${pair(bare.launchPageGoto)}`,
      ],
      [
        '',
        `(make alone ${pair(proctor.makeWarm.make)})`,
        `new context+page+goto ${pair(bare.contextPageGoto)}`,
      ],
      [
        'make→ready, back to back (p50/p95)',
        `${pair(proctor.makeBackToBack.makeToReady)} (${proctor.makeBackToBack.coldAcquisitions}/${samples} cold)`,
        '',
      ],
      [
        'reset with a test case (p50/p95)',
        pair(proctor.reset),
        `new context+page+goto its start URL ${pair(bare.contextPageGotoTestCase)}`,
      ],
      ['reset, back to back (p50/p95)', pair(proctor.resetBackToBack), ''],
      [
        'connectOverCDP (p50/p95)',
        `proxy ${pair(proctor.connectProxy)}; direct ${pair(proctor.connectDirect)}`,
        `Chromium's own port ${pair(bare.connectOverCdp)}`,
      ],
      [
        'live view on an animated page',
        `${live(proctor.liveView)} (cap ${LIVE_VIEW_DEFAULTS.maxFps})`,
        `CDP screencast ${live(bare.liveView)}`,
      ],
      [
        'input → next frame (p50/p95)',
        `${pair(proctor.liveView.inputToFrame)}${proctor.liveView.missed ? `, ${proctor.liveView.missed} missed` : ''}`,
        `CDP dispatchKeyEvent ${pair(bare.liveView.inputToFrame)}`,
      ],
      ...CONCURRENCY.map(actionRow(false)),
      ...CONCURRENCY.map(actionRow(true)),
      [
        'memory on the shop page (PSS)',
        `${mib(proctor.pssPerEnvironmentBytes)} per environment, ${proctor.processesPerEnvironment.toFixed(0)} processes`,
        `${mib(bare.pssPerBrowserBytes)} per browser; +${mib(bare.pssPerExtraContextBytes)} per extra context`,
      ],
      ...[1, MOST].map((count) => [
        `CPU per click + read, ${count} at once`,
        cpuText(proctor.actionCpu[count] as ActionCpu, true),
        cpuText(bare.actionCpu[count] as ActionCpu, false),
      ]),
      [
        `CPU floor, ${MOST} at once on ${run.cores} cores`,
        floorText(cpuFloor(proctor, run.cores)),
        floorText(cpuFloor(bare, run.cores)),
      ],
      [
        'server process during the clicks',
        `${ms(proctor.serverCpuPerActionMs)} ms CPU per action, event loop ${(100 * proctor.serverEventLoopUtilization).toFixed(0)}% busy`,
        '',
      ],
      [
        'server process growth',
        `RSS ${signedMib(proctor.serverRssPerEnvironmentBytes)}, heap ${signedMib(proctor.serverHeapPerEnvironmentBytes)} per environment`,
        '',
      ],
    ],
  );

  console.log('\nWhere the time goes (warm pool; medians of each phase in ms, so they need not add up):');
  const { make, waitForReady } = proctor.makeWarm.phases;
  const reset = proctor.resetPhases;
  const phaseRow = (key: string, label: string) => [
    label,
    ...[make, waitForReady, reset].map((p) => ms(p[key] ?? 0)),
  ];
  const countRow = (key: string, label: string) => [
    label,
    ...[make, waitForReady, reset].map((p) => String(p[key] ?? 0)),
  ];
  printColumns(
    ['phase', 'make (POST make2)', 'waitForReady', 'reset'],
    [
      ...PHASES.map(([key, label]) => phaseRow(key, label)),
      phaseRow('other', 'other: HTTP, auth and routing, JSON, SDK'),
      phaseRow('total', 'total'),
      countRow('queries', 'database queries'),
      countRow('requests', 'simulator requests'),
    ],
  );

  printNetworkReport(results.network);
  printFastModeReport(results.fastMode);
  printMultiSimulatorReport(results.multiSimulator);
  printGoals(goals);
}

function printGoals(goals: Goal[]): void {
  console.log('\nGoals:');
  for (const goal of goals) console.log(`  ${goal.met ? 'ok  ' : 'MISS'} ${goal.goal}: ${goal.measured}`);
}

// ---------------------------------------------------------------------------------------------------------
// Several simulators in one environment (make2's extra_env_ids): what the second app's instance adds.

/** One environment of mail alone against one of mail and calendar (the page opens on mail in both). */
const MULTI_SIMULATOR = { app: 'mail', extra: 'calendar' } as const;
const MULTI_SIDES = ['one', 'two'] as const;
type MultiSide = (typeof MULTI_SIDES)[number];

interface MultiSimulatorCost {
  makeToReady: Record<MultiSide, Latency>;
  reset: Record<MultiSide, Latency>;
}

const multiOptions = (side: MultiSide) => (side === 'two' ? { extra_env_ids: [MULTI_SIMULATOR.extra] } : {});

/** The two sides take turns, so that the machine's load falls on both alike. */
async function multiSimulatorFigures(bench: Bench): Promise<MultiSimulatorCost> {
  progress(`One simulator against two: make → ready, pool refilled between samples (${samples} each)…`);
  const make: Record<MultiSide, number[]> = { one: [], two: [] };
  for (let i = 0; i < samples + WARMUP; i++) {
    for (const side of MULTI_SIDES) {
      await sleep(POOL_REFILL_PAUSE_MS);
      const started = now();
      const environment = await bench.sdk.environments.make(MULTI_SIMULATOR.app, multiOptions(side));
      await environment.waitForReady();
      const elapsed = now() - started;
      await environment.close();
      if (i >= WARMUP) make[side].push(elapsed);
    }
  }
  progress(`One simulator against two: reset after a settled page (${samples} each)…`);
  const environments = {} as Record<MultiSide, Environment>;
  for (const side of MULTI_SIDES) {
    await sleep(POOL_REFILL_PAUSE_MS);
    const environment = await bench.sdk.environments.make(MULTI_SIMULATOR.app, multiOptions(side));
    bench.teardown.add(`environment ${environment.id}`, () => environment.close());
    await environment.waitForReady();
    environments[side] = environment;
  }
  const reset: Record<MultiSide, number[]> = { one: [], two: [] };
  for (let i = 0; i < samples + WARMUP; i++) {
    for (const side of MULTI_SIDES) {
      await sleep(AGENT_PAUSE_MS);
      const started = now();
      await environments[side].reset();
      if (i >= WARMUP) reset[side].push(now() - started);
    }
  }
  for (const side of MULTI_SIDES) await environments[side].close();
  return {
    makeToReady: { one: latency(make.one), two: latency(make.two) },
    reset: { one: latency(reset.one), two: latency(reset.two) },
  };
}

const multiRatio = (sides: Record<MultiSide, Latency>) => sides.two.p50 / sides.one.p50;

function multiSimulatorGoals(multi: MultiSimulatorCost): Goal[] {
  const goal = (label: string, sides: Record<MultiSide, Latency>): Goal => ({
    goal: `${label} of two simulators p50 <= ${GOALS.multiSimulatorRatio}x one`,
    measured: `${multiRatio(sides).toFixed(2)}x (${ms(sides.two.p50)} / ${ms(sides.one.p50)} ms)`,
    met: multiRatio(sides) <= GOALS.multiSimulatorRatio,
  });
  return [goal('make→ready', multi.makeToReady), goal('reset', multi.reset)];
}

function printMultiSimulatorReport(multi: MultiSimulatorCost): void {
  const { app, extra } = MULTI_SIMULATOR;
  console.log(`
Two simulators in one environment (${app} + ${extra}) against one (${app}), taking turns:`);
  const row = (label: string, sides: Record<MultiSide, Latency>) => [
    `${label} (p50/p95)`,
    pair(sides.two),
    pair(sides.one),
    `${multiRatio(sides).toFixed(2)}x`,
  ];
  printColumns(
    ['figure', 'two', 'one', 'ratio (p50)'],
    [row('make→ready, warm pool', multi.makeToReady), row('reset after a settled page', multi.reset)],
  );
}

/** `--network-only`: the network figures alone. */
async function runNetworkOnly(teardown: Teardown, trackedGroups: Set<number>): Promise<NetworkCost> {
  return networkCostFigures(await setUp(teardown, trackedGroups));
}

// ---------------------------------------------------------------------------------------------------------

if (options.agent !== undefined) {
  process.stdout.write(JSON.stringify(await runAgent(JSON.parse(options.agent) as AgentSpec)));
} else if (options['network-agent'] !== undefined) {
  process.stdout.write(
    JSON.stringify(await runNetworkAgent(JSON.parse(options['network-agent']) as NetworkAgentSpec)),
  );
} else if (options['fast-mode-agent'] !== undefined) {
  process.stdout.write(
    JSON.stringify(await runFastModeAgent(JSON.parse(options['fast-mode-agent']) as FastModeAgentSpec)),
  );
} else if (options['fast-mode-only']) {
  await runBenchmark({
    progress,
    json: options.json === true,
    closing: 'environments and browsers',
    run: runFastModeOnly,
    goals: fastModeGoals,
    report: (fastMode, goals) => {
      printFastModeReport(fastMode);
      printGoals(goals);
    },
  });
} else if (options['multi-simulator-only']) {
  await runBenchmark({
    progress,
    json: options.json === true,
    closing: 'environments and browsers',
    run: async (teardown, trackedGroups) => multiSimulatorFigures(await setUp(teardown, trackedGroups)),
    goals: multiSimulatorGoals,
    report: (multi, goals) => {
      printMultiSimulatorReport(multi);
      printGoals(goals);
    },
  });
} else if (options['network-only']) {
  await runBenchmark({
    progress,
    json: options.json === true,
    closing: 'environments and browsers',
    run: runNetworkOnly,
    goals: networkGoals,
    report: (network, goals) => {
      printNetworkReport(network);
      printGoals(goals);
    },
  });
} else {
  await runBenchmark({
    progress,
    json: options.json === true,
    closing: 'environments and browsers',
    run,
    goals: goalsOf,
    report: printReport,
  });
}
