import { BROWSER_SESSION_MESSAGES, endpoints } from '@proctor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withEnvironmentPage } from '../src/agents/page';
import { testDatabases } from './support/databases';
import { freePort } from './support/network';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';
import { resolve, startSite } from './support/standInSite';
import { sessionLogEntries } from './support/storedSessions';

/**
 * Offline sessions (002 §2.11, §5; issue 31 item 7), on both databases: a browser session on the open web
 * captures a stand-in site's pages; an offline session on that origin then shows them answered from the capture
 * with the network cut (the site serves nothing more, and a page never captured is a 404 logged as ood_request),
 * and an origin with no captured traffic is refused.
 */
for (const database of testDatabases()) {
  describe(`offline sessions [${database.name}]`, () => {
    let proctor: TestProctor;
    let site: Awaited<ReturnType<typeof startSite>>;
    let trainer: Actor;
    let siteUrl: string;

    beforeAll(async () => {
      const apiPort = await freePort();
      site = await startSite(apiPort);
      siteUrl = `http://site.test:${site.port}`;
      proctor = await startTestProctor(database, {
        env: {
          BROWSER_POOL_SIZE: '1',
          PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
          BROWSER_SESSION_ALLOWED_ADDRESSES: '127.0.0.1',
        },
        openWebResolve: resolve,
        builtInSimulators: [],
      });
      await proctor.app.listen({ port: apiPort, host: '127.0.0.1' });
      trainer = await proctor.actor({ permissions: { is_human_recorder: true } });
    });
    afterAll(async () => {
      await proctor?.close();
      site?.child.kill();
    });

    const task = { task: 'Read the second page title', response_format: { title: 'string' as const } };
    const pageOf = <T>(publicId: string, read: (page: import('playwright-core').Page) => Promise<T>) => {
      const environment = proctor.ctx.environments.running(publicId, trainer.organization!.id);
      return withEnvironmentPage(environment.browser.wsEndpoint, new AbortController().signal, read);
    };

    it('should refuse an offline session on an origin without captured traffic, or without a start URL', async () => {
      const none = await proctor.call(endpoints.createBrowserSession, {
        as: trainer,
        body: { type: 'offline', start_url: `${siteUrl}/`, ...task },
      });
      expect(none.status).toBe(400);
      expect(none.body.detail).toBe(BROWSER_SESSION_MESSAGES.offlineNothingCaptured(siteUrl));
      const noUrl = await proctor.call(endpoints.createBrowserSession, {
        as: trainer,
        body: { type: 'offline', ...task },
      });
      expect(noUrl.status).toBe(400);
      expect(noUrl.body.detail).toBe(BROWSER_SESSION_MESSAGES.offlineStartUrl);
    });

    it('should replay the captured pages with the network cut, and 404 what was never captured', async () => {
      // Captured online first: a browser session visits the site's two pages; its requests are stored at its end.
      const online = await proctor.call(endpoints.createBrowserSession, {
        as: trainer,
        body: { type: 'builder', start_url: `${siteUrl}/` },
      });
      expect(online.status, online.body.detail).toBe(201);
      await proctor.call(endpoints.navigateBrowserSession, {
        as: trainer,
        params: { publicId: online.body.publicId },
        body: { url: `${siteUrl}/second` },
      });
      await proctor.call(endpoints.closeBrowserSession, {
        as: trainer,
        params: { publicId: online.body.publicId },
      });
      const origins = await proctor.call(endpoints.siteOriginUrls, { as: trainer });
      expect(origins.body.originUrls).toContain(siteUrl);
      const servedOnline = site.served.length;

      const offline = await proctor.call(endpoints.createBrowserSession, {
        as: trainer,
        body: { type: 'offline', start_url: `${siteUrl}/`, ...task },
      });
      expect(offline.status, offline.body.detail).toBe(201);
      const { publicId } = offline.body;
      expect(await pageOf(publicId, (page) => page.locator('h1').textContent())).toBe('Stand-in home');
      const moved = await proctor.call(endpoints.navigateBrowserSession, {
        as: trainer,
        params: { publicId },
        body: { url: `${siteUrl}/second` },
      });
      expect(moved.status, moved.body.detail).toBe(200);
      expect(await pageOf(publicId, (page) => page.locator('h1').textContent())).toBe('Second page');
      const never = await pageOf(publicId, async (page) => {
        const answer = await page.goto(`${siteUrl}/never-captured`);
        return { status: answer?.status(), text: await page.locator('body').innerText() };
      });
      expect(never.status).toBe(404);
      expect(never.text).toContain('Offline');
      // Even a site the builder may reach is not asked: the network is cut.
      const elsewhere = await pageOf(publicId, async (page) =>
        (await page.goto('http://elsewhere.test:8081/'))?.status(),
      );
      expect(elsewhere).toBe(404);
      expect(site.served.length).toBe(servedOnline);

      const environment = proctor.ctx.environments.running(publicId, trainer.organization!.id);
      const logged = await sessionLogEntries<{ type?: string; url?: string }>(
        proctor.ctx.db,
        environment.session.publicId,
        'ood_request',
      );
      expect(logged.map((entry) => entry.url)).toEqual(
        expect.arrayContaining([`${siteUrl}/never-captured`, 'http://elsewhere.test:8081/']),
      );
      await proctor.call(endpoints.closeBrowserSession, { as: trainer, params: { publicId } });
    });

    it("should not replay another organization's captured traffic", async () => {
      const stranger = await proctor.actor({ permissions: { is_human_recorder: true } });
      const theirs = await proctor.call(endpoints.createBrowserSession, {
        as: stranger,
        body: { type: 'offline', start_url: `${siteUrl}/`, ...task },
      });
      expect(theirs.status).toBe(400);
      expect(theirs.body.detail).toBe(BROWSER_SESSION_MESSAGES.offlineNothingCaptured(siteUrl));
    });
  });
}
