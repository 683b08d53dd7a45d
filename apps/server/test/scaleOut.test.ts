import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints, LIVE_VIEW_CLOSE, testRunReportPdfPath } from '@proctor/contracts';
import { jobGroups, runSessionBatches, scores, sessions, simulators, testCases } from '@proctor/db';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { JOBS, type JobHandler, type JobHandlers, PermanentJobError } from '../src/kernel/queue/catalog';
import { RedisQueue } from '../src/kernel/queue/redisQueue';
import { everySimulatorPlan } from './support/catalog';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import type { Actor, TestProctor } from './support/proctor';
import {
  firstLiveViewFrame,
  redisTestPrefix,
  type ScaledOutProctor,
  startScaledOutProctor,
} from './support/scaledOut';
import { seedTestRun, solidPng } from './support/testRunFixture';
import { until } from './support/until';

const redisUrl = process.env.REDIS_URL;
const postgres = testDatabases().find((database) => database.name === 'postgres');

/** A GET to a port under another host name, as a browser that resolved the name to loopback sends it. */
function getAs(
  port: number,
  host: string,
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

/**
 * Scale-out (issue 9 item 1, ARCHITECTURE.md): the job queue on Redis with BullMQ, and `proctor worker`
 * processes that run the runs for a server sharing their PostgreSQL and Redis. Needs REDIS_URL and DATABASE_URL
 * (set on the development and CI machines; .ci/run exports them when the services answer); each test uses keys
 * of its own and removes them.
 */
describe.skipIf(!redisUrl)('the Redis job queue', () => {
  const queues: RedisQueue[] = [];
  afterAll(async () => {
    for (const queue of queues) {
      await queue.obliterate();
      await queue.close();
    }
  });

  function handlers(
    run: JobHandler<'runSession'>['run'],
    failed: Array<{ sessionId: number; reason: string }>,
  ): JobHandlers {
    return {
      runSession: { run, failed: async ({ sessionId }, reason) => void failed.push({ sessionId, reason }) },
    };
  }

  it('runs jobs in a worker, tries a failed one again, and tells the failed handler of a final failure once per side', async () => {
    const keys = redisTestPrefix();
    const adder = new RedisQueue({ url: redisUrl!, prefix: keys });
    const worker = new RedisQueue({ url: redisUrl!, prefix: keys });
    queues.push(adder, worker);
    const failedInWorker: Array<{ sessionId: number; reason: string }> = [];
    const failedSeenByAdder: Array<{ sessionId: number; reason: string }> = [];
    const attempts = new Map<number, number[]>();
    worker.work(
      handlers(async ({ sessionId }, context) => {
        attempts.set(sessionId, [...(attempts.get(sessionId) ?? []), context.attempt]);
        if (sessionId === 2 && context.attempt === 1) throw new Error('The browser did not start');
        if (sessionId === 3) throw new Error('The browser never starts');
        if (sessionId === 4) throw new PermanentJobError('Proctor cannot drive it');
      }, failedInWorker),
    );
    adder.observe(handlers(async () => undefined, failedSeenByAdder));
    const jobs = await Promise.all([1, 2, 3, 4].map((sessionId) => adder.add('runSession', { sessionId })));
    const outcomes = await Promise.all(jobs.map((job) => job.finished));
    expect(outcomes).toEqual([
      { status: 'completed', attempts: 1 },
      { status: 'completed', attempts: 2 },
      { status: 'failed', attempts: JOBS.runSession.attempts, reason: 'The browser never starts' },
      { status: 'failed', attempts: 1, reason: 'Proctor cannot drive it' },
    ]);
    expect(attempts.get(2)).toEqual([1, 2]);
    expect(attempts.get(4)).toEqual([1]);
    const bySession = (list: typeof failedInWorker) => [...list].sort((a, b) => a.sessionId - b.sessionId);
    expect(bySession(failedInWorker)).toEqual([
      { sessionId: 3, reason: 'The browser never starts' },
      { sessionId: 4, reason: 'Proctor cannot drive it' },
    ]);
    expect(bySession(failedSeenByAdder)).toEqual(bySession(failedInWorker));
    expect(await adder.counts('runSession')).toEqual({ queued: 0, running: 0 });
  });

  it('refuses a payload its schema refuses, before anything reaches Redis', async () => {
    const queue = new RedisQueue({ url: redisUrl!, prefix: redisTestPrefix() });
    queues.push(queue);
    await expect(queue.add('runSession', { sessionId: 0 })).rejects.toThrow();
    expect(await queue.counts('runSession')).toEqual({ queued: 0, running: 0 });
  });

  it("hands a job's progress, in order, and its result from the worker to whoever added it", async () => {
    const keys = redisTestPrefix();
    const adder = new RedisQueue({ url: redisUrl!, prefix: keys });
    const worker = new RedisQueue({ url: redisUrl!, prefix: keys });
    queues.push(adder, worker);
    const steps = ['finding_sessions', 'reading_sessions', 'generating', 'saving'] as const;
    worker.work({
      generateMutations: {
        async run({ testCaseIds }, job) {
          job.progress({ type: 'init', status: 'processing', total_mutations: testCaseIds.length });
          for (const step of steps) job.progress({ type: 'mutation_progress', step, status: 'processing' });
          return null;
        },
        failed: async () => undefined,
      },
    });
    const heard: unknown[] = [];
    const job = await adder.add(
      'generateMutations',
      {
        viewer: { organizationId: 1, isAdmin: false, allowedSimulatorIds: [], userId: null },
        testCaseIds: [7, 8],
        single: false,
      },
      { onProgress: (event) => heard.push(event) },
    );
    expect(await job.finished).toEqual({ status: 'completed', attempts: 1, result: undefined });
    expect(heard).toEqual([
      { type: 'init', status: 'processing', total_mutations: 2 },
      ...steps.map((step) => ({ type: 'mutation_progress', step, status: 'processing' })),
    ]);
  });
});

describe.skipIf(!redisUrl || !postgres)('a benchmark run by separate `proctor worker` processes', () => {
  let proctor: TestProctor;
  let runner: Actor;
  let server: ScaledOutProctor | undefined;
  let databaseUrl: string;
  let keys: string;
  let serverPort: number;
  let baseUrl: string;
  const workers: ChildProcess[] = [];
  const output: string[] = [];
  let agentServer: Server | undefined;
  const doorPorts = new Set<number>();

  /**
   * `npm run worker` as an operator starts it, against the test's database, Redis keys and blob folder, with a
   * door of its own for the server (WORKER_URL).
   */
  /** A free port no other worker of this test was given (a worker binds its port seconds after it starts). */
  async function doorPort(): Promise<number> {
    for (;;) {
      const port = await freePort();
      if (port !== serverPort && !doorPorts.has(port)) {
        doorPorts.add(port);
        return port;
      }
    }
  }

  async function startWorker(id: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
      env: {
        ...process.env,
        WORKER_URL: `http://127.0.0.1:${await doorPort()}`,
        OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: keys,
        WORKER_ID: id,
        DATA_DIR: proctor.ctx.config.dataDir,
        JOB_STALL_MS: '3000',
        MAX_ENVIRONMENTS: '2',
        MAX_ENVIRONMENTS_PER_ORGANIZATION: '2',
        BROWSER_POOL_SIZE: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => output.push(`[${id}] ${chunk}`));
    child.stderr?.on('data', (chunk) => output.push(`[${id}] ${chunk}`));
    workers.push(child);
    return child;
  }

  beforeAll(async () => {
    // The live view addresses the server hands out are built on PUBLIC_URL: make it the real one.
    serverPort = await freePort();
    baseUrl = `http://127.0.0.1:${serverPort}`;
    server = await startScaledOutProctor(redisUrl!, serverPort, {
      // The server hands the queue at most this many runs of one organization at once.
      MAX_ENVIRONMENTS_PER_ORGANIZATION: '2',
    });
    ({ proctor, databaseUrl, keys } = server);
    runner = await proctor.actor({
      permissions: { record_testcases: true, playground_access: true, dashboard_access: true },
      plan: await everySimulatorPlan(proctor),
    });
  });
  afterAll(async () => {
    agentServer?.closeAllConnections();
    agentServer?.close();
    for (const worker of workers) if (worker.exitCode === null) worker.kill('SIGKILL');
    await server?.close();
  });

  it('runs on the workers; killing one mid-run loses no run: each is run again elsewhere or failed with the reason', async () => {
    const first = await startWorker('worker-one');
    const ids = (
      await proctor.ctx.db
        .select({ publicId: testCases.publicId })
        .from(testCases)
        .innerJoin(simulators, eq(simulators.id, testCases.simulatorId))
        .where(and(eq(simulators.name, 'tracker'), isNotNull(testCases.builtInKey)))
        .limit(6)
    ).map((row) => row.publicId);
    const started = await proctor.call(endpoints.startBenchmark, {
      as: runner,
      body: { testcase_ids: ids, agent: 'oracle', runs: 1, concurrency: 2 },
    });
    expect(started.status, started.body.detail).toBe(200);
    const { batch_id } = started.body;
    const [group] = await proctor.ctx.db
      .select()
      .from(runSessionBatches)
      .where(eq(runSessionBatches.publicId, batch_id));
    const ofGroup = () =>
      proctor.ctx.db.select().from(sessions).where(eq(sessions.runSessionBatchId, group!.id));

    // Kill the first worker while it is running two of the runs.
    const running = await until(
      ofGroup,
      (rows) => rows.filter((row) => row.status === 'run_setup_completed').length === 2,
      'two runs under way on the first worker',
    );
    const interrupted = running.filter((row) => row.status === 'run_setup_completed').map((row) => row.id);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    await startWorker('worker-two');

    const ended = await until(
      async () =>
        (await proctor.call(endpoints.runGroup, { params: { id: batch_id }, as: runner })).body.runGroup,
      (view) => view.finished && view.scored + view.failed === view.total,
      `the run group to end (${output.join('')})`,
    );
    expect(ended.total).toBe(ids.length);
    const rows = await ofGroup();
    // Nothing lost, nothing left running: every run passed, or failed with a reason.
    for (const row of rows) {
      if (row.status === 'run_failed') expect(row.failureReason).toBeTruthy();
      else expect(row.passed, `session ${row.id} (${row.status})`).toBe(true);
    }
    expect(ended.passed + ended.failed).toBe(ids.length);
    // The interrupted runs were run again on the second worker (their first environments failed, not left open).
    const again = rows.filter((row) => interrupted.includes(row.id));
    expect(again.every((row) => row.status !== 'run_failed')).toBe(true);
    const open = await proctor.ctx.db
      .select({ id: jobGroups.id })
      .from(jobGroups)
      .where(
        and(eq(jobGroups.workerId, 'worker-one'), inArray(jobGroups.overallStatus, ['starting', 'running'])),
      );
    expect(open).toEqual([]);
    // Two worker processes start (each compiling the server) and six runs go through: minutes on a busy machine.
  }, 300_000);

  /** A run of a built-in shop test case by a dev agent answering at `server` (already listening). */
  async function startDevAgentRun(alias: string, server: Server) {
    const made = await proctor.call(endpoints.createAgentArtifact, {
      as: runner,
      body: {
        alias,
        type: 'dev',
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}/step`,
      },
    });
    expect(made.status, made.body.detail).toBe(201);
    const [testCase] = await proctor.ctx.db
      .select({ id: testCases.id })
      .from(testCases)
      .innerJoin(simulators, eq(simulators.id, testCases.simulatorId))
      .where(and(eq(simulators.name, 'shop'), isNotNull(testCases.builtInKey)))
      .limit(1);
    const started = await proctor.call(endpoints.startRun, {
      as: runner,
      body: { testCaseId: testCase!.id, agentArtifactId: made.body.artifact.id },
    });
    expect(started.status, started.body.detail).toBe(201);
    return started.body;
  }

  /**
   * A run by a dev agent that never answers (only the test ends it), once a worker holds its environment: `body`
   * gets the run and where it is held; the agent's server is closed afterwards.
   */
  async function withWorkerHeldRun(
    alias: string,
    body: (
      run: { session_id: string },
      held: { environment: string; workerUrl: string | null },
    ) => Promise<void>,
  ): Promise<void> {
    let asked: () => void = () => undefined;
    const wasAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const hung = createServer((request) => {
      request.resume();
      asked();
    });
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const run = await startDevAgentRun(alias, hung);
      // The environment is up and its agent is thinking.
      await wasAsked;
      const held = await until(
        async () =>
          (
            await proctor.ctx.db
              .select({ environment: jobGroups.publicId, workerUrl: jobGroups.workerUrl })
              .from(sessions)
              .innerJoin(jobGroups, eq(jobGroups.publicId, sessions.jobGroupId))
              .where(eq(sessions.publicId, run.session_id))
          )[0],
        (row) => row?.workerUrl != null,
        `a worker to take the run (${output.join('')})`,
      );
      await body(run, held!);
    } finally {
      hung.closeAllConnections();
      hung.close();
    }
  }

  it("shows a run a worker holds on the server: its state, and its live view through the worker's door", async () => {
    await startWorker('worker-with-a-door');
    // A dev agent that thinks until the test has watched it.
    let answer: (() => void) | undefined;
    const asked = new Promise<void>((resolveAsked) => {
      agentServer = createServer((request, response) => {
        request.resume();
        request.on('end', () => {
          resolveAsked();
          answer = () => {
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ action: 'done' }));
          };
        });
      });
    });
    await new Promise<void>((resolve) => agentServer!.listen(0, '127.0.0.1', resolve));
    const run = await startDevAgentRun('thinker', agentServer!);
    await asked;
    const [row] = await proctor.ctx.db
      .select({ environment: jobGroups.publicId, workerUrl: jobGroups.workerUrl })
      .from(sessions)
      .innerJoin(jobGroups, eq(jobGroups.publicId, sessions.jobGroupId))
      .where(eq(sessions.publicId, run.session_id));
    expect(row?.workerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const state = await proctor.call(endpoints.environmentState, {
      params: { id: row!.environment },
      as: runner,
    });
    expect(state.status, state.body.detail).toBe(200);
    const { live_view_url } = state.body;
    expect(live_view_url.startsWith(`${baseUrl}/live/${row!.environment}?token=`)).toBe(true);
    // Another organization's member learns nothing of it.
    const outsider = await proctor.call(endpoints.environmentState, {
      params: { id: row!.environment },
      as: await proctor.actor({ permissions: { playground_access: true } }),
    });
    expect(outsider.status).toBe(404);

    // The viewer connects to the server; the frames come from the worker's browser.
    const { socketUrl, frame } = await firstLiveViewFrame(live_view_url);
    expect(frame.byteLength).toBeGreaterThan(100);
    // A token for this environment opens no other through the server either.
    const forged = new URL(socketUrl);
    forged.pathname = `/live/${randomBytes(8).toString('hex')}/ws`;
    const refused = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(forged);
      socket.on('close', (code) => resolve(code));
      socket.on('error', reject);
    });
    expect(refused).toBe(LIVE_VIEW_CLOSE.unauthorized.code);

    answer!();
    const ended = await until(
      async () =>
        (await proctor.call(endpoints.runGroup, { params: { id: run.batch_id }, as: runner })).body.runGroup,
      (view) => view.finished,
      `the watched run to end (${output.join('')})`,
    );
    // It ended as its agent said (done, having changed nothing), not as an infrastructure failure.
    expect(ended).toMatchObject({ total: 1, completed: 1, failed: 0, passed: 0 });
  });
  it("stops a run a worker holds when an admin says so: the worker ends it and its session keeps the admin's reason", async () => {
    await startWorker('worker-stopped-by-admin');
    // A dev agent that never answers: only the admin's stop ends the run.
    await withWorkerHeldRun('silent', async (run, held) => {
      expect(proctor.ctx.environments.byId(held.environment)).toBeUndefined();
      // The worker's door ends it only for a stop capability of this environment: a live one is refused.
      const { token: liveToken } = await proctor.ctx.tokens.signEnvironmentToken(
        'live',
        held.environment,
        60,
      );
      const forged = await fetch(`${held.workerUrl}/internal/environments/${held.environment}/stop`, {
        method: 'POST',
        headers: { authorization: `Bearer ${liveToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Stopped by an admin: forged' }),
      });
      expect(forged.status).toBe(401);

      const admin = await proctor.actor({ permissions: { is_admin: true } });
      const stop = await proctor.call(endpoints.adminStopEnvironment, {
        as: admin,
        params: { id: held.environment },
        query: { reason: 'stuck agent' },
      });
      expect(stop.status, stop.body.detail).toBe(200);
      const session = await until(
        async () =>
          (
            await proctor.ctx.db
              .select({ status: sessions.status, failureReason: sessions.failureReason })
              .from(sessions)
              .where(eq(sessions.publicId, run.session_id))
          )[0],
        (row) => row?.status === 'run_failed',
        `the stopped run's session to fail (${output.join('')})`,
      );
      expect(session!.failureReason).toBe('Stopped by an admin: stuck agent');
      // Stopped once: a second stop finds nothing running.
      const again = await proctor.call(endpoints.adminStopEnvironment, {
        as: admin,
        params: { id: held.environment },
        query: { reason: 'again' },
      });
      expect([404, 409]).toContain(again.status);
    });
  });

  it("serves a public URL of an environment a worker holds through the worker's door, and only with a token for it", async () => {
    const isAlive = (worker: ChildProcess) => worker.exitCode === null && worker.signalCode === null;
    if (!workers.some(isAlive)) await startWorker('worker-public');
    await withWorkerHeldRun('watched-publicly', async (_run, held) => {
      // Keepalive environments are made by the server that is asked; a run is what a worker holds. Named
      // keepalive in the database, the run's environment takes the route a worker-held public one would.
      const alias = `worker-held-${randomBytes(3).toString('hex')}`;
      await proctor.ctx.db
        .update(jobGroups)
        .set({ keepalive: true, alias })
        .where(eq(jobGroups.publicId, held.environment));
      const host = `${alias}.sims.localhost:${serverPort}`;
      const answer = await getAs(serverPort, host, '/');
      expect(answer.status, answer.body.slice(0, 300)).toBeLessThan(400);
      expect(`${answer.headers.location ?? ''}${answer.body}`).not.toMatch(/\.shop\.localhost/);
      expect(answer.body).toMatch(/<html/i);
      // The door serves the simulator only for a public token of this environment.
      const { token: liveToken } = await proctor.ctx.tokens.signEnvironmentToken(
        'live',
        held.environment,
        60,
      );
      const forged = await fetch(`${held.workerUrl}/internal/environments/${held.environment}/public/`, {
        headers: { 'x-proctor-environment-token': liveToken },
      });
      expect(forged.status).toBe(401);
    });
  });

  it("prints a run report's PDF on a worker: the server, working no jobs, waits for the worker's print", async () => {
    await startWorker('worker-that-prints');
    const runId = await seedTestRun(proctor.ctx, {
      simulators: ['shop'],
      environments: 1,
      testsPerSimulator: 2,
      screenshot: solidPng(16, 16, [200, 40, 40]),
      screenshotsPerTest: 1,
    });
    const admin = await proctor.actor({ permissions: { is_admin: true } });
    const response = await proctor.request({ method: 'GET', url: testRunReportPdfPath(runId), as: admin });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('scores a session again after the worker scoring it is killed: one set of scores, scoring_completed', async () => {
    // Every worker alive is killed once the scorer has been called: whichever held the job, it dies.
    const isAlive = (worker: ChildProcess) => worker.exitCode === null && worker.signalCode === null;
    if (!workers.some(isAlive)) await startWorker('worker-scoring');
    const author = await proctor.actor({
      permissions: {
        create_test_cases: true,
        record_testcases: true,
        playground_access: true,
        dashboard_access: true,
      },
      plan: {
        allowed_simulators: (await proctor.ctx.db.select({ id: simulators.id }).from(simulators)).map(
          (row) => row.id,
        ),
      },
    });
    const scorerCalls: string[] = [];
    const scorer = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        scorerCalls.push(request.url ?? '');
        // The first call is held until its worker is gone.
        if (scorerCalls.length === 1) return;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ correct: true, reason: 'Judged by the next worker' }));
      });
    });
    const agent = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ action: 'done' }));
      });
    });
    try {
      await new Promise<void>((resolve) => scorer.listen(0, '127.0.0.1', resolve));
      await new Promise<void>((resolve) => agent.listen(0, '127.0.0.1', resolve));
      const [shop] = await proctor.ctx.db
        .select({ id: simulators.id })
        .from(simulators)
        .where(eq(simulators.name, 'shop'));
      const created = await proctor.call(endpoints.createTestCases, {
        as: author,
        body: {
          simulatorId: shop!.id,
          name: 'Judged by a slow scorer',
          prompt: 'Look around',
          scoringTypes: ['output'],
          defaultScoringConfig: {
            type: 'api',
            endpoint: `http://127.0.0.1:${(scorer.address() as AddressInfo).port}/score`,
          },
        },
      });
      expect(created.status, created.body.detail).toBe(201);
      const made = await proctor.call(endpoints.createAgentArtifact, {
        as: author,
        body: {
          alias: 'quick',
          type: 'dev',
          endpoint: `http://127.0.0.1:${(agent.address() as AddressInfo).port}/step`,
        },
      });
      expect(made.status, made.body.detail).toBe(201);
      const started = await proctor.call(endpoints.startRun, {
        as: author,
        body: { testCaseId: created.body.testCases[0]!.id, agentArtifactId: made.body.artifact.id },
      });
      expect(started.status, started.body.detail).toBe(201);
      const run = started.body;
      await until(
        async () => scorerCalls.length,
        (calls) => calls === 1,
        `the scorer to be called (${output.join('')})`,
      );
      const [ended] = await proctor.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.publicId, run.session_id));
      expect(ended!.status).toBe('scoring_started');
      const alive = workers.filter(isAlive);
      for (const worker of alive) worker.kill('SIGKILL');
      await Promise.all(alive.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
      await startWorker('worker-after-the-kill');

      const scored = await until(
        async () => (await proctor.ctx.db.select().from(sessions).where(eq(sessions.id, ended!.id)))[0]!,
        (row) => row.status === 'scoring_completed' || row.status === 'scoring_failed',
        `the session to be scored again (${output.join('')})`,
      );
      expect(scored.status).toBe('scoring_completed');
      expect(scorerCalls.length).toBe(2);
      const kept = await proctor.ctx.db.select().from(scores).where(eq(scores.sessionId, ended!.id));
      expect(kept.map((score) => score.type).sort()).toEqual(['api', 'json_schema']);
      expect(kept.find((score) => score.type === 'api')!.result).toMatchObject({ correct: true });
    } finally {
      scorer.closeAllConnections();
      scorer.close();
      agent.close();
    }
  });
});
