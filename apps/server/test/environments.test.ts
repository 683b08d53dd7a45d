import { type EndpointBody, endpoints, LIVE_VIEW_CLOSE, liveViewSocketPath } from '@proctor/contracts';
import { newPublicId, scores, sessionLogs, sessions, simulators, testCases } from '@proctor/db';
import { and, eq, isNull } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';

/**
 * Live environments through the API, in real Chromium: lifecycle and sessions, reset with a test case,
 * evaluation, isolation between organizations, the CDP door's filters, the heartbeat, admission control.
 * One database is enough here: the environment runtime is the subject, and the records it writes are plain
 * inserts and updates that the other API tests already run on both engines.
 */
describe('live environments', () => {
  let proctor: TestProctor;
  let player: Actor;
  let outsider: Actor;
  let baseUrl: string;

  beforeAll(async () => {
    // The CDP and live-view addresses the server hands out are built on PUBLIC_URL: make it the real one.
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    proctor = await startTestProctor(testDatabases()[0]!, {
      builtInSimulators: builtInRegistrations(),
      env: { BROWSER_POOL_SIZE: '1', MAX_ENVIRONMENTS: '3', PUBLIC_URL: baseUrl },
    });
    await proctor.app.listen({ port, host: '127.0.0.1' });
    const allowed = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
    const plan = { allowed_simulators: allowed.map((s) => s.id) };
    player = await proctor.actor({ permissions: { playground_access: true }, plan });
    outsider = await proctor.actor({ permissions: { playground_access: true }, plan });
  });
  afterAll(() => proctor?.close());

  type MakeBody = EndpointBody<typeof endpoints.makeEnvironment>;
  const start = (body: MakeBody, as: Actor = player) => proctor.call(endpoints.makeEnvironment, { as, body });
  const status = (id: string, as: Actor = player) =>
    proctor.call(endpoints.environmentStatus, { params: { id }, as });
  const workerReady = (id: string) =>
    proctor.call(endpoints.environmentWorkerReady, { params: { id }, as: player });
  const stateOf = (id: string) => proctor.call(endpoints.environmentState, { params: { id }, as: player });
  const cdpUrl = (id: string) => proctor.call(endpoints.environmentCdpUrl, { params: { id }, as: player });
  const reset = (id: string, body: EndpointBody<typeof endpoints.resetEnvironment>) =>
    proctor.call(endpoints.resetEnvironment, { params: { id }, as: player, body });
  const evaluate = (id: string) =>
    proctor.call(endpoints.evaluateEnvironment, { params: { id }, as: player, body: {} });
  const close = (id: string, as: Actor = player) =>
    proctor.call(endpoints.closeEnvironment, { params: { id }, as });

  async function make(as: Actor = player, body: MakeBody = { env_id: 'shop' }) {
    const response = await start(body, as);
    expect(response.status, response.body.detail).toBe(201);
    return response.body;
  }

  async function publicTestCase(simulatorName: string) {
    const [row] = await proctor.ctx.db
      .select({ publicId: testCases.publicId, prompt: testCases.prompt, startUrl: testCases.startUrl })
      .from(testCases)
      .innerJoin(simulators, eq(testCases.simulatorId, simulators.id))
      .where(and(eq(simulators.name, simulatorName), isNull(testCases.organizationId)))
      .limit(1);
    return row!;
  }

  const sessionRow = async (publicId: string) =>
    (await proctor.ctx.db.select().from(sessions).where(eq(sessions.publicId, publicId)))[0]!;

  it('should start an environment ready at once, with a running session, and close it as completed', async () => {
    const environment = await make();
    expect(environment.status).toBe('running');
    expect((await status(environment.id)).body).toEqual({ status: 'running', error: null });
    expect((await workerReady(environment.id)).body).toEqual({ ready: true });
    expect((await sessionRow(environment.session_id)).status).toBe('run_setup_completed');

    const { body: state } = await stateOf(environment.id);
    expect(state.state.mutations).toEqual([]);
    expect(state.live_view_url).toMatch(new RegExp(`/live/${environment.id}\\?token=`));

    expect((await close(environment.id)).body).toEqual({ status: 'closed' });
    expect((await status(environment.id)).body).toEqual({ status: 'closed', error: null });
    const ended = await sessionRow(environment.session_id);
    expect(ended.status).toBe('run_completed');
    expect(ended.endedAt).not.toBeNull();
    expect((await stateOf(environment.id)).status).toBe(409);
  });

  it("should warm the pool on the simulator last asked for, leaving the next environment nothing of the visit but the simulator's files in its cache", async () => {
    const first = await make();
    await close(first.id);
    // The browser the pool launched to replace the first one waits warmed on the shop.
    await expect
      .poll(
        () => {
          const { idle, warmedUp } = proctor.ctx.environments.poolStats();
          return idle === 1 && warmedUp > 0;
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    const environment = await make();
    const { body: cdp } = await cdpUrl(environment.id);
    const browser = await chromium.connectOverCDP(cdp.cdp_url);
    try {
      const [page] = browser.contexts()[0]!.pages();
      const session = await page!.context().newCDPSession(page!);
      const { entries } = await session.send('Page.getNavigationHistory');
      const hosts = entries.map((entry) => new URL(entry.url).host).filter((host) => host !== '');
      // Only the environment's own start page: no warm-up instance in the back button's reach.
      expect(new Set(hosts.map((host) => host.split('.')[0]))).toEqual(new Set([environment.id]));
      const { cookies } = await session.send('Network.getAllCookies');
      expect(cookies.filter((cookie) => !cookie.domain.includes(environment.id))).toEqual([]);
      // The warm-up visited the environment's own origin: its first page took the stylesheets and scripts from
      // the cache (no bytes transferred), and only the page itself from the simulator.
      const files = (await page!.evaluate(
        "performance.getEntriesByType('resource').map((entry) => [new URL(entry.name).pathname, entry.transferSize])",
      )) as Array<[string, number]>;
      expect(files.map(([path]) => path)).toEqual(
        expect.arrayContaining(['/_kit/kit.css', '/assets/app.css']),
      );
      expect(files.filter(([, transferred]) => transferred !== 0)).toEqual([]);
    } finally {
      await browser.close();
    }
    await close(environment.id);
  });

  it('should reset to a test case: new session, the browser on its start URL, its prompt', async () => {
    const environment = await make();
    const testCase = await publicTestCase('shop');
    const response = await reset(environment.id, { test_case_public_id: testCase.publicId });
    expect(response.status, response.body.detail).toBe(200);
    const { body: started } = response;
    expect(started.session_id).not.toBe(environment.session_id);
    expect(started.prompt).toBe(testCase.prompt);
    expect(new URL(started.start_url).pathname + new URL(started.start_url).search).toBe(testCase.startUrl);
    expect(new URL(started.start_url).hostname).toBe(`${environment.id}.shop.localhost`);
    expect((await sessionRow(environment.session_id)).status).toBe('run_completed');
    expect((await sessionRow(started.session_id)).status).toBe('run_setup_completed');

    // Nothing done yet: the test case's expectations are not met.
    const { body: evaluation } = await evaluate(environment.id);
    expect(evaluation.passed).toBe(false);
    expect(evaluation.details.test_case_public_id).toBe(testCase.publicId);

    const elsewhere = await reset(environment.id, { start_url: 'http://example.com/' });
    expect(elsewhere.status).toBe(400);
    await close(environment.id);
  });

  it("should evaluate with the scoring engine: each score type's verdict, nothing recorded, and a scorer that cannot judge is no fail of the agent", async () => {
    const environment = await make();
    const [mugs] = await proctor.ctx.db
      .select()
      .from(testCases)
      .where(eq(testCases.builtInKey, 'shop/add-sage-mugs-to-cart'));
    const judge = async (testCasePublicId: string) => {
      const { body: started } = await reset(environment.id, { test_case_public_id: testCasePublicId });
      const response = await evaluate(environment.id);
      expect(response.status, response.body.detail).toBe(200);
      return { session: started.session_id, evaluation: response.body };
    };

    // Nothing done yet: the state task fails, by its expected mutations and by the system's own verdict.
    const untouched = await judge(mugs!.publicId);
    expect(untouched.evaluation.passed).toBe(false);
    expect(untouched.evaluation.details.scores).toEqual([
      { type: 'state_mutation_match', correct: false, reason: expect.stringContaining('cart_items') },
      { type: 'system_scoring', correct: false, reason: 'Auto Failed: No Mutations' },
    ]);
    expect(untouched.evaluation.details.mutations).toMatchObject({ satisfied: false, matched: 0 });
    // A check, not a verdict: no score record, and the run goes on.
    const running = await sessionRow(untouched.session);
    expect(running.status).toBe('run_setup_completed');
    expect(await proctor.ctx.db.select().from(scores).where(eq(scores.sessionId, running.id))).toEqual([]);

    // A test case whose expected mutations are not a list: its scorer cannot judge, and says so.
    const [broken] = await proctor.ctx.db
      .insert(testCases)
      .values({
        publicId: newPublicId(),
        organizationId: player.organization!.id,
        simulatorId: mugs!.simulatorId,
        name: 'Mugs with a broken scoring config',
        prompt: mugs!.prompt,
        scoringTypes: ['mutations'],
        defaultScoringConfig: { mutations: 'two mugs' },
      })
      .returning();
    const { evaluation } = await judge(broken!.publicId);
    expect(evaluation.passed).toBe(false);
    expect(evaluation.details.scores).toContainEqual({
      type: 'state_mutation_match',
      correct: null,
      reason: expect.stringContaining('Invalid state_mutation_match config'),
      error: 'invalid_config',
    });
    expect(evaluation.details.mutations).toBeNull();
    expect(evaluation.details.explanation).toContain(
      'state_mutation_match could not judge the run (invalid_config: ',
    );
    expect(evaluation.details.explanation).toContain('this is not a verdict on the agent');
    await close(environment.id);
  });

  it("should answer another organization's environment, CDP URL, live view and state with 404", async () => {
    const environment = await make();
    const theirs = { params: { id: environment.id }, as: outsider };
    for (const [name, response] of [
      ['status', await proctor.call(endpoints.environmentStatus, theirs)],
      ['worker_ready', await proctor.call(endpoints.environmentWorkerReady, theirs)],
      ['state', await proctor.call(endpoints.environmentState, theirs)],
      ['cdp_url', await proctor.call(endpoints.environmentCdpUrl, theirs)],
      ['reset', await proctor.call(endpoints.resetEnvironment, { ...theirs, body: {} })],
      ['evaluate', await proctor.call(endpoints.evaluateEnvironment, { ...theirs, body: {} })],
      ['backup', await proctor.call(endpoints.backupEnvironment, theirs)],
      ['heartbeat', await proctor.call(endpoints.environmentHeartbeat, theirs)],
      ['close', await proctor.call(endpoints.closeEnvironment, theirs)],
    ] as const) {
      expect(response.status, name).toBe(404);
      expect(response.body).toEqual({ detail: 'Environment not found' });
    }
    // A live-view token names one environment: it opens no other.
    const { body: state } = await stateOf(environment.id);
    const token = new URL(state.live_view_url).searchParams.get('token')!;
    const other = await make(outsider);
    expect(await liveViewOutcome(`${liveViewSocketPath(other.id)}?token=${token}`)).toBe(
      LIVE_VIEW_CLOSE.unauthorized.code,
    );
    expect(await liveViewOutcome(`${liveViewSocketPath(environment.id)}?token=${token}`)).toBe('frame');
    await close(environment.id);
    await close(other.id, outsider);
  });

  /** How a live-view socket opened with this path ends: 'frame' when it is served, else its close code. */
  function liveViewOutcome(path: string): Promise<'frame' | number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(new URL(path, baseUrl.replace(/^http/, 'ws')));
      socket.on('message', (_data, isBinary) => {
        if (!isBinary) return;
        resolve('frame');
        socket.close();
      });
      socket.on('close', (code) => resolve(code));
      socket.on('error', reject);
    });
  }

  it('should let an agent drive the browser over CDP, within the filters, and survive Browser.close', async () => {
    const environment = await make();
    const {
      body: { cdp_url },
    } = await cdpUrl(environment.id);
    expect(cdp_url).toMatch(/^ws:\/\/.*\/cdp\//);
    const other = await make(outsider);

    const browser = await chromium.connectOverCDP(cdp_url);
    const context = browser.contexts()[0]!;
    const page = context.pages()[0]!;
    expect(new URL(page.url()).hostname).toBe(`${environment.id}.shop.localhost`);
    // The page is the interface size asked for (1280x720 by default), not the window's outer size.
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([1280, 720]);
    // One browser per environment: no target of the other environment exists here to be listed or reached.
    const session = await context.newCDPSession(page);
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: { url: string }[] };
    expect(targetInfos.some((target) => target.url.includes(other.id))).toBe(false);

    await expect(page.goto('file:///etc/hostname')).rejects.toThrow(/not allowed/);
    // A host path handed to a file input (Playwright itself sends file contents, which are the agent's own).
    await page.setContent('<input type="file" id="upload">');
    const { root } = (await session.send('DOM.getDocument')) as { root: { nodeId: number } };
    const { nodeId } = (await session.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: '#upload',
    })) as {
      nodeId: number;
    };
    await expect(session.send('DOM.setFileInputFiles', { nodeId, files: ['/etc/hostname'] })).rejects.toThrow(
      /not allowed|outside/,
    );

    // Browser.close from a client ends that client only: the environment's browser stays.
    const browserSession = await browser.newBrowserCDPSession();
    await browserSession.send('Browser.close').catch(() => undefined);
    await new Promise<void>((resolve) =>
      browser.isConnected() ? browser.once('disconnected', () => resolve()) : resolve(),
    );
    expect((await workerReady(environment.id)).body).toEqual({ ready: true });
    // An http:// address works too: /json/version points the client at the same filtered door.
    const again = await chromium.connectOverCDP(cdp_url.replace(/^ws/, 'http'));
    expect(again.contexts()[0]!.pages().length).toBeGreaterThan(0);
    await again.close();

    const expired = await close(environment.id);
    expect(expired.status).toBe(200);
    await expect(chromium.connectOverCDP(cdp_url, { timeout: 5000 })).rejects.toThrow();
    await close(other.id, outsider);
  });

  it('should close an environment whose heartbeat stopped, failing its session with the reason', async () => {
    const environment = await make();
    const heartbeat = await proctor.call(endpoints.environmentHeartbeat, {
      params: { id: environment.id },
      as: player,
    });
    expect(heartbeat.body).toEqual({ status: 'running' });
    await proctor.ctx.environments.closeIdle(Date.now() + 121_000);
    const { body: closed } = await status(environment.id);
    expect(closed.status).toBe('failed');
    expect(closed.error).toMatch(/No heartbeat for 2 minutes/);
    const session = await sessionRow(environment.session_id);
    expect(session.status).toBe('run_failed');
    const logs = await proctor.ctx.db.select().from(sessionLogs).where(eq(sessionLogs.sessionId, session.id));
    expect(logs.map((log) => (log.logData as { message: string }).message)).toContainEqual(
      expect.stringMatching(/No heartbeat/),
    );
  });

  it('should keep keepalive environments past the heartbeat, list them, and require an alias', async () => {
    const missing = await start({ env_id: 'mail', keepalive: true });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: 'Please select a simulator and provide an alias' });
    const badAlias = await start({ env_id: 'mail', keepalive: true, alias: 'a b' });
    expect(badAlias.status).toBe(400);
    expect(badAlias.body.detail).toMatch(/Alias can only contain letters, numbers, and hyphens/);

    const environment = await make(player, { env_id: 'mail', keepalive: true, alias: 'demo-inbox' });
    await proctor.ctx.environments.closeIdle(Date.now() + 121_000);
    const keepalive = async (as: Actor) => {
      const response = await proctor.call(endpoints.keepaliveJobs, { as });
      expect(response.status).toBe(200);
      return response.body.job_groups;
    };
    expect(
      (await keepalive(player)).map((group) => [group.group_id, group.alias, group.overall_status]),
    ).toEqual([[environment.id, 'demo-inbox', 'running']]);
    expect(await keepalive(outsider)).toEqual([]);
    const duplicate = await start({ env_id: 'mail', keepalive: true, alias: 'demo-inbox' });
    expect(duplicate.status).toBe(409);
    // Backing up a shared environment is an authoring act.
    const backup = await proctor.call(endpoints.backupEnvironment, {
      params: { id: environment.id },
      as: player,
    });
    expect(backup.status).toBe(403);
    await close(environment.id);
  });

  it('should refuse a simulator outside the plan, and more environments than the machine allows', async () => {
    const narrow = await proctor.actor({
      permissions: { playground_access: true },
      plan: { allowed_simulators: [] },
    });
    const refused = await start({ env_id: 'shop' }, narrow);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ detail: 'Simulator "shop" not found or not enabled' });

    const started = [await make(), await make(), await make(outsider)];
    const over = await start({ env_id: 'shop' }, outsider);
    expect(over.status).toBe(503);
    expect(over.body.detail).toMatch(/All 3 environment slots are in use/);
    for (const environment of started.slice(0, 2)) await close(environment.id);
    await close(started[2]!.id, outsider);
  });

  it("should hold an organization to its limit of environments (2 of 3 here), leaving room for another's", async () => {
    const started = [await make(), await make()];
    const over = await start({ env_id: 'shop' });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      detail:
        "Your organization's limit of 2 environments at once is reached: close one of its environments or try again shortly",
    });
    const other = await make(outsider);
    await close(other.id, outsider);

    // A platform admin gives the organization's plan a limit of its own.
    const admin = await proctor.actor({ permissions: { is_admin: true } });
    const plan = { ...player.organization!.plan, max_environments: 3 };
    const setPlan = (body: EndpointBody<typeof endpoints.adminUpdateOrganization>) =>
      proctor.call(endpoints.adminUpdateOrganization, {
        params: { id: player.organization!.id },
        as: admin,
        body,
      });
    const updated = await setPlan({ plan });
    expect(updated.status, updated.body.detail).toBe(200);
    expect(updated.body.plan).toEqual(plan);
    started.push(await make());
    for (const environment of started) await close(environment.id);
    await setPlan({ plan: player.organization!.plan });
  });

  it('should close a keepalive environment after its maximum lifetime, failing its session with the reason', async () => {
    const environment = await make(player, { env_id: 'mail', keepalive: true, alias: 'long-lived' });
    const lifetime = proctor.ctx.config.environments.keepaliveMaxMinutes;
    await proctor.ctx.environments.closeIdle(Date.now() + (lifetime - 1) * 60_000);
    expect((await status(environment.id)).body.status).toBe('running');

    await proctor.ctx.environments.closeIdle(Date.now() + (lifetime + 1) * 60_000);
    const reason = `The keepalive environment was closed after its maximum lifetime of ${lifetime} minutes`;
    expect((await status(environment.id)).body).toEqual({ status: 'failed', error: reason });
    const session = await sessionRow(environment.session_id);
    expect(session.status).toBe('run_failed');
    expect(session.failureReason).toBe(reason);
  });
});
