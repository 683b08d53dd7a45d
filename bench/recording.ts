/**
 * Recording benchmark: what recording every session costs an agent, the machine and the database, and what
 * reading recordings back costs the dashboard. Usage and what each figure means: bench/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  LAYOUT,
  SessionDetailResponse,
  SessionListResponse,
  SessionRrwebEventsResponse,
} from '@proctor/contracts';
import { type Database, type DatabaseConfig, sessionSteps, simulators } from '@proctor/db';
import {
  CdpConnection,
  type LaunchedBrowser,
  launchBrowser,
  pageScriptSource,
  SessionRecorder,
  type SessionRecorderStats,
} from '@proctor/environments';
import type { Proctor as ProctorClient } from '@proctor/sdk';
import { builtInSimulators, SimulatorHost, type SimulatorInstance } from '@proctor/simulators';
import { and, count, eq, gte } from 'drizzle-orm';
import pg from 'pg';
import { ownBrowserPrefix } from '../apps/server/src/environments/browserFolders';
import { SessionRecordingWriter } from '../apps/server/src/environments/recordingWriter';
import { startSession } from '../apps/server/src/environments/records';
import { createProctor, loadConfig, type Proctor } from '../apps/server/src/index';
import { setSessionStatus } from '../apps/server/src/repositories/sessions';
import { freePort } from '../apps/server/test/support/network';
import { type Account, signUp } from './support/accounts';
import { type Goal, runBenchmark } from './support/main';
import { coveredMs, PhaseTimer } from './support/phaseTimer';
import { groupCpuMs } from './support/processes';
import { type RecordingSize, recordingSize, type StoredPart } from './support/recordingSize';
import { type LongReplayFigures, longReplayFigures } from './support/replayStream';
import { copySession } from './support/sessionCopy';
import { type SeededSessions, seedSessions } from './support/sessionSeed';
import {
  ACTION_KINDS,
  ACTIONS_PER_CYCLE,
  type ActionKind,
  epochMs,
  runShopAgent,
  runShopAgentInChild,
  SHOP_PRODUCT_PATH,
  type ShopAgentResult,
  type ShopAgentSpec,
  type TimedAction,
  type TraceFigures,
} from './support/shopAgent';
import { type Latency, latency, MiB, mib, ms, pair, percentile, printColumns } from './support/stats';
import type { Teardown } from './support/teardown';
import { createThrowawayDatabase } from './support/throwawayDatabase';

/** The goals. */
const GOALS = {
  /**
   * Back to back, recording's overhead per typical action (the kinds' medians, weighted) at most this share of
   * Playwright tracing's (screenshots and DOM snapshots), both against the same unrecorded browser in one run.
   */
  shareOfTracing: 0.5,
  /** With THINK_MS between actions, the typical action with the recorder at most this much slower. */
  pacedOverheadShare: 0.05,
  /** Screenshot milliseconds per step (a burst's steps share one: see StepTracker). */
  screenshotMsPerStep: 20,
  bytesPerStep: 150 * 1024,
  /** Issue 29: the session page's first answer for a 200-step session, p95, on each database. */
  sessionPageP95Ms: 100,
  /** The session page's first answer (GET /api/session/{id}, the DOM events left for the replay to read). */
  sessionPageBytes: 300 * 1024,
  sessionListP95Ms: 150,
} as const;

const KiB = 1024;
const SESSION_STEPS = 200;
const SEEDED_SESSIONS = 100_000;
const OTHER_ORGANIZATIONS = 3;
const OTHER_SESSIONS = 4_000;
const WARMUP = 2;
/** Untimed cycles (4 actions each) on each side before the overhead figure's timed ones. */
const WARMUP_CYCLES = 1;
/**
 * After each cycle, before the other side's: longer than a step's settle (150 ms) plus its screenshot, so that
 * neither side pays for what the other left running.
 */
const CYCLE_PAUSE_MS = 400;
/**
 * The paced run's pause between actions: enough for a step to settle (150 ms) and its screenshot to be taken
 * before the next action, as with an agent whose model thinks between steps (seconds, in practice).
 */
const THINK_MS = 500;
/** Recording the long session: at most this many agent runs to reach SESSION_STEPS steps. */
const MAX_RECORDING_BATCHES = 6;
/** Steps per agent cycle assumed for the long recording when the overhead run did not measure it (12 measured). */
const ASSUMED_STEPS_PER_CYCLE = 12;
/** Requests per long replay figure (each reads tens of MB). */
const LONG_REPLAY_REQUESTS = 5;
const VIEWPORT = LAYOUT.keepaliveInterface;
/** Lines of a query plan the report prints. */
const PLAN_LINES = 40;
/** The index the sessions list experiment tries: the scoring badge's subquery, as an index. */
const CANDIDATE_INDEX = `create index bench_scores_automatic_idx on scores (session_id, created_at)
  where type not in ('human_in_the_loop', 'system_scoring')`;

const { values: options } = parseArgs({
  options: {
    actions: { type: 'string', default: '48' },
    'paced-actions': { type: 'string', default: '32' },
    requests: { type: 'string', default: '20' },
    json: { type: 'boolean', default: false },
    breakdown: { type: 'boolean', default: false },
    'session-page-only': { type: 'boolean', default: false },
    'replay-copies': { type: 'string', default: '10' },
    'replay-heap-mib': { type: 'string' },
    // Internal: the agent's side, in a child process (support/shopAgent.ts).
    agent: { type: 'string' },
  },
});
const cyclesOf = (actions: string, fallback: number) =>
  Math.max(3, Math.ceil((Number.parseInt(actions, 10) || fallback) / ACTIONS_PER_CYCLE));
const cycles = cyclesOf(options.actions, 48);
const pacedCycles = cyclesOf(options['paced-actions'], 32);
const requests = Math.max(5, Number.parseInt(options.requests, 10) || 20);
/** The long session's DOM events repeated this many times (`--replay-copies`), times shifted: a long session. */
const LONG_REPLAY_COPIES = Math.max(1, Number.parseInt(options['replay-copies'], 10) || 10);
/** `--replay-heap-mib`: each way of answering the long session also tried once with V8's old space capped so. */
const REPLAY_HEAP_MIB =
  options['replay-heap-mib'] === undefined ? undefined : Number.parseInt(options['replay-heap-mib'], 10);

const SCRIPT = fileURLToPath(import.meta.url);
const now = () => performance.now();
const progress = (line: string) =>
  process.stderr.write(`[${(now() / 1000).toFixed(0).padStart(3)} s] ${line}\n`);

interface RunningProctor {
  proctor: Proctor;
  baseUrl: string;
  /** DATA_DIR/blobs: where its recordings' screenshots are. */
  blobsRoot: string;
}

/** What every phase of the run works with. */
interface Bench {
  teardown: Teardown;
  /** Process groups of every browser seen, checked for leftovers at the end. */
  trackedGroups: Set<number>;
  dataDir: string;
  pglite: RunningProctor;
  account: Account;
  sdk: ProctorClient;
  /** Times every Page.captureScreenshot round trip of every CDP connection in this process. */
  timer: PhaseTimer;
}

interface Mean {
  mean: number;
}

/**
 * CPU milliseconds per action of one side, by process, over every action it took (warm-up included): the time
 * the processes' threads ran (/proc schedstat for the browser, process.cpuUsage for the others).
 */
interface CpuPerAction {
  /** The side's Chromium: every process of its group. */
  browser: number;
  /** The agent's process within the side's turns: Playwright, and its tracing on the traced side. */
  agent: number;
  /** This process within the side's turns: the recorder, the recording writer, PGlite. */
  proctor: number;
  total: number;
  /**
   * How long this process's event loop was held within the side's turns (each sample's lateness past its
   * interval): every agent's CDP passes through it, so a stall there delays whatever command is on its way.
   */
  loopStall: { longestMs: number; perActionMs: number };
}

/**
 * Page.captureScreenshot round trips as CDP answered them. A capture asked for just before the page commits a
 * new document is never answered in time: the recorder asks again once it hears of the commit, and a late
 * answer still counts here (the browser did the work), while the recorder's own mean counts only the captures
 * it used.
 */
interface CaptureFigures extends Latency, Mean {
  max: number;
  /** Answered after 1 s. */
  overOneSecond: number;
}

/** Per-action latency: every action, and by kind. */
interface ActionFigures {
  all: Latency & Mean;
  byKind: Record<ActionKind, Latency>;
  /**
   * The kinds' medians weighted by how often each kind occurs: the typical action. The p50 of all actions
   * together falls between the kinds' clusters (navigations take far longer than the rest) and jumps from one
   * to the other with noise; this does not.
   */
  typicalMs: number;
}

interface PageFigure {
  latency: Latency;
  /** Of each request, the time some database query was running (drizzle's client, wrapped). */
  database: Latency;
  /** Of that, the time a query of session_events (rrweb and mutation chunks) was running. */
  eventsDatabase: Latency;
  /** The answer's zod encoding and JSON.stringify, as the server's serializer does them, in this process (p50). */
  serializeMs: number;
  responseBytes: number;
  /** The answer's bytes by part: rrweb_events, snapshot (the steps), network_summary, the rest. */
  bytesByPart: Record<string, number>;
  steps: number;
  networkRows: number;
  /** GET /api/session/{id}/rrweb-events, which the DOM replay reads when it is opened. */
  replay: { latency: Latency; bytes: number; events: number };
}

interface QueryPlan {
  /** Which list, and which of its two statements. */
  query: string;
  executionMs: number;
  plan: string[];
}

/** The list's summary: what the count statement answers. */
interface SummaryCounts {
  total: number;
  passed: number;
  scored: number;
}

/** The first page's summary statement in another shape, or with another index, on the same data. */
interface SummaryExperiment {
  name: string;
  executionMs: number;
  /** Same counts as the server's summary. */
  agrees: boolean;
  plan: string[];
}

interface ListFigures {
  seeded: SeededSessions;
  firstPage: Latency;
  filtered: Latency;
  firstPageSummary: SummaryCounts;
  filteredSummary: SummaryCounts;
  /** EXPLAIN ANALYZE of the statements of one first-page request and one filtered request. */
  plans: QueryPlan[];
  experiments: SummaryExperiment[];
}

interface Results {
  run: {
    date: string;
    node: string;
    chromium: string;
    cycles: number;
    requests: number;
    durationS: number;
    cores: number;
    /** One-minute load average at the start and at the end: other work on the machine. */
    load: [number, number];
  };
  overhead: {
    /** Back to back. */
    sides: Record<Side, ActionFigures> & Partial<Record<BreakdownSide, ActionFigures>>;
    cpu: Record<Side, CpuPerAction> & Partial<Record<BreakdownSide, CpuPerAction>>;
    trace: TraceFigures | undefined;
    /** Not recorded, recorded and traced, with THINK_MS between actions (with --breakdown, the variants too). */
    paced: {
      sides: Record<PacedSide, ActionFigures>;
      cpu: Record<PacedSide, CpuPerAction>;
      trace: TraceFigures | undefined;
    };
    /** The recorder wired as the server wires it. */
    recorderStats: SessionRecorderStats;
    /** The recorded side's recorder over the back-to-back actions, and how many actions those were. */
    backToBackStats: SessionRecorderStats;
    backToBackActions: number;
    recorderErrors: number;
  };
  screenshots: {
    /** Every recorder capture during the overhead run (CDP round trip). */
    duringActions: CaptureFigures;
    /** The same over the 200-step recording through an environment. */
    duringLongSession: CaptureFigures & { recorderMeanMs: number; recorderMsPerStep: number };
    /**
     * Captures back to back on a still page of the bare browser, by settings; `cpuMs`: the CPU time the browser's
     * processes (browser, GPU, renderer) spent per capture.
     */
    still: Record<string, Latency & Mean & { kib: number; cpuMs: number }>;
  };
  longSession: { actions: ActionFigures; recordedSteps: number; seconds: number };
  sizes: { overheadSession: RecordingSize; longSession: RecordingSize };
  sessionPage: SessionPageResults['sessionPage'];
  longReplay: SessionPageResults['longReplay'];
  sessionList: ListFigures | undefined;
}

/** What `--session-page-only` measures: the session page and its replay's events, on the long session. */
interface SessionPageResults {
  run: {
    date: string;
    node: string;
    requests: number;
    durationS: number;
    cores: number;
    load: [number, number];
  };
  sessionPage: { pglite: PageFigure; postgres: PageFigure | undefined };
  longReplay: { pglite: LongReplayFigures; postgres: LongReplayFigures | undefined };
}

// ---------------------------------------------------------------------------------------------------------
// Setting up.

async function startProctor(
  teardown: Teardown,
  name: string,
  dataDir: string,
  database: DatabaseConfig,
  poolSize: number,
): Promise<RunningProctor> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const folder = join(dataDir, name);
  // Screenshots as files under DATA_DIR/blobs, whatever this shell sets: the sizes figure reads the files.
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('BLOB_STORE_')),
  );
  const config = loadConfig({
    ...environment,
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: folder,
    LOG_LEVEL: 'error',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    BROWSER_POOL_SIZE: String(poolSize),
    MAX_ENVIRONMENTS: '2',
    MAX_ENVIRONMENTS_PER_ORGANIZATION: '2',
  });
  const proctor = await createProctor(config, { database });
  teardown.add(`Proctor on ${name}`, () => proctor.close());
  await proctor.app.listen({ port, host: '127.0.0.1' });
  return { proctor, baseUrl, blobsRoot: join(folder, 'blobs') };
}

async function setUp(teardown: Teardown, trackedGroups: Set<number>): Promise<Bench> {
  const { Proctor: ProctorSdk } = await import('@proctor/sdk').catch(() => {
    throw new Error('The SDK is not built: run `npm run build -w @proctor/sdk` first');
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'proctor-bench-recording-'));
  teardown.add('data folder', async () => rmSync(dataDir, { recursive: true, force: true }));
  progress('Starting Proctor (in-memory PGlite, blob store in a temporary DATA_DIR, pool of 1 browser)…');
  const pglite = await startProctor(teardown, 'pglite', dataDir, { kind: 'pglite' }, 1);
  const account = await signUp(pglite.baseUrl, 'runner', 'Measure recordings');
  const timer = new PhaseTimer();
  timer.wrap(CdpConnection.prototype, 'send', ([method]) =>
    method === 'Page.captureScreenshot' ? 'screenshot' : undefined,
  );
  teardown.add('screenshot timer', async () => timer.restore());
  return {
    teardown,
    trackedGroups,
    dataDir,
    pglite,
    account,
    sdk: new ProctorSdk({ baseUrl: pglite.baseUrl, apiKey: account.apiKey }),
    timer,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Figures.

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const withMean = (values: readonly number[]): Latency & Mean => ({ ...latency(values), mean: mean(values) });

function actionFigures(actions: readonly TimedAction[] = []): ActionFigures {
  const byKind = Object.fromEntries(
    ACTION_KINDS.map((kind) => [kind, latency(actions.filter((a) => a.kind === kind).map((a) => a.ms))]),
  ) as Record<ActionKind, Latency>;
  const counted = ACTION_KINDS.filter((kind) => byKind[kind].samples > 0);
  const typicalMs =
    counted.reduce((sum, kind) => sum + byKind[kind].samples * byKind[kind].p50, 0) /
    counted.reduce((sum, kind) => sum + byKind[kind].samples, 0);
  return { all: withMean(actions.map((action) => action.ms)), byKind, typicalMs };
}

function screenshotTimes(bench: Bench, start: number, end: number): CaptureFigures {
  const times = bench.timer
    .within(start, end)
    .filter((interval) => interval.kind === 'screenshot')
    .map((interval) => interval.end - interval.start);
  return {
    ...withMean(times),
    max: Math.max(...times),
    overOneSecond: times.filter((time) => time > 1000).length,
  };
}

async function chromiumVersion(browser: LaunchedBrowser): Promise<string> {
  try {
    const answer = (await (await fetch(`${browser.httpEndpoint}/json/version`)).json()) as {
      Browser?: string;
    };
    return answer.Browser ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Runs `use` with a CDP session on the browser's page, over a connection of its own. */
async function withPageSession<T>(
  browser: LaunchedBrowser,
  use: (connection: CdpConnection, sessionId: string) => Promise<T>,
): Promise<T> {
  const connection = await CdpConnection.connect(browser.wsEndpoint);
  try {
    const { targetInfos } = await connection.send('Target.getTargets');
    const target = targetInfos.find((info) => info.type === 'page');
    if (!target) throw new Error('The browser has no page');
    const { sessionId } = await connection.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: true,
    });
    return await use(connection, sessionId);
  } finally {
    connection.close();
  }
}

/** Page.captureScreenshot back to back on the page as it is (still), with the recorder's settings and others. */
function stillCaptures(browser: LaunchedBrowser): Promise<Results['screenshots']['still']> {
  const variants = {
    [`JPEG q60, ${VIEWPORT.width}x${VIEWPORT.height} (the recorder's)`]: {
      format: 'jpeg',
      quality: 60,
      optimizeForSpeed: true,
    },
    [`JPEG q60, half scale (${VIEWPORT.width / 2}x${VIEWPORT.height / 2})`]: {
      format: 'jpeg',
      quality: 60,
      optimizeForSpeed: true,
      clip: { x: 0, y: 0, width: VIEWPORT.width, height: VIEWPORT.height, scale: 0.5 },
    },
    [`WebP q60, ${VIEWPORT.width}x${VIEWPORT.height}`]: {
      format: 'webp',
      quality: 60,
      optimizeForSpeed: true,
    },
  } as const;
  return withPageSession(browser, async (connection, sessionId) => {
    const figures: Results['screenshots']['still'] = {};
    // The other settings only with --breakdown: they cost the default run time and no goal reads them.
    for (const [name, params] of Object.entries(variants).slice(0, options.breakdown ? undefined : 1)) {
      const times: number[] = [];
      let bytes = 0;
      let cpuFrom = 0;
      for (let i = 0; i < requests + WARMUP; i++) {
        if (i === WARMUP) cpuFrom = groupCpuMs(browser.pid);
        const started = now();
        const { data } = await connection.send('Page.captureScreenshot', params, sessionId);
        if (i >= WARMUP) times.push(now() - started);
        bytes = Buffer.byteLength(data, 'base64');
      }
      const cpuMs = (groupCpuMs(browser.pid) - cpuFrom) / requests;
      figures[name] = { ...withMean(times), kib: bytes / KiB, cpuMs };
    }
    return figures;
  });
}

async function launchTracked(bench: Bench): Promise<LaunchedBrowser> {
  const browser = await launchBrowser({
    userDataDirPrefix: ownBrowserPrefix(),
    windowWidth: VIEWPORT.width,
    windowHeight: VIEWPORT.height,
    viewport: VIEWPORT,
  });
  bench.trackedGroups.add(browser.pid);
  bench.teardown.add(`browser ${browser.pid}`, () => browser.close());
  return browser;
}

async function shopSimulatorId(db: Database): Promise<number> {
  const [shop] = await db.select({ id: simulators.id }).from(simulators).where(eq(simulators.name, 'shop'));
  if (!shop) throw new Error('The shop simulator is not registered');
  return shop.id;
}

/**
 * The sides of the overhead figure, each a browser on a shop instance of its own: no recorder, twice (the
 * second tells how far two identical sides differ on this machine at this moment); the recorder as the server
 * wires it; and two variants that each leave one of its costs out, to tell the costs apart.
 */
const SIDES = {
  bare: 'not recorded',
  control: 'not recorded, a second browser (noise check)',
  recorded: 'recorded',
  tracing: "Playwright's tracing (screenshots, DOM snapshots)",
  stubbedScreenshots: 'recorded, screenshots stubbed',
} as const;
/** The scale of the `scaledScreenshots` side's captures: what a cheaper picture would save. */
const SCALED_SCREENSHOT = 0.75;
/** Sides that only tell the recorder's costs apart, run with --breakdown. */
const BREAKDOWN_SIDES = {
  rrwebOff: 'recorded, rrweb not recording',
  scaledScreenshots: `recorded, screenshots at ${SCALED_SCREENSHOT * 100}% scale`,
} as const;
type Side = keyof typeof SIDES;
type BreakdownSide = keyof typeof BREAKDOWN_SIDES;
type AnySide = Side | BreakdownSide;
const SIDE_NAMES: Record<AnySide, string> = { ...SIDES, ...BREAKDOWN_SIDES };
const RUN_SIDES: AnySide[] = [
  ...(Object.keys(SIDES) as Side[]),
  ...(options.breakdown ? (Object.keys(BREAKDOWN_SIDES) as BreakdownSide[]) : []),
];
const RECORDED_SIDES = (['recorded', 'stubbedScreenshots', 'rrwebOff', 'scaledScreenshots'] as const).filter(
  (side) => RUN_SIDES.includes(side),
);
type RecordedSide = 'recorded' | 'stubbedScreenshots' | 'rrwebOff' | 'scaledScreenshots';
const PACED_SIDES = ['bare', 'recorded', 'tracing', 'control'] as const;
type PacedSide = (typeof PACED_SIDES)[number];
/** With --breakdown, the paced run also tells the recorder's costs apart (the back-to-back variants, paced). */
const PACED_RUN_SIDES: AnySide[] = [
  ...PACED_SIDES,
  ...(options.breakdown ? (['stubbedScreenshots', ...Object.keys(BREAKDOWN_SIDES)] as AnySide[]) : []),
];
/** How often this process's CPU time is read, to tell what it spent in each side's turns. */
const CPU_SAMPLE_MS = 20;

/** Where the page script starts rrweb, and what the `rrwebOff` side puts there: a stop function, no recording. */
const RRWEB_START = 'stopRrweb = rrweb.record({';
const RRWEB_NOT_STARTED = 'stopRrweb = (function () { return function () {}; })({';

interface AttachedRecorder {
  recorder: SessionRecorder;
  session: { id: number; publicId: string };
  errors: Error[];
  finish(): Promise<void>;
}

/**
 * Answers some of a connection's commands itself (benchmark variants only): `answer` returns the result, or
 * undefined to send the command on as it is, possibly with other parameters.
 */
function interceptCommands(
  connection: CdpConnection,
  answer: (
    method: string,
    params: Record<string, unknown>,
  ) => { result?: unknown; params?: unknown } | undefined,
): void {
  const send = connection.send.bind(connection) as (...args: unknown[]) => Promise<unknown>;
  connection.send = ((method: string, params: Record<string, unknown> = {}, ...rest: unknown[]) => {
    const intercepted = answer(method, params);
    if (intercepted && 'result' in intercepted) return Promise.resolve(intercepted.result);
    return send(method, intercepted?.params ?? params, ...rest);
  }) as typeof connection.send;
}

/**
 * The recorder on one browser, writing into a session of the benchmark's organization through
 * SessionRecordingWriter (PGlite and the blob store of the Proctor in this process), as the environment manager
 * wires it. `stubbedScreenshots`: every Page.captureScreenshot is answered at once with one screenshot taken
 * beforehand (what an after-state taken from frames the browser paints anyway would cost the page: nothing).
 * `rrwebOff`: the page script is injected with rrweb loaded but never started (the actions are still recorded;
 * steps settle on input and loading alone, without rrweb's DOM mutations). `scaledScreenshots`: every capture is
 * asked for at SCALED_SCREENSHOT of the viewport's size (a measure only: a scaled clip changes the page's emulated
 * viewport while it is taken, which the live view's screencast shows).
 */
async function attachRecorder(
  bench: Bench,
  side: RecordedSide,
  browser: LaunchedBrowser,
  host: SimulatorHost,
  instance: SimulatorInstance,
): Promise<AttachedRecorder> {
  const { db, blobs } = bench.pglite.proctor.ctx;
  const session = await startSession(db, {
    organizationId: bench.account.organizationId,
    userId: bench.account.userId,
    simulatorId: await shopSimulatorId(db),
    simulatorName: 'shop',
    jobGroupPublicId: `bench-recording-${side}`,
    testCaseId: null,
    source: 'bench',
    agentVersion: null,
  });
  const writer = new SessionRecordingWriter(
    db,
    blobs,
    session,
    (skip) => instance.mutations(skip),
    undefined,
    (url) => host.stylesheetText(url),
  );
  // As the environment manager attaches it: over a channel of the browser's pipe.
  const connection = await browser.connect();
  if (side === 'stubbedScreenshots') {
    const { data } = await withPageSession(browser, (page, sessionId) =>
      page.send('Page.captureScreenshot', { format: 'jpeg', quality: 60, optimizeForSpeed: true }, sessionId),
    );
    interceptCommands(connection, (method) =>
      method === 'Page.captureScreenshot' ? { result: { data } } : undefined,
    );
  }
  if (side === 'scaledScreenshots') {
    const clip = { x: 0, y: 0, ...VIEWPORT, scale: SCALED_SCREENSHOT };
    interceptCommands(connection, (method, params) =>
      method === 'Page.captureScreenshot' ? { params: { ...params, clip } } : undefined,
    );
  }
  if (side === 'rrwebOff') {
    if (!pageScriptSource().includes(RRWEB_START))
      throw new Error(`The page script no longer starts rrweb with "${RRWEB_START}": update the benchmark`);
    const withoutRrweb = (source: unknown) => String(source).replace(RRWEB_START, RRWEB_NOT_STARTED);
    interceptCommands(connection, (method, params) => {
      if (method === 'Page.addScriptToEvaluateOnNewDocument')
        return { params: { ...params, source: withoutRrweb(params.source) } };
      if (method === 'Runtime.evaluate' && String(params.expression).includes(RRWEB_START))
        return { params: { ...params, expression: withoutRrweb(params.expression) } };
      return undefined;
    });
  }
  const errors: Error[] = [];
  const recorder = await SessionRecorder.overConnection(connection, {
    mutationCount: () => instance.mutationCount(),
    sink: {
      step: (step) => writer.step(step),
      rrweb: (events, source) => writer.rrweb(events, source),
      request: (request) => writer.request(request),
    },
    onError: (error) => errors.push(error),
  });
  bench.teardown.add(`recorder (${SIDE_NAMES[side]})`, () => recorder.close());
  return {
    recorder,
    session,
    errors,
    finish: async () => {
      await recorder.close();
      await writer.finish();
      await setSessionStatus(db, session.id, 'run_completed');
    },
  };
}

/**
 * This process's CPU time, read every CPU_SAMPLE_MS while it runs: what it spent within a wall-clock window
 * (ms since the epoch, as the agent reports its turns), read between the samples around each end. A sample that
 * comes late tells how long the event loop was held before it.
 */
class CpuTimeline {
  readonly #samples: Array<[at: number, cpuMs: number]> = [];
  readonly #stalls: Array<[at: number, heldMs: number]> = [];
  readonly #timer: NodeJS.Timeout;

  constructor() {
    this.#sample();
    this.#timer = setInterval(() => this.#sample(), CPU_SAMPLE_MS);
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#sample();
  }

  within([from, to]: [number, number]): number {
    return this.#at(to) - this.#at(from);
  }

  /** The event loop's stalls that ended within a window: each sample's lateness past CPU_SAMPLE_MS. */
  stallsWithin([from, to]: [number, number]): number[] {
    return this.#stalls.filter(([at]) => at >= from && at <= to).map(([, heldMs]) => heldMs);
  }

  #sample(): void {
    const { user, system } = process.cpuUsage();
    const at = epochMs();
    const previous = this.#samples.at(-1)?.[0];
    if (previous !== undefined) this.#stalls.push([at, Math.max(0, at - previous - CPU_SAMPLE_MS)]);
    this.#samples.push([at, (user + system) / 1000]);
  }

  #at(time: number): number {
    const after = this.#samples.findIndex(([at]) => at >= time);
    if (after <= 0) return (after === 0 ? this.#samples[0] : this.#samples.at(-1))?.[1] ?? 0;
    const [t0, c0] = this.#samples[after - 1] as [number, number];
    const [t1, c1] = this.#samples[after] as [number, number];
    return c0 + ((c1 - c0) * (time - t0)) / Math.max(1e-6, t1 - t0);
  }
}

/**
 * Runs the agent over some sides in turn and reads what each side's actions cost: their latency, and the CPU
 * of the side's browser, of the agent within its turns and of this process within them. The traced side's
 * trace is written into the data folder; what the recorders left settling is flushed before the CPU is read.
 */
async function runSides<S extends AnySide>(
  bench: Bench,
  sides: readonly S[],
  browsers: Record<AnySide, { browser: LaunchedBrowser; instance: SimulatorInstance }>,
  recorders: Partial<Record<RecordedSide, AttachedRecorder>>,
  spec: Omit<ShopAgentSpec, 'targets'>,
): Promise<{ sides: Record<S, ActionFigures>; cpu: Record<S, CpuPerAction>; trace?: TraceFigures }> {
  const browserCpuBefore = new Map(sides.map((side) => [side, groupCpuMs(browsers[side].browser.pid)]));
  const timeline = new CpuTimeline();
  let result: ShopAgentResult;
  try {
    result = await runShopAgentInChild(SCRIPT, {
      ...spec,
      targets: sides.map((side) => ({
        name: side,
        cdpUrl: browsers[side].browser.wsEndpoint,
        productUrl: browsers[side].instance.url(SHOP_PRODUCT_PATH),
        tracePath: side === 'tracing' ? join(bench.dataDir, `trace-${now().toFixed(0)}.zip`) : undefined,
      })),
    });
    await Promise.all(Object.values(recorders).map((attached) => attached.recorder.flush()));
  } finally {
    timeline.stop();
  }
  const cpu = (side: S): CpuPerAction => {
    const target = result[side];
    if (!target) throw new Error(`The agent gave no result for ${side}`);
    const actions = Math.max(1, target.turnActions);
    const browser = (groupCpuMs(browsers[side].browser.pid) - (browserCpuBefore.get(side) ?? 0)) / actions;
    const agent = target.agentCpuMs / actions;
    const proctor = target.turns.reduce((sum, turn) => sum + timeline.within(turn), 0) / actions;
    const stalls = target.turns.flatMap((turn) => timeline.stallsWithin(turn));
    const loopStall = {
      longestMs: Math.max(0, ...stalls),
      perActionMs: stalls.reduce((sum, held) => sum + held, 0) / actions,
    };
    return { browser, agent, proctor, total: browser + agent + proctor, loopStall };
  };
  return {
    sides: Object.fromEntries(sides.map((side) => [side, actionFigures(result[side]?.actions)])) as Record<
      S,
      ActionFigures
    >,
    cpu: Object.fromEntries(sides.map((side) => [side, cpu(side)])) as Record<S, CpuPerAction>,
    trace: Object.values<ShopAgentResult[string]>(result).find((target) => target.trace)?.trace,
  };
}

async function overheadFigures(bench: Bench) {
  progress(
    `Per-action overhead: ${cycles * ACTIONS_PER_CYCLE} timed actions on each of ${RUN_SIDES.length} browsers (${RUN_SIDES.map((side) => SIDE_NAMES[side]).join('; ')}), in turn…`,
  );
  const shop = builtInSimulators.find((simulator) => simulator.name === 'shop');
  if (!shop) throw new Error('The shop simulator is not built in');
  const host = new SimulatorHost();
  await host.listen();
  bench.teardown.add('simulator host', () => host.close());
  const browsers = {} as Record<AnySide, { browser: LaunchedBrowser; instance: SimulatorInstance }>;
  for (const side of RUN_SIDES)
    browsers[side] = { browser: await launchTracked(bench), instance: host.createInstance(shop) };
  const recorders: Partial<Record<RecordedSide, AttachedRecorder>> = {};
  for (const side of RECORDED_SIDES)
    recorders[side] = await attachRecorder(
      bench,
      side,
      browsers[side].browser,
      host,
      browsers[side].instance,
    );
  const recorded = recorders.recorded;
  if (!recorded) throw new Error('The recorded side is always run');

  const started = now();
  const backToBack = await runSides(bench, RUN_SIDES, browsers, recorders, {
    cycles,
    warmupCycles: WARMUP_CYCLES,
    pauseMs: CYCLE_PAUSE_MS,
  });
  const backToBackStats = recorded.recorder.stats();
  progress(
    `The same with ${THINK_MS} ms between actions, ${pacedCycles * ACTIONS_PER_CYCLE} actions on each of ${PACED_RUN_SIDES.map((side) => SIDE_NAMES[side]).join('; ')}…`,
  );
  const paced = await runSides(bench, PACED_RUN_SIDES, browsers, recorders, {
    cycles: pacedCycles,
    warmupCycles: 0,
    pauseMs: CYCLE_PAUSE_MS,
    thinkMs: THINK_MS,
  });
  const ended = now();
  const recorderStats = recorded.recorder.stats();
  const attached = Object.values(recorders);
  for (const recorder of attached) await recorder.finish();

  progress(`Screenshots on a still page, back to back, by settings (${requests} each)…`);
  const still = await stillCaptures(browsers.bare.browser);
  const chromium = await chromiumVersion(browsers.bare.browser);
  await Promise.all(Object.values(browsers).map(({ browser }) => browser.close()));
  return {
    overhead: {
      sides: backToBack.sides,
      cpu: backToBack.cpu,
      trace: backToBack.trace,
      paced: { sides: paced.sides, cpu: paced.cpu, trace: paced.trace },
      recorderStats,
      backToBackStats,
      backToBackActions: (WARMUP_CYCLES + cycles) * ACTIONS_PER_CYCLE,
      recorderErrors: attached.reduce((sum, recorder) => sum + recorder.errors.length, 0),
    },
    duringActions: screenshotTimes(bench, started, ended),
    /** Cycles the recorded side ran, warm-up and paced ones included. */
    recordedCycles: WARMUP_CYCLES + cycles + pacedCycles,
    still,
    session: recorded.session,
    chromium,
  };
}

async function stepCount(db: Database, sessionId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sessionSteps)
    .where(eq(sessionSteps.sessionId, sessionId));
  return Number(row?.n ?? 0);
}

/**
 * A session of SESSION_STEPS steps recorded for real: a shop environment made through the SDK with network
 * requests recorded, the agent over the environment's CDP URL (the proxy) running cycles until the recording
 * holds enough steps. Steps past SESSION_STEPS are deleted, so that the session has exactly that many.
 */
async function recordLongSession(bench: Bench, stepsPerCycle: number) {
  progress(`A ${SESSION_STEPS}-step session, recorded through a shop environment (network recorded too)…`);
  const { db } = bench.pglite.proctor.ctx;
  const environment = await bench.sdk.environments.make('shop', { record_network_requests: true });
  bench.teardown.add(`environment ${environment.id}`, () => environment.close());
  await environment.waitForReady();
  const live = bench.pglite.proctor.ctx.environments.byId(environment.id);
  if (!live) throw new Error(`Environment ${environment.id} is not running`);
  bench.trackedGroups.add(live.browser.pid);
  const session = { id: live.session.id, publicId: live.session.publicId };
  const target = {
    name: 'proctor',
    cdpUrl: await environment.cdpUrl(),
    productUrl: live.instance.url(SHOP_PRODUCT_PATH),
  };

  const started = now();
  const actions: TimedAction[] = [];
  let steps = 0;
  let cyclesRun = 0;
  for (let batch = 0; batch < MAX_RECORDING_BATCHES && steps < SESSION_STEPS; batch++) {
    // Enough cycles by the steps per cycle so far (the overhead run's before any), and one more.
    const perCycle = cyclesRun > 0 ? steps / cyclesRun : stepsPerCycle;
    const batchCycles = Math.ceil((SESSION_STEPS - steps) / Math.max(1, perCycle)) + 1;
    const result = await runShopAgentInChild(SCRIPT, {
      targets: [target],
      cycles: batchCycles,
      warmupCycles: 0,
      pauseMs: 0,
    });
    actions.push(...(result.proctor?.actions ?? []));
    cyclesRun += batchCycles;
    await (await live.recording)?.flush();
    await live.writer.flushed();
    steps = await stepCount(db, session.id);
    progress(`  ${steps} steps after ${cyclesRun} cycles`);
  }
  const ended = now();
  const liveStats = (await live.recording)?.stats();
  const recorderMeanMs = liveStats?.screenshotMeanMs ?? Number.NaN;
  const recorderMsPerStep = liveStats?.screenshotMsPerStep ?? Number.NaN;
  await environment.close();
  if (steps < SESSION_STEPS) throw new Error(`Only ${steps} steps were recorded`);
  await db
    .delete(sessionSteps)
    .where(and(eq(sessionSteps.sessionId, session.id), gte(sessionSteps.idx, SESSION_STEPS)));
  return {
    session,
    longSession: { actions: actionFigures(actions), recordedSteps: steps, seconds: (ended - started) / 1000 },
    duringLongSession: { ...screenshotTimes(bench, started, ended), recorderMeanMs, recorderMsPerStep },
  };
}

/** GET /api/session/{id} as the session page loads it, to the last byte. */
async function sessionPageFigure(
  running: RunningProctor,
  accessToken: string,
  publicId: string,
): Promise<PageFigure> {
  const timer = new PhaseTimer();
  const client = (running.proctor.ctx.db as unknown as { $client: Record<string, unknown> }).$client;
  timer.wrap(client, 'query', ([query]) => {
    const text = typeof query === 'string' ? query : ((query as { text?: string } | undefined)?.text ?? '');
    return /"session_events"/.test(text) ? 'events' : 'db';
  });
  if (typeof client.transaction === 'function') timer.wrap(client, 'transaction', 'db');
  const times: number[] = [];
  const database: number[] = [];
  const events: number[] = [];
  let body = '';
  try {
    for (let i = 0; i < requests + WARMUP; i++) {
      const started = now();
      const response = await fetch(`${running.baseUrl}/api/session/${publicId}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      });
      body = await response.text();
      const ended = now();
      if (!response.ok) throw new Error(`GET /api/session/${publicId} answered ${response.status}: ${body}`);
      if (i < WARMUP) continue;
      times.push(ended - started);
      const queries = timer.within(started, ended);
      database.push(coveredMs(queries));
      events.push(coveredMs(queries.filter((interval) => interval.kind === 'events')));
    }
  } finally {
    timer.restore();
  }
  const detail = SessionDetailResponse.parse(JSON.parse(body));
  const serialize: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = now();
    JSON.stringify(SessionDetailResponse.encode(detail));
    serialize.push(now() - started);
  }
  const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  const responseBytes = Buffer.byteLength(body);
  const parts = {
    rrweb_events: bytesOf(detail.rrweb_events),
    snapshot: bytesOf(detail.snapshot),
    network_summary: bytesOf(detail.network_summary),
  };
  return {
    latency: latency(times),
    database: latency(database),
    eventsDatabase: latency(events),
    serializeMs: percentile(serialize, 50),
    responseBytes,
    bytesByPart: {
      ...parts,
      rest: responseBytes - Object.values(parts).reduce((sum, bytes) => sum + bytes, 0),
    },
    steps: detail.snapshot.snapshots.length,
    networkRows: detail.network_summary.length,
    replay: await replayEventsFigure(running, accessToken, publicId),
  };
}

/** GET /api/session/{id}/rrweb-events as the DOM replay reads it when opened, to the last byte. */
async function replayEventsFigure(running: RunningProctor, accessToken: string, publicId: string) {
  const url = `${running.baseUrl}/api/session/${publicId}/rrweb-events`;
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < requests + WARMUP; i++) {
    const started = now();
    const response = await fetch(url, { headers: { Authorization: `Bearer ${accessToken}` } });
    body = await response.text();
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${body}`);
    if (i >= WARMUP) times.push(now() - started);
  }
  const { events } = SessionRrwebEventsResponse.parse(JSON.parse(body));
  return { latency: latency(times), bytes: Buffer.byteLength(body), events: events.length };
}

/** GET /api/session/ with a query string, timed; the last answer's total count. */
async function sessionListFigure(
  baseUrl: string,
  accessToken: string,
  query: string,
  count = requests,
): Promise<{ latency: Latency; summary: SummaryCounts }> {
  const times: number[] = [];
  let summary: SummaryCounts = { total: 0, passed: 0, scored: 0 };
  for (let i = 0; i < count + WARMUP; i++) {
    const started = now();
    const response = await fetch(`${baseUrl}/api/session/${query}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const body = await response.text();
    const elapsed = now() - started;
    if (!response.ok) throw new Error(`GET /api/session/${query} answered ${response.status}: ${body}`);
    if (i >= WARMUP) times.push(elapsed);
    const answer = SessionListResponse.parse(JSON.parse(body)).summary;
    summary = { total: answer.totalCount, passed: answer.numPassed, scored: answer.numScored };
  }
  return { latency: latency(times), summary };
}

interface CapturedQuery {
  text: string;
  values: unknown[];
}

/**
 * The statements a request makes, as the server sends them: the node-postgres pool under drizzle is wrapped
 * while `run` runs, and every query on the sessions table is kept with its parameters.
 */
async function captureQueries(proctor: Proctor, run: () => Promise<unknown>): Promise<CapturedQuery[]> {
  const pool = (proctor.ctx.db as unknown as { $client: pg.Pool }).$client;
  const original = pool.query;
  const captured: CapturedQuery[] = [];
  pool.query = function query(this: pg.Pool, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string }, unknown[] | undefined];
    const text = typeof config === 'string' ? config : config.text;
    if (/from "sessions"/.test(text)) captured.push({ text, values: values ?? [] });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pool.query;
  try {
    await run();
  } finally {
    pool.query = original;
  }
  return captured;
}

async function explain(url: string, list: string, queries: readonly CapturedQuery[]): Promise<QueryPlan[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plans: QueryPlan[] = [];
    for (const query of queries) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${query.text}`,
        query.values,
      );
      const plan = rows.map((row) => row['QUERY PLAN']);
      const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan.at(-1) ?? '')?.[1] ?? Number.NaN);
      const kind = isSummary(query) ? 'summary (count with filters)' : 'page rows';
      plans.push({ query: `${list}: ${kind}`, executionMs, plan });
    }
    return plans;
  } finally {
    await client.end();
  }
}

/**
 * On a throwaway PostgreSQL database: the 200-step session copied in, its page timed; then 100,000 sessions
 * seeded for one organization (a member's, not the first account's: the first account of an install is
 * platform admin and sees every organization) and the list timed, explained, and tried with a candidate index.
 */
async function postgresFigures(bench: Bench, longSession: { id: number }, withList: boolean) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    progress('DATABASE_URL is not set: the PostgreSQL figures are skipped.');
    return undefined;
  }
  progress('PostgreSQL: a throwaway database, a Proctor on it (no browsers)…');
  const database = await createThrowawayDatabase(adminUrl, 'proctor_bench_recording');
  bench.teardown.add(`database ${database.name}`, () => database.drop());
  const running = await startProctor(
    bench.teardown,
    'postgres',
    bench.dataDir,
    { kind: 'postgres', url: database.url },
    0,
  );
  await signUp(running.baseUrl, 'admin', 'Measure recordings');
  const member = await signUp(running.baseUrl, 'member', 'Measure recordings');
  const { db } = running.proctor.ctx;
  const copy = await copySession(bench.pglite.proctor.ctx.db, db, longSession.id, {
    organizationId: member.organizationId,
    userId: member.userId,
  });
  progress(`GET /api/session/{id} of the ${SESSION_STEPS}-step session on PostgreSQL (${requests})…`);
  const page = await sessionPageFigure(running, member.accessToken, copy.publicId);
  const longReplay = await longReplayFigures(db, 'postgres', database.url, bench.dataDir, member, copy.id, {
    copies: LONG_REPLAY_COPIES,
    requests: LONG_REPLAY_REQUESTS,
    heapMiB: REPLAY_HEAP_MIB,
    progress,
  });
  if (!withList) return { page, longReplay, list: undefined };

  progress(
    `Seeding ${SEEDED_SESSIONS.toLocaleString('en')} sessions for the organization, ${OTHER_SESSIONS.toLocaleString('en')} for ${OTHER_ORGANIZATIONS} others…`,
  );
  const seeded = await seedSessions(db, {
    organizationId: member.organizationId,
    sessions: SEEDED_SESSIONS,
    otherOrganizations: OTHER_ORGANIZATIONS,
    otherSessions: OTHER_SESSIONS,
  });
  progress(
    `  ${seeded.sessions} sessions and ${seeded.scores} scores in ${(seeded.ms / 1000).toFixed(1)} s (classified in ${(seeded.classifyMs / 1000).toFixed(1)} s)`,
  );

  const filteredQuery = `?statuses=run_completed&simulatorIds=${await shopSimulatorId(db)}`;
  progress(
    `GET /api/session/ over the organization's sessions: first page, and ${filteredQuery} (${requests} each)…`,
  );
  const first = await sessionListFigure(running.baseUrl, member.accessToken, '');
  const filtered = await sessionListFigure(running.baseUrl, member.accessToken, filteredQuery);
  progress('EXPLAIN ANALYZE of what the list runs, and of its summary in other shapes…');
  const firstStatements = await captureQueries(running.proctor, () =>
    sessionListFigure(running.baseUrl, member.accessToken, '', 1),
  );
  const filteredStatements = await captureQueries(running.proctor, () =>
    sessionListFigure(running.baseUrl, member.accessToken, filteredQuery, 1),
  );
  const plans = [
    ...(await explain(database.url, 'first page', firstStatements.slice(-2))),
    ...(await explain(database.url, 'filtered', filteredStatements.slice(-2))),
  ];
  const serverSummary = firstStatements.slice(-2).find(isSummary);
  if (!serverSummary) throw new Error('The first page made no summary statement');
  const experiments = await summaryExperiments(
    database.url,
    member.organizationId,
    serverSummary,
    first.summary,
  );
  return {
    page,
    longReplay,
    list: {
      seeded,
      firstPage: first.latency,
      filtered: filtered.latency,
      firstPageSummary: first.summary,
      filteredSummary: filtered.summary,
      plans,
      experiments,
    },
  };
}

const isSummary = (query: CapturedQuery) => /count\(\*\)/.test(query.text.slice(0, 300));

const EXPERIMENT_RUNS = 3;

/**
 * The scoring badge of a session, as services/sessions.ts defines it (pass when every latest automatic score
 * passes, fail when one fails, null without any): one row, whose `value` the experiments count.
 */
const latestAutomaticVerdict = (session: string) => `
  select case
    when bool_or(latest.result ->> 'correct' = 'false') then 'fail'
    when bool_and(latest.result ->> 'correct' = 'true') then 'pass'
  end as value
  from scores latest
  where latest.session_id = ${session} and latest.type not in ${NOT_AUTOMATIC}
    and latest.created_at = (
      select max(previous.created_at) from scores previous
      where previous.session_id = ${session} and previous.type not in ${NOT_AUTOMATIC}
    )`;
const STORED_BADGE_SUMMARY = `select count(*) as total, count(*) filter (where s.bench_badge = 'pass') as passed,
    count(*) filter (where s.bench_badge <> 'none') as scored
  from sessions s where s.organization_id = $1 and not s.archived and s.replay_of_session_id is null`;
/** The list's own index with what the summary's filters read, so that the count reads the index alone. */
const COVERING_INDEX = `create index bench_sessions_org_summary_idx
  on sessions (organization_id, archived, created_at, id)
  include (replay_of_session_id, status, simulator_id, bench_badge)`;
/** The first page's conditions, for the hand-written statements (a member of the organization, no replays). */
const FIRST_PAGE_WHERE = 's.organization_id = $1 and not s.archived and s.replay_of_session_id is null';
const NOT_AUTOMATIC = "('human_in_the_loop', 'system_scoring')";

/**
 * The summary of the first page (the statement that dominates the list) on the same data: as the server runs
 * it; with the badge computed once per row instead of once per filter aggregate; with an index that serves the
 * badge's subquery; and with the badge kept on the session row (a column filled here by hand: what the server
 * would maintain when it writes a score). Each is checked to count what the server counted. The database is
 * thrown away afterwards, so nothing is undone.
 */
async function summaryExperiments(
  url: string,
  organizationId: number,
  server: CapturedQuery,
  expected: SummaryCounts,
): Promise<SummaryExperiment[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const experiments: SummaryExperiment[] = [];
  // The median of a few runs as the client sees them (EXPLAIN ANALYZE's own timing slows a plan that runs a
  // subquery per row), and the plan of one more.
  const measure = async (name: string, text: string, values: unknown[]) => {
    const times: number[] = [];
    let answer: unknown[] = [];
    for (let i = 0; i < EXPERIMENT_RUNS; i++) {
      const started = now();
      answer = (await client.query<unknown[]>({ text, values, rowMode: 'array' })).rows[0] ?? [];
      times.push(now() - started);
    }
    const [total, passed, scored] = answer.map(Number);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${text}`,
      values,
    );
    experiments.push({
      name,
      executionMs: percentile(times, 50),
      agrees: total === expected.total && passed === expected.passed && scored === expected.scored,
      plan: rows.map((row) => row['QUERY PLAN']),
    });
  };
  try {
    await measure('as the server runs it', server.text, server.values);
    await client.query('set jit = off');
    await measure('as the server runs it, JIT off', server.text, server.values);
    await client.query('reset jit');
    await measure(
      'badge computed once per row (left join lateral)',
      `select count(*) as total, count(*) filter (where badge.value = 'pass') as passed,
         count(*) filter (where badge.value is not null) as scored
       from sessions s left join lateral (${latestAutomaticVerdict('s.id')}) badge on true
       where ${FIRST_PAGE_WHERE}`,
      [organizationId],
    );
    await client.query(CANDIDATE_INDEX);
    await client.query('analyze scores');
    await measure('as the server runs it, with a partial index for the badge', server.text, server.values);
    await client.query(`alter table sessions add column bench_badge text not null default 'none'`);
    await client.query(`
      update sessions s set bench_badge = coalesce(badge.value, 'none')
      from sessions scored cross join lateral (${latestAutomaticVerdict('scored.id')}) badge
      where scored.id = s.id and exists (select 1 from scores where session_id = s.id)`);
    await client.query('vacuum analyze sessions');
    await measure('badge stored on the session row', STORED_BADGE_SUMMARY, [organizationId]);
    await client.query(COVERING_INDEX);
    await client.query('vacuum analyze sessions');
    await measure(
      'badge stored on the session row, and an index that covers the count',
      STORED_BADGE_SUMMARY,
      [organizationId],
    );
    return experiments;
  } finally {
    await client.end();
  }
}

async function run(teardown: Teardown, trackedGroups: Set<number>): Promise<Results> {
  const startedAt = now();
  const loadBefore = loadavg()[0] as number;
  const bench = await setUp(teardown, trackedGroups);
  const overhead = await overheadFigures(bench);
  const stepsPerCycle = overhead.overhead.recorderStats.steps / overhead.recordedCycles;
  const long = await recordLongSession(bench, stepsPerCycle);

  progress('Bytes stored per step…');
  const { db } = bench.pglite.proctor.ctx;
  const sizes = {
    overheadSession: await recordingSize(db, bench.pglite.blobsRoot, overhead.session),
    longSession: await recordingSize(db, bench.pglite.blobsRoot, long.session),
  };

  const { sessionPage, longReplay, sessionList } = await sessionPageFigures(bench, long.session, true);

  return {
    run: {
      date: new Date().toISOString(),
      node: process.version,
      chromium: overhead.chromium,
      cycles,
      requests,
      durationS: Math.round((now() - startedAt) / 1000),
      cores: availableParallelism(),
      load: [loadBefore, loadavg()[0] as number],
    },
    overhead: overhead.overhead,
    screenshots: {
      duringActions: overhead.duringActions,
      duringLongSession: long.duringLongSession,
      still: overhead.still,
    },
    longSession: long.longSession,
    sizes,
    sessionPage,
    longReplay,
    sessionList,
  };
}

/** The session page and its replay's events on PGlite, then on PostgreSQL (with the sessions list when asked). */
async function sessionPageFigures(
  bench: Bench,
  longSession: { id: number; publicId: string },
  withList: boolean,
) {
  progress(`GET /api/session/{id} of the ${SESSION_STEPS}-step session on PGlite (${requests})…`);
  const page = await sessionPageFigure(bench.pglite, bench.account.accessToken, longSession.publicId);
  const longReplay = await longReplayFigures(
    bench.pglite.proctor.ctx.db,
    'pglite',
    undefined,
    bench.dataDir,
    bench.account,
    longSession.id,
    { copies: LONG_REPLAY_COPIES, requests: LONG_REPLAY_REQUESTS, heapMiB: REPLAY_HEAP_MIB, progress },
  );
  const postgres = await postgresFigures(bench, longSession, withList);
  return {
    sessionPage: { pglite: page, postgres: postgres?.page },
    longReplay: { pglite: longReplay, postgres: postgres?.longReplay },
    sessionList: postgres?.list,
  };
}

/** `--session-page-only`: the long session recorded, then only the session page's figures. */
async function runSessionPage(teardown: Teardown, trackedGroups: Set<number>): Promise<SessionPageResults> {
  const startedAt = now();
  const loadBefore = loadavg()[0] as number;
  const bench = await setUp(teardown, trackedGroups);
  const long = await recordLongSession(bench, ASSUMED_STEPS_PER_CYCLE);
  const { sessionPage, longReplay } = await sessionPageFigures(bench, long.session, false);
  return {
    run: {
      date: new Date().toISOString(),
      node: process.version,
      requests,
      durationS: Math.round((now() - startedAt) / 1000),
      cores: availableParallelism(),
      load: [loadBefore, loadavg()[0] as number],
    },
    sessionPage,
    longReplay,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Report.

const share = (recorded: number, bare: number) => recorded / bare - 1;
const percent = (value: number) => `${value >= 0 ? '+' : ''}${(100 * value).toFixed(0)}%`;
const kib = (bytes: number) => `${(bytes / KiB).toFixed(1)} KiB`;
const perStep = (size: RecordingSize) => size.totalBytes / Math.max(1, size.steps);

/**
 * What screenshots cost the machine per step: the recorded side's browser against the side whose screenshots are
 * answered from a stored one, over the same actions in turn (so the difference is the captures' work: the
 * renderer's frame, the compositor's copy, the JPEG), over the recorded side's steps with page states.
 * Time waited for a capture is not its cost: a capture asked for as a page loads waits for the page's own first
 * paint, which the page does anyway. Proctor's own handling of the bytes (decode, hash, file) is not in it.
 */
function screenshotCpuPerStep(overhead: Results['overhead']): { perCycle: number; perStep: number } {
  const perAction = overhead.cpu.recorded.browser - overhead.cpu.stubbedScreenshots.browser;
  const steps = overhead.backToBackStats.stepsWithStates;
  return {
    perCycle: perAction * ACTIONS_PER_CYCLE,
    perStep: (perAction * overhead.backToBackActions) / Math.max(1, steps),
  };
}

/** Recording's and tracing's cost over the unrecorded side's, and recording's as a share of tracing's. */
function againstTracing(recorded: number, tracing: number, bare: number) {
  const [recording, traced] = [recorded - bare, tracing - bare];
  // Tracing that costs nothing measurable leaves recording the same allowance.
  return {
    recording,
    traced,
    share: recording / traced,
    met: recording <= GOALS.shareOfTracing * Math.max(0, traced),
  };
}

const signedMs = (value: number) => `${value >= 0 ? '+' : ''}${ms(value)}`;
/** A share with one decimal: the goal's verdict at 50.4 % must not read as 50 %. */
const ofIt = (value: number) => `${(100 * value).toFixed(1)}%`;

/** A PostgreSQL goal without DATABASE_URL: missed, and said why. */
const unmeasured = (goal: string): Goal => ({
  goal,
  measured: 'not measured (set DATABASE_URL)',
  met: false,
});

function goalsOf(results: Results): Goal[] {
  const { overhead, screenshots, sizes, sessionPage, sessionList } = results;
  const { recorded, bare, control, tracing } = overhead.sides;
  const noise = share(control.typicalMs, bare.typicalMs);
  const latency = againstTracing(recorded.typicalMs, tracing.typicalMs, bare.typicalMs);
  const cpu = againstTracing(
    overhead.cpu.recorded.total,
    overhead.cpu.tracing.total,
    overhead.cpu.bare.total,
  );
  // The same with every screenshot answered from a stored one: what the rest of the recording costs, and so
  // how much of the goal full-viewport captures take (tracing's pictures are screencast frames at 800 px wide).
  const { stubbedScreenshots } = overhead.sides;
  const latencyUnpictured = againstTracing(stubbedScreenshots.typicalMs, tracing.typicalMs, bare.typicalMs);
  const cpuUnpictured = againstTracing(
    overhead.cpu.stubbedScreenshots.total,
    overhead.cpu.tracing.total,
    overhead.cpu.bare.total,
  );
  const withoutScreenshots = (all: { recording: number }, unpictured: { recording: number; share: number }) =>
    `; screenshots stubbed, ${ofIt(unpictured.share)} of it (the screenshots ${signedMs(all.recording - unpictured.recording)} ms)`;
  const paced = overhead.paced.sides;
  const pacedShare = share(paced.recorded.typicalMs, paced.bare.typicalMs);
  const { screenshotMeanMs: recorderMean, screenshotMsPerStep: recorderPerStep } = overhead.recorderStats;
  const shots = screenshots.duringActions;
  const screenshotCpu = screenshotCpuPerStep(overhead);
  const goals: Goal[] = [
    {
      goal: `back to back, recording's overhead per typical action <= ${percent(GOALS.shareOfTracing).slice(1)} of Playwright tracing's`,
      measured:
        `${ofIt(latency.share)} of it: recording ${signedMs(latency.recording)} ms (${percent(share(recorded.typicalMs, bare.typicalMs))}), ` +
        `tracing ${signedMs(latency.traced)} ms (${percent(share(tracing.typicalMs, bare.typicalMs))}) over ${ms(bare.typicalMs)} ms; ` +
        `two unrecorded browsers differ by ${percent(noise)} in this run` +
        withoutScreenshots(latency, latencyUnpictured),
      met: latency.met,
    },
    {
      goal: `back to back, recording's CPU per action <= ${percent(GOALS.shareOfTracing).slice(1)} of Playwright tracing's (browser, agent and recorder processes)`,
      measured:
        `${ofIt(cpu.share)} of it: recording ${signedMs(cpu.recording)} ms, tracing ${signedMs(cpu.traced)} ms ` +
        `over ${ms(overhead.cpu.bare.total)} ms of CPU per action` +
        withoutScreenshots(cpu, cpuUnpictured),
      met: cpu.met,
    },
    {
      goal: `${THINK_MS} ms between actions, recording's overhead per typical action <= ${percent(GOALS.pacedOverheadShare)}`,
      measured:
        `${percent(pacedShare)} (${ms(paced.recorded.typicalMs)} vs ${ms(paced.bare.typicalMs)} ms); ` +
        `tracing ${percent(share(paced.tracing.typicalMs, paced.bare.typicalMs))}; ` +
        `two unrecorded browsers differ by ${percent(share(paced.control.typicalMs, paced.bare.typicalMs))} in this run`,
      met: pacedShare <= GOALS.pacedOverheadShare,
    },
    {
      goal: `screenshots <= ${GOALS.screenshotMsPerStep} ms per step (what they cost the browser, in CPU, over the steps with page states)`,
      measured:
        `${ms(screenshotCpu.perStep)} ms of CPU per step (recorded vs screenshots stubbed: ${ms(screenshotCpu.perCycle)} ms per cycle, ` +
        `${overhead.backToBackStats.screenshots} screenshots for ${overhead.backToBackStats.stepsWithStates} steps back to back); ` +
        `waited for: ${ms(recorderPerStep)} ms per step, ${ms(recorderMean)} ms per screenshot (a screenshot taken as a page loads waits for its first paint); ` +
        `every CDP capture p50 ${ms(shots.p50)}, p95 ${ms(shots.p95)} ms`,
      met: screenshotCpu.perStep <= GOALS.screenshotMsPerStep,
    },
    {
      goal: `bytes stored per step <= ${kib(GOALS.bytesPerStep)} (average)`,
      measured: `${kib(perStep(sizes.longSession))} (${SESSION_STEPS}-step session, network recorded); ${kib(perStep(sizes.overheadSession))} (overhead session, no network)`,
      met: Math.max(perStep(sizes.longSession), perStep(sizes.overheadSession)) <= GOALS.bytesPerStep,
    },
  ];
  goals.push(...sessionPageGoals(sessionPage));
  const listGoal = (name: string) =>
    `GET /api/session/ over ${SEEDED_SESSIONS / 1000}k sessions, ${name}, PostgreSQL: p95 <= ${GOALS.sessionListP95Ms} ms`;
  if (!sessionList) return [...goals, unmeasured(listGoal('first page')), unmeasured(listGoal('filtered'))];
  for (const [name, figure] of [
    ['first page', sessionList.firstPage],
    ['filtered', sessionList.filtered],
  ] as const)
    goals.push({
      goal: listGoal(name),
      measured: `${ms(figure.p95)} ms (p50 ${ms(figure.p50)})`,
      met: figure.p95 <= GOALS.sessionListP95Ms,
    });
  return goals;
}

/** The session page's goals on each engine (not measured on PostgreSQL without DATABASE_URL). */
function sessionPageGoals(sessionPage: SessionPageResults['sessionPage']): Goal[] {
  const goals: Goal[] = [];
  for (const [engine, figure] of [
    ['PGlite', sessionPage.pglite],
    ['PostgreSQL', sessionPage.postgres],
  ] as const) {
    const goal = `GET /api/session/{id}, ${SESSION_STEPS} steps, ${engine}: p95 <= ${GOALS.sessionPageP95Ms} ms`;
    const sizeGoal = `GET /api/session/{id}, ${SESSION_STEPS} steps, ${engine}: <= ${kib(GOALS.sessionPageBytes)}`;
    goals.push(
      figure
        ? {
            goal,
            measured: `${ms(figure.latency.p95)} ms (p50 ${ms(figure.latency.p50)})`,
            met: figure.latency.p95 <= GOALS.sessionPageP95Ms,
          }
        : unmeasured(goal),
      figure
        ? {
            goal: sizeGoal,
            measured: `${kib(figure.responseBytes)} (the replay's events apart: ${kib(figure.replay.bytes)})`,
            met: figure.responseBytes <= GOALS.sessionPageBytes,
          }
        : unmeasured(sizeGoal),
    );
  }
  return goals;
}

function sizeRows(label: string, size: RecordingSize): string[][] {
  const each = (bytes: number) => kib(bytes / Math.max(1, size.steps));
  const part = (name: string, stored: StoredPart) => [
    `  ${name}`,
    `${each(stored.storedBytes)} per step stored (${stored.rows} rows, ${kib(stored.storedBytes)}; as JSON ${kib(stored.jsonBytes)})`,
    '',
  ];
  return [
    [
      `bytes per step, ${label}`,
      `${kib(perStep(size))}: ${size.steps} steps (${size.stepsWithScreenshots} with screenshots), ${kib(size.totalBytes)} in all`,
      `<= ${kib(GOALS.bytesPerStep)}`,
    ],
    [
      '  screenshots (files)',
      `${each(size.screenshots.bytes)} per step (${size.screenshots.files} distinct files, ${kib(size.screenshots.bytes)}); ` +
        `${each(size.unsharedScreenshotBytes)} if none were alike`,
      '',
    ],
    part('session_steps rows', size.parts.steps),
    part('rrweb chunks', size.parts.rrweb),
    part('mutation chunks', size.parts.mutations),
    part('network_requests rows', size.parts.requests),
  ];
}

function captureRow(label: string, figure: CaptureFigures, goal = ''): string[] {
  return [
    label,
    `${pair(figure)}, mean ${ms(figure.mean)}, max ${ms(figure.max)} ms (${figure.samples} captures, ${figure.overOneSecond} over 1 s)`,
    goal,
  ];
}

function pageRows(engine: string, figure: PageFigure | undefined): string[][] {
  const label = `GET /api/session/{id}, ${SESSION_STEPS} steps, ${engine} (p50/p95)`;
  const goal = `p95 <= ${GOALS.sessionPageP95Ms} ms`;
  if (!figure) return [[label, 'not measured (set DATABASE_URL)', goal]];
  const parts = Object.entries(figure.bytesByPart)
    .map(([part, bytes]) => `${part} ${kib(bytes)}`)
    .join(', ');
  return [
    [label, pair(figure.latency), goal],
    [
      '  where the time goes',
      `database ${pair(figure.database)}, of which session_events ${pair(figure.eventsDatabase)}; ` +
        `zod encode + JSON.stringify of the answer ${ms(figure.serializeMs)} ms (p50, in this process)`,
      '',
    ],
    [
      '  the answer',
      `${kib(figure.responseBytes)}: ${parts} (${figure.steps} steps, ${figure.networkRows} requests)`,
      '',
    ],
    [
      "  the replay's events, read when it is opened (p50/p95)",
      `${pair(figure.replay.latency)}; ${kib(figure.replay.bytes)}, ${figure.replay.events} rrweb events`,
      '',
    ],
  ];
}

/** The replay's events of a session LONG_REPLAY_COPIES times as long, streamed as read; migration 0039 on its rows. */
function longReplayRows(engine: string, figure: LongReplayFigures | undefined): string[][] {
  const label = `GET …/rrweb-events, ${SESSION_STEPS} steps' DOM ×${LONG_REPLAY_COPIES}, ${engine}`;
  if (!figure) return [[label, 'not measured (set DATABASE_URL)', '']];
  const { streamed, backfill } = figure;
  return [
    [label, `${figure.chunks} chunks, ${figure.events} events, ${(streamed.bytes / MiB).toFixed(1)} MiB`, ''],
    [
      '  streamed, chunks selected by their columns: first byte / last byte (p50/p95)',
      `${pair(streamed.firstByte)} / ${pair(streamed.lastByte)}; the server's memory rose ${mib(streamed.peakGrowthBytes.first)} for its first answer (${mib(streamed.peakGrowthBytes.all)} over all)`,
      '',
    ],
    [
      '  migration 0039 on a copy without the columns',
      `${backfill.rows} rows filled in ${backfill.ms.toFixed(0)} ms; ${backfill.sameAsWritten ? 'the same columns as written' : 'NOT the columns written'}`,
      '',
    ],
    ...(figure.cappedHeap
      ? [
          [
            `  with V8's old space capped at ${figure.cappedHeap.heapMiB} MiB`,
            `streamed ${figure.cappedHeap.streamed}`,
            '',
          ],
        ]
      : []),
  ];
}

function listRows(sessionList: ListFigures | undefined): string[][] {
  if (!sessionList) return [['GET /api/session/ over 100k sessions', 'not measured (set DATABASE_URL)', '']];
  const goal = `p95 <= ${GOALS.sessionListP95Ms} ms`;
  const counts = (summary: SummaryCounts) =>
    `${summary.total} in the list, ${summary.scored} scored, ${summary.passed} passed`;
  const statement = (name: string) =>
    sessionList.plans
      .filter((plan) => plan.query.startsWith(name))
      .map((plan) => `${plan.query.slice(name.length + 2)} ${ms(plan.executionMs)} ms`)
      .join(', ');
  return [
    [
      'seeded on PostgreSQL',
      `${sessionList.seeded.sessions} sessions, ${sessionList.seeded.scores} scores in ${(sessionList.seeded.ms / 1000).toFixed(1)} s`,
      '',
    ],
    [
      'GET /api/session/, first page (p50/p95)',
      `${pair(sessionList.firstPage)}; ${counts(sessionList.firstPageSummary)}`,
      goal,
    ],
    ['  EXPLAIN ANALYZE', statement('first page'), ''],
    [
      'GET /api/session/, run_completed + shop (p50/p95)',
      `${pair(sessionList.filtered)}; ${counts(sessionList.filteredSummary)}`,
      goal,
    ],
    ['  EXPLAIN ANALYZE', statement('filtered'), ''],
    ...sessionList.experiments.map((experiment) => {
      const plan = experiment.plan.join('\n');
      const jit = /JIT:/.test(plan)
        ? `, of which JIT ${/Timing:.*Total ([\d.]+) ms/.exec(plan)?.[1] ?? '?'} ms`
        : '';
      const scan = experiment.plan
        .find((line) => /Scan on sessions/.test(line))
        ?.trim()
        .replace(/^->\s*/, '')
        .replace(/\s+\(cost.*$/, '');
      return [
        `  first page's summary, ${experiment.name}`,
        `${ms(experiment.executionMs)} ms (median of ${EXPERIMENT_RUNS}${jit}; ${scan ?? 'no scan of sessions'})` +
          (experiment.agrees ? '' : " COUNTS DIFFER from the server's"),
        '',
      ];
    }),
  ];
}

function printReport(results: Results, goals: Goal[]): void {
  const { run, overhead, screenshots, longSession, sizes, sessionPage, sessionList } = results;
  console.log(
    `Recording benchmark: ${run.cycles * ACTIONS_PER_CYCLE} timed actions per side, ${run.requests} requests per API figure, ` +
      `node ${run.node}, ${run.chromium}, ${run.date}, ${run.durationS} s, ${run.cores} cores, ` +
      `load average ${run.load[0].toFixed(1)} → ${run.load[1].toFixed(1)}\n`,
  );
  const { bare, recorded, tracing } = overhead.sides;
  const kindRow = (kind: ActionKind) => {
    const [withRecorder, traced, without] = [recorded.byKind[kind], tracing.byKind[kind], bare.byKind[kind]];
    return [
      `  ${kind}, recorded / traced / not (p50/p95)`,
      `${pair(withRecorder)} / ${pair(traced)} / ${pair(without)}: recorded ${percent(share(withRecorder.p50, without.p50))} p50, ` +
        `traced ${percent(share(traced.p50, without.p50))} p50`,
      '',
    ];
  };
  const versus = (figures: ActionFigures, base: ActionFigures) =>
    `${pair(figures.all)}, typical ${ms(figures.typicalMs)} ms: ${percent(share(figures.typicalMs, base.typicalMs))} typical, ` +
    `${percent(share(figures.all.p50, base.all.p50))} p50, ${percent(share(figures.all.p95, base.all.p95))} p95, ` +
    `${percent(share(figures.all.mean, base.all.mean))} mean; p50 by kind ` +
    ACTION_KINDS.map(
      (kind) => `${kind} ${percent(share(figures.byKind[kind].p50, base.byKind[kind].p50))}`,
    ).join(', ');
  const sideRows = (
    sides: Partial<Record<AnySide, ActionFigures>>,
    base: ActionFigures,
    names: readonly AnySide[],
  ): string[][] =>
    names.flatMap((side) => {
      const figures = sides[side];
      return figures ? [[`  ${SIDE_NAMES[side]}`, versus(figures, base), '']] : [];
    });
  const cpuRows = (
    cpu: Partial<Record<AnySide, CpuPerAction>>,
    names: readonly AnySide[],
    goal: string,
  ): string[][] =>
    names.flatMap((side) => {
      const figures = cpu[side];
      if (!figures) return [];
      const over = side === 'bare' ? '' : `: ${signedMs(figures.total - (cpu.bare?.total ?? 0))} ms`;
      return [
        [
          `  ${SIDE_NAMES[side]}`,
          `${ms(figures.total)} ms = browser ${ms(figures.browser)} + agent ${ms(figures.agent)} + this process ${ms(figures.proctor)}${over}; ` +
            `its event loop held ${ms(figures.loopStall.perActionMs)} ms per action, at most ${ms(figures.loopStall.longestMs)} ms at once`,
          side === 'recorded' ? goal : '',
        ],
      ];
    });
  const traceRow = (label: string, trace: TraceFigures | undefined, actions: number) => [
    label,
    trace
      ? `${kib(trace.bytes)} (${kib(trace.bytes / actions)} per action); tracing.stop ${ms(trace.stopMs)} ms, ${ms(trace.stopCpuMs)} ms of the agent's CPU`
      : 'none written',
    '',
  ];
  const ofTracing = `<= ${percent(GOALS.shareOfTracing).slice(1)} of tracing's`;
  const paced = overhead.paced;
  printColumns(
    ['figure', 'measured', 'goal'],
    [
      ['per action, not recorded (p50/p95)', `${pair(bare.all)}, typical ${ms(bare.typicalMs)} ms`, ''],
      ['per action, recorded (p50/p95)', versus(recorded, bare), `overhead ${ofTracing}`],
      ["per action, Playwright's tracing (p50/p95)", versus(tracing, bare), ''],
      ...ACTION_KINDS.map(kindRow),
      ...sideRows(overhead.sides, bare, ['control', 'stubbedScreenshots', 'rrwebOff', 'scaledScreenshots']),
      ['CPU per action, back to back', '', ''],
      ...cpuRows(overhead.cpu, RUN_SIDES, ofTracing),
      traceRow('  the trace, back to back', overhead.trace, overhead.backToBackActions),
      [
        `${THINK_MS} ms between actions: not recorded`,
        `${pair(paced.sides.bare.all)}, typical ${ms(paced.sides.bare.typicalMs)} ms`,
        '',
      ],
      [
        `  ${SIDES.recorded}`,
        versus(paced.sides.recorded, paced.sides.bare),
        `overhead <= ${percent(GOALS.pacedOverheadShare)}`,
      ],
      ...sideRows(paced.sides, paced.sides.bare, [
        'tracing',
        'control',
        'stubbedScreenshots',
        'rrwebOff',
        'scaledScreenshots',
      ]),
      [`  CPU per action, ${THINK_MS} ms between actions`, '', ''],
      ...cpuRows(paced.cpu, PACED_RUN_SIDES, ''),
      traceRow(`  the trace, ${THINK_MS} ms between actions`, paced.trace, pacedCycles * ACTIONS_PER_CYCLE),
      [
        '  what the recorder did',
        `${overhead.recorderStats.steps} steps, ${overhead.recorderStats.screenshots} screenshots, ` +
          `${overhead.recorderStats.rrwebEvents} rrweb events, ${overhead.recorderErrors} errors`,
        '',
      ],
      [
        "screenshots' CPU per step (a burst shares one)",
        `${ms(screenshotCpuPerStep(overhead).perStep)} ms (the recorded side's browser against the side with screenshots stubbed)`,
        `<= ${GOALS.screenshotMsPerStep} ms`,
      ],
      [
        '  screenshots waited for, per step',
        `${ms(overhead.recorderStats.screenshotMsPerStep)} ms during the actions; ${ms(screenshots.duringLongSession.recorderMsPerStep)} ms during the ${SESSION_STEPS}-step recording`,
        '',
      ],
      [
        "  per screenshot, the recorder's mean",
        `${ms(overhead.recorderStats.screenshotMeanMs)} ms during the actions; ${ms(screenshots.duringLongSession.recorderMeanMs)} ms during the ${SESSION_STEPS}-step recording`,
        '',
      ],
      captureRow('  every CDP capture, during the actions', screenshots.duringActions),
      captureRow(`  every CDP capture, ${SESSION_STEPS}-step recording`, screenshots.duringLongSession),
      ...Object.entries(screenshots.still).map(([name, figure]) => [
        `  still page, ${name}`,
        `${pair(figure)}, mean ${ms(figure.mean)} ms, ${figure.kib.toFixed(0)} KiB; ${ms(figure.cpuMs)} ms of the browser's CPU each`,
        '',
      ]),
      [
        `${SESSION_STEPS}-step session, through an environment`,
        `${longSession.recordedSteps} steps in ${longSession.seconds.toFixed(1)} s; per action ${pair(longSession.actions.all)} (CDP proxy, recorder, network)`,
        '',
      ],
      ...sizeRows(`${SESSION_STEPS}-step session (network recorded)`, sizes.longSession),
      ...sizeRows('overhead session (no network)', sizes.overheadSession),
      ...pageRows('PGlite', sessionPage.pglite),
      ...pageRows('PostgreSQL', sessionPage.postgres),
      ...longReplayRows('PGlite', results.longReplay.pglite),
      ...longReplayRows('PostgreSQL', results.longReplay.postgres),
      ...listRows(sessionList),
    ],
  );
  if (sessionList) {
    const slowest = [...sessionList.plans].sort((a, b) => b.executionMs - a.executionMs)[0];
    if (slowest) {
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the slowest list statement (${slowest.query}):`);
      for (const line of slowest.plan.slice(0, PLAN_LINES)) console.log(`  ${line}`);
      if (slowest.plan.length > PLAN_LINES) console.log(`  … ${slowest.plan.length - PLAN_LINES} more lines`);
    }
  }
  console.log('\nGoals:');
  for (const goal of goals) console.log(`  ${goal.met ? 'ok  ' : 'MISS'} ${goal.goal}: ${goal.measured}`);
}

// ---------------------------------------------------------------------------------------------------------

/** `--session-page-only`'s report: the session page and its replay's events on each engine. */
function printSessionPageReport(results: SessionPageResults, goals: Goal[]): void {
  const { run, sessionPage, longReplay } = results;
  console.log(
    `Recording benchmark, the session page only: ${run.requests} requests per API figure, node ${run.node}, ${run.date}, ` +
      `${run.durationS} s, ${run.cores} cores, load average ${run.load[0].toFixed(1)} → ${run.load[1].toFixed(1)}\n`,
  );
  printColumns(
    ['figure', 'measured', 'goal'],
    [
      ...pageRows('PGlite', sessionPage.pglite),
      ...pageRows('PostgreSQL', sessionPage.postgres),
      ...longReplayRows('PGlite', longReplay.pglite),
      ...longReplayRows('PostgreSQL', longReplay.postgres),
    ],
  );
  console.log('\nGoals:');
  for (const goal of goals) console.log(`  ${goal.met ? 'ok  ' : 'MISS'} ${goal.goal}: ${goal.measured}`);
}

if (options.agent === undefined && options['session-page-only']) {
  await runBenchmark({
    progress,
    json: options.json === true,
    closing: 'browsers, servers and databases',
    run: runSessionPage,
    goals: (results) => sessionPageGoals(results.sessionPage),
    report: printSessionPageReport,
  });
} else if (options.agent === undefined) {
  await runBenchmark({
    progress,
    json: options.json === true,
    closing: 'browsers, servers and databases',
    run,
    goals: goalsOf,
    report: printReport,
  });
} else {
  process.stdout.write(JSON.stringify(await runShopAgent(JSON.parse(options.agent) as ShopAgentSpec)));
}
