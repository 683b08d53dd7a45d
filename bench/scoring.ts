/**
 * Scoring benchmark: what judging a session costs per score type, how long the server takes from a session's
 * end to its verdicts, and generating expected mutations. Usage and what each figure means: bench/README.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { endpoints, TokenResponse, User, type UserAction } from '@proctor/contracts';
import {
  type Database,
  type DatabaseConfig,
  newPublicId,
  sessionEvents,
  sessions,
  simulators,
  testCases,
} from '@proctor/db';
import { CdpConnection, type LaunchedBrowser, launchBrowser, SessionRecorder } from '@proctor/environments';
import {
  comparableActions,
  type ExpectedAction,
  type FinalPageState,
  type GenerationSession,
  generateExpectedMutations,
  type JsonValue,
  type Mutation,
  pathOf,
  runScoreType,
  type ScoreOutcome,
  type ScoringInput,
  type SimulatorConfig,
  scoreSession,
} from '@proctor/scoring';
import { builtInSimulators, type SimulatorDefinition, SimulatorHost } from '@proctor/simulators';
import { eq } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { ownBrowserPrefix } from '../apps/server/src/environments/browserFolders';
import { SessionRecordingWriter } from '../apps/server/src/environments/recordingWriter';
import { startSession } from '../apps/server/src/environments/records';
import { createProctor, loadConfig, type Proctor } from '../apps/server/src/index';
import { EVENT_KIND, recordedMutations, recordedSteps } from '../apps/server/src/repositories/recordings';
import { setSessionStatus } from '../apps/server/src/repositories/sessions';
import { parseSimulatorConfig } from '../apps/server/src/repositories/simulators';
import type { TestCaseRow } from '../apps/server/src/repositories/testCases';
import { simulatorFilters } from '../apps/server/src/scoring/filters';
import {
  scoreEndedSession,
  scoreStoredSession,
  scoreTypesOf,
  storedScoringInput,
} from '../apps/server/src/scoring/pipeline';
import { generateForTestCase } from '../apps/server/src/services/mutationGeneration';
import { builtInTestCaseKey } from '../apps/server/src/services/registration';
import { json, startStandIn } from '../apps/server/test/unit/support/standIn';
import { type Goal, runBenchmark } from './support/main';
import { copySession } from './support/sessionCopy';
import { type Latency, latency, ms, pair, printColumns } from './support/stats';
import type { Teardown } from './support/teardown';
import { createThrowawayDatabase } from './support/throwawayDatabase';

/** The issue's goals. */
const GOALS = {
  /** Scoring a finished session with the state and output types, p50. */
  scoringP50Ms: 10,
  /** From a session's end to scoring_completed, for those types (judged at p95). */
  pipelineMs: 500,
} as const;

/** The types the goals name: a state task's and an output task's. */
const STATE_AND_OUTPUT_TYPES = [
  'state_mutation_match',
  'system_scoring',
  'offline_exact_output_match',
  'json_schema',
] as const;

/**
 * The recorded sessions, each a built-in shop task's reference solution. The checkout (about 30 steps; a
 * declined card, then an order: ten mutations over six tables) is judged by the state types and by those that
 * read actions, the final page or a model; a second recording of it is the reference session offline_step
 * compares with. The duvet task is judged on its state and its answer (about 30 steps too, one mutation), and
 * is the session the pipeline figures score.
 */
const TASKS = {
  checkout: 'declined-card-fallback',
  duvet: 'duvet-cover-fallback-colour',
} as const;

/** Read on the final page of a recording for offline_exact_state_match: a title, headings, a form field. */
const FINAL_STATE_PATHS = ['//title', '//h1', '(//main//h2)[1]', '(//input[@name="q"])[1]'];
/** Expected texts longer than this are left out of an expected action (its selector still says which). */
const MAX_EXPECTED_TEXT = 200;
const GENERATION_SESSIONS = 20;
const GENERATION_RUNS = 5;
const WARMUP = 3;
const VIEWPORT = { width: 1280, height: 720 } as const;

const CRITERIA = [
  { name: 'Placed the order', description: 'The cart was checked out to the home address', weight: 2 },
  { name: 'Backup card only after a decline', weight: 1 },
  { name: 'Nothing else changed', weight: 1 },
];
/** The stand-in judge's answer: every criterion scored, as the criteria type asks for. */
const JUDGE_ANSWER = {
  criteria_scores: CRITERIA.map((criterion) => ({
    name: criterion.name,
    score: 1,
    explanation: 'The steps and the changes show it.',
  })),
  reason: 'The order was placed with the backup card after the decline.',
};
const API_VERDICT = { correct: true, reason: 'Ordered with the backup card', similarity: 1 };

const { values: options } = parseArgs({
  options: {
    iterations: { type: 'string', default: '1000' },
    sessions: { type: 'string', default: '50' },
    json: { type: 'boolean', default: false },
  },
});
const iterations = Math.max(20, Number.parseInt(options.iterations, 10) || 1000);
const pipelineSessions = Math.max(10, Number.parseInt(options.sessions, 10) || 50);

const now = () => performance.now();
const progress = (line: string) =>
  process.stderr.write(`[${(now() / 1000).toFixed(0).padStart(3)} s] ${line}\n`);

interface Account {
  accessToken: string;
  organizationId: number;
  userId: number;
}

/** A Proctor in this process on one database engine, with an account of its own. */
interface Engine {
  name: 'PGlite' | 'PostgreSQL';
  proctor: Proctor;
  account: Account;
  shop: { id: number; filters: SimulatorConfig };
}

/** A task's reference solution, recorded and stored as a session. */
interface Recording {
  name: string;
  task: string;
  testCase: TestCaseRow;
  session: { id: number; publicId: string };
  output: JsonValue | undefined;
  finalState: FinalPageState;
  steps: number;
  mutations: number;
  seconds: number;
}

interface TypeFigure {
  type: string;
  /** Which recording it judged. */
  session: string;
  latency: Latency;
  /** What it said: the figure is of a type that judged, not of one that gave up. */
  outcome: string;
}

interface PipelineFigures {
  /** scoreStoredSession with showStages: the recording read back from the database (as a rescore). */
  stored: Latency;
  /** scoreEndedSession: the score-session job at the end of a run (its session read from the database). */
  endOfRun: Latency;
}

interface GenerationFigures {
  service: Latency;
  sessionsUsed: number;
  expectedMutations: number;
}

interface Results {
  run: {
    date: string;
    node: string;
    iterations: number;
    pipelineSessions: number;
    durationS: number;
    cores: number;
    /** One-minute load average at the start and at the end: other work on the machine. */
    load: [number, number];
  };
  recordings: Array<Omit<Recording, 'testCase' | 'session' | 'finalState'>>;
  scoring: TypeFigure[];
  /** Every type of the output-and-state task at once (`scoreSession`, as the pipeline runs them). */
  together: TypeFigure;
  pipeline: { pglite: PipelineFigures; postgres: PipelineFigures | undefined };
  generation: {
    /** `generateExpectedMutations` on the 20 sessions' logs, in memory. */
    pure: Latency;
    pglite: GenerationFigures;
    postgres: GenerationFigures | undefined;
  };
}

// ---------------------------------------------------------------------------------------------------------
// Setting up.

async function call(
  proctor: Proctor,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: object,
  accessToken?: string,
): Promise<unknown> {
  const response = await proctor.app.inject({
    method,
    url,
    ...(body ? { payload: body } : {}),
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

/**
 * The install's first account (platform admin, so every permission: super scorer too) with an organization of
 * its own, made through the API.
 */
async function signUp(proctor: Proctor): Promise<Account> {
  const tokens = TokenResponse.parse(
    await call(proctor, 'POST', endpoints.register.path, {
      name: 'Bench scorer',
      email: `bench.scorer.${Date.now().toString(36)}@example.com`,
      password: 'correct horse battery staple',
    }),
  );
  await call(
    proctor,
    'POST',
    endpoints.createOrganization.path,
    { name: 'Bench scoring', purpose: 'Measure scoring' },
    tokens.access_token,
  );
  const user = User.parse(
    await call(proctor, 'GET', endpoints.fromSession.path, undefined, tokens.access_token),
  );
  if (user.organizationId === null) throw new Error('The new account has no organization');
  return { accessToken: tokens.access_token, organizationId: user.organizationId, userId: user.id };
}

async function startEngine(
  teardown: Teardown,
  name: Engine['name'],
  dataDir: string,
  database: DatabaseConfig,
  scoringEnvironment: Record<string, string>,
): Promise<Engine> {
  const folder = join(dataDir, name.toLowerCase());
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: folder,
    LOG_LEVEL: 'error',
    BROWSER_POOL_SIZE: '0',
    ...scoringEnvironment,
  });
  const proctor = await createProctor(config, { database });
  teardown.add(`Proctor on ${name}`, () => proctor.close());
  const account = await signUp(proctor);
  const [shop] = await proctor.ctx.db
    .select({ id: simulators.id, config: simulators.config })
    .from(simulators)
    .where(eq(simulators.name, 'shop'));
  if (!shop) throw new Error('The shop simulator is not registered');
  return {
    name,
    proctor,
    account,
    shop: { id: shop.id, filters: simulatorFilters(parseSimulatorConfig(shop.config)) },
  };
}

async function builtInTestCase(db: Database, task: string): Promise<TestCaseRow> {
  const [row] = await db
    .select()
    .from(testCases)
    .where(eq(testCases.builtInKey, builtInTestCaseKey('shop', task)));
  if (!row) throw new Error(`The built-in test case shop/${task} is not registered`);
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Recording the sessions.

const shopDefinition = (): SimulatorDefinition => {
  const shop = builtInSimulators.find((simulator) => simulator.name === 'shop');
  if (!shop) throw new Error('The shop simulator is not built in');
  return shop;
};

/** The page's values at the paths, as offline_exact_state_match's caller reads them (form fields: their value). */
function readFinalState(paths: string[]): Record<string, string | null> {
  return Object.fromEntries(
    paths.map((path) => {
      const node = document.evaluate(
        path,
        document,
        null,
        XPathResult.FIRST_ORDERED_NODE_TYPE,
        null,
      ).singleNodeValue;
      if (!node) return [path, null];
      const field =
        node instanceof HTMLInputElement ||
        node instanceof HTMLTextAreaElement ||
        node instanceof HTMLSelectElement;
      return [path, field ? node.value : (node.textContent ?? '')];
    }),
  );
}

/**
 * A built-in task's reference solution on a fresh shop instance, in a browser of its own with the session
 * recorder attached as the environment manager attaches it, written through SessionRecordingWriter into a
 * session of the engine's account. The session ends run_completed, with the solution's answer as its output.
 */
async function record(
  teardown: Teardown,
  trackedGroups: Set<number>,
  engine: Engine,
  host: SimulatorHost,
  name: string,
  task: string,
): Promise<Recording> {
  const started = now();
  const { db, blobs } = engine.proctor.ctx;
  const shop = shopDefinition();
  const definition = shop.testCases.find((testCase) => testCase.key === task);
  if (!definition) throw new Error(`The shop has no test case ${task}`);
  const testCase = await builtInTestCase(db, task);
  const instance = host.createInstance(shop);
  const browser: LaunchedBrowser = await launchBrowser({
    userDataDirPrefix: ownBrowserPrefix(),
    windowWidth: VIEWPORT.width,
    windowHeight: VIEWPORT.height,
    viewport: VIEWPORT,
  });
  trackedGroups.add(browser.pid);
  teardown.add(`browser ${browser.pid}`, () => browser.close());
  try {
    const session = await startSession(db, {
      organizationId: engine.account.organizationId,
      userId: engine.account.userId,
      simulatorId: engine.shop.id,
      simulatorName: 'shop',
      jobGroupPublicId: `bench-scoring-${name}`,
      testCaseId: testCase.id,
      source: 'bench',
      agentVersion: null,
    });
    const writer = new SessionRecordingWriter(
      db,
      blobs,
      session,
      (skip) => instance.mutations(skip),
      undefined,
    );
    const errors: Error[] = [];
    const recorder = await SessionRecorder.overConnection(await CdpConnection.connect(browser.wsEndpoint), {
      mutationCount: () => instance.mutationCount(),
      sink: {
        step: (step) => writer.step(step),
        rrweb: (events, source) => writer.rrweb(events, source),
        request: (request) => writer.request(request),
      },
      onError: (error) => errors.push(error),
    });
    const agent = await chromium.connectOverCDP(browser.wsEndpoint);
    let output: JsonValue | undefined;
    let finalState: FinalPageState;
    try {
      const page = agent.contexts()[0]?.pages()[0];
      if (!page) throw new Error('The browser has no page');
      page.setDefaultTimeout(10_000);
      await page.goto(instance.url(definition.startUrl));
      output = await definition.solve(page, {
        origin: instance.origin,
        url: (path) => instance.url(path),
        auth: { user: shop.auth.user, password: shop.auth.password },
      });
      await page.waitForLoadState('load');
      finalState = { url: page.url(), values: await page.evaluate(readFinalState, FINAL_STATE_PATHS) };
      await recorder.flush();
    } finally {
      await recorder.close();
      // Disconnects only: the browser is closed below.
      await agent.close();
    }
    await writer.finish();
    if (errors.length > 0) throw new Error(`Recording ${name} failed: ${errors[0]?.message}`);
    if (output !== undefined) await db.update(sessions).set({ output }).where(eq(sessions.id, session.id));
    await setSessionStatus(db, session.id, 'run_completed');
    return {
      name,
      task,
      testCase,
      session: { id: session.id, publicId: session.publicId },
      output,
      finalState,
      steps: (await recordedSteps(db, session.id)).length,
      mutations: (await recordedMutations(db, session.id)).length,
      seconds: (now() - started) / 1000,
    };
  } finally {
    instance.destroy();
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Figures.

async function timed(runs: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + runs; i++) {
    const started = now();
    await run();
    if (i >= WARMUP) times.push(now() - started);
  }
  return times;
}

function describeOutcome(outcome: ScoreOutcome): string {
  if (outcome.status === 'error')
    throw new Error(`${outcome.type} could not judge: ${outcome.error.kind}: ${outcome.error.message}`);
  if (outcome.status === 'not_applicable') return `not applicable (${outcome.reason})`;
  const { correct, similarity } = outcome.result;
  const verdict = correct === null ? 'no verdict' : correct ? 'correct' : 'incorrect';
  return similarity === undefined ? verdict : `${verdict}, similarity ${similarity.toFixed(2)}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A recorded action as a test case would expect it: its element and text, its typed text, its URL's path. */
function expectedActionOf(action: UserAction): ExpectedAction | undefined {
  switch (action.type) {
    case 'click':
    case 'submit': {
      const target = action.target;
      if (!target) return { type: action.type };
      return {
        type: action.type,
        selector: target.selector,
        ...(target.text.length <= MAX_EXPECTED_TEXT ? { text: target.text } : {}),
      };
    }
    case 'type':
      return {
        type: 'type',
        text: action.text,
        ...(action.target ? { selector: action.target.selector } : {}),
      };
    case 'scroll':
      return { type: 'scroll', direction: action.direction };
    case 'url_change':
      return { type: 'url_change', url_pattern: `^${escapeRegExp(pathOf(action.url))}$` };
    case 'mouse_move':
      return undefined;
  }
}

const expectedActions = (actions: readonly UserAction[]): ExpectedAction[] =>
  actions.flatMap((action) => expectedActionOf(action) ?? []);

/** What the pipeline would judge the recording on, as it reads it from the database. */
function scoringInput(engine: Engine, recording: Recording): Promise<ScoringInput> {
  return storedScoringInput(engine.proctor.ctx.db, {
    sessionId: recording.session.id,
    testCase: recording.testCase,
    simulatorConfig: engine.shop.filters,
    services: engine.proctor.ctx.scoring,
  });
}

/**
 * Every score type on the recording it fits: the state and output types as `scoreTypesOf` configures them for
 * the built-in test case; the others with configs read off the session (its milestones in order, all its
 * actions exactly, its final page's values) and the stand-ins.
 */
async function scoringFigures(
  engine: Engine,
  recordings: { checkout: Recording; reference: Recording; duvet: Recording },
  endpoint: string,
): Promise<{ scoring: TypeFigure[]; together: TypeFigure }> {
  const { db, scoring: services } = engine.proctor.ctx;
  const checkout: ScoringInput = {
    ...(await scoringInput(engine, recordings.checkout)),
    finalState: recordings.checkout.finalState,
    reference: {
      sessionId: recordings.reference.session.publicId,
      steps: await recordedSteps(db, recordings.reference.session.id),
    },
  };
  const duvet = await scoringInput(engine, recordings.duvet);
  const milestones = comparableActions(checkout.steps, ['mouse_move']).filter((action) =>
    ['type', 'submit', 'url_change'].includes(action.type),
  );
  const cases: Array<{ type: string; config?: unknown; input: ScoringInput; session: string }> = [
    ...scoreTypesOf(recordings.checkout.testCase).map((c) => ({
      ...c,
      input: checkout,
      session: 'checkout',
    })),
    ...scoreTypesOf(recordings.duvet.testCase).map((c) => ({ ...c, input: duvet, session: 'duvet' })),
    // The platform's own verdict when a state task changed nothing (above it only says it does not apply).
    { type: 'system_scoring', input: { ...duvet, mutations: [] }, session: 'duvet, its log left out' },
    {
      type: 'page_action_sequence',
      config: { actions: expectedActions(milestones) },
      input: checkout,
      session: 'checkout',
    },
    {
      type: 'offline_exact_action_match',
      config: { actions: expectedActions(comparableActions(checkout.steps)) },
      input: checkout,
      session: 'checkout',
    },
    {
      type: 'offline_exact_state_match',
      config: {
        expected_state: Object.entries(recordings.checkout.finalState.values).flatMap(([xpath, value]) =>
          value === null ? [] : [{ xpath, value }],
        ),
      },
      input: checkout,
      session: 'checkout',
    },
    { type: 'offline_step', input: checkout, session: 'checkout vs its reference recording' },
    { type: 'criteria', config: { criteria: CRITERIA }, input: checkout, session: 'checkout' },
    {
      type: 'api',
      config: { endpoint, api_key: 'bench-scorer-key' },
      input: checkout,
      session: 'checkout',
    },
  ];
  const scoring: TypeFigure[] = [];
  for (const { type, config, input, session } of cases) {
    progress(`  ${type} on ${session} (${iterations} runs)…`);
    const outcome = await runScoreType(type, config, input, services);
    const times = await timed(iterations, () => runScoreType(type, config, input, services));
    scoring.push({ type, session, latency: latency(times), outcome: describeOutcome(outcome) });
  }
  const configs = scoreTypesOf(recordings.duvet.testCase);
  progress(`  ${configs.map((c) => c.type).join(' + ')} at once on duvet (${iterations} runs)…`);
  const outcomes = await scoreSession(duvet, configs, services);
  const together = await timed(iterations, () => scoreSession(duvet, configs, services));
  return {
    scoring,
    together: {
      type: configs.map((c) => c.type).join(' + '),
      session: 'duvet',
      latency: latency(together),
      outcome: outcomes.map(describeOutcome).join('; '),
    },
  };
}

/**
 * The output-and-state recording copied for each measured session (from the PGlite Proctor, where it was
 * recorded), as ended by its run: then scored through the server's own code path, timed from the call to its
 * end, when the session's status is scoring_completed (checked).
 */
async function pipelineFigures(engine: Engine, source: Database, duvet: Recording): Promise<PipelineFigures> {
  const { db, scoring: services } = engine.proctor.ctx;
  const testCase = await builtInTestCase(db, TASKS.duvet);
  const ended = async () => {
    const copy = await copySession(source, db, duvet.session.id, {
      organizationId: engine.account.organizationId,
      userId: engine.account.userId,
    });
    await db
      .update(sessions)
      .set({ testCaseId: testCase.id, status: 'run_completed' })
      .where(eq(sessions.id, copy.id));
    return copy;
  };
  const scored = async (sessionId: number) => {
    const [row] = await db
      .select({ status: sessions.status })
      .from(sessions)
      .where(eq(sessions.id, sessionId));
    if (row?.status !== 'scoring_completed')
      throw new Error(`Session ${sessionId} ended ${row?.status} instead of scoring_completed`);
  };
  const stored: number[] = [];
  const endOfRun: number[] = [];
  // The two paths take turns, each on a fresh copy, so that both see the database as it grows.
  for (let i = 0; i < WARMUP + pipelineSessions; i++) {
    const first = await ended();
    let started = now();
    const scoring = await scoreStoredSession(
      db,
      { sessionId: first.id, testCase, simulatorConfig: engine.shop.filters, services },
      { showStages: true },
    );
    const storedMs = now() - started;
    if (scoring.status !== 'scored')
      throw new Error(
        `Scoring failed: ${scoring.status === 'postprocessing_failed' ? scoring.error : scoring.status}`,
      );
    await scored(first.id);

    const second = await ended();
    started = now();
    await scoreEndedSession(db, second.id, services);
    const endOfRunMs = now() - started;
    await scored(second.id);
    if (i >= WARMUP) {
      stored.push(storedMs);
      endOfRun.push(endOfRunMs);
    }
  }
  return { stored: latency(stored), endOfRun: latency(endOfRun) };
}

/**
 * A private copy of the checkout task in the account's organization, with GENERATION_SESSIONS ended sessions
 * holding the recorded checkout's mutation log, each scored Correct by a super scorer through the API. The
 * simulators' virtual clock makes the same actions give the same mutations, so people's correct runs of one
 * path log the same changes: the copies are what 20 such runs store.
 */
async function generationFigures(engine: Engine, mutations: readonly Mutation[]): Promise<GenerationFigures> {
  const { db } = engine.proctor.ctx;
  const { organizationId, userId, accessToken } = engine.account;
  const {
    id: _id,
    publicId: _publicId,
    builtInKey: _builtInKey,
    builtInHash: _builtInHash,
    ...fields
  } = await builtInTestCase(db, TASKS.checkout);
  const [testCase] = await db
    .insert(testCases)
    .values({ ...fields, publicId: newPublicId(), organizationId, createdBy: userId })
    .returning();
  if (!testCase) throw new Error('The test case copy was not inserted');
  for (let i = 0; i < GENERATION_SESSIONS; i++) {
    const [session] = await db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'scoring_completed',
        organizationId,
        userId,
        simulatorId: engine.shop.id,
        testCaseId: testCase.id,
      })
      .returning();
    if (!session) throw new Error('The session was not inserted');
    await db
      .insert(sessionEvents)
      .values({ sessionId: session.id, seq: 0, kind: EVENT_KIND.mutations, payload: [...mutations] });
    await call(
      engine.proctor,
      'PUT',
      endpoints.scoreSessionAsHuman.path.replace(':id', session.publicId),
      { correct: true, reason: 'Ordered with the backup card after the decline' },
      accessToken,
    );
  }
  const viewer = { organizationId, isAdmin: false, allowedSimulatorIds: [engine.shop.id], userId };
  let result: Awaited<ReturnType<typeof generateForTestCase>> | undefined;
  const times = await timed(GENERATION_RUNS, async () => {
    result = await generateForTestCase(db, viewer, testCase);
  });
  if (result?.status !== 'success')
    throw new Error(`Generation did not succeed: ${result?.errors.join('; ') ?? 'no result'}`);
  return {
    service: latency(times),
    sessionsUsed: result.num_sessions_used,
    expectedMutations: result.mutation_count,
  };
}

async function run(teardown: Teardown, trackedGroups: Set<number>): Promise<Results> {
  const startedAt = now();
  const loadBefore = loadavg()[0] as number;
  const dataDir = mkdtempSync(join(tmpdir(), 'proctor-bench-scoring-'));
  teardown.add('data folder', async () => rmSync(dataDir, { recursive: true, force: true }));

  progress('Stand-ins on 127.0.0.1: an OpenAI-compatible chat completions endpoint and an API scorer…');
  const llm = await startStandIn({
    '/v1/chat/completions': (_request, response) =>
      json(response, 200, {
        id: 'chatcmpl-bench',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: 'bench-judge',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: JSON.stringify(JUDGE_ANSWER) },
            finish_reason: 'stop',
          },
        ],
      }),
  });
  teardown.add('language model stand-in', () => llm.close());
  const apiScorer = await startStandIn({
    '/score': (_request, response) => json(response, 200, API_VERDICT),
  });
  teardown.add('API scorer stand-in', () => apiScorer.close());
  const scoringEnvironment = {
    SCORING_LLM_URL: `${llm.origin}/v1`,
    SCORING_LLM_MODEL: 'bench-judge',
    SCORING_LLM_API_KEY: 'bench-llm-key',
    OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
  };

  progress('Starting Proctor (in-memory PGlite, blob store in a temporary DATA_DIR, no browser pool)…');
  const pglite = await startEngine(teardown, 'PGlite', dataDir, { kind: 'pglite' }, scoringEnvironment);

  const host = new SimulatorHost();
  await host.listen();
  teardown.add('simulator host', () => host.close());
  const recordings = {} as { checkout: Recording; reference: Recording; duvet: Recording };
  for (const [name, task] of [
    ['checkout', TASKS.checkout],
    ['reference', TASKS.checkout],
    ['duvet', TASKS.duvet],
  ] as const) {
    progress(`Recording shop/${task}'s reference solution (${name})…`);
    recordings[name] = await record(teardown, trackedGroups, pglite, host, name, task);
    const { steps, mutations, seconds } = recordings[name];
    progress(`  ${plural(steps, 'step')}, ${plural(mutations, 'mutation')} in ${seconds.toFixed(1)} s`);
  }
  await host.close();

  progress('Scoring a finished session, per score type…');
  const { scoring, together } = await scoringFigures(pglite, recordings, `${apiScorer.origin}/score`);

  const source = pglite.proctor.ctx.db;
  progress(`Pipeline on PGlite: ${pipelineSessions} sessions each way, from their end to scoring_completed…`);
  const pglitePipeline = await pipelineFigures(pglite, source, recordings.duvet);

  const checkoutLog = await recordedMutations(source, recordings.checkout.session.id);
  progress(`Generating expected mutations from ${GENERATION_SESSIONS} correct sessions on PGlite…`);
  const pgliteGeneration = await generationFigures(pglite, checkoutLog);
  const runs: GenerationSession[] = Array.from({ length: GENERATION_SESSIONS }, (_, i) => ({
    sessionId: `session-${i}`,
    mutations: checkoutLog,
  }));
  const pure = await timed(iterations, async () => generateExpectedMutations(runs, pglite.shop.filters));

  let postgres: { pipeline: PipelineFigures; generation: GenerationFigures } | undefined;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    progress('PostgreSQL: a throwaway database, a Proctor on it…');
    const database = await createThrowawayDatabase(adminUrl, 'proctor_bench_scoring');
    teardown.add(`database ${database.name}`, () => database.drop());
    const engine = await startEngine(
      teardown,
      'PostgreSQL',
      dataDir,
      { kind: 'postgres', url: database.url },
      scoringEnvironment,
    );
    progress(`Pipeline on PostgreSQL: ${pipelineSessions} sessions each way…`);
    const pipeline = await pipelineFigures(engine, source, recordings.duvet);
    progress(`Generating expected mutations from ${GENERATION_SESSIONS} correct sessions on PostgreSQL…`);
    postgres = { pipeline, generation: await generationFigures(engine, checkoutLog) };
  } else progress('DATABASE_URL is not set: the PostgreSQL figures are skipped.');

  return {
    run: {
      date: new Date().toISOString(),
      node: process.version,
      iterations,
      pipelineSessions,
      durationS: Math.round((now() - startedAt) / 1000),
      cores: availableParallelism(),
      load: [loadBefore, loadavg()[0] as number],
    },
    recordings: Object.values(recordings).map(({ name, task, output, steps, mutations, seconds }) => ({
      name,
      task,
      output,
      steps,
      mutations,
      seconds,
    })),
    scoring,
    together,
    pipeline: { pglite: pglitePipeline, postgres: postgres?.pipeline },
    generation: { pure: latency(pure), pglite: pgliteGeneration, postgres: postgres?.generation },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Report.

/** Most score types take microseconds: a tenth of a millisecond would say 0.0. */
const precise = (value: number) => (value < 1 ? value.toFixed(3) : value < 10 ? value.toFixed(2) : ms(value));
const precisePair = (figure: Latency) => `${precise(figure.p50)} / ${precise(figure.p95)} ms`;
const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const isStateOrOutput = (figure: TypeFigure) =>
  (STATE_AND_OUTPUT_TYPES as readonly string[]).includes(figure.type);

function goalsOf(results: Results): Goal[] {
  const judged = results.scoring.filter(isStateOrOutput);
  const slowest = [...judged].sort((a, b) => b.latency.p50 - a.latency.p50)[0];
  const goals: Goal[] = [
    {
      goal: `scoring a finished session with the state and output types: p50 <= ${GOALS.scoringP50Ms} ms`,
      measured:
        `${precise(results.together.latency.p50)} ms for all four at once (p95 ${precise(results.together.latency.p95)}); ` +
        `slowest alone ${slowest ? `${slowest.type} on ${slowest.session} ${precise(slowest.latency.p50)} ms` : 'n/a'}`,
      met:
        results.together.latency.p50 <= GOALS.scoringP50Ms &&
        judged.every((figure) => figure.latency.p50 <= GOALS.scoringP50Ms),
    },
  ];
  for (const [engine, figures] of [
    ['PGlite', results.pipeline.pglite],
    ['PostgreSQL', results.pipeline.postgres],
  ] as const) {
    const goal = `session end to scoring_completed, ${engine}: p95 <= ${GOALS.pipelineMs} ms`;
    goals.push(
      figures
        ? {
            goal,
            measured: `${ms(figures.stored.p95)} ms from what was stored (p50 ${ms(figures.stored.p50)}), ${ms(figures.endOfRun.p95)} ms at the end of a run (p50 ${ms(figures.endOfRun.p50)})`,
            met: Math.max(figures.stored.p95, figures.endOfRun.p95) <= GOALS.pipelineMs,
          }
        : { goal, measured: 'not measured (set DATABASE_URL)', met: false },
    );
  }
  return goals;
}

function pipelineRows(engine: string, figures: PipelineFigures | undefined): string[][] {
  const goal = `p95 <= ${GOALS.pipelineMs} ms`;
  if (!figures)
    return [[`session end to scoring_completed, ${engine}`, 'not measured (set DATABASE_URL)', goal]];
  return [
    [`session end to scoring_completed, ${engine} (p50/p95)`, '', ''],
    ['  scoreStoredSession, showStages (read back)', pair(figures.stored), goal],
    ["  scoreEndedSession (the job at a run's end)", pair(figures.endOfRun), goal],
  ];
}

function generationRow(engine: string, figures: GenerationFigures | undefined): string[] {
  const label = `generateForTestCase, ${GENERATION_SESSIONS} correct sessions, ${engine} (p50/p95)`;
  if (!figures) return [label, 'not measured (set DATABASE_URL)', ''];
  return [
    label,
    `${pair(figures.service)} (${figures.service.samples} runs; ${figures.sessionsUsed} sessions used, ${figures.expectedMutations} expected mutations saved)`,
    '',
  ];
}

function printReport(results: Results, goals: Goal[]): void {
  const { run } = results;
  console.log(
    `Scoring benchmark: ${run.iterations} runs per score type, ${run.pipelineSessions} sessions per pipeline figure, ` +
      `node ${run.node}, ${run.date}, ${run.durationS} s, ${run.cores} cores, ` +
      `load average ${run.load[0].toFixed(1)} → ${run.load[1].toFixed(1)}\n`,
  );
  const scoringGoal = `p50 <= ${GOALS.scoringP50Ms} ms`;
  printColumns(
    ['figure', 'measured', 'goal'],
    [
      ...results.recordings.map((recording) => [
        `recorded: ${recording.name} (shop/${recording.task})`,
        `${plural(recording.steps, 'step')}, ${plural(recording.mutations, 'mutation')}` +
          (recording.output === undefined ? '' : `, answer ${JSON.stringify(recording.output)}`) +
          ` in ${recording.seconds.toFixed(1)} s`,
        '',
      ]),
      ['scoring a finished session (p50/p95)', '', ''],
      ...results.scoring.map((figure) => [
        `  ${figure.type} on ${figure.session}`,
        `${precisePair(figure.latency)}: ${figure.outcome}`,
        isStateOrOutput(figure) ? scoringGoal : '',
      ]),
      [`  all of duvet's types at once (scoreSession)`, precisePair(results.together.latency), scoringGoal],
      ...pipelineRows('PGlite', results.pipeline.pglite),
      ...pipelineRows('PostgreSQL', results.pipeline.postgres),
      generationRow('PGlite', results.generation.pglite),
      generationRow('PostgreSQL', results.generation.postgres),
      [
        `generateExpectedMutations alone, ${GENERATION_SESSIONS} sessions (p50/p95)`,
        precisePair(results.generation.pure),
        '',
      ],
    ],
  );
  console.log('\nGoals:');
  for (const goal of goals) console.log(`  ${goal.met ? 'MET   ' : 'MISSED'} ${goal.goal}: ${goal.measured}`);
}

// ---------------------------------------------------------------------------------------------------------

await runBenchmark({
  progress,
  json: options.json === true,
  closing: 'browsers, servers and databases',
  run,
  goals: goalsOf,
  report: printReport,
});
