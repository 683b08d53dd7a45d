import { createServer, type Server } from 'node:http';
import { type EndpointBody, endpoints } from '@proctor/contracts';
import { newPublicId, proxyExchanges, proxyRecordings, testCases } from '@proctor/db';
import { desc, eq } from 'drizzle-orm';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';
import { sessionLogEntries } from './support/storedSessions';

/** A small site on this machine: a page with a form, a JSON API, and the form's POST. It counts what it served. */
function startSite(): Promise<{ server: Server; origin: string; served: () => number }> {
  let served = 0;
  const server = createServer((request, response) => {
    served += 1;
    const url = new URL(request.url ?? '/', 'http://site');
    if (request.method === 'GET' && url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Site</title><h1>Welcome to the site</h1>
        <form method="post" action="/contact"><input name="name"><input name="topic"><button>Send</button></form>`);
      return;
    }
    const item = /^\/api\/items\/(\d+)$/.exec(url.pathname);
    if (request.method === 'GET' && item) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: Number(item[1]), name: `Item ${item[1]}` }));
      return;
    }
    if (request.method === 'POST' && url.pathname === '/contact') {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'set-cookie': 'sid=s3cr3t; Path=/',
        });
        response.end('<!doctype html><title>Thanks</title><h1>Thanks for writing</h1>');
      });
      return;
    }
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not here');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, origin: `http://127.0.0.1:${port}`, served: () => served });
    }),
  );
}

/**
 * A local site recorded through an admin's environment replays with the site stopped: its pages and API, the
 * form's POST as a mutation a test case scores, unrecorded requests answered by the closest match (or 404) and
 * logged as ood_request.
 */
describe('proxy simulators', () => {
  let proctor: TestProctor;
  let admin: Actor;
  let player: Actor;
  let site: Awaited<ReturnType<typeof startSite>>;
  let simulatorId: number;
  const name = `site-${Date.now().toString(36)}`;

  beforeAll(async () => {
    site = await startSite();
    const apiPort = await freePort();
    proctor = await startTestProctor(testDatabases()[0]!, {
      env: {
        BROWSER_POOL_SIZE: '1',
        MAX_ENVIRONMENTS: '3',
        PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
        PROXY_RECORD_ALLOWED_ADDRESSES: '127.0.0.1',
      },
    });
    await proctor.app.listen({ port: apiPort, host: '127.0.0.1' });
    admin = await proctor.actor({ permissions: { is_admin: true, playground_access: true } });
    const created = await proctor.call(endpoints.createSimulator, {
      as: admin,
      body: { name, simType: 'proxy', url: site.origin, config: { ood_threshold: 0.5 } },
    });
    expect(created.status, created.body.detail).toBe(201);
    simulatorId = created.body.simulator.id;
    player = await proctor.actor({
      permissions: { playground_access: true },
      plan: { allowed_simulators: [simulatorId] },
    });
  });
  afterAll(async () => {
    await proctor?.close();
    await new Promise((resolve) => site?.server.close(resolve));
  });

  type MakeBody = EndpointBody<typeof endpoints.makeEnvironment>;
  const make = (as: Actor, body: Partial<MakeBody> = {}) =>
    proctor.call(endpoints.makeEnvironment, { as, body: { env_id: name, ...body } as MakeBody });
  const close = (as: Actor, id: string) => proctor.call(endpoints.closeEnvironment, { params: { id }, as });

  async function connect(as: Actor, id: string): Promise<{ browser: Browser; page: Page }> {
    const { body } = await proctor.call(endpoints.environmentCdpUrl, { params: { id }, as });
    const browser = await chromium.connectOverCDP(body.cdp_url);
    return { browser, page: browser.contexts()[0]!.pages()[0]! };
  }

  const fetchIn = (page: Page, path: string) =>
    page.evaluate(async (target) => {
      const response = await fetch(target);
      return { status: response.status, text: await response.text() };
    }, path);

  const oodLogs = (sessionPublicId: string) =>
    sessionLogEntries<{ type?: string; url?: string; matched_url?: string | null; score?: number }>(
      proctor.ctx.db,
      sessionPublicId,
      'ood_request',
    );

  it('should refuse to record for anyone but an admin, and to replay before anything is recorded', async () => {
    const refused = await make(player, { env_config: { proxy_mode: 'record' } });
    expect(refused.status).toBe(403);
    const nothing = await make(player);
    expect(nothing.status).toBe(409);
    expect(nothing.body.detail).toContain('no recording yet');
  });

  it('should record the site through an admin environment and replay it with the site stopped', async () => {
    const recording = await make(admin, { env_config: { proxy_mode: 'record' } });
    expect(recording.status, recording.body.detail).toBe(201);
    const recorder = await connect(admin, recording.body.id);
    try {
      await recorder.page.goto(`${site.origin}/`);
      await expect.poll(() => recorder.page.locator('h1').textContent()).toBe('Welcome to the site');
      expect(await fetchIn(recorder.page, '/api/items/1')).toEqual({
        status: 200,
        text: JSON.stringify({ id: 1, name: 'Item 1' }),
      });
      await recorder.page.fill('input[name=name]', 'Ada');
      await recorder.page.fill('input[name=topic]', 'hello');
      await Promise.all([recorder.page.waitForURL(`${site.origin}/contact`), recorder.page.click('button')]);
      await expect.poll(() => recorder.page.locator('h1').textContent()).toBe('Thanks for writing');
    } finally {
      await recorder.browser.close();
    }
    await close(admin, recording.body.id);
    const finished = async () => {
      const [row] = await proctor.ctx.db
        .select()
        .from(proxyRecordings)
        .where(eq(proxyRecordings.simulatorId, simulatorId))
        .orderBy(desc(proxyRecordings.version));
      return row?.status;
    };
    await expect.poll(finished, { timeout: 15_000 }).toBe('finished');
    const [version] = await proctor.ctx.db
      .select()
      .from(proxyRecordings)
      .where(eq(proxyRecordings.simulatorId, simulatorId));
    const exchanges = await proctor.ctx.db
      .select()
      .from(proxyExchanges)
      .where(eq(proxyExchanges.recordingId, version!.id));
    expect(exchanges.map((exchange) => `${exchange.method} ${exchange.path}`)).toEqual(
      expect.arrayContaining(['GET /', 'GET /api/items/1', 'POST /contact']),
    );
    // The answer's cookie is kept by name only.
    const post = exchanges.find((exchange) => exchange.method === 'POST')!;
    expect(post.responseHeaders['set-cookie']).toMatch(/^sid=redacted:[0-9a-f]{8}; Path=\//);

    // The network is cut: nothing may reach the site any more.
    await new Promise((resolve) => site.server.close(resolve));
    const servedBefore = site.served();

    // A test case scoring the form's POST as a write.
    const [testCase] = await proctor.ctx.db
      .insert(testCases)
      .values({
        publicId: newPublicId(),
        organizationId: player.organization!.id,
        simulatorId,
        name: 'Write to the site',
        prompt: 'Send Ada\'s "hello" through the contact form',
        startUrl: '/',
        scoringTypes: ['mutations'],
        defaultScoringConfig: {
          mutations: [{ action: 'INSERT', table_name: '/contact', changes: { name: 'Ada', topic: 'hello' } }],
        },
      })
      .returning();

    const replay = await make(player);
    expect(replay.status, replay.body.detail).toBe(201);
    const started = await proctor.call(endpoints.resetEnvironment, {
      params: { id: replay.body.id },
      as: player,
      body: { test_case_public_id: testCase!.publicId },
    });
    expect(started.status, started.body.detail).toBe(200);
    expect(new URL(started.body.start_url).origin).toBe(site.origin);
    const agent = await connect(player, replay.body.id);
    try {
      const { page } = agent;
      await expect.poll(() => page.locator('h1').textContent()).toBe('Welcome to the site');
      expect(await fetchIn(page, '/api/items/1')).toEqual({
        status: 200,
        text: JSON.stringify({ id: 1, name: 'Item 1' }),
      });

      // Not recorded: the closest of the same method and host answers, and the session says so.
      expect((await fetchIn(page, '/api/items/7')).text).toBe(JSON.stringify({ id: 1, name: 'Item 1' }));
      // Nothing close enough: 404.
      expect((await fetchIn(page, '/nowhere/near/anything/recorded')).status).toBe(404);
      await expect
        .poll(() => oodLogs(started.body.session_id))
        .toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              url: `${site.origin}/api/items/7`,
              matched_url: `${site.origin}/api/items/1`,
              score: expect.any(Number),
            }),
            expect.objectContaining({ url: `${site.origin}/nowhere/near/anything/recorded` }),
          ]),
        );
      const logs = await oodLogs(started.body.session_id);
      const near = logs.find((entry) => entry.url?.endsWith('/api/items/7'))!;
      const far = logs.find((entry) => entry.url?.endsWith('/nowhere/near/anything/recorded'))!;
      expect(near.score).toBeGreaterThanOrEqual(0.5);
      expect(far.score).toBeLessThan(0.5);

      // Before the write, the test case is not done.
      const before = await proctor.call(endpoints.evaluateEnvironment, {
        params: { id: replay.body.id },
        as: player,
        body: {},
      });
      expect(before.body.passed).toBe(false);

      // The scripted agent does the task: the form, posted to the replay.
      await page.fill('input[name=name]', 'Ada');
      await page.fill('input[name=topic]', 'hello');
      await Promise.all([page.waitForURL(`${site.origin}/contact`), page.click('button')]);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Thanks for writing');
    } finally {
      await agent.browser.close();
    }
    const state = await proctor.call(endpoints.environmentState, {
      params: { id: replay.body.id },
      as: player,
    });
    expect(state.body.state.mutations).toEqual([
      expect.objectContaining({
        action: 'INSERT',
        table_name: '/contact',
        new: { name: 'Ada', topic: 'hello' },
      }),
    ]);
    const evaluation = await proctor.call(endpoints.evaluateEnvironment, {
      params: { id: replay.body.id },
      as: player,
      body: {},
    });
    expect(evaluation.status, evaluation.body.detail).toBe(200);
    expect(evaluation.body.passed, evaluation.body.details.explanation).toBe(true);
    expect(site.served()).toBe(servedBefore);

    // A reset starts the log over.
    await proctor.call(endpoints.resetEnvironment, { params: { id: replay.body.id }, as: player, body: {} });
    const after = await proctor.call(endpoints.environmentState, {
      params: { id: replay.body.id },
      as: player,
    });
    expect(after.body.state.mutations).toEqual([]);
    await close(player, replay.body.id);
  });
});
