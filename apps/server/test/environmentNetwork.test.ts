import { type EndpointBody, endpoints } from '@proctor/contracts';
import { simulators } from '@proctor/db';
import { REFUSAL_REASONS } from '@proctor/environments';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';
import { sessionLogEntries } from './support/storedSessions';

/**
 * Each environment on a network of its own, seen from inside it as a page script and as an agent over the
 * environment's CDP door: its own simulator works; Proctor's API, the database's and Redis's ports, private and
 * metadata addresses and another environment's instance get Proctor's refusal, logged on the session.
 */
describe("an environment's network", () => {
  let proctor: TestProctor;
  let player: Actor;
  let baseUrl: string;
  let apiPort: number;

  beforeAll(async () => {
    apiPort = await freePort();
    baseUrl = `http://127.0.0.1:${apiPort}`;
    proctor = await startTestProctor(testDatabases()[0]!, {
      builtInSimulators: builtInRegistrations(),
      env: { BROWSER_POOL_SIZE: '1', MAX_ENVIRONMENTS: '3', PUBLIC_URL: baseUrl },
    });
    await proctor.app.listen({ port: apiPort, host: '127.0.0.1' });
    const allowed = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
    player = await proctor.actor({
      permissions: { playground_access: true },
      plan: { allowed_simulators: allowed.map((s) => s.id) },
    });
  });
  afterAll(() => proctor?.close());

  type MakeBody = EndpointBody<typeof endpoints.makeEnvironment>;
  async function make(body: MakeBody = { env_id: 'shop' }) {
    const response = await proctor.call(endpoints.makeEnvironment, { as: player, body });
    expect(response.status, response.body.detail).toBe(201);
    return response.body;
  }
  const close = (id: string) => proctor.call(endpoints.closeEnvironment, { params: { id }, as: player });

  async function connect(id: string): Promise<{ browser: Browser; page: Page }> {
    const { body } = await proctor.call(endpoints.environmentCdpUrl, { params: { id }, as: player });
    const browser = await chromium.connectOverCDP(body.cdp_url);
    return { browser, page: browser.contexts()[0]!.pages()[0]! };
  }

  /** The origins the session's network_refused logs name, with their reasons. */
  async function refusedOrigins(sessionPublicId: string): Promise<Map<string, string>> {
    const logs = await sessionLogEntries<{ type?: string; url?: string; reason?: string; message?: string }>(
      proctor.ctx.db,
      sessionPublicId,
      'network_refused',
    );
    const refused = new Map<string, string>();
    for (const entry of logs) {
      expect(entry.message).toContain(entry.url);
      refused.set(new URL(entry.url!).origin, entry.reason!);
    }
    return refused;
  }

  it("should let a page reach its own simulator and refuse Proctor's API, the databases, private addresses and other environments", async () => {
    const [environment, other] = [await make(), await make()];
    const { browser, page } = await connect(environment.id);
    try {
      const own = new URL(page.url()).origin;
      expect(own).toMatch(new RegExp(`^http://${environment.id}\\.shop\\.localhost:\\d+$`));
      const otherOrigin = own.replace(environment.id, other.id);
      // The own simulator as before: pages, same-origin requests, form posts.
      expect((await page.goto(`${own}/`))?.status()).toBe(200);
      expect(await page.evaluate(() => fetch('/').then((response) => response.status))).toBe(200);

      const refused = {
        [`http://127.0.0.1:${apiPort}`]: REFUSAL_REASONS.loopback,
        [`http://localhost:${apiPort}`]: REFUSAL_REASONS.loopback,
        'http://127.0.0.1:5432': REFUSAL_REASONS.loopback,
        'http://127.0.0.1:6379': REFUSAL_REASONS.loopback,
        'http://10.0.0.1': REFUSAL_REASONS.private,
        'http://169.254.169.254': REFUSAL_REASONS.linkLocal,
        [otherOrigin]: REFUSAL_REASONS.otherEnvironment,
      };
      // As page scripts: fetch and an image, which give the page nothing it can read either way; the
      // session's log shows the proxy refused each.
      await page.evaluate(async (origins) => {
        await Promise.all(
          origins.flatMap((origin) => [
            fetch(`${origin}/api/health`, { mode: 'no-cors' }).catch(() => undefined),
            new Promise((resolve) => {
              const image = new Image();
              image.onload = image.onerror = resolve;
              image.src = `${origin}/favicon.ico`;
            }),
          ]),
        );
      }, Object.keys(refused));
      await expect
        .poll(() => refusedOrigins(environment.session_id))
        .toEqual(new Map(Object.entries(refused)));

      // Navigations show the refusal page, which says what was blocked and why.
      for (const [origin, reason] of Object.entries(refused)) {
        const response = await page.goto(`${origin}/`);
        expect(response?.status()).toBe(403);
        expect(await page.title()).toBe('Blocked by Proctor');
        expect(await page.textContent('body')).toContain(reason);
      }
      // The other environment itself is untouched by all this and still reachable from its own browser.
      const theirs = await connect(other.id);
      try {
        expect((await theirs.page.goto(`${otherOrigin}/`))?.status()).toBe(200);
      } finally {
        await theirs.browser.close();
      }
    } finally {
      await browser.close();
      await Promise.all([close(environment.id), close(other.id)]);
    }
  });

  it('should refuse the same addresses to an agent over CDP, and any change of the proxy', async () => {
    const environment = await make();
    const { browser, page } = await connect(environment.id);
    try {
      const session = await page.context().newCDPSession(page);
      const { frameTree } = (await session.send('Page.getFrameTree')) as {
        frameTree: { frame: { id: string } };
      };
      const load = (url: string) =>
        session.send('Network.loadNetworkResource', {
          frameId: frameTree.frame.id,
          url,
          options: { disableCache: true, includeCredentials: false },
        }) as Promise<{ resource: { success: boolean; httpStatusCode?: number } }>;
      expect((await load(`${new URL(page.url()).origin}/`)).resource).toMatchObject({
        success: true,
        httpStatusCode: 200,
      });
      for (const url of [`${baseUrl}/api/health`, 'http://127.0.0.1:6379/', 'http://169.254.169.254/'])
        expect((await load(url)).resource.httpStatusCode).toBe(403);

      await session.send('Page.navigate', { url: 'http://127.0.0.1:5432/' });
      await expect.poll(() => page.title().catch(() => '')).toBe('Blocked by Proctor');

      const browserSession = await browser.newBrowserCDPSession();
      for (const params of [{ proxyServer: 'direct://' }, { proxyBypassList: '<-loopback>' }])
        await expect(browserSession.send('Target.createBrowserContext', params)).rejects.toThrow(
          /not allowed/,
        );
      // A context of the agent's own goes through the environment's network like the first.
      const context = await browser.newContext();
      const fresh = await context.newPage();
      expect((await fresh.goto(`${baseUrl}/`))?.status()).toBe(403);
      await context.close();

      await expect
        .poll(async () => [...(await refusedOrigins(environment.session_id)).keys()].sort())
        .toEqual(
          ['http://127.0.0.1:5432', 'http://127.0.0.1:6379', 'http://169.254.169.254', baseUrl].sort(),
        );
    } finally {
      await browser.close();
      await close(environment.id);
    }
  });
});
