import { BROWSER_SESSION_MESSAGES, endpoints, RUN_TASK_MESSAGES } from '@proctor/contracts';
import { simulators, users } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_OPENAI_COMPUTER_USE } from '../src/agents/runnable';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';
import { shopSearchAnswer } from './support/shopSearchModel';
import { chatCompletion, startStandIn } from './unit/support/standIn';

/** 'wrong': the stand-in model answers a number where the format asks for the name. */
let answerMode: 'right' | 'wrong' = 'right';

/** run-task (002 §7.12; issue 31 item 6): the DOM agent on a stand-in model does a task on the built-in shop. */
for (const database of testDatabases()) {
  describe(`run-task [${database.name}]`, () => {
    let proctor: TestProctor;
    let model: Awaited<ReturnType<typeof startStandIn>>;
    let runner: Actor;
    let shop: string;
    let firstRun: { session_id: string };

    beforeAll(async () => {
      model = await startStandIn({
        '/v1/chat/completions': (request, response) =>
          chatCompletion(response, shopSearchAnswer(request.body, { wrong: answerMode === 'wrong' })),
      });
      const port = await freePort();
      proctor = await startTestProctor(database, {
        env: {
          BROWSER_POOL_SIZE: '1',
          MAX_ENVIRONMENTS: '4',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          AGENT_LLM_URL: `${model.origin}/v1`,
          AGENT_LLM_MODEL: 'stand-in',
          OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
        },
        builtInSimulators: builtInRegistrations().filter(({ simulator }) => simulator.name === 'shop'),
      });
      await proctor.app.listen({ port, host: '127.0.0.1' });
      const [row] = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
      runner = await proctor.actor({
        permissions: { dashboard_access: true, playground_access: true },
        plan: { allowed_simulators: [row!.id] },
      });
      // The organization's running shop: a browser session reaches it, as it reaches the open web.
      const made = await proctor.call(endpoints.makeEnvironment, {
        as: runner,
        body: { env_id: 'shop', keepalive: true, alias: `shop-${database.name}` },
      });
      expect(made.status, made.body.detail).toBe(201);
      const reset = await proctor.call(endpoints.resetEnvironment, {
        as: runner,
        params: { id: made.body.id },
        body: { start_url: '/' },
      });
      expect(reset.status, reset.body.detail).toBe(200);
      shop = new URL(reset.body.start_url).origin;
    });
    afterAll(async () => {
      await proctor?.close();
      await model?.close();
    });

    const task = 'Search the shop for skillets and say which comes first and how many there are';
    const runTask = (body: Record<string, unknown>, as: Actor = runner) =>
      proctor.request({ method: 'POST', url: '/api/run-task', as, payload: body });
    /** The task on the shop's home page, answered in `format` (the name and the count by default). */
    const shopTask = (
      extra: Record<string, unknown> = {},
      format: Record<string, string> = { first: 'string', count: 'number' },
    ) => runTask({ start_url: `${shop}/`, task, response_format: format, ...extra });

    it('should do the task with the DOM agent and answer valid JSON of the response format, recorded as a session', async () => {
      answerMode = 'right';
      const response = await shopTask();
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      expect(answer).toMatchObject({ status: 'completed', error: null });
      expect(answer.output.first).toMatch(/skillet/i);
      // The model said "3": the answer is read as the format's number.
      expect(answer.output.count).toBeGreaterThan(0);
      expect(Object.keys(answer.output).sort()).toEqual(['count', 'first']);
      firstRun = answer;

      // The model was sent the task with the answer's fields, and the page it acted on.
      const prompts = model.received.map((request) => JSON.parse(request.body).messages.at(-1).content);
      expect(prompts[0]).toContain(task);
      expect(prompts[0]).toContain('"first" (string), "count" (number)');
      expect(prompts.at(-1)).toMatch(/skillet/i);

      // The session opened for the task was closed, and its recorded session keeps the task and the answer.
      const browser = await proctor.call(endpoints.browserSession, {
        as: runner,
        params: { publicId: answer.browser_session_id },
      });
      expect(browser.body.status).toBe('closed');
      expect(browser.body.sessionPublicId).toBe(answer.session_id);
      const session = await proctor.request({
        method: 'GET',
        url: `/api/session/${answer.session_id}`,
        as: runner,
      });
      expect(session.statusCode, session.body).toBe(200);
      expect(JSON.stringify(session.json())).toContain(task);
    });

    it('should fail the task, saying why, when the answer does not follow the response format', async () => {
      answerMode = 'wrong';
      const response = await shopTask();
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      expect(answer.status).toBe('failed');
      expect(answer.output).toBeNull();
      expect(answer.error).toBe(
        RUN_TASK_MESSAGES.outputInvalid('/first: must be string (the agent answered {"first":5,"count":1})'),
      );
    });

    it("should run in the caller's own browser session and leave it open", async () => {
      answerMode = 'right';
      const opened = await proctor.call(endpoints.createBrowserSession, { as: runner, body: { type: 'ai' } });
      expect(opened.status, opened.body.detail).toBe(201);
      const response = await shopTask({ browser_session_id: opened.body.publicId }, { first: 'string' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        error: null,
        status: 'completed',
        browser_session_id: opened.body.publicId,
      });
      const after = await proctor.call(endpoints.browserSession, {
        as: runner,
        params: { publicId: opened.body.publicId },
      });
      expect(after.body.status).toBe('running');
      expect(after.body.url).toContain('Skillet');
      await proctor.call(endpoints.closeBrowserSession, {
        as: runner,
        params: { publicId: opened.body.publicId },
      });
    });

    it('should say which agents can run here, and refuse one whose model is not configured', async () => {
      const agents = await proctor.call(endpoints.runTaskAvailability, { as: runner });
      expect(agents.body.agents).toEqual([
        { agent: 'dom', unavailable: null },
        { agent: 'openai_cua', unavailable: NO_OPENAI_COMPUTER_USE },
        { agent: 'anthropic_cua', unavailable: expect.stringContaining('ANTHROPIC_CUA_URL') },
      ]);
      const refused = await shopTask({ agent: 'openai_cua' }, { first: 'string' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail: NO_OPENAI_COMPUTER_USE });
    });

    it('should refuse hostile requests with {detail} before opening a browser', async () => {
      const base = { start_url: `${shop}/`, task, response_format: { first: 'string' } };
      const cases: Array<[Record<string, unknown>, number, RegExp]> = [
        [{ ...base, response_format: {} }, 400, /at least one field/],
        [{ ...base, response_format: { first: 'date' } }, 400, /response_format/],
        [{ ...base, response_format: { '  ': 'string' } }, 400, /A field needs a name/],
        [{ ...base, task: '   ' }, 400, new RegExp(RUN_TASK_MESSAGES.taskRequired)],
        [{ ...base, start_url: 'file:///etc/passwd' }, 400, /start_url/],
        [{ ...base, start_url: 'http://10.0.0.7/' }, 400, /Refused|not public|private/i],
        [{ ...base, start_url: 'http://127.0.0.1:1/api/health' }, 400, /Refused|not public|loopback/i],
        [{ ...base, browser_session_id: 'no-such-session' }, 404, /not found/i],
      ];
      for (const [body, status, detail] of cases) {
        const response = await runTask(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(response.json().detail).toMatch(detail);
      }
      const malformed = await proctor.request({
        method: 'POST',
        url: '/api/run-task',
        as: runner,
        headers: { 'content-type': 'application/json' },
        payload: '{"task": ',
      });
      expect(malformed.statusCode).toBe(400);
    });

    it("should not run in another organization's browser session", async () => {
      const stranger = await proctor.actor({ permissions: { dashboard_access: true } });
      const theirs = await proctor.call(endpoints.createBrowserSession, {
        as: stranger,
        body: { type: 'ai' },
      });
      expect(theirs.status, theirs.body.detail).toBe(201);
      const response = await shopTask({ browser_session_id: theirs.body.publicId }, { first: 'string' });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(BROWSER_SESSION_MESSAGES.notFound);
      await proctor.call(endpoints.closeBrowserSession, {
        as: stranger,
        params: { publicId: theirs.body.publicId },
      });
    });

    it("should show the demo live to beta users, and others the organization's latest run as a replay", async () => {
      const plain = await proctor.call(endpoints.demo, { as: runner });
      expect(plain.body).toMatchObject({ live: false, start_url: null });
      // The latest run that ended with an answer: the one in the caller's session (the third test).
      expect(plain.body.recording).toMatchObject({
        task,
        output: { first: expect.stringMatching(/skillet/i) },
      });
      expect(plain.body.recording!.session_id).not.toBe(firstRun.session_id);

      await proctor.ctx.db.update(users).set({ hasBetaAccess: true }).where(eq(users.id, runner.user.id));
      const beta = await proctor.call(endpoints.demo, { as: runner });
      expect(beta.body).toEqual({ live: true, start_url: null, recording: null });

      const stranger = await proctor.actor({ permissions: { dashboard_access: true } });
      const theirs = await proctor.call(endpoints.demo, { as: stranger });
      expect(theirs.body.recording).toBeNull();
    });
  });
}
