import { readdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LaunchedBrowser } from '../src/browser/launch';
import { BrowserPool } from '../src/browser/pool';
import { CdpConnection } from '../src/cdp/connection';
import {
  browserMainPids,
  CHROMIUM_PATH,
  groupRuns,
  html,
  readyStateOf,
  serveSite,
  testPrefix,
  waitFor,
} from './environmentFixtures';

const { prefix, remove } = testPrefix('pool');
afterAll(remove);

/** Runs `read` over a CDP client of its own, attached to the browser's page. */
async function onPage<T>(
  browser: LaunchedBrowser,
  read: (connection: CdpConnection, sessionId: string) => Promise<T>,
): Promise<T> {
  const connection = await CdpConnection.connect(browser.wsEndpoint);
  try {
    const { targetInfos } = await connection.send('Target.getTargets');
    const targetId = targetInfos.find((info) => info.type === 'page')?.targetId as string;
    const { sessionId } = await connection.send('Target.attachToTarget', { targetId, flatten: true });
    return await read(connection, sessionId);
  } finally {
    connection.close();
  }
}

/** The page's innerWidth and innerHeight. */
const viewportOf = (browser: LaunchedBrowser) =>
  onPage(browser, async (connection, sessionId) => {
    const { result } = await connection.send(
      'Runtime.evaluate',
      { expression: '[innerWidth, innerHeight]', returnByValue: true },
      sessionId,
    );
    return result.value as unknown;
  });

/** The URLs of the page's back/forward history. */
const historyOf = (browser: LaunchedBrowser) =>
  onPage(browser, async (connection, sessionId) => {
    const { entries } = await connection.send('Page.getNavigationHistory', undefined, sessionId);
    return entries.map((entry) => entry.url);
  });

async function pageCount(browser: LaunchedBrowser): Promise<number> {
  const connection = await CdpConnection.connect(browser.wsEndpoint);
  try {
    const { targetInfos } = await connection.send('Target.getTargets');
    return targetInfos.filter((info) => info.type === 'page').length;
  } finally {
    connection.close();
  }
}

describe('BrowserPool', () => {
  it('should hand out warm browsers, refill to its size and never keep more idle', async () => {
    const pool = new BrowserPool({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix, size: 2 });
    const acquired: LaunchedBrowser[] = [];
    try {
      await pool.start();
      await pool.settled();
      expect(pool.stats()).toMatchObject({ launched: 2, idle: 2 });

      acquired.push(await pool.acquire());
      expect(pool.stats()).toMatchObject({ acquiredWarm: 1, acquiredCold: 0 });
      expect(await pageCount(acquired[0] as LaunchedBrowser)).toBe(1);
      await pool.settled();
      expect(pool.stats()).toMatchObject({ launched: 3, idle: 2 });

      acquired.push(await pool.acquire(), await pool.acquire());
      await pool.settled();
      expect(pool.stats().idle).toBe(2);
      expect(new Set(acquired.map((browser) => browser.pid)).size).toBe(3);
    } finally {
      await pool.close();
      await Promise.all(acquired.map((browser) => browser.close()));
    }
    expect(pool.stats().idle).toBe(0);
  });

  it('should hand out pages at its viewport (the window size by default), resized only for another size', async () => {
    const sized = new BrowserPool({
      chromiumPath: CHROMIUM_PATH,
      userDataDirPrefix: prefix,
      size: 1,
      viewport: { width: 1000, height: 600 },
    });
    const plain = new BrowserPool({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix, size: 0 });
    const acquired: LaunchedBrowser[] = [];
    try {
      await sized.start();
      await sized.settled();
      acquired.push(await sized.acquire());
      expect(sized.stats()).toMatchObject({ acquiredWarm: 1 });
      await expect.poll(() => viewportOf(acquired[0] as LaunchedBrowser)).toEqual([1000, 600]);
      expect(await (acquired[0] as LaunchedBrowser).page.currentUrl()).toBe('about:blank');

      acquired.push(await sized.acquire({ width: 800, height: 500 }));
      await expect.poll(() => viewportOf(acquired[1] as LaunchedBrowser)).toEqual([800, 500]);

      acquired.push(await plain.acquire());
      await expect.poll(() => viewportOf(acquired[2] as LaunchedBrowser)).toEqual([1280, 720]);
    } finally {
      await Promise.all([sized.close(), plain.close()]);
      await Promise.all(acquired.map((browser) => browser.close()));
    }
  });

  it('should launch at once when no browser is idle', async () => {
    const pool = new BrowserPool({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix, size: 0 });
    await pool.start();
    const browser = await pool.acquire();
    try {
      expect(pool.stats()).toMatchObject({ acquiredWarm: 0, acquiredCold: 1, launched: 1, idle: 0 });
      expect(browser.alive).toBe(true);
    } finally {
      await browser.close();
      await pool.close();
    }
  });

  it('should drop an idle browser that died and replace it', async () => {
    const pool = new BrowserPool({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix, size: 1 });
    try {
      await pool.start();
      await pool.settled();
      const [idlePid] = browserMainPids(prefix);
      expect(idlePid).toBeDefined();
      process.kill(idlePid as number, 'SIGKILL');
      await waitFor('the dead browser to be replaced', () => {
        const stats = pool.stats();
        return stats.diedIdle === 1 && stats.idle === 1 && stats.launched === 2;
      });
      await waitFor('the dead browser to be gone', () => !groupRuns(idlePid as number));
      const fresh = await pool.acquire();
      expect(fresh.pid).not.toBe(idlePid);
      expect(fresh.alive).toBe(true);
      expect(pool.stats()).toMatchObject({ acquiredWarm: 1 });
      await fresh.close();
    } finally {
      await pool.close();
    }
  });

  it('should kill idle browsers and launches under way when closed', async () => {
    const pool = new BrowserPool({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix, size: 2 });
    await pool.start();
    await waitFor('one idle browser', () => pool.stats().idle >= 1);
    const pids = browserMainPids(prefix);
    await pool.close();
    for (const pid of pids) expect(groupRuns(pid)).toBe(false);
    expect(browserMainPids(prefix)).toEqual([]);
    expect(pool.stats().idle).toBe(0);
    await expect(pool.acquire()).rejects.toThrow(/closed/);
    // The second launch was under way (or done) at close: nothing of it may be left.
    expect(browserFolders()).toEqual([]);
  });

  it('should ready each browser it keeps with its warm-up and hand it out blank, with no history', async () => {
    const site = await serveSite({ '/': html('<h1>Warm</h1>') });
    const pool = new BrowserPool({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix, size: 1 });
    const warmed: number[] = [];
    try {
      await pool.start({
        warmUp: async (browser) => {
          warmed.push(browser.pid);
          await browser.page.navigate(`${site.url}/`);
          await browser.page.navigate('about:blank');
          await browser.page.resetHistory();
          return true;
        },
      });
      await pool.settled();
      expect(pool.stats()).toMatchObject({ warmedUp: 1, idle: 1 });
      const browser = await pool.acquire();
      try {
        expect(warmed[0]).toBe(browser.pid);
        expect(await browser.page.currentUrl()).toBe('about:blank');
        expect(await historyOf(browser)).toEqual(['about:blank']);
      } finally {
        await browser.close();
      }
    } finally {
      await pool.close();
      await site.close();
    }
  });

  it('should put each browser on a network of its own that reaches nothing until bound, and closes with it', async () => {
    const pool = new BrowserPool({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix, size: 1 });
    const plain = new BrowserPool({
      chromiumPath: CHROMIUM_PATH,
      userDataDirPrefix: prefix,
      size: 0,
      network: false,
    });
    try {
      await pool.start({
        warmUp: async (browser) => {
          await browser.network?.bind({
            origins: ['http://warm.shop.localhost:1'],
            upstream: { host: '127.0.0.1', port: 1 },
          });
          return true;
        },
      });
      await pool.settled();
      const browser = await pool.acquire();
      const network = browser.network;
      expect(network?.rules).toBeUndefined();
      await browser.close();
      await expect(fetch(`http://127.0.0.1:${network?.port}/`)).rejects.toThrow();
      const bare = await plain.acquire();
      expect(bare.network).toBeUndefined();
      await bare.close();
    } finally {
      await Promise.all([pool.close(), plain.close()]);
    }
  });

  it('should close a browser whose warm-up failed and say why', async () => {
    const pool = new BrowserPool({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix, size: 1 });
    try {
      await pool.start({
        warmUp: async () => {
          throw new Error('no simulator');
        },
      });
      await pool.settled();
      expect(pool.stats()).toMatchObject({
        idle: 0,
        lastLaunchError: "The browser's warm-up failed: no simulator",
      });
      await waitFor('the browser to be gone', () => browserMainPids(prefix).length === 0);
    } finally {
      await pool.close();
    }
  });

  it('should give a browser back only under its key, reset to nothing of the environment before', async () => {
    const site = await serveSite({ '/': html('<h1>Shop</h1>') });
    const pool = new BrowserPool({
      chromiumPath: CHROMIUM_PATH,
      userDataDirPrefix: prefix,
      size: 0,
      network: false,
    });
    const acquired: LaunchedBrowser[] = [];
    try {
      await pool.start();
      const used = await pool.acquire(undefined, 'organization:1');
      acquired.push(used);
      // What an agent leaves behind: a page with storage and a cookie, another tab, a context of its own with
      // a page, a permission, a download and an upload.
      const agent = await CdpConnection.connect(used.wsEndpoint);
      try {
        const { targetInfos } = await agent.send('Target.getTargets');
        const targetId = targetInfos.find((info) => info.type === 'page')?.targetId as string;
        const { sessionId } = await agent.send('Target.attachToTarget', { targetId, flatten: true });
        await agent.send('Page.enable', undefined, sessionId);
        await agent.send('Page.navigate', { url: `${site.url}/` }, sessionId);
        await waitFor('the page to load', async () => (await readyStateOf(agent, sessionId)) === 'complete');
        await agent.send(
          'Runtime.evaluate',
          {
            expression:
              "localStorage.setItem('left', 'behind'); document.cookie = 'left=behind; max-age=3600'",
          },
          sessionId,
        );
        await agent.send('Target.createTarget', { url: `${site.url}/` });
        const { browserContextId } = await agent.send('Target.createBrowserContext');
        await agent.send('Target.createTarget', { url: 'about:blank', browserContextId });
        await agent.send('Browser.grantPermissions', { origin: site.url, permissions: ['geolocation'] });
      } finally {
        agent.close();
      }
      writeFileSync(join(used.downloadsDir, 'report.pdf'), 'downloaded');
      writeFileSync(join(used.uploadsDir, 'upload.txt'), 'uploaded');

      await pool.recycle(used, 'organization:1', [site.url]);
      acquired.splice(0);
      expect(pool.stats()).toMatchObject({ kept: 1, acquiredKept: 0 });
      expect(pool.hasKept('organization:2')).toBe(false);
      const other = await pool.acquire(undefined, 'organization:2');
      acquired.push(other);
      expect(other.pid).not.toBe(used.pid);
      expect(pool.hasKept('organization:1')).toBe(true);
      const again = await pool.acquire(undefined, 'organization:1');
      acquired.push(again);
      expect(again.pid).toBe(used.pid);
      expect(pool.stats()).toMatchObject({ acquiredKept: 1, kept: 1 });
      expect(pool.hasKept('organization:1')).toBe(false);

      expect(await pageCount(again)).toBe(1);
      expect(await again.page.currentUrl()).toBe('about:blank');
      expect(await historyOf(again)).toEqual(['about:blank']);
      expect(readdirSync(again.downloadsDir)).toEqual([]);
      expect(readdirSync(again.uploadsDir)).toEqual([]);
      await again.page.navigate(`${site.url}/`);
      const left = await onPage(again, async (connection, sessionId) => {
        const { browserContextIds } = await connection.send('Target.getBrowserContexts');
        const { result } = await connection.send(
          'Runtime.evaluate',
          {
            expression: `(async () => [localStorage.getItem('left'), document.cookie,
              (await navigator.permissions.query({ name: 'geolocation' })).state])()`,
            awaitPromise: true,
            returnByValue: true,
          },
          sessionId,
        );
        return { contexts: browserContextIds, page: result.value as unknown };
      });
      expect(left).toEqual({ contexts: [], page: [null, '', 'prompt'] });
    } finally {
      await pool.close();
      await Promise.all(acquired.map((browser) => browser.close()));
      await site.close();
    }
  });

  it('should close a browser given back when nobody takes it in time, and when the pool closes', async () => {
    const pool = new BrowserPool({
      chromiumPath: CHROMIUM_PATH,
      userDataDirPrefix: prefix,
      size: 0,
      network: false,
      keptMs: 300,
    });
    try {
      await pool.start();
      const first = await pool.acquire(undefined, 'organization:1');
      await pool.recycle(first, 'organization:1', []);
      expect(pool.hasKept('organization:1')).toBe(true);
      await waitFor('the unclaimed browser to be closed', () => !groupRuns(first.pid));
      expect(pool.hasKept('organization:1')).toBe(false);

      const second = await pool.acquire(undefined, 'organization:1');
      expect(pool.stats().acquiredKept).toBe(0);
      await pool.recycle(second, 'organization:1', []);
      await pool.close();
      expect(groupRuns(second.pid)).toBe(false);
      expect(browserFolders()).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it('should report a launch failure and still launch on acquire', async () => {
    const pool = new BrowserPool({
      chromiumPath: '/nonexistent/chromium',
      userDataDirPrefix: prefix,
      size: 1,
    });
    await pool.start();
    await pool.settled();
    expect(pool.stats().lastLaunchError).toMatch(/ENOENT/);
    await expect(pool.acquire()).rejects.toThrow(/ENOENT/);
    await pool.close();
  });
});

function browserFolders(): string[] {
  const parent = dirname(prefix);
  return readdirSync(parent).filter((name) => name.startsWith(basename(prefix)));
}
