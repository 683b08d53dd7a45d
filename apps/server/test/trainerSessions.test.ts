import {
  BROWSER_SESSION_MESSAGES,
  type CreateBrowserSessionRequest,
  endpoints,
  type ResponseFormat,
} from '@proctor/contracts';
import { simulators } from '@proctor/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEnvironmentPage } from '../src/agents/page';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';
import { until } from './support/until';

const FORMAT: ResponseFormat = { title: 'string', price: 'number', inStock: 'boolean' };
const TASK = 'Find the first product and report its title, price and whether it is in stock';

/**
 * Trainer sessions (002 §2.11): a browser session opened on a task with a response format, answered by Task
 * Completed, whose output is checked against the format's JSON Schema (400 naming the failing path) before it
 * becomes the recorded session's and the session closes. On both databases; each test opens its own session.
 */
for (const database of testDatabases()) {
  describe(`trainer sessions [${database.name}]`, () => {
    let proctor: TestProctor;
    let owner: Actor;
    let recorder: Actor;

    beforeAll(async () => {
      const apiPort = await freePort();
      proctor = await startTestProctor(database, {
        env: { BROWSER_POOL_SIZE: '1', MAX_ENVIRONMENTS: '6', PUBLIC_URL: `http://127.0.0.1:${apiPort}` },
        builtInSimulators: builtInRegistrations().filter(({ simulator }) => simulator.name === 'shop'),
      });
      await proctor.app.listen({ port: apiPort, host: '127.0.0.1' });
      const [shop] = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
      owner = await proctor.actor({
        permissions: { dashboard_access: true, playground_access: true },
        plan: { allowed_simulators: [shop!.id] },
      });
      // A human recorder: may hold browser sessions, not build web flows.
      recorder = await proctor.actor({
        organization: owner.organization!,
        permissions: { is_human_recorder: true },
      });
    });
    afterAll(async () => {
      await proctor?.close();
    });

    const open = (as: Actor, body: CreateBrowserSessionRequest) =>
      proctor.call(endpoints.createBrowserSession, { as, body });
    const openTrainer = async (as: Actor = recorder) => {
      const opened = await open(as, { type: 'trainer', task: TASK, response_format: FORMAT });
      expect(opened.status, opened.body.detail).toBe(201);
      return opened.body;
    };
    const complete = (publicId: string, output: unknown, as: Actor = recorder) =>
      proctor.request({
        method: 'POST',
        url: `/api/browser-sessions/${publicId}/complete`,
        as,
        payload: { output },
      });
    const close = (publicId: string) =>
      proctor.call(endpoints.closeBrowserSession, { as: recorder, params: { publicId } });

    it('should open a trainer session keeping its task and response format', async () => {
      const opened = await openTrainer();
      expect(opened).toMatchObject({
        type: 'trainer',
        status: 'running',
        trainerSessionOptions: { task: TASK, responseFormat: FORMAT },
      });
      const read = await proctor.call(endpoints.browserSession, {
        as: recorder,
        params: { publicId: opened.publicId },
      });
      expect(read.body.trainerSessionOptions).toEqual({ task: TASK, responseFormat: FORMAT });
      await close(opened.publicId);
    });

    it('should refuse a trainer or offline session without a task or a response format, and a builder given one (400)', async () => {
      const cases: Array<[unknown, string]> = [
        [{ type: 'trainer', response_format: FORMAT }, BROWSER_SESSION_MESSAGES.taskRequired('trainer')],
        [
          { type: 'trainer', task: '   ', response_format: FORMAT },
          BROWSER_SESSION_MESSAGES.taskRequired('trainer'),
        ],
        [{ type: 'offline', task: TASK }, BROWSER_SESSION_MESSAGES.responseFormatRequired('offline')],
        [{ type: 'trainer', task: TASK, response_format: {} }, 'response_format needs at least one field'],
        [{ type: 'trainer', task: TASK, response_format: { price: 'date' } }, 'response_format'],
        [{ type: 'trainer', task: TASK, response_format: ['title'] }, 'response_format'],
        [{ type: 'trainer', task: 42, response_format: FORMAT }, 'task'],
        [
          { type: 'builder', task: TASK, response_format: FORMAT },
          BROWSER_SESSION_MESSAGES.taskNotTaken('builder'),
        ],
      ];
      for (const [payload, detail] of cases) {
        const refused = await proctor.request({
          method: 'POST',
          url: '/api/browser-sessions',
          as: recorder,
          payload: payload as object,
        });
        expect({ payload, status: refused.statusCode }).toEqual({ payload, status: 400 });
        expect(refused.json().detail).toContain(detail);
      }
    });

    it('should refuse an output that breaks the response format, naming the failing path, and keep the session running', async () => {
      const { publicId } = await openTrainer();
      const refusals: Array<[unknown, string]> = [
        [{ title: 'Skillet', price: '12.5', inStock: true }, '/price: must be number'],
        [{ title: 'Skillet', price: 12.5, inStock: 'yes' }, '/inStock: must be boolean'],
        [{ title: 7, price: 12.5, inStock: true }, '/title: must be string'],
        [{ title: 'Skillet', price: 12.5 }, "/: must have required property 'inStock'"],
        [
          { title: 'Skillet', price: 12.5, inStock: true, extra: 1 },
          '/: must NOT have additional properties (extra)',
        ],
        [['Skillet', 12.5, true], '/: must be object'],
        ['Skillet', '/: must be object'],
        [null, '/: must be object'],
      ];
      for (const [output, where] of refusals) {
        const refused = await complete(publicId, output);
        expect({ output, status: refused.statusCode }).toEqual({ output, status: 400 });
        expect(refused.json().detail).toBe(BROWSER_SESSION_MESSAGES.outputInvalid(where));
      }
      // No output at all, and a body that is not JSON.
      const missing = await proctor.request({
        method: 'POST',
        url: `/api/browser-sessions/${publicId}/complete`,
        as: recorder,
        payload: {},
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().detail).toContain('output');
      const malformed = await proctor.request({
        method: 'POST',
        url: `/api/browser-sessions/${publicId}/complete`,
        as: recorder,
        headers: { 'content-type': 'application/json' },
        payload: '{"output": {"title":',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().detail).toBeTruthy();
      expect(proctor.ctx.environments.isRunning(publicId)).toBe(true);
      await close(publicId);
    });

    it('should complete with a matching output: the recorded session keeps it and ends, the browser session closes', async () => {
      const { publicId, sessionPublicId } = await openTrainer();
      const output = { title: 'Cast-iron skillet', price: 34.5, inStock: false };
      const completed = await complete(publicId, output);
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json()).toMatchObject({
        publicId,
        status: 'closed',
        sessionPublicId,
        liveViewUrl: null,
      });
      expect(proctor.ctx.environments.isRunning(publicId)).toBe(false);
      const recorded = await until(
        () => proctor.call(endpoints.getSession, { as: recorder, params: { id: sessionPublicId! } }),
        (read) => read.status === 200 && read.body.session.endedAt !== null,
        'the recorded session to end',
      );
      expect(recorded.body.session.output).toEqual(output);
      expect(recorded.body.session.status).not.toBe('run_failed');
      // The task is the recorded session's prompt, as a test case's is for its runs.
      expect(recorded.body.session.prompt).toBe(TASK);
      // Ended: Task Completed again answers 409 as the other routes do.
      const again = await complete(publicId, output);
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(BROWSER_SESSION_MESSAGES.notRunning('closed'));
    });

    it("should answer 404 for another organization's trainer session, and 409 for a session given no task", async () => {
      const { publicId } = await openTrainer();
      const stranger = await proctor.actor({ permissions: { is_human_recorder: true } });
      const foreign = await complete(publicId, { title: 'x', price: 1, inStock: true }, stranger);
      expect(foreign.statusCode).toBe(404);
      expect(proctor.ctx.environments.isRunning(publicId)).toBe(true);
      await close(publicId);

      const builder = await open(owner, { type: 'builder' });
      expect(builder.status, builder.body.detail).toBe(201);
      const noTask = await complete(builder.body.publicId, { title: 'x' }, owner);
      expect(noTask.statusCode).toBe(409);
      expect(noTask.json().detail).toBe(BROWSER_SESSION_MESSAGES.nothingToComplete);
      await proctor.call(endpoints.closeBrowserSession, {
        as: owner,
        params: { publicId: builder.body.publicId },
      });
    });

    it("should let a human recorder pick an element's text in the trainer's live view (element-at)", async () => {
      const made = await proctor.call(endpoints.makeEnvironment, {
        as: owner,
        body: { env_id: 'shop', keepalive: true, alias: `trainer-shop-${Date.now().toString(36)}` },
      });
      expect(made.status, made.body.detail).toBe(201);
      const reset = await proctor.call(endpoints.resetEnvironment, {
        as: owner,
        params: { id: made.body.id },
        body: { start_url: '/' },
      });
      expect(reset.status, reset.body.detail).toBe(200);
      const opened = await open(recorder, {
        type: 'trainer',
        start_url: reset.body.start_url,
        task: TASK,
        response_format: FORMAT,
      });
      expect(opened.status, opened.body.detail).toBe(201);
      const { publicId } = opened.body;
      const environment = proctor.ctx.environments.running(publicId, owner.organization!.id);
      const { name, center } = await withEnvironmentPage(
        environment.browser.wsEndpoint,
        new AbortController().signal,
        async (page) => {
          const first = page.locator('.product-name').first();
          await first.scrollIntoViewIfNeeded();
          const box = await first.boundingBox();
          if (!box) throw new Error('The shop lists no product');
          return {
            name: (await first.innerText()).trim(),
            center: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
          };
        },
      );
      const picked = await proctor.call(endpoints.elementAt, {
        as: recorder,
        params: { publicId },
        body: center,
      });
      expect(picked.status, picked.body.detail).toBe(200);
      // The element picked is the product's link (picking climbs to what a person clicks): its text holds the name.
      expect(picked.body.text).toContain(name);
      await close(publicId);
    });
  });
}
