import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AgentObservation,
  BUILT_IN_AGENTS,
  type EndpointBody,
  endpoints,
  MAX_RUNS_PER_REQUEST,
} from '@proctor/contracts';
import { runSessionBatches, sessionLogs, sessions, simulators, testCases } from '@proctor/db';
import { BrowserPool } from '@proctor/environments';
import { builtInSimulators } from '@proctor/simulators';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { recordedRrwebChunks } from '../src/repositories/recordings';
import { INFRASTRUCTURE_FAILURE_STATUSES } from '../src/repositories/sessions';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';
import { rrwebAnswersAndReference } from './support/rrwebRanges';
import { until } from './support/until';

/**
 * A stand-in for an OpenAI-compatible chat model (POST /v1/chat/completions, the real wire format): it plays the
 * DOM agent's model for the tracker's "Email of the Infrastructure lead", reading the step and the accessibility
 * tree from the prompt Proctor sends, and keeps each request it was sent.
 */
const chatRequests: Array<{ authorization: string | undefined; body: Record<string, unknown> }> = [];
const chatModel = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const parsed = JSON.parse(body) as { messages: Array<{ role: string; content: string }> };
    chatRequests.push({ authorization: request.headers.authorization, body: parsed });
    const prompt = parsed.messages.at(-1)?.content ?? '';
    const step = Number(/^Step (\d+) of/m.exec(prompt)?.[1] ?? 0);
    const tracker = builtInSimulators.find((simulator) => simulator.name === 'tracker')!;
    const email = 'lucas.moreau@fernhill.io';
    const action =
      step === 1
        ? { action: 'type', role: 'textbox', name: 'Email', text: tracker.auth.user }
        : step === 2
          ? { action: 'type', selector: 'input[type=password]', text: tracker.auth.password, submit: true }
          : step === 3
            ? { action: 'navigate', url: '/team' }
            : { action: 'done', output: prompt.includes(email) ? { email } : null };
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: `chatcmpl-${chatRequests.length}`,
        object: 'chat.completion',
        created: 0,
        model: 'stand-in',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: JSON.stringify(action) },
            finish_reason: 'stop',
          },
        ],
      }),
    );
  });
});
await new Promise<void>((resolve) => chatModel.listen(0, '127.0.0.1', resolve));
const chatModelUrl = `http://127.0.0.1:${(chatModel.address() as AddressInfo).port}/v1`;
afterAll(() => new Promise<void>((resolve) => chatModel.close(() => resolve())));

/**
 * Runs (001 §7 POST /api/runs/, /api/runs/batch; the benchmarker's GET / and POST /benchmark; issue 9 item 3):
 * queued sessions that Proctor runs with a built-in agent in real Chromium and scores at their end.
 */
describeEachDatabase(
  'runs and the benchmarker',
  (proctor) => {
    const make = catalog(proctor);

    async function runner(permissions: Record<string, boolean> = { record_testcases: true }) {
      const allowed = await proctor().ctx.db.select({ id: simulators.id }).from(simulators);
      return proctor().actor({ permissions, plan: { allowed_simulators: allowed.map((s) => s.id) } });
    }

    async function builtInTestCase(simulatorName: string, key?: string) {
      const [row] = await proctor()
        .ctx.db.select({ id: testCases.id, publicId: testCases.publicId, name: testCases.name })
        .from(testCases)
        .innerJoin(simulators, eq(testCases.simulatorId, simulators.id))
        .where(
          and(
            eq(simulators.name, simulatorName),
            key ? eq(testCases.builtInKey, `${simulatorName}/${key}`) : isNotNull(testCases.builtInKey),
          ),
        )
        .limit(1);
      return row!;
    }

    async function agents(as: Actor) {
      const response = await proctor().call(endpoints.agentArtifacts, { as });
      expect(response.status).toBe(200);
      return response.body.artifacts;
    }
    const startRun = (as: Actor, body: EndpointBody<typeof endpoints.startRun>) =>
      proctor().call(endpoints.startRun, { as, body });
    const benchmark = (as: Actor, body: EndpointBody<typeof endpoints.startBenchmark>) =>
      proctor().call(endpoints.startBenchmark, { as, body });
    const createAgent = (as: Actor, body: EndpointBody<typeof endpoints.createAgentArtifact>) =>
      proctor().call(endpoints.createAgentArtifact, { as, body });
    /** The sessions list's rows, of one run group or of all the caller's organization's. */
    const sessionList = async (as: Actor, runSessionBatchId?: string) => {
      const response = await proctor().call(endpoints.listSessions, { query: { runSessionBatchId }, as });
      expect(response.status).toBe(200);
      return response.body;
    };
    const testCasePrompt = async (id: number) =>
      (
        await proctor()
          .ctx.db.select({ prompt: testCases.prompt })
          .from(testCases)
          .where(eq(testCases.id, id))
      )[0]!.prompt;
    const builtInId = async (as: Actor, kind: keyof typeof BUILT_IN_AGENTS) =>
      (await agents(as)).find((agent) => agent.alias === BUILT_IN_AGENTS[kind].alias)!.id;

    const group = async (as: Actor, id: string) => {
      const response = await proctor().call(endpoints.runGroup, { params: { id }, as });
      expect(response.status, response.body.detail).toBe(200);
      return response.body.runGroup;
    };
    /** Each session of a run group: its status, and its logs (why an agent or a run failed). */
    const sessionsOf = async (groupId: string) => {
      const rows = await proctor()
        .ctx.db.select({
          id: sessions.id,
          status: sessions.status,
          passed: sessions.passed,
          badge: sessions.scoringBadge,
          autoMarkedIncorrect: sessions.autoMarkedIncorrect,
        })
        .from(sessions)
        .innerJoin(runSessionBatches, eq(runSessionBatches.id, sessions.runSessionBatchId))
        .where(eq(runSessionBatches.publicId, groupId));
      return Promise.all(
        rows.map(async (row) => ({
          status: row.status,
          passed: row.passed,
          badge: row.badge,
          autoMarkedIncorrect: row.autoMarkedIncorrect,
          logs: (
            await proctor()
              .ctx.db.select({ data: sessionLogs.logData })
              .from(sessionLogs)
              .where(eq(sessionLogs.sessionId, row.id))
          ).map((log) => log.data),
        })),
      );
    };
    /**
     * The group has finished and each of its sessions has come to its last status: scored, or failed by the
     * infrastructure. (A session the system auto-marked incorrect, such as a run that changed nothing, is scored
     * but left out of the group's `scored`: waiting for `scored + failed === total` would wait for ever.) Its
     * sessions, logs included, come along for the assertions' messages.
     */
    const scoredGroup = async (as: Actor, id: string) => {
      // The sessions first: the group's counts, read after them, are at least as new.
      const { runGroup, runs } = await until(
        async () => {
          const runs = await sessionsOf(id);
          return { runs, runGroup: await group(as, id) };
        },
        ({ runGroup, runs }) =>
          runGroup.finished &&
          runs.length === runGroup.total &&
          runs.every(
            (run) =>
              (INFRASTRUCTURE_FAILURE_STATUSES as readonly string[]).includes(run.status) ||
              (run.status === 'scoring_completed' && (run.badge !== 'none' || run.autoMarkedIncorrect)),
          ),
        `run group ${id} to end and be scored`,
      );
      return Object.assign(runGroup, { sessions: runs });
    };

    it('lists the built-in agents to every organization; they cannot be archived and their aliases are reserved', async () => {
      const person = await runner({ dashboard_access: true });
      const listed = await agents(person);
      const oracle = listed.find((agent) => agent.alias === 'oracle')!;
      expect(oracle.data).toMatchObject({ type: 'builtin', builtin: 'oracle' });
      expect(listed.find((agent) => agent.alias === 'oracle-wrong')?.data.builtin).toBe('wrong');
      const archive = await proctor().call(endpoints.archiveAgentArtifact, {
        params: { id: String(oracle.id) },
        as: person,
      });
      expect(archive.status).toBe(403);
      expect(archive.body.detail).toBe('Built-in agents cannot be archived');
      const taken = await createAgent(person, {
        alias: 'Oracle',
        type: 'dev',
        endpoint: 'https://agent.example.test',
      });
      expect(taken.status).toBe(409);
      expect(taken.body.detail).toBe('"Oracle" is the alias of a built-in agent: choose another');
    });

    it("runs the oracle on a built-in test case that works in a second tab: its steps name both tabs, and each tab's DOM replays", async () => {
      const person = await runner();
      // Stays' share dialog opens in a popup window: the oracle fills and sends it there.
      const testCase = await builtInTestCase('stays', 'share-alfama-loft');
      const response = await startRun(person, {
        testCaseId: testCase.id,
        agentArtifactId: await builtInId(person, 'oracle'),
      });
      expect(response.status, response.body.detail).toBe(201);
      const ended = await scoredGroup(person, response.body.batch_id);
      expect(ended, JSON.stringify(ended.sessions)).toMatchObject({ total: 1, passed: 1 });
      const detail = await proctor().call(endpoints.getSession, {
        params: { id: response.body.session_id },
        as: person,
      });
      expect(detail.status).toBe(200);
      const steps = detail.body.snapshot.snapshots;
      const tabs = [...new Set(steps.map((step) => step.page).filter((page) => page !== null))];
      expect(tabs).toHaveLength(2);
      // The popup's steps come after the first tab's first ones, and the popup is where the share was sent.
      const popup = tabs[1]!;
      expect(steps.findIndex((step) => step.page === popup)).toBeGreaterThan(0);
      const dom = await proctor().call(endpoints.sessionRrwebEvents, {
        params: { id: response.body.session_id },
        query: { page: popup },
        as: person,
      });
      expect(dom.status).toBe(200);
      expect(dom.body.pages).toEqual(tabs);
      expect(dom.body.page).toBe(popup);
      expect(JSON.stringify(dom.body.events)).toContain('Share this place');
      const first = await proctor().call(endpoints.sessionRrwebEvents, {
        params: { id: response.body.session_id },
        as: person,
      });
      expect(first.body.page).toBe(tabs[0]);
      expect(JSON.stringify(first.body.events)).not.toContain('Share this place');

      // Each tab's ranges read by the chunks' columns, streamed, hold exactly what the whole recording gives.
      const { db } = proctor().ctx;
      const [row] = await db.select().from(sessions).where(eq(sessions.publicId, response.body.session_id));
      const startedAt = (row!.startedAt ?? row!.createdAt).getTime();
      const times = (await recordedRrwebChunks(db, row!.id))
        .flatMap((chunk) => chunk.events.map((event) => (event as { timestamp?: unknown }).timestamp))
        .filter((at): at is number => typeof at === 'number')
        .sort((a, b) => a - b);
      const moments = [0.3, 0.7].map((share) =>
        Math.max(0, Math.round(times[Math.floor(share * times.length)]! - startedAt)),
      );
      moments.push(Math.round(times.at(-1)! - startedAt) + 1);
      const { answered, reference } = await rrwebAnswersAndReference(
        proctor(),
        row!,
        person,
        [...new Set(moments)].sort((a, b) => a - b),
      );
      expect(answered).toEqual(reference);
      // A real run, then every range read: more than the suite's minute on a busy machine.
    }, 120_000);

    it('runs the oracle on a test case: the session is queued at once, runs, passes, and only its organization sees it', async () => {
      const person = await runner();
      const outsider = await runner();
      const testCase = await builtInTestCase('shop');
      const response = await startRun(person, {
        testCaseId: testCase.id,
        agentArtifactId: await builtInId(person, 'oracle'),
      });
      expect(response.status, response.body.detail).toBe(201);
      const run = response.body;
      const ended = await scoredGroup(person, run.batch_id);
      expect(ended, JSON.stringify(ended.sessions)).toMatchObject({
        kind: 'run',
        total: 1,
        completed: 1,
        failed: 0,
        scored: 1,
        passed: 1,
      });
      expect(ended.agent?.alias).toBe('oracle');

      const sessions = await sessionList(person, run.batch_id);
      expect(sessions.sessions.map((s) => s.sessionId)).toEqual([run.session_id]);
      expect(sessions.sessions[0]?.agentArtifact?.alias).toBe('oracle');
      expect(sessions.summary?.runGroup?.name).toBe(`${testCase.name} · oracle`);

      const theirs = await proctor().call(endpoints.runGroup, { params: { id: run.batch_id }, as: outsider });
      expect(theirs.status).toBe(404);
      expect((await sessionList(outsider, run.batch_id)).sessions).toEqual([]);
      // The agent's results count the organization's own runs only.
      const results = await proctor().call(endpoints.agentResults, {
        params: { id: 'oracle' },
        as: outsider,
      });
      expect(results.status).toBe(200);
      expect(results.body.summary.total).toBe(0);
    });

    it('benchmarks the wrong agent: every run of it fails, with runs and concurrency as asked', async () => {
      const person = await runner();
      const testCase = await builtInTestCase('tracker');
      const response = await benchmark(person, {
        testcase_ids: [testCase.publicId],
        agent: 'oracle-wrong',
        version: '  v2  ',
        runs: 2,
        concurrency: 'many',
      });
      expect(response.status, response.body.detail).toBe(200);
      expect(response.body.total_runs).toBe(2);
      const ended = await scoredGroup(person, response.body.batch_id);
      expect(ended, JSON.stringify(ended.sessions)).toMatchObject({
        kind: 'benchmark',
        version: 'v2',
        runs: 2,
        concurrency: 1,
        total: 2,
        scored: 2,
        passed: 0,
      });
    });

    it("runs a dataset's test cases, each once (Run All)", async () => {
      const person = await runner({ dashboard_access: true });
      const one = await builtInTestCase('mail');
      const two = await builtInTestCase('calendar');
      const set = await make.set(
        { organizationId: person.organization!.id, name: 'Two apps', description: 'two' },
        [one.id, two.id],
      );
      const response = await proctor().call(endpoints.startBatchRun, {
        as: person,
        body: { testCaseSetId: set!.id, agentArtifactId: await builtInId(person, 'oracle') },
      });
      expect(response.status, response.body.detail).toBe(201);
      const batch = response.body;
      expect(batch.total_runs).toBe(2);
      const ended = await scoredGroup(person, batch.batch_id);
      expect(ended, JSON.stringify(ended.sessions)).toMatchObject({
        kind: 'batch',
        total: 2,
        passed: 2,
        name: 'Two apps · oracle',
      });
    });

    it('refuses what it cannot run, saying why, and starts nothing', async () => {
      const person = await runner({ dashboard_access: true, create_test_cases: true });
      const oracle = await builtInId(person, 'oracle');
      const shopTestCase = await builtInTestCase('shop');

      // Without an agent: a body the contract's type does not allow, refused with the reason.
      const noAgent = await benchmark(person, { testcase_ids: [shopTestCase.publicId] } as never);
      expect(noAgent.status).toBe(400);
      expect(noAgent.body.detail).toContain('Agent is required');
      const unknownCase = await benchmark(person, { testcase_ids: ['no-such-case'], agent: 'oracle' });
      expect(unknownCase.status).toBe(404);
      expect(unknownCase.body.detail).toBe('Test case not found: no-such-case');
      const elsewhere = await benchmark(person, {
        testcase_ids: [shopTestCase.publicId],
        agent: 'oracle',
        base_url: 'http://169.254.169.254/api',
      });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.detail).toMatch(/^base_url must be this Proctor's own API/);

      const human = await createAgent(person, { alias: 'a-person', type: 'human', humanName: 'A Person' });
      expect(human.status).toBe(201);
      const humanRun = await startRun(person, {
        testCaseId: shopTestCase.id,
        agentArtifactId: human.body.artifact.id,
      });
      expect(humanRun.status).toBe(400);
      expect(humanRun.body.detail).toBe('"a-person" is a human: people record their runs from the dashboard');

      // An organization's own test case has no reference solution for the oracle.
      const shop = (await proctor().ctx.db.select().from(simulators).where(eq(simulators.name, 'shop')))[0]!;
      const own = await make.testCase({ organizationId: person.organization!.id, simulatorId: shop.id });
      const notBuiltIn = await startRun(person, { testCaseId: own.id, agentArtifactId: oracle });
      expect(notBuiltIn.status).toBe(400);
      expect(notBuiltIn.body.detail).toMatch(/is not a built-in test case: oracle knows only/);

      const unknownAgent = await startRun(person, { testCaseId: shopTestCase.id, agentArtifactId: 999_999 });
      expect(unknownAgent.status).toBe(404);
      const unknownSet = await proctor().call(endpoints.startBatchRun, {
        as: person,
        body: { testCaseSetId: 999_999, agentArtifactId: oracle },
      });
      expect(unknownSet.status).toBe(404);
      const malformed = await proctor().request({
        method: 'POST',
        url: '/api/runs/',
        as: person,
        headers: { 'content-type': 'application/json' },
        payload: '{"testCaseId": 1,',
      });
      expect(malformed.statusCode).toBe(400);

      expect((await sessionList(person)).sessions).toEqual([]);
    });

    it('refuses a benchmark of more runs than one request may start (test cases × runs), starting none', async () => {
      const person = await runner();
      const testCases = [await builtInTestCase('shop'), await builtInTestCase('mail')];
      const runs = Math.floor(MAX_RUNS_PER_REQUEST / testCases.length) + 1;
      const response = await benchmark(person, {
        testcase_ids: testCases.map((testCase) => testCase.publicId),
        agent: 'oracle',
        runs,
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        detail: `That is ${runs * testCases.length} runs: at most ${MAX_RUNS_PER_REQUEST} may be started at once`,
      });
      expect((await sessionList(person)).sessions).toEqual([]);
    });

    it("starts another organization's single run before one organization's backlog has gone through, each organization's runs on browsers of its own", async () => {
      // Which browser each environment was handed, and under which key (launcher.ts, reuseKey).
      const handedOut: Array<{ pid: number; key: string | undefined }> = [];
      const acquire = BrowserPool.prototype.acquire;
      BrowserPool.prototype.acquire = async function (this: BrowserPool, viewport, key) {
        const browser = await acquire.call(this, viewport, key);
        handedOut.push({ pid: browser.pid, key });
        return browser;
      };
      onTestFinished(() => {
        BrowserPool.prototype.acquire = acquire;
      });
      // Two environment slots here, so one for each organization (MAX_ENVIRONMENTS_PER_ORGANIZATION: half).
      const busy = await runner();
      const other = await runner();
      const testCase = await builtInTestCase('shop');
      const backlog = await benchmark(busy, {
        testcase_ids: [testCase.publicId],
        agent: 'oracle',
        runs: 4,
        concurrency: 4,
      });
      expect(backlog.status, backlog.body.detail).toBe(200);
      const started = backlog.body;
      const single = await startRun(other, {
        testCaseId: testCase.id,
        agentArtifactId: await builtInId(other, 'oracle'),
      });
      expect(single.status, single.body.detail).toBe(201);
      const run = single.body;

      await until(
        () => sessionsOf(run.batch_id),
        ([only]) => only !== undefined && !['run_queued', 'run_started'].includes(only.status),
        'the single run to have an environment',
      );
      const waiting = (await sessionsOf(started.batch_id)).filter((row) => row.status === 'run_queued');
      expect(waiting.length).toBeGreaterThanOrEqual(1);
      expect(await scoredGroup(other, run.batch_id)).toMatchObject({ total: 1, passed: 1 });
      expect(await scoredGroup(busy, started.batch_id)).toMatchObject({ total: 4, passed: 4 });

      // The backlog's runs, one after another, were served by browsers its earlier runs gave back (reset), and
      // no browser ever served both organizations.
      const keyOf = (actor: Actor) => `organization:${actor.organization!.id}:queued-runs`;
      const pidsOf = (actor: Actor) =>
        handedOut.filter((handed) => handed.key === keyOf(actor)).map((handed) => handed.pid);
      expect(pidsOf(busy)).toHaveLength(4);
      expect(new Set(pidsOf(busy)).size).toBeLessThan(4);
      expect(pidsOf(other)).toHaveLength(1);
      expect(pidsOf(busy)).not.toContain(pidsOf(other)[0]);
      const elsewhere = handedOut.filter((handed) => handed.key !== keyOf(busy)).map((handed) => handed.pid);
      expect(elsewhere.filter((pid) => pidsOf(busy).includes(pid))).toEqual([]);
    }, 240_000);

    it("counts a queued run's duration and its steps' times from its start, and says apart how long it waited for a slot", async () => {
      const { db } = proctor().ctx;
      const person = await runner({ record_testcases: true, playground_access: true });
      // The organization's one slot (MAX_ENVIRONMENTS_PER_ORGANIZATION: half of 2) is held by an open
      // environment: the run waits for it.
      const held = await proctor().call(endpoints.makeEnvironment, { as: person, body: { env_id: 'shop' } });
      expect(held.status, held.body.detail).toBe(201);
      const response = await startRun(person, {
        testCaseId: (await builtInTestCase('shop')).id,
        agentArtifactId: await builtInId(person, 'oracle'),
      });
      expect(response.status, response.body.detail).toBe(201);
      const run = response.body;
      const row = () =>
        db
          .select({
            status: sessions.status,
            jobGroupId: sessions.jobGroupId,
            createdAt: sessions.createdAt,
            startedAt: sessions.startedAt,
            endedAt: sessions.endedAt,
          })
          .from(sessions)
          .where(eq(sessions.publicId, run.session_id))
          .then(([only]) => only!);
      await until(
        row,
        (waiting) => waiting.status === 'run_started' && waiting.jobGroupId === null,
        'the run to be taken and waiting for a slot',
      );
      const freedAt = Date.now();
      const closed = await proctor().call(endpoints.closeEnvironment, {
        params: { id: held.body.id },
        as: person,
      });
      expect(closed.status, closed.body.detail).toBe(200);
      expect(await scoredGroup(person, run.batch_id)).toMatchObject({ total: 1, passed: 1 });

      const { createdAt, startedAt, endedAt } = await row();
      const startedAtMs = startedAt!.getTime();
      expect(startedAtMs).toBeGreaterThanOrEqual(freedAt);
      const detail = await proctor().call(endpoints.getSession, {
        params: { id: run.session_id },
        as: person,
      });
      expect(detail.status).toBe(200);
      const { session, snapshot } = detail.body;
      expect(session.startedAt).toBe(startedAt!.toISOString());
      expect(session.slotWaitSeconds! * 1000).toBeCloseTo(startedAtMs - createdAt.getTime(), 0);
      expect(session.slotWaitSeconds! * 1000).toBeGreaterThanOrEqual(freedAt - createdAt.getTime());
      // The duration runs from the start to the end, the wait left out.
      expect(session.sessionDuration! * 3_600_000).toBeCloseTo(endedAt!.getTime() - startedAtMs, -1);
      expect(snapshot.started_at_ms).toBe(startedAtMs);
      const [first] = snapshot.snapshots;
      expect(first).toBeDefined();
      expect(first!.offset_ms).toBe(Math.max(0, first!.action.timestamp - startedAtMs));
      expect(first!.offset_ms).toBeLessThanOrEqual(first!.action.timestamp - freedAt);
      const [listed] = (await sessionList(person, run.batch_id)).sessions;
      expect(listed).toMatchObject({
        startedAt: session.startedAt,
        slotWaitSeconds: session.slotWaitSeconds,
      });
    });

    describe('a dev agent speaking the step protocol', () => {
      const tracker = builtInSimulators.find((simulator) => simulator.name === 'tracker')!;
      const task = tracker.testCases.find((testCase) => testCase.key === 'infrastructure-lead-email')!;
      const { email } = task.expectedOutput as { email: string };
      let server: Server;
      let endpoint: string;
      /** What the stand-in was sent, per run: the observations, as the agent received them. */
      const seen: AgentObservation[] = [];
      /**
       * A stand-in agent: signs in with the simulator's account (the Getting Started panel shows it), opens
       * the team page and answers with the Infrastructure lead's email when the page it is shown has it. Its
       * first action is refused (another origin), which it must be told at the next step. `/garbage` answers
       * something that is not an action.
       */
      const policy = (observation: AgentObservation): unknown => {
        switch (observation.step) {
          case 0:
            return { action: 'navigate', url: 'http://169.254.169.254/latest/meta-data' };
          case 1:
            return { action: 'type', role: 'textbox', name: 'Email', text: tracker.auth.user };
          case 2:
            return {
              action: 'type',
              selector: 'input[type=password]',
              text: tracker.auth.password,
              submit: true,
            };
          case 3:
            return { action: 'navigate', url: '/team' };
          default:
            return { action: 'done', output: observation.axtree.includes(email) ? { email } : null };
        }
      };

      beforeAll(async () => {
        server = createServer((request, response) => {
          let body = '';
          request.on('data', (chunk) => {
            body += chunk;
          });
          request.on('end', () => {
            const observation = AgentObservation.parse(JSON.parse(body));
            seen.push(observation);
            const answer = request.url === '/garbage' ? { action: 'teleport' } : policy(observation);
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(JSON.stringify(answer));
          });
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      });
      afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

      async function devAgent(as: Actor, alias: string, path: string) {
        const made = await createAgent(as, { alias, type: 'dev', endpoint: `${endpoint}${path}` });
        expect(made.status, made.body.detail).toBe(201);
        return made.body.artifact.id;
      }

      it('completes a test case: observations in, actions out, the answer scored', async () => {
        const person = await runner({ dashboard_access: true });
        const testCase = await builtInTestCase('tracker', 'infrastructure-lead-email');
        const response = await startRun(person, {
          testCaseId: testCase.id,
          agentArtifactId: await devAgent(person, 'stand-in', '/step'),
        });
        expect(response.status, response.body.detail).toBe(201);
        const run = response.body;
        const ended = await scoredGroup(person, run.batch_id);
        expect(ended, JSON.stringify(ended.sessions)).toMatchObject({
          total: 1,
          scored: 1,
          passed: 1,
          failed: 0,
        });

        const observations = seen.filter((observation) => observation.session_id === run.session_id);
        expect(observations.map((observation) => observation.step)).toEqual([0, 1, 2, 3, 4]);
        const [first, second, , afterSignIn, last] = observations;
        // The agent sees what its Enter led to, not the sign-in page about to go away.
        expect(afterSignIn!.url).not.toMatch(/\/login/);
        expect(first).toMatchObject({
          goal: task.prompt,
          max_steps: 30,
          last_action: null,
          last_action_error: null,
        });
        expect(first!.url).toMatch(/\/projects$|\/login/);
        expect(Buffer.from(first!.screenshot, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
        expect(first!.axtree).toContain('Sign in');
        expect(first!.open_tabs).toEqual([{ url: first!.url, title: first!.title, active: true }]);
        expect(second!.last_action).toMatchObject({ action: 'navigate' });
        expect(second!.last_action_error).toMatch(/^navigate stays on the environment's own origin/);
        expect(last!.url).toMatch(/\/team$/);
        expect(last!.axtree).toContain(email);
        const [session] = await proctor()
          .ctx.db.select()
          .from(sessions)
          .where(eq(sessions.publicId, run.session_id));
        expect(session!.output).toEqual({ email });
      });

      it('fails the task of an agent that answers something other than an action, and says why', async () => {
        const person = await runner({ dashboard_access: true });
        const testCase = await builtInTestCase('tracker', 'infrastructure-lead-email');
        const response = await startRun(person, {
          testCaseId: testCase.id,
          agentArtifactId: await devAgent(person, 'confused', '/garbage'),
        });
        expect(response.status, response.body.detail).toBe(201);
        const run = response.body;
        const ended = await scoredGroup(person, run.batch_id);
        // The agent's failure, not the infrastructure's: scored and failed.
        expect(ended, JSON.stringify(ended.sessions)).toMatchObject({
          total: 1,
          scored: 1,
          passed: 0,
          failed: 0,
        });
        const [session] = await proctor()
          .ctx.db.select()
          .from(sessions)
          .where(eq(sessions.publicId, run.session_id));
        const logs = await proctor()
          .ctx.db.select()
          .from(sessionLogs)
          .where(eq(sessionLogs.sessionId, session!.id));
        expect(logs.map((log) => (log.logData as { message: string }).message)).toContainEqual(
          expect.stringMatching(/^The agent failed: The agent's answer at step 0 is not an action: /),
        );
      });

      it('refuses a dev agent without an endpoint (an SDK-made one) before queueing anything', async () => {
        const person = await runner({ dashboard_access: true });
        const testCase = await builtInTestCase('tracker', 'infrastructure-lead-email');
        const { agentForRun } = await import('../src/repositories/agents');
        const id = await agentForRun(
          proctor().ctx.db,
          { organizationId: person.organization!.id, userId: person.user.id },
          'sdk-made',
        );
        const response = await startRun(person, { testCaseId: testCase.id, agentArtifactId: id });
        expect(response.status).toBe(400);
        expect(response.body.detail).toBe(
          '"sdk-made" has no endpoint: it drives its environments itself through the SDK',
        );
      });
    });

    it.each([
      ['tracker', 'comment-on-sso-certificates', []],
      // Its reference solution chooses the label in a <select>: recorded as a select step, chosen again.
      ['mail', 'label-juniper-inbox', ['Clients']],
    ])(
      'replays a recorded session of %s %s: the replay agent re-enacts its actions and reaches the same mutations',
      async (simulator, key, chosen) => {
        const person = await runner();
        const testCase = await builtInTestCase(simulator, key);
        const original = await startRun(person, {
          testCaseId: testCase.id,
          agentArtifactId: await builtInId(person, 'oracle'),
        });
        expect(original.status, original.body.detail).toBe(201);
        const recorded = original.body;
        const first = await scoredGroup(person, recorded.batch_id);
        expect(first, JSON.stringify(first.sessions)).toMatchObject({ total: 1, passed: 1 });

        const replayOf = (as: Actor) =>
          proctor().call(endpoints.startReplay, { as, body: { session_id: recorded.session_id } });
        const response = await replayOf(person);
        expect(response.status, response.body.detail).toBe(201);
        const replay = response.body;
        const ended = await scoredGroup(person, replay.batch_id);
        expect(ended, JSON.stringify(ended.sessions)).toMatchObject({
          total: 1,
          scored: 1,
          passed: 1,
          agent: { alias: 'replay' },
        });

        const detail = async (sessionId: string) => {
          const response = await proctor().call(endpoints.getSession, {
            params: { id: sessionId },
            as: person,
          });
          expect(response.status).toBe(200);
          return response.body;
        };
        const choices = (steps: Awaited<ReturnType<typeof detail>>['snapshot']['snapshots']) =>
          steps.flatMap((step) => (step.action.type === 'select' ? (step.action.labels ?? []) : []));
        // The same writes in the same order, by action and table.
        const changes = (mutations: Awaited<ReturnType<typeof detail>>['state_mutations']) =>
          mutations.map(({ action, table_name }) => ({ action, table_name }));
        const [before, after] = await Promise.all([detail(recorded.session_id), detail(replay.session_id)]);
        expect(before.state_mutations.length).toBeGreaterThan(0);
        expect(changes(after.state_mutations)).toEqual(changes(before.state_mutations));
        expect(choices(before.snapshot.snapshots)).toEqual(chosen);
        expect(choices(after.snapshot.snapshots)).toEqual(chosen);
        const [row] = await proctor()
          .ctx.db.select()
          .from(sessions)
          .where(eq(sessions.publicId, replay.session_id));
        const [originalRow] = await proctor()
          .ctx.db.select()
          .from(sessions)
          .where(eq(sessions.publicId, recorded.session_id));
        expect(row!.replayOfSessionId).toBe(originalRow!.id);
        // Its run group lists it (replays are otherwise left out of the sessions list by default).
        expect((await sessionList(person, replay.batch_id)).sessions.map((s) => s.sessionId)).toEqual([
          replay.session_id,
        ]);

        // Not a run of its own kind: the replay agent is started from a session only, and only from one that ended.
        const asRun = await startRun(person, {
          testCaseId: testCase.id,
          agentArtifactId: await builtInId(person, 'replay'),
        });
        expect(asRun.status).toBe(400);
        expect(asRun.body.detail).toMatch(/^The replay agent re-enacts a recorded session/);
        expect((await replayOf(await runner())).status).toBe(404);
      },
    );

    it('runs the DOM agent on the configured chat model: the page as text in, one JSON action out', async () => {
      const person = await runner();
      const testCase = await builtInTestCase('tracker', 'infrastructure-lead-email');
      const dom = (await agents(person)).find((agent) => agent.alias === 'dom-agent')!;
      expect(dom.notRunnableReason).toBeNull();
      const before = chatRequests.length;
      const response = await startRun(person, { testCaseId: testCase.id, agentArtifactId: dom.id });
      expect(response.status, response.body.detail).toBe(201);
      const run = response.body;
      expect(await scoredGroup(person, run.batch_id)).toMatchObject({ total: 1, scored: 1, passed: 1 });
      const sent = chatRequests.slice(before);
      expect(sent).toHaveLength(4);
      expect(sent[0]).toMatchObject({
        authorization: 'Bearer sk-stand-in',
        body: { model: 'stand-in-model', response_format: { type: 'json_object' } },
      });
      const messages = sent[0]!.body.messages as Array<{ role: string; content: string }>;
      expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
      expect(messages[1]!.content).toContain(
        `Task: ${testCase.name ? await testCasePrompt(testCase.id) : ''}`,
      );
      expect(messages[1]!.content).toContain('Sign in');
      const last = (sent[3]!.body.messages as Array<{ content: string }>)[1]!.content;
      expect(last).toContain('Your previous actions:\n1. {"action":"type"');
    });

    it('says the benchmarker is online when this machine can run browsers', async () => {
      const person = await runner();
      const response = await proctor().call(endpoints.benchmarkerStatus, { as: person });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'online', detail: null });
    });

    it('rejects a reset that names a built-in agent as its own, before the running session is touched', async () => {
      const person = await runner({ playground_access: true });
      const made = await proctor().call(endpoints.makeEnvironment, { as: person, body: { env_id: 'shop' } });
      expect(made.status, made.body.detail).toBe(201);
      const { id, session_id } = made.body;
      const reset = await proctor().call(endpoints.resetEnvironment, {
        params: { id },
        as: person,
        body: { agent_version: 'oracle' },
      });
      expect(reset.status).toBe(400);
      expect(reset.body.detail).toBe('"oracle" is the alias of a built-in agent: choose another');
      const status = await proctor().call(endpoints.getSession, { params: { id: session_id }, as: person });
      expect(status.body.session.status).toBe('run_setup_completed');
      await proctor().call(endpoints.closeEnvironment, { params: { id }, as: person });
    });
  },
  {
    builtInSimulators: builtInRegistrations(),
    // The stand-in agent listens on this machine: the outbound guard lets Proctor reach it.
    env: {
      MAX_ENVIRONMENTS: '2',
      OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
      AGENT_LLM_URL: chatModelUrl,
      AGENT_LLM_MODEL: 'stand-in-model',
      AGENT_LLM_API_KEY: 'sk-stand-in',
    },
  },
);
