import {
  type CreateWebFlowRequest,
  ENVIRONMENT,
  endpoints,
  type RunWebFlowNodeRequest,
  WEB_FLOW_DEFAULT_NAME,
  WEB_FLOW_LIMITS,
  WEB_FLOW_MESSAGES,
  type WebFlowNode,
  WebFlowRunEvent,
} from '@proctor/contracts';
import { newPublicId, webFlowRuns } from '@proctor/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import type { CallResult } from './support/call';
import { everySimulatorPlan } from './support/catalog';
import { testDatabases } from './support/databases';
import { leavingCaller } from './support/leavingCaller';
import { freePort } from './support/network';
import { type Actor, describeEachDatabase, startTestProctor, type TestProctor } from './support/proctor';
import { until } from './support/until';
import { chatCompletion, startStandIn } from './unit/support/standIn';

const ok = <R>({ status, body }: CallResult<R>): R => {
  expect(status, body.detail).toBeLessThan(300);
  return body;
};

const builder = (proctor: TestProctor) =>
  proctor.actor({ permissions: { dashboard_access: true, playground_access: true } });

describeEachDatabase(
  'web flows: saving, reading and who may',
  (proctor) => {
    it('should show a run left running past its time limit (its server stopped) as failed, saying so', async () => {
      const as = await builder(proctor());
      const flow = ok(await proctor().call(endpoints.createWebFlow, { as, body: { name: 'Left behind' } }));
      const longAgo = new Date(Date.now() - WEB_FLOW_LIMITS.runTimeoutMs - 5 * 60_000);
      const [left] = await proctor()
        .ctx.db.insert(webFlowRuns)
        .values({ publicId: newPublicId(), webFlowId: flow.id, state: 'running', createdAt: longAgo })
        .returning();
      const [live] = await proctor()
        .ctx.db.insert(webFlowRuns)
        .values({ publicId: newPublicId(), webFlowId: flow.id, state: 'running' })
        .returning();
      const read = (publicId: string) =>
        proctor().call(endpoints.webFlowRun, { as, params: { publicId } }).then(ok);
      expect(await read(left!.publicId)).toMatchObject({
        state: 'failed',
        error: WEB_FLOW_MESSAGES.runAbandoned,
      });
      expect(await read(live!.publicId)).toMatchObject({ state: 'running', error: null });
      const listed = ok(await proctor().call(endpoints.webFlowRuns, { as, query: { web_flow_id: flow.id } }));
      expect(listed.runs.map((run) => run.state).sort()).toEqual(['failed', 'running']);
    });

    it("should save a new flow as 'New Web Flow', read it back, change it and delete it", async () => {
      const as = await builder(proctor());
      const created = await proctor().call(endpoints.createWebFlow, { as, body: { name: '  ' } });
      expect(created.status, created.body.detail).toBe(201);
      expect(created.body).toMatchObject({
        name: WEB_FLOW_DEFAULT_NAME,
        nodes: [],
        parameters: [],
        start_url: '',
      });
      expect(created.body.created_at).toBeTruthy();
      const id = created.body.id;

      const nodes: WebFlowNode[] = [
        {
          id: 'n1',
          type: 'act',
          description: '',
          actionType: 'click',
          elementHint: 'Cookware',
          locator: { role: 'link', name: 'Cookware' },
        },
        {
          id: 'n2',
          type: 'extract',
          description: '',
          schema: {
            fields: [
              {
                id: 'f1',
                name: 'names',
                type: 'string',
                isArray: true,
                selector: 'h3',
                filters: [{ element: '', attribute: '', operator: 'contains', value: 'Pan' }],
                subParameters: [],
              },
            ],
          },
        },
      ];
      const changed = ok(
        await proctor().call(endpoints.updateWebFlow, {
          as,
          params: { id },
          body: {
            name: 'Cookware names',
            nodes,
            parameters: [{ name: 'query', type: 'string', description: '' }],
          },
        }),
      );
      expect(changed.nodes).toEqual(nodes);
      expect(changed.name).toBe('Cookware names');
      expect(ok(await proctor().call(endpoints.webFlow, { as, params: { id } }))).toEqual(changed);
      const listed = ok(await proctor().call(endpoints.listWebFlows, { as, query: { search: 'cookware' } }));
      expect(listed.flows.map((flow) => flow.id)).toEqual([id]);
      expect(listed.default_start_url).toBe('https://flows.example.test/start');
      expect(
        ok(await proctor().call(endpoints.listWebFlows, { as, query: { search: '100%' } })).flows,
      ).toEqual([]);

      ok(await proctor().call(endpoints.deleteWebFlow, { as, params: { id } }));
      expect((await proctor().call(endpoints.webFlow, { as, params: { id } })).status).toBe(404);
    });

    it("should answer 404 for another organization's flows, runs and browser sessions", async () => {
      const owner = await builder(proctor());
      const stranger = await builder(proctor());
      const { id } = ok(await proctor().call(endpoints.createWebFlow, { as: owner, body: { name: 'Mine' } }));
      for (const response of [
        await proctor().call(endpoints.webFlow, { as: stranger, params: { id } }),
        await proctor().call(endpoints.updateWebFlow, {
          as: stranger,
          params: { id },
          body: { name: 'Theirs' },
        }),
        await proctor().call(endpoints.deleteWebFlow, { as: stranger, params: { id } }),
        await proctor().call(endpoints.webFlowRun, { as: stranger, params: { publicId: 'no-such-run' } }),
        await proctor().call(endpoints.runWebFlowNode, {
          as: stranger,
          params: { publicId: 'no-such-session' },
          body: { node: { id: 'a', type: 'act', actionType: 'click', elementHint: 'x' } },
        }),
        await proctor().call(endpoints.elementAt, {
          as: stranger,
          params: { publicId: 'no-such-session' },
          body: { x: 1, y: 1 },
        }),
      ]) {
        expect(response.status).toBe(404);
      }
      const run = await proctor().request({
        method: 'POST',
        url: `/api/web-flows/${id}/run`,
        as: stranger,
        payload: { browser_session_id: 'no-such-session' },
      });
      expect(run.statusCode).toBe(404);
      expect(run.json().detail).toBe('Web flow not found');
      expect(ok(await proctor().call(endpoints.listWebFlows, { as: stranger })).flows).toEqual([]);
      expect(ok(await proctor().call(endpoints.webFlow, { as: owner, params: { id } })).name).toBe('Mine');
    });

    it('should refuse bad flows with 400 and a detail that says what is wrong', async () => {
      const as = await builder(proctor());
      const refused = async (body: unknown) => {
        const response = await proctor().call(endpoints.createWebFlow, {
          as,
          body: body as CreateWebFlowRequest,
        });
        expect(response.status).toBe(400);
        return response.body.detail as string;
      };
      expect(
        await refused({ nodes: [{ id: 'a', type: 'act', actionType: 'type', elementHint: 'Search' }] }),
      ).toContain('Text to type is required');
      expect(
        await refused({ nodes: [{ id: 'a', type: 'act', actionType: 'click', elementHint: ' ' }] }),
      ).toContain('Element hint is required');
      expect(
        await refused({
          nodes: [
            { id: 'a', type: 'act', actionType: 'click', elementHint: 'x' },
            { id: 'a', type: 'act', actionType: 'click', elementHint: 'y' },
          ],
        }),
      ).toContain('unique');
      expect(
        await refused({
          nodes: [
            {
              id: 'e',
              type: 'extract',
              schema: {
                fields: [
                  { id: 'f', name: 'x', type: 'string', filters: [{ operator: 'regex', value: '(?<=a)b' }] },
                ],
              },
            },
          ],
        }),
      ).toContain('linear time');
      expect(await refused({ start_url: 'javascript:alert(1)' })).toContain('Start URL');
      expect(await refused({ nodes: [{ id: 'a', type: 'wait' }] })).toBeTruthy();

      const malformed = await proctor().request({
        method: 'POST',
        url: '/api/web-flows',
        as,
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().detail).toBeTruthy();
      const run = await proctor().request({ method: 'POST', url: '/api/web-flows/1/run', as, payload: {} });
      expect(run.statusCode).toBe(400);
      expect(run.json().detail).toContain('browser_session_id');
      const badId = await proctor().request({
        method: 'POST',
        url: '/api/web-flows/abc/run',
        as,
        payload: { browser_session_id: 'x' },
      });
      expect(badId.statusCode).toBe(400);
    });

    it('should let members without dashboard access read flows but not save or run them', async () => {
      const author = await builder(proctor());
      const reader = await proctor().actor({ organization: author.organization! });
      const { id } = ok(await proctor().call(endpoints.createWebFlow, { as: author, body: {} }));
      expect(ok(await proctor().call(endpoints.webFlow, { as: reader, params: { id } })).id).toBe(id);
      expect((await proctor().call(endpoints.createWebFlow, { as: reader, body: {} })).status).toBe(403);
    });
  },
  // An install whose new flows start on a site of its choosing.
  { env: { WEB_FLOW_START_URL: 'https://flows.example.test/start' } },
);

/** A flow on the shop simulator: its home, a department's link, the search box with [Enter], the list of results. */
function shopFlow(): CreateWebFlowRequest {
  return {
    name: 'Shop search',
    start_url: '/',
    parameters: [{ name: 'query', type: 'string' }],
    nodes: [
      {
        id: 'open-cookware',
        type: 'act',
        actionType: 'click',
        elementHint: 'Cookware',
        locator: { role: 'link', name: 'Cookware', css: 'nav.category-nav a:nth-of-type(1)' },
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
              id: 'products',
              name: 'products',
              type: 'object',
              isArray: true,
              selector: 'article.product-card',
              subParameters: [
                { id: 'name', name: 'name', type: 'string', selector: 'h3.product-name' },
                { id: 'price', name: 'price', type: 'number', selector: '.product-price b' },
                {
                  id: 'url',
                  name: 'url',
                  type: 'string',
                  selector: 'a.product-card-link',
                  attribute: 'href',
                },
              ],
            },
            { id: 'query', name: 'query', type: 'string', selector: 'input[type=search]' },
          ],
        },
      },
    ],
  };
}

const events = (payload: string) =>
  payload
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => WebFlowRunEvent.parse(JSON.parse(line)));

for (const database of testDatabases()) {
  describe(`web flows on a built-in simulator [${database.name}]`, () => {
    let proctor: TestProctor;
    let author: Actor;
    let sessionId: string;
    let modelAnswer = '{"role": null}';
    let standIn: Awaited<ReturnType<typeof startStandIn>>;
    let port: number;

    beforeAll(async () => {
      standIn = await startStandIn({
        '/v1/chat/completions': (_request, response) => chatCompletion(response, modelAnswer),
      });
      port = await freePort();
      proctor = await startTestProctor(database, {
        builtInSimulators: builtInRegistrations(),
        env: {
          BROWSER_POOL_SIZE: '1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          AUTHORING_LLM_URL: `${standIn.origin}/v1`,
          AUTHORING_LLM_MODEL: 'stand-in',
          OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
        },
      });
      await proctor.app.listen({ port, host: '127.0.0.1' });
      author = await proctor.actor({
        permissions: { dashboard_access: true, playground_access: true },
        plan: await everySimulatorPlan(proctor),
      });
      const environment = ok(
        await proctor.call(endpoints.makeEnvironment, {
          as: author,
          body: { env_id: 'shop', source: 'playground' },
        }),
      );
      sessionId = environment.id;
    });
    afterAll(async () => {
      await proctor?.close();
      await standIn?.close();
    });

    const createFlow = (body: CreateWebFlowRequest) =>
      proctor.call(endpoints.createWebFlow, { as: author, body });

    /** One node on the environment, as the builder's test tab runs it. */
    const runNode = (body: RunWebFlowNodeRequest) =>
      proctor.call(endpoints.runWebFlowNode, { as: author, params: { publicId: sessionId }, body });

    const run = async (flowId: number, parameters: Record<string, string> = {}) => {
      const response = await proctor.request({
        method: 'POST',
        url: `/api/web-flows/${flowId}/run`,
        as: author,
        payload: { browser_session_id: sessionId, parameters },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('application/x-ndjson');
      return events(response.body);
    };

    it('should run navigate, click, type with [Enter] and extract a list, streaming each node and the JSON', async () => {
      const flow = ok(await createFlow(shopFlow()));
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
      expect(end).toMatchObject({ type: 'run_end', state: 'completed' });
      if (end.type !== 'run_end') throw new Error('no run_end');
      const products = end.response.products as { name: string; price: number; url: string }[];
      expect(products.length).toBeGreaterThan(0);
      for (const product of products) {
        expect(product.name).toMatch(/skillet/i);
        expect(typeof product.price).toBe('number');
        expect(product.url).toMatch(/^\/products\//);
      }
      expect(end.response.query).toBe('Skillet');
      const extracted = streamed.find((event) => event.type === 'node_end' && event.nodeId === 'results');
      expect(extracted).toMatchObject({ ok: true, output: end.response });

      const listed = ok(
        await proctor.call(endpoints.webFlowRuns, { as: author, query: { web_flow_id: flow.id } }),
      );
      expect(listed.runs).toHaveLength(1);
      expect(listed.runs[0]).toMatchObject({
        publicId: end.runId,
        state: 'completed',
        parameters: { query: 'Skillet' },
        response: end.response,
        error: null,
        web_flow: { id: flow.id, name: 'Shop search' },
      });
      const detail = ok(
        await proctor.call(endpoints.webFlowRun, { as: author, params: { publicId: end.runId } }),
      );
      expect(Date.parse(detail.completed_at!)).toBeGreaterThanOrEqual(Date.parse(detail.started_at!));
    });

    it("should fail a node whose element is not there with 'Element not found', and end the run failed", async () => {
      modelAnswer = '{"role": null}';
      const flow = ok(
        await createFlow({
          start_url: '/',
          nodes: [
            {
              id: 'missing',
              type: 'act',
              actionType: 'click',
              elementHint: 'The gift card button',
              locator: { css: '#no-such-button' },
            },
            { id: 'never', type: 'act', actionType: 'click', elementHint: 'Cookware' },
          ],
        }),
      );
      const streamed = await run(flow.id);
      expect(streamed.map((event) => event.type)).toEqual(['node_start', 'node_end', 'run_end']);
      expect(streamed[1]).toMatchObject({ ok: false, error: 'Element not found: The gift card button' });
      expect(streamed[2]).toMatchObject({
        state: 'failed',
        error: 'Element not found: The gift card button',
      });
      const detail = ok(
        await proctor.call(endpoints.webFlowRun, {
          as: author,
          params: { publicId: (streamed[2] as { runId: string }).runId },
        }),
      );
      expect(detail).toMatchObject({ state: 'failed', error: 'Element not found: The gift card button' });
    });

    it('should heal a broken locator with the model, act on it and save it with the flow', async () => {
      modelAnswer = JSON.stringify({ role: 'link', name: 'Cookware' });
      const flow = ok(
        await createFlow({
          start_url: '/',
          nodes: [
            {
              id: 'renamed',
              type: 'act',
              actionType: 'click',
              elementHint: 'The cookware department',
              locator: { css: '#old-cookware-link' },
            },
            {
              id: 'heading',
              type: 'extract',
              schema: { fields: [{ id: 'h', name: 'heading', type: 'string', selector: 'h1' }] },
            },
          ],
        }),
      );
      const streamed = await run(flow.id);
      expect(streamed.find((event) => event.type === 'node_end' && event.nodeId === 'renamed')).toMatchObject(
        {
          ok: true,
          healedLocator: { role: 'link', name: 'Cookware' },
        },
      );
      expect(streamed.at(-1)).toMatchObject({
        state: 'completed',
        response: { heading: expect.stringMatching(/cookware/i) },
      });
      const saved = ok(await proctor.call(endpoints.webFlow, { as: author, params: { id: flow.id } }));
      expect(saved.nodes[0]).toMatchObject({ locator: { role: 'link', name: 'Cookware' } });
      const asked = JSON.parse(standIn.received.at(-1)!.body);
      expect(JSON.stringify(asked.messages)).toContain('The cookware department');
    });

    it('should refuse a second driver while a run goes, stop the run when its caller goes away and free the session', async () => {
      modelAnswer = '{"role": null}';
      const flow = ok(
        await createFlow({
          nodes: [
            {
              id: 'slow',
              type: 'act',
              actionType: 'click',
              elementHint: 'Not there',
              locator: { css: '#absent' },
            },
          ],
        }),
      );
      const caller = leavingCaller(`http://127.0.0.1:${port}/api/web-flows/${flow.id}/run`, author.headers, {
        browser_session_id: sessionId,
      });
      const first = await caller.firstChunk();
      expect(WebFlowRunEvent.parse(JSON.parse(first.split('\n')[0]!))).toEqual({
        type: 'node_start',
        nodeId: 'slow',
      });
      const second = await runNode({
        node: { id: 'other', type: 'act', actionType: 'click', elementHint: 'Cookware' },
      });
      expect(second.status).toBe(409);
      expect(second.body.detail).toBe(WEB_FLOW_MESSAGES.sessionBusy);
      caller.leave();

      const { runs } = await until(
        async () =>
          ok(await proctor.call(endpoints.webFlowRuns, { as: author, query: { web_flow_id: flow.id } })),
        (listed) => listed.runs[0]?.state === 'failed',
        'the abandoned run to end failed',
        30_000,
      );
      expect(runs[0]).toMatchObject({ error: WEB_FLOW_MESSAGES.runStopped });
      const next = await runNode({
        node: { id: 'home', type: 'act', actionType: 'click', elementHint: 'Cookware' },
      });
      expect(next.body).toEqual({ nodeId: 'home', ok: true });
    });

    it('should fail a type act whose parameter was not given, with nothing typed, and name no element off the page', async () => {
      const before = await runNode({
        node: {
          id: 't',
          type: 'act',
          actionType: 'type',
          elementHint: 'Search products',
          text: 'typed before',
        },
      });
      expect(before.body).toEqual({ nodeId: 't', ok: true });
      const missing = ok(
        await runNode({
          node: {
            id: 'q',
            type: 'act',
            actionType: 'type',
            elementHint: 'Search products',
            text: '{{query}}[Enter]',
          },
          parameters: { other: 'x' },
        }),
      );
      expect(missing).toEqual({ nodeId: 'q', ok: false, error: WEB_FLOW_MESSAGES.missingParameter('query') });
      const box = ok(
        await runNode({
          node: {
            id: 'box',
            type: 'extract',
            schema: {
              fields: [{ id: 'v', name: 'value', type: 'string', selector: 'input[type=search]' }],
            },
          },
        }),
      );
      expect(box).toEqual({ nodeId: 'box', ok: true, output: { value: 'typed before' } });
      const offPage = await proctor.call(endpoints.elementAt, {
        as: author,
        params: { publicId: sessionId },
        body: { x: 50_000, y: 50_000 },
      });
      expect(offPage.status).toBe(404);
      expect(offPage.body.detail).toBe(WEB_FLOW_MESSAGES.noElementAt);
    });

    it('should keep the browser it drives in use: a run is activity, though not over the proxied CDP', async () => {
      const environment = proctor.ctx.environments.running(sessionId, author.organization!.id);
      // Untouched for longer than an environment may go without a heartbeat, then a node runs on it.
      environment.heartbeatAt -= ENVIRONMENT.heartbeatTimeoutMs + 1_000;
      const extracted = await runNode({
        node: {
          id: 'h',
          type: 'extract',
          schema: { fields: [{ id: 't', name: 'title', type: 'string', selector: 'title' }] },
        },
      });
      expect(extracted.status, extracted.body.detail).toBe(200);
      await proctor.ctx.environments.closeIdle(Date.now() + 1_000);
      expect(proctor.ctx.environments.isRunning(sessionId)).toBe(true);
    });

    it('should answer at once for a regex filter built to backtrack: it runs in linear time', async () => {
      const typed = `${'a'.repeat(5000)}!`;
      const started = Date.now();
      const result = ok(
        await runNode({
          node: {
            id: 'fill',
            type: 'act',
            actionType: 'type',
            elementHint: 'Search products',
            text: typed,
          },
        }),
      );
      expect(result).toMatchObject({ ok: true });
      const extracted = ok(
        await runNode({
          node: {
            id: 'read',
            type: 'extract',
            schema: {
              fields: [
                {
                  id: 'typed',
                  name: 'typed',
                  type: 'string',
                  selector: 'input[type=search]',
                  filters: [{ operator: 'regex', value: '^(a+)+$' }],
                },
                {
                  id: 'all',
                  name: 'all',
                  type: 'string',
                  selector: 'input[type=search]',
                  filters: [{ operator: 'regex', value: '^(a+)+!$' }],
                },
              ],
            },
          },
        }),
      );
      expect(extracted).toEqual({ nodeId: 'read', ok: true, output: { typed: null, all: typed } });
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('should name the element at a point by a locator that finds it alone, and a selector of its kind', async () => {
      ok(await runNode({ node: { id: 'home', type: 'act', actionType: 'click', elementHint: 'Cookware' } }));
      // The first department link's middle, read from the page itself, as the live view would give it.
      const environment = proctor.ctx.environments.running(sessionId, author.organization!.id);
      const { chromium } = await import('playwright-core');
      const browser = await chromium.connectOverCDP(environment.browser.wsEndpoint);
      const page = browser.contexts()[0]!.pages()[0]!;
      const box = (await page.getByRole('link', { name: 'Bedding' }).boundingBox())!;
      await browser.close();
      const picked = ok(
        await proctor.call(endpoints.elementAt, {
          as: author,
          params: { publicId: sessionId },
          body: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        }),
      );
      expect(picked.locator).toMatchObject({ role: 'link', name: 'Bedding' });
      expect(picked.locator.css).toBeTruthy();
      expect(picked.elementHint).toBe('Bedding');
      expect(picked.tagName).toBe('a');
      expect(picked.editable).toBe(false);

      const clicked = ok(
        await runNode({
          node: {
            id: 'rec',
            type: 'act',
            actionType: 'click',
            elementHint: picked.elementHint,
            locator: { css: picked.locator.css! },
          },
        }),
      );
      expect(clicked).toEqual({ nodeId: 'rec', ok: true });
    });
  });
}
