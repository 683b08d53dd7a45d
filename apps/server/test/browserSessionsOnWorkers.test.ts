import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BROWSER_SESSION_MESSAGES,
  type CreateWebFlowRequest,
  endpoints,
  RUN_TASK,
  RunTaskResponse,
  WEB_FLOW_MESSAGES,
  WebFlowRunEvent,
} from '@proctor/contracts';
import { browserSessions, jobGroups, sessionLogs, sessions, simulators, testCases } from '@proctor/db';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { NO_OPENAI_COMPUTER_USE } from '../src/agents/runnable';
import { type RunningWorker, startWorker } from '../src/app/worker';
import { loadConfig } from '../src/kernel/config';
import { HandBackJobError } from '../src/kernel/queue/catalog';
import { RedisQueue } from '../src/kernel/queue/redisQueue';
import { CALLER_GONE } from '../src/services/runTask';
import type { CallResult } from './support/call';
import { everySimulatorPlan } from './support/catalog';
import { testDatabases } from './support/databases';
import { leavingCaller } from './support/leavingCaller';
import { freePort } from './support/network';
import type { Actor, TestProctor } from './support/proctor';
import {
  firstLiveViewFrame,
  redisTestPrefix,
  type ScaledOutProctor,
  startScaledOutProctor,
} from './support/scaledOut';
import { shopSearchAnswer } from './support/shopSearchModel';
import { until } from './support/until';
import { chatCompletion, startStandIn } from './unit/support/standIn';

const redisUrl = process.env.REDIS_URL;
const postgres = testDatabases().find((database) => database.name === 'postgres');

const ok = <R>({ status, body }: CallResult<R>): R => {
  expect(status, body.detail).toBeLessThan(300);
  return body;
};

const events = (payload: string) =>
  payload
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => WebFlowRunEvent.parse(JSON.parse(line)));

/** The first string under a `url` key anywhere in a JSON value that is a simulator's address. */
function simulatorUrlIn(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map(simulatorUrlIn).find(Boolean);
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'url' && typeof inner === 'string' && /\.localhost:\d+/.test(inner)) return inner;
    const found = simulatorUrlIn(inner);
    if (found) return found;
  }
  return undefined;
}

describe.skipIf(!redisUrl)('jobs on workers', () => {
  it('should let a full worker hand a job back, and another worker take it, no attempt counted', async () => {
    const keys = redisTestPrefix();
    const adder = new RedisQueue({ url: redisUrl!, prefix: keys });
    const full = new RedisQueue({ url: redisUrl!, prefix: keys });
    const free = new RedisQueue({ url: redisUrl!, prefix: keys });
    let handedBack = 0;
    try {
      full.work({
        openBrowserSession: {
          async run() {
            handedBack += 1;
            throw new HandBackJobError(50);
          },
          failed: async () => undefined,
        },
      });
      const added = await adder.add('openBrowserSession', {
        organizationId: 1,
        userId: null,
        plan: { allowed_simulators: [] },
        type: 'builder',
        takeBy: Date.now() + 10_000,
      });
      // Only the full worker is there: the job keeps coming back to it, and stays unfinished.
      await until(
        async () => handedBack,
        (count) => count >= 2,
        'the full worker to hand the job back twice',
      );
      free.work({
        openBrowserSession: {
          run: async () => ({ publicId: 'opened-on-free' }),
          failed: async () => undefined,
        },
      });
      expect(await added.finished).toMatchObject({
        status: 'completed',
        result: { publicId: 'opened-on-free' },
      });
    } finally {
      await adder.obliterate();
      for (const queue of [adder, full, free]) await queue.close();
    }
  });

  it('should run a webflow.run job only on the worker it names, its progress reaching whoever added it', async () => {
    const keys = redisTestPrefix();
    const adder = new RedisQueue({ url: redisUrl!, prefix: keys });
    const workers = ['worker-a', 'worker-b'].map(
      (workerId) => new RedisQueue({ url: redisUrl!, prefix: keys, workerId }),
    );
    const ranOn: string[] = [];
    try {
      for (const [i, queue] of workers.entries())
        queue.work({
          runWebFlow: {
            async run({ browserSessionId }, job) {
              ranOn.push(`${browserSessionId} on ${i === 0 ? 'a' : 'b'}`);
              job.progress({ type: 'node_start', nodeId: 'n1' });
            },
            failed: async () => undefined,
          },
        });
      const heard: unknown[] = [];
      const payload = { organizationId: 1, flowId: 1, parameters: {} };
      const added = await Promise.all(
        ['worker-b', 'worker-a', 'worker-b'].map((worker, n) =>
          adder.add(
            'runWebFlow',
            { ...payload, browserSessionId: `s${n}` },
            { worker, onProgress: (event) => heard.push(event) },
          ),
        ),
      );
      for (const job of added) expect((await job.finished).status).toBe('completed');
      expect(ranOn.sort()).toEqual(['s0 on b', 's1 on a', 's2 on b']);
      expect(heard).toHaveLength(3);
      await expect(adder.add('runWebFlow', { ...payload, browserSessionId: 's3' })).rejects.toThrow(
        /one worker/,
      );
    } finally {
      await adder.obliterate();
      for (const queue of [adder, ...workers]) await queue.close();
    }
  });
});

/**
 * Browser sessions and web flows scaled out (issue 31 items 1 and 5): a server with JOBS_IN_SERVER=false opens
 * browser sessions on a `proctor worker`, reaches their live view and CDP through the worker's door, and runs web
 * flows there as `webflow.run` jobs, streaming their events. Needs REDIS_URL and a PostgreSQL.
 */
describe.skipIf(!redisUrl || !postgres)('browser sessions and web flows on a worker', () => {
  let proctor: TestProctor;
  let author: Actor;
  let server: ScaledOutProctor | undefined;
  let databaseUrl: string;
  let port: number;
  let keys: string;
  let worker: RunningWorker | undefined;
  let agent: Server | undefined;
  /** The built-in shop of a run the worker holds (its agent never answers): what the browser session visits. */
  let shopUrl: string;
  let browserSessionId: string;
  /**
   * The run-task agent's model (both the API and the worker name it): it does the shop search, or (`scrolling`)
   * scrolls at every step, a little slowly, never done.
   */
  let model: Awaited<ReturnType<typeof startStandIn>>;
  let scrolling = false;

  beforeAll(async () => {
    model = await startStandIn({
      '/v1/chat/completions': (request, response) => {
        if (!scrolling) return chatCompletion(response, shopSearchAnswer(request.body));
        setTimeout(() => chatCompletion(response, JSON.stringify({ action: 'scroll', dy: 100 })), 200);
      },
    });
    port = await freePort();
    server = await startScaledOutProctor(redisUrl!, port, {
      // No worker, or none with a free browser, answers 503 after this long.
      BROWSER_SESSION_WORKER_WAIT_MS: '2000',
      AGENT_LLM_URL: `${model.origin}/v1`,
      AGENT_LLM_MODEL: 'stand-in',
    });
    ({ proctor, databaseUrl, keys } = server);
    author = await proctor.actor({
      permissions: { dashboard_access: true, playground_access: true, record_testcases: true },
      plan: await everySimulatorPlan(proctor),
    });
  });
  afterAll(async () => {
    agent?.closeAllConnections();
    agent?.close();
    await worker?.close();
    await server?.close();
    await model?.close();
  });

  /**
   * A worker as `npm run worker` starts one (app/worker.ts), in this process to spare the test a second start of
   * the whole server's code: its own environments, door (WORKER_URL) and job queue on the test's Redis keys.
   */
  async function startTestWorker(): Promise<void> {
    let doorPort = await freePort();
    while (doorPort === port) doorPort = await freePort();
    const config = loadConfig({
      ...process.env,
      WORKER_URL: `http://127.0.0.1:${doorPort}`,
      OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
      AGENT_LLM_URL: `${model.origin}/v1`,
      AGENT_LLM_MODEL: 'stand-in',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: keys,
      WORKER_ID: 'worker-with-browsers',
      DATA_DIR: proctor.ctx.config.dataDir,
      JOB_STALL_MS: '3000',
      // The run holding the shop and one browser session: a second session finds no browser.
      MAX_ENVIRONMENTS: '2',
      MAX_ENVIRONMENTS_PER_ORGANIZATION: '2',
      BROWSER_POOL_SIZE: '1',
    });
    worker = await startWorker(config, proctor.app.log.child({ worker: 'worker-with-browsers' }));
  }

  /** A run of a built-in shop test case whose dev agent never answers: its shop stays up on the worker. */
  async function holdShopOnWorker(): Promise<string> {
    let heard: (body: string) => void = () => undefined;
    const asked = new Promise<string>((resolve) => {
      heard = resolve;
    });
    agent = createServer((incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => heard(Buffer.concat(chunks).toString('utf8')));
    });
    await new Promise<void>((resolve) => agent!.listen(0, '127.0.0.1', resolve));
    const made = ok(
      await proctor.call(endpoints.createAgentArtifact, {
        as: author,
        body: {
          alias: 'thinker',
          type: 'dev',
          endpoint: `http://127.0.0.1:${(agent.address() as AddressInfo).port}/step`,
        },
      }),
    );
    const [testCase] = await proctor.ctx.db
      .select({ id: testCases.id })
      .from(testCases)
      .innerJoin(simulators, eq(simulators.id, testCases.simulatorId))
      .where(and(eq(simulators.name, 'shop'), isNotNull(testCases.builtInKey)))
      .limit(1);
    ok(
      await proctor.call(endpoints.startRun, {
        as: author,
        body: { testCaseId: testCase!.id, agentArtifactId: made.artifact.id },
      }),
    );
    const url = simulatorUrlIn(JSON.parse(await asked));
    if (!url) throw new Error('The agent was not told the shop’s address');
    return new URL(url).origin;
  }

  const openSession = (startUrl?: string) =>
    proctor.call(endpoints.createBrowserSession, {
      as: author,
      body: { type: 'builder', ...(startUrl ? { start_url: startUrl } : {}) },
    });

  it('should answer 503 when no worker takes the browser session in time', async () => {
    const refused = await openSession();
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toBe(BROWSER_SESSION_MESSAGES.noBrowsers);
  });

  it('should open a builder browser session on the worker, its live view and CDP answering through the API', async () => {
    await startTestWorker();
    shopUrl = await holdShopOnWorker();
    const opened = ok(await openSession(`${shopUrl}/`));
    browserSessionId = opened.publicId;
    expect(opened).toMatchObject({ status: 'running', url: `${shopUrl}/` });
    expect(proctor.ctx.environments.isRunning(browserSessionId)).toBe(false);
    const [held] = await proctor.ctx.db
      .select({ workerUrl: jobGroups.workerUrl, workerId: jobGroups.workerId })
      .from(jobGroups)
      .where(eq(jobGroups.publicId, browserSessionId));
    expect(held).toMatchObject({
      workerId: 'worker-with-browsers',
      workerUrl: expect.stringMatching(/^http:/),
    });
    // The worker's door drives it only for a `drive` capability of this environment: a live one is refused.
    const { token: liveToken } = await proctor.ctx.tokens.signEnvironmentToken('live', browserSessionId, 60);
    const forged = await fetch(`${held!.workerUrl}/internal/browser-sessions/${browserSessionId}/close`, {
      method: 'POST',
      headers: { authorization: `Bearer ${liveToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(forged.status).toBe(401);

    const { frame } = await firstLiveViewFrame(opened.liveViewUrl!);
    expect(frame.byteLength).toBeGreaterThan(100);

    const { cdp_url } = ok(
      await proctor.call(endpoints.environmentCdpUrl, { as: author, params: { id: browserSessionId } }),
    );
    expect(cdp_url.startsWith(`ws://127.0.0.1:${port}/cdp/`)).toBe(true);
    const version = await new Promise<{ result?: { product?: string } }>((resolve, reject) => {
      const socket = new WebSocket(cdp_url);
      socket.on('open', () => socket.send(JSON.stringify({ id: 1, method: 'Browser.getVersion' })));
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: { product?: string } };
        if (message.id !== 1) return;
        resolve(message);
        socket.close();
      });
      socket.on('error', reject);
    });
    expect(version.result?.product).toMatch(/Chrome/);

    const shown = ok(
      await proctor.call(endpoints.browserSession, { as: author, params: { publicId: browserSessionId } }),
    );
    expect(shown).toMatchObject({ status: 'running', url: `${shopUrl}/` });
    const kept = ok(
      await proctor.call(endpoints.browserSessionHeartbeat, {
        as: author,
        params: { publicId: browserSessionId },
      }),
    );
    expect(kept.status).toBe('running');
    // Another organization's member learns nothing of it.
    const outsider = await proctor.call(endpoints.browserSession, {
      as: await proctor.actor({ permissions: { playground_access: true } }),
      params: { publicId: browserSessionId },
    });
    expect(outsider.status).toBe(404);
  });

  it('should answer 503 when the worker has no browser free', async () => {
    const refused = await openSession();
    expect(refused.status).toBe(503);
    expect(refused.body.detail).toBe(BROWSER_SESSION_MESSAGES.noBrowsers);
  });

  const shopFlow = (): CreateWebFlowRequest => ({
    name: 'Shop search',
    start_url: '/',
    parameters: [{ name: 'query', type: 'string' }],
    nodes: [
      {
        id: 'open-cookware',
        type: 'act',
        actionType: 'click',
        elementHint: 'Cookware',
        locator: { role: 'link', name: 'Cookware' },
      },
      {
        id: 'search',
        type: 'act',
        actionType: 'type',
        elementHint: 'Search products',
        locator: { role: 'searchbox', name: 'Search products' },
        text: '{{query}}[Enter]',
      },
      {
        id: 'results',
        type: 'extract',
        schema: {
          fields: [
            {
              id: 'names',
              name: 'names',
              type: 'string',
              isArray: true,
              selector: 'article.product-card h3.product-name',
            },
          ],
        },
      },
    ],
  });

  const run = async (flowId: number, parameters: Record<string, string> = {}) => {
    const response = await proctor.request({
      method: 'POST',
      url: `/api/web-flows/${flowId}/run`,
      as: author,
      payload: { browser_session_id: browserSessionId, parameters },
    });
    expect(response.statusCode, response.body).toBe(200);
    return events(response.body);
  };

  it('should run a flow on the worker (navigate, click, type with [Enter], extract a list), streaming each node', async () => {
    const flow = ok(await proctor.call(endpoints.createWebFlow, { as: author, body: shopFlow() }));
    const streamed = await run(flow.id, { query: 'Skillet' });
    expect(streamed.map((event) => `${event.type}${'nodeId' in event ? ` ${event.nodeId}` : ''}`)).toEqual([
      'node_start open-cookware',
      'node_end open-cookware',
      'node_start search',
      'node_end search',
      'node_start results',
      'node_end results',
      'run_end',
    ]);
    const end = streamed.at(-1)!;
    if (end.type !== 'run_end') throw new Error('no run_end');
    expect(end.state, end.error).toBe('completed');
    const names = end.response.names as string[];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/skillet/i);
    const detail = ok(
      await proctor.call(endpoints.webFlowRun, { as: author, params: { publicId: end.runId } }),
    );
    expect(detail).toMatchObject({ state: 'completed', parameters: { query: 'Skillet' }, error: null });

    // The builder's test tab and picker act on the worker's page too.
    const clicked = ok(
      await proctor.call(endpoints.runWebFlowNode, {
        as: author,
        params: { publicId: browserSessionId },
        body: { node: { id: 'home', type: 'act', actionType: 'click', elementHint: 'Cookware' } },
      }),
    );
    expect(clicked).toEqual({ nodeId: 'home', ok: true });
    const picked = await proctor.call(endpoints.elementAt, {
      as: author,
      params: { publicId: browserSessionId },
      body: { x: 5, y: 5 },
    });
    expect([200, 404]).toContain(picked.status);
  });

  it("should fail a broken hint's node with 'Element not found' and end the run failed", async () => {
    const flow = ok(
      await proctor.call(endpoints.createWebFlow, {
        as: author,
        body: {
          start_url: '/',
          nodes: [
            {
              id: 'missing',
              type: 'act',
              actionType: 'click',
              elementHint: 'The gift card button',
              locator: { css: '#no-such-button' },
            },
          ],
        },
      }),
    );
    const streamed = await run(flow.id);
    expect(streamed.map((event) => event.type)).toEqual(['node_start', 'node_end', 'run_end']);
    expect(streamed[2]).toMatchObject({ state: 'failed', error: 'Element not found: The gift card button' });
  });

  it('should stop the run on the worker when its caller goes away, recorded failed, and free the session', async () => {
    const flow = ok(
      await proctor.call(endpoints.createWebFlow, {
        as: author,
        body: {
          nodes: [
            {
              id: 'slow',
              type: 'act',
              actionType: 'click',
              elementHint: 'Not there',
              locator: { css: '#absent' },
            },
          ],
        },
      }),
    );
    const caller = leavingCaller(`http://127.0.0.1:${port}/api/web-flows/${flow.id}/run`, author.headers, {
      browser_session_id: browserSessionId,
    });
    const first = await caller.firstChunk();
    expect(WebFlowRunEvent.parse(JSON.parse(first.split('\n')[0]!))).toEqual({
      type: 'node_start',
      nodeId: 'slow',
    });
    caller.leave();
    const { runs } = await until(
      async () =>
        ok(await proctor.call(endpoints.webFlowRuns, { as: author, query: { web_flow_id: flow.id } })),
      (listed) => listed.runs[0]?.state === 'failed',
      'the abandoned run to end failed',
      30_000,
    );
    expect(runs[0]).toMatchObject({ error: WEB_FLOW_MESSAGES.runStopped });
    // The session is free again once the worker has stopped the run.
    const next = await until(
      () =>
        proctor.call(endpoints.runWebFlowNode, {
          as: author,
          params: { publicId: browserSessionId },
          body: { node: { id: 'home', type: 'act', actionType: 'click', elementHint: 'Cookware' } },
        }),
      (answer) => answer.status !== 409,
      'the session to be free',
    );
    expect(next.body).toEqual({ nodeId: 'home', ok: true });
  });

  it('should navigate and close the session on the worker, then complete a trainer session there, checked as embedded', async () => {
    const moved = ok(
      await proctor.call(endpoints.navigateBrowserSession, {
        as: author,
        params: { publicId: browserSessionId },
        body: { url: `${shopUrl}/?from=api` },
      }),
    );
    expect(moved).toMatchObject({ status: 'running', url: `${shopUrl}/?from=api` });
    const refused = await proctor.call(endpoints.navigateBrowserSession, {
      as: author,
      params: { publicId: browserSessionId },
      body: { url: `http://127.0.0.1:${port}/api/health` },
    });
    expect(refused.status).toBe(400);

    const closed = ok(
      await proctor.call(endpoints.closeBrowserSession, {
        as: author,
        params: { publicId: browserSessionId },
      }),
    );
    expect(closed).toMatchObject({ status: 'closed', liveViewUrl: null });
    const [row] = await proctor.ctx.db
      .select({ status: jobGroups.overallStatus })
      .from(jobGroups)
      .where(eq(jobGroups.publicId, browserSessionId));
    expect(row?.status).toBe('closed');

    // Its slot is free again: a trainer session opens there, and Task Completed checks its output there.
    const trainer = ok(
      await proctor.call(endpoints.createBrowserSession, {
        as: author,
        body: { type: 'trainer', task: 'Report a title', response_format: { title: 'string' } },
      }),
    );
    expect(proctor.ctx.environments.isRunning(trainer.publicId)).toBe(false);
    const wrong = await proctor.call(endpoints.completeBrowserSession, {
      as: author,
      params: { publicId: trainer.publicId },
      body: { output: { title: 42 } },
    });
    expect(wrong.status).toBe(400);
    const completed = ok(
      await proctor.call(endpoints.completeBrowserSession, {
        as: author,
        params: { publicId: trainer.publicId },
        body: { output: { title: 'Skillet' } },
      }),
    );
    expect(completed.status).toBe('closed');
  });

  const task = 'Search the shop for skillets and say which comes first and how many there are';
  const runTask = (
    extra: Record<string, unknown> = {},
    format: Record<string, string> = { first: 'string' },
  ) =>
    proctor.request({
      method: 'POST',
      url: '/api/run-task',
      as: author,
      payload: { start_url: `${shopUrl}/`, task, response_format: format, ...extra },
    });

  it("should do a run-task in the caller's browser session on the worker, and leave it open", async () => {
    const opened = ok(
      await proctor.call(endpoints.createBrowserSession, { as: author, body: { type: 'ai' } }),
    );
    expect(proctor.ctx.environments.isRunning(opened.publicId)).toBe(false);
    const response = await runTask({ browser_session_id: opened.publicId });
    expect(response.statusCode, response.body).toBe(200);
    expect(RunTaskResponse.parse(response.json())).toMatchObject({
      status: 'completed',
      error: null,
      output: { first: expect.stringMatching(/skillet/i) },
      browser_session_id: opened.publicId,
    });
    const after = ok(
      await proctor.call(endpoints.browserSession, { as: author, params: { publicId: opened.publicId } }),
    );
    expect(after).toMatchObject({ status: 'running', url: expect.stringContaining('Skillet') });
    ok(
      await proctor.call(endpoints.closeBrowserSession, {
        as: author,
        params: { publicId: opened.publicId },
      }),
    );
    // Ended, it is refused as embedded.
    const ended = await runTask({ browser_session_id: opened.publicId });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().detail).toBe(BROWSER_SESSION_MESSAGES.notRunning('closed'));
  });

  it('should do a run-task in a session opened for it on the worker, answered as valid JSON, the session closed after', async () => {
    // A model agent this install has no model for is refused by the API, before any browser.
    const refused = await runTask({ agent: 'openai_cua' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(NO_OPENAI_COMPUTER_USE);
    const response = await runTask({}, { first: 'string', count: 'number' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = RunTaskResponse.parse(response.json());
    expect(answer, answer.error ?? '').toMatchObject({ status: 'completed', error: null });
    expect(answer.output?.first).toMatch(/skillet/i);
    expect(answer.output?.count).toBeGreaterThan(0);
    const [held] = await proctor.ctx.db
      .select({ workerId: jobGroups.workerId })
      .from(jobGroups)
      .where(eq(jobGroups.publicId, answer.browser_session_id));
    expect(held?.workerId).toBe('worker-with-browsers');
    const browser = ok(
      await proctor.call(endpoints.browserSession, {
        as: author,
        params: { publicId: answer.browser_session_id },
      }),
    );
    expect(browser).toMatchObject({ status: 'closed', sessionPublicId: answer.session_id });
  });

  it('should stop the run-task on the worker when its caller goes away, and close its session', async () => {
    scrolling = true;
    const asked = model.received.length;
    const caller = leavingCaller(`http://127.0.0.1:${port}/api/run-task`, author.headers, {
      start_url: `${shopUrl}/`,
      task,
      response_format: { first: 'string' },
    });
    // The agent is acting on the worker: then the caller goes away.
    await until(
      async () => model.received.length,
      (count) => count > asked + 1,
      'the agent to take its steps',
      30_000,
    );
    caller.leave();
    const [latest] = await proctor.ctx.db
      .select({ publicId: browserSessions.publicId })
      .from(browserSessions)
      .orderBy(desc(browserSessions.id))
      .limit(1);
    const closed = await until(
      () => proctor.call(endpoints.browserSession, { as: author, params: { publicId: latest!.publicId } }),
      (answer) => answer.body.status === 'closed',
      'the abandoned task to stop and its session to close',
      30_000,
    );
    // Stopped by the door, not at its 30 steps: the recorded session says the caller went away.
    const failures = await proctor.ctx.db
      .select({ log: sessionLogs.logData })
      .from(sessionLogs)
      .innerJoin(sessions, eq(sessions.id, sessionLogs.sessionId))
      .where(eq(sessions.publicId, closed.body.sessionPublicId!));
    expect(failures.map(({ log }) => (log as { message?: string }).message)).toContain(
      `The task failed: ${CALLER_GONE}`,
    );
    expect(model.received.length - asked).toBeLessThan(RUN_TASK.maxSteps);
    scrolling = false;
  });
});
