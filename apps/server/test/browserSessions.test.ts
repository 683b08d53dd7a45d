import { BROWSER_SESSION, BROWSER_SESSION_MESSAGES, endpoints } from '@proctor/contracts';
import { simulators } from '@proctor/db';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEnvironmentPage } from '../src/agents/page';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';
import { resolve, startSite } from './support/standInSite';
import { sessionLogEntries } from './support/storedSessions';

/**
 * Browser sessions on the open web, on both databases: one is made from the pool and opens its start page on a
 * stand-in site that the install allows (BROWSER_SESSION_ALLOWED_ADDRESSES=127.0.0.1); Proctor's own API on that
 * same address, a name resolving to a private address and a redirect from the allowed site to either are
 * refused, by the navigate call (400 saying why) and by the proxy when the page asks (the refusal page, logged).
 */
for (const database of testDatabases()) {
  describe(`browser sessions [${database.name}]`, () => {
    let proctor: TestProctor;
    let site: Awaited<ReturnType<typeof startSite>>;
    let builder: Actor;
    let apiPort: number;
    let siteUrl: string;
    let plan: { allowed_simulators: number[] };

    /** A running shop of the actor's organization, and its origin. */
    async function shopOf(as: Actor): Promise<string> {
      const made = await proctor.call(endpoints.makeEnvironment, {
        as,
        body: {
          env_id: 'shop',
          keepalive: true,
          alias: `shop-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
        },
      });
      expect(made.status, made.body.detail).toBe(201);
      const reset = await proctor.call(endpoints.resetEnvironment, {
        as,
        params: { id: made.body.id },
        body: { start_url: '/' },
      });
      expect(reset.status, reset.body.detail).toBe(200);
      return new URL(reset.body.start_url).origin;
    }

    beforeAll(async () => {
      apiPort = await freePort();
      site = await startSite(apiPort);
      siteUrl = `http://site.test:${site.port}`;
      proctor = await startTestProctor(database, {
        env: {
          BROWSER_POOL_SIZE: '1',
          MAX_ENVIRONMENTS: '4',
          MAX_ENVIRONMENTS_PER_ORGANIZATION: '2',
          PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
          BROWSER_SESSION_ALLOWED_ADDRESSES: '127.0.0.1',
        },
        openWebResolve: resolve,
        builtInSimulators: builtInRegistrations().filter(({ simulator }) => simulator.name === 'shop'),
      });
      await proctor.app.listen({ port: apiPort, host: '127.0.0.1' });
      const [shop] = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
      plan = { allowed_simulators: [shop!.id] };
      builder = await proctor.actor({
        permissions: { dashboard_access: true, playground_access: true },
        plan,
      });
    });
    afterAll(async () => {
      await proctor?.close();
      site?.child.kill();
    });

    const open = (as: Actor, startUrl?: string) =>
      proctor.call(endpoints.createBrowserSession, {
        as,
        body: { type: 'builder', ...(startUrl ? { start_url: startUrl } : {}) },
      });
    const navigate = (as: Actor, publicId: string, url: string) =>
      proctor.call(endpoints.navigateBrowserSession, { as, params: { publicId }, body: { url } });
    const pageText = (publicId: string) => {
      const environment = proctor.ctx.environments.running(publicId, builder.organization!.id);
      return withEnvironmentPage(environment.browser.wsEndpoint, new AbortController().signal, (page) =>
        page.locator('body').innerText(),
      );
    };

    let publicId: string;

    it('should open a browser session from the pool on the start page, as an environment of the organization', async () => {
      const opened = await open(builder, `${siteUrl}/`);
      expect(opened.status, opened.body.detail).toBe(201);
      expect(opened.body).toMatchObject({
        type: 'builder',
        status: 'running',
        url: `${siteUrl}/`,
        viewport: BROWSER_SESSION.viewport,
      });
      expect(opened.body.activeAt).not.toBeNull();
      expect(opened.body.liveViewUrl).toContain(`/live/${opened.body.publicId}?token=`);
      publicId = opened.body.publicId;
      // Its id is its environment's: the runner's page and the agents' CDP URL are the environment's own.
      expect(await pageText(publicId)).toContain('Stand-in home');
      const cdp = await proctor.call(endpoints.environmentCdpUrl, { as: builder, params: { id: publicId } });
      expect(cdp.status, cdp.body.detail).toBe(200);
      const browser = await chromium.connectOverCDP(cdp.body.cdp_url);
      try {
        const page = browser.contexts()[0]!.pages()[0]!;
        expect(await page.locator('h1').textContent()).toBe('Stand-in home');
        // Another page of the allowed site, asked by the page itself, goes out through the proxy.
        await page.goto(`${siteUrl}/second`);
        expect(await page.locator('h1').textContent()).toBe('Second page');
      } finally {
        await browser.close();
      }
      const read = await proctor.call(endpoints.browserSession, { as: builder, params: { publicId } });
      expect(read.body).toMatchObject({ publicId, status: 'running', url: `${siteUrl}/second` });
    });

    it('should navigate on the allowed site and refuse Proctor, private names and this machine by literal (400 saying why)', async () => {
      const moved = await navigate(builder, publicId, `${siteUrl}/`);
      expect(moved.status, moved.body.detail).toBe(200);
      expect(moved.body.url).toBe(`${siteUrl}/`);

      const refusals: Array<[string, string]> = [
        [`http://proctor.test:${apiPort}/api/health`, "Proctor's own service"],
        [`http://127.0.0.1:${apiPort}/api/health`, 'loopback'],
        [`http://localhost:${apiPort}/api/health`, 'loopback'],
        ['http://intranet.test/', 'resolves to 10.0.0.7, a private address'],
        ['http://169.254.169.254/latest/meta-data/', 'link-local'],
      ];
      for (const [url, why] of refusals) {
        const refused = await navigate(builder, publicId, url);
        expect({ url, status: refused.status }).toEqual({ url, status: 400 });
        expect(refused.body.detail).toContain(why);
      }
      expect(await pageText(publicId)).toContain('Stand-in home');
    });

    it('should refuse in the proxy what the page itself asks for: Proctor on an allowed address, redirects to a private name or to Proctor', async () => {
      const environment = proctor.ctx.environments.running(publicId, builder.organization!.id);
      await withEnvironmentPage(
        environment.browser.wsEndpoint,
        new AbortController().signal,
        async (page) => {
          const direct = await page.goto(`http://proctor.test:${apiPort}/api/health`);
          expect(direct?.status()).toBe(403);
          expect(await page.locator('body').innerText()).toContain("Proctor's own service");

          const toPrivate = await page.goto(`${siteUrl}/to-private`);
          expect(toPrivate?.status()).toBe(403);
          expect(await page.locator('body').innerText()).toContain('resolves to 10.0.0.7, a private address');

          const toProctor = await page.goto(`${siteUrl}/to-proctor`);
          expect(toProctor?.status()).toBe(403);
          expect(await page.locator('body').innerText()).toContain("Proctor's own service");
        },
      );
      // The allowed site answered both redirects: the refusal was of their targets, each hop checked.
      expect(site.served).toEqual(expect.arrayContaining(['/to-private', '/to-proctor']));
      const logged = await sessionLogEntries<{ type?: string; url?: string; reason?: string }>(
        proctor.ctx.db,
        environment.session.publicId,
        'network_refused',
      );
      expect(logged.map((entry) => entry.url)).toEqual(
        expect.arrayContaining([`http://proctor.test:${apiPort}/api/health`, 'http://intranet.test/secrets']),
      );
    });

    it("should reach the organization's own running simulator instance, and not another organization's", async () => {
      const ownShop = await shopOf(builder);
      const stranger = await proctor.actor({ permissions: { playground_access: true }, plan });
      const theirShop = await shopOf(stranger);
      const moved = await navigate(builder, publicId, `${ownShop}/`);
      expect(moved.status, moved.body.detail).toBe(200);
      expect(moved.body.url).toBe(`${ownShop}/`);
      expect(await pageText(publicId)).not.toContain('Blocked by Proctor');
      const refused = await navigate(builder, publicId, `${theirShop}/`);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toContain("another environment's simulator");
    });

    it("should let only Proctor's own pages frame /viewer", async () => {
      const viewer = await proctor.request({ method: 'GET', url: '/viewer?hideNav&isBuilder=true' });
      expect(viewer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(viewer.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      const other = await proctor.request({ method: 'GET', url: '/sessions' });
      expect(other.headers['x-frame-options']).toBe('DENY');
      expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    });

    it(`should answer 503 "${BROWSER_SESSION_MESSAGES.noBrowsers}" when the organization has no slot left (its browser session and its shop)`, async () => {
      const another = await proctor.actor({
        organization: builder.organization,
        permissions: { dashboard_access: true },
      });
      const refused = await open(another);
      expect(refused.status).toBe(503);
      expect(refused.body.detail).toBe(BROWSER_SESSION_MESSAGES.noBrowsers);
    });

    it("should answer 404 for another organization's browser session", async () => {
      const stranger = await proctor.actor({
        permissions: { dashboard_access: true, playground_access: true },
      });
      const params = { publicId };
      expect((await proctor.call(endpoints.browserSession, { as: stranger, params })).status).toBe(404);
      expect((await navigate(stranger, publicId, `${siteUrl}/`)).status).toBe(404);
      expect((await proctor.call(endpoints.closeBrowserSession, { as: stranger, params })).status).toBe(404);
      expect(proctor.ctx.environments.isRunning(publicId)).toBe(true);
    });

    it('should close the browser session, its recorded session keeping the pages it visited', async () => {
      const closed = await proctor.call(endpoints.closeBrowserSession, { as: builder, params: { publicId } });
      expect(closed.status, closed.body.detail).toBe(200);
      expect(closed.body).toMatchObject({ publicId, status: 'closed', liveViewUrl: null, url: null });
      expect(proctor.ctx.environments.isRunning(publicId)).toBe(false);
      const after = await navigate(builder, publicId, `${siteUrl}/`);
      expect(after.status).toBe(409);
      const requests = await proctor.call(endpoints.sessionNetworkRequests, {
        as: builder,
        params: { id: closed.body.sessionPublicId! },
      });
      expect(requests.status).toBe(200);
      expect(JSON.stringify(requests.body)).toContain(`${siteUrl}/second`);
    });

    it('should close a browser session left idle for ten minutes, someone driving it keeping it open', async () => {
      const opened = await open(builder);
      expect(opened.status, opened.body.detail).toBe(201);
      const id = opened.body.publicId;
      await proctor.ctx.environments.closeIdle(Date.now() + BROWSER_SESSION.idleTimeoutMs - 60_000);
      expect(proctor.ctx.environments.isRunning(id)).toBe(true);
      // Ten minutes pass untouched, then someone drives it over CDP: its idle time starts over.
      const environment = proctor.ctx.environments.running(id, builder.organization!.id);
      environment.heartbeatAt -= BROWSER_SESSION.idleTimeoutMs;
      const cdp = await proctor.call(endpoints.environmentCdpUrl, { as: builder, params: { id } });
      const driver = await chromium.connectOverCDP(cdp.body.cdp_url);
      try {
        expect(
          await driver
            .contexts()[0]!
            .pages()[0]!
            .evaluate(() => 1 + 1),
        ).toBe(2);
      } finally {
        await driver.close();
      }
      await proctor.ctx.environments.closeIdle(Date.now() + 1_000);
      expect(proctor.ctx.environments.isRunning(id)).toBe(true);
      // Untouched again, then the builder's page heartbeats, by a member with the dashboard alone (an
      // environment heartbeat would need the playground): its idle time starts over too.
      environment.heartbeatAt -= BROWSER_SESSION.idleTimeoutMs;
      const designer = await proctor.actor({
        organization: builder.organization!,
        permissions: { dashboard_access: true },
      });
      const kept = await proctor.call(endpoints.browserSessionHeartbeat, {
        as: designer,
        params: { publicId: id },
      });
      expect(kept.status, kept.body.detail).toBe(200);
      await proctor.ctx.environments.closeIdle(Date.now() + 1_000);
      expect(proctor.ctx.environments.isRunning(id)).toBe(true);
      await proctor.ctx.environments.closeIdle(Date.now() + BROWSER_SESSION.idleTimeoutMs + 1_000);
      expect(proctor.ctx.environments.isRunning(id)).toBe(false);
      const read = await proctor.call(endpoints.browserSession, { as: builder, params: { publicId: id } });
      expect(read.body.status).toBe('closed');
      const late = await proctor.call(endpoints.browserSessionHeartbeat, {
        as: builder,
        params: { publicId: id },
      });
      expect(late.status).toBe(409);
    });
  });
}
