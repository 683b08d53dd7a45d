import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { launchBrowser } from '../src/browser/launch';
import { liveGroupMembers } from '../src/browser/processGroup';
import { CdpConnection } from '../src/cdp/connection';
import { CHROMIUM_PATH, groupRuns, html, serveSite, testPrefix, waitFor } from './environmentFixtures';

const { prefix, remove } = testPrefix('launch');
afterAll(remove);

describe('launchBrowser', () => {
  it('should start a browser with one blank page and leave no process and no folder after close', async () => {
    const browser = await launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix });
    try {
      expect(groupRuns(browser.pid)).toBe(true);
      expect(browser.folder.startsWith(prefix)).toBe(true);
      for (const dir of [browser.userDataDir, browser.downloadsDir, browser.uploadsDir])
        expect(existsSync(dir)).toBe(true);
      const connection = await CdpConnection.connect(browser.wsEndpoint);
      const { targetInfos } = await connection.send('Target.getTargets');
      // No chrome://newtab and no hidden chrome:// WebUI targets: only the blank page.
      expect(targetInfos.map((info) => [info.type, info.url])).toEqual([['page', 'about:blank']]);
      connection.close();
    } finally {
      await browser.close();
    }
    expect(groupRuns(browser.pid)).toBe(false);
    expect(existsSync(browser.folder)).toBe(false);
    expect(browser.alive).toBe(false);
  });

  it("should come with Proctor's control of its page, at the viewport asked for, closed with the browser", async () => {
    const [browser, site] = await Promise.all([
      launchBrowser({
        chromiumPath: CHROMIUM_PATH,
        userDataDirPrefix: prefix,
        viewport: { width: 1000, height: 600 },
      }),
      serveSite({ '/': html('<h1>Start</h1>', 'Start') }),
    ]);
    try {
      await browser.page.navigate(`${site.url}/`);
      expect(await browser.page.currentUrl()).toBe(`${site.url}/`);
      const connection = await CdpConnection.connect(browser.wsEndpoint);
      const { targetInfos } = await connection.send('Target.getTargets');
      const page = targetInfos.filter((info) => info.type === 'page');
      expect(page.map((info) => info.url)).toEqual([`${site.url}/`]);
      const { sessionId } = await connection.send('Target.attachToTarget', {
        targetId: page[0]!.targetId,
        flatten: true,
      });
      const viewport = () =>
        connection
          .send(
            'Runtime.evaluate',
            { expression: '[innerWidth, innerHeight]', returnByValue: true },
            sessionId,
          )
          .then(({ result }) => result.value);
      await expect.poll(viewport).toEqual([1000, 600]);
      connection.close();
    } finally {
      await browser.close();
      await site.close();
    }
    await expect(browser.page.ping()).rejects.toThrow();
  });

  it("should give Proctor's own browser-level connections over the pipe, each closed on its own", async () => {
    const [browser, site] = await Promise.all([
      launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix }),
      serveSite({ '/': html('<h1>Start</h1>', 'Start') }),
    ]);
    try {
      const [first, second] = await Promise.all([browser.connect(), browser.connect()]);
      const { targetInfos } = await first.send('Target.getTargets');
      const page = targetInfos.find((info) => info.type === 'page');
      const { sessionId } = await first.send('Target.attachToTarget', {
        targetId: page!.targetId,
        flatten: true,
      });
      await first.send('Page.enable', undefined, sessionId);
      const loaded = new Promise<void>((resolve) => first.onEvent('Page.loadEventFired', () => resolve()));
      await browser.page.navigate(`${site.url}/`);
      await loaded;
      // The second connection is another client: the first one's session is not its to use.
      await expect(second.send('Runtime.evaluate', { expression: '1' }, sessionId)).rejects.toThrow(
        /Session with given id not found/,
      );
      first.close();
      const { targetInfos: after } = await second.send('Target.getTargets');
      expect(after.filter((info) => info.type === 'page').map((info) => info.url)).toEqual([`${site.url}/`]);
      second.close();
      expect(await browser.page.currentUrl()).toBe(`${site.url}/`);
    } finally {
      await browser.close();
      await site.close();
    }
  });

  it('should serve /json/version under its token only and refuse requests that carry an Origin', async () => {
    const browser = await launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix });
    try {
      const version = (await (await fetch(`${browser.httpEndpoint}/json/version/`)).json()) as Record<
        string,
        string
      >;
      expect(version.Browser).toMatch(/^(Headless)?Chrome\//);
      expect(version.webSocketDebuggerUrl).toBe(browser.wsEndpoint);
      expect((await fetch(`http://127.0.0.1:${browser.port}/json/version`)).status).toBe(404);
      expect(
        (await fetch(`${browser.httpEndpoint}/json/version`, { headers: { origin: 'http://x.localhost' } }))
          .status,
      ).toBe(404);
      // A page's WebSocket always carries an Origin: even with the token it cannot connect.
      const fromPage = new WebSocket(browser.wsEndpoint, { origin: `http://127.0.0.1:${browser.port}` });
      const refused = await new Promise<string>((resolve) => {
        fromPage.once('open', () => resolve('open'));
        fromPage.once('error', (error) => resolve(error.message));
      });
      expect(refused).toMatch(/404/);
    } finally {
      await browser.close();
    }
  });

  it('should not listen on any DevTools port of its own', async () => {
    const browser = await launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix });
    try {
      expect(readdirSync(browser.userDataDir)).not.toContain('DevToolsActivePort');
      const listening = new Set(listeningInodes());
      const sockets = liveGroupMembers(browser.pid).flatMap((pid) => socketInodes(pid));
      expect(sockets.length).toBeGreaterThan(0);
      expect(sockets.filter((inode) => listening.has(inode))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('should report an exit when the browser dies, and close cleanly afterwards', async () => {
    const browser = await launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix });
    process.kill(browser.pid, 'SIGKILL');
    const exit = await browser.exited;
    expect(exit.signal).toBe('SIGKILL');
    expect(browser.alive).toBe(false);
    await browser.close();
    expect(groupRuns(browser.pid)).toBe(false);
    expect(existsSync(browser.folder)).toBe(false);
  });

  it('should fail with a clear error and leave no folder when Chromium cannot start', async () => {
    const before = existingFolders();
    await expect(
      launchBrowser({ chromiumPath: '/nonexistent/chromium', userDataDirPrefix: prefix }),
    ).rejects.toThrow(/Chromium did not start: .*ENOENT/);
    expect(existingFolders()).toEqual(before);
  });

  it('should kill the browser when the launch is aborted', async () => {
    const controller = new AbortController();
    const launching = launchBrowser({
      chromiumPath: CHROMIUM_PATH,
      userDataDirPrefix: prefix,
      signal: controller.signal,
    });
    const folder = await waitFor('the environment folder', () => existingFolders().at(-1));
    controller.abort();
    await expect(launching).rejects.toThrow(/launch aborted/);
    expect(existsSync(folder)).toBe(false);
  });
});

function existingFolders(): string[] {
  const parent = prefix.slice(0, prefix.lastIndexOf('/'));
  return readdirSync(parent)
    .map((name) => `${parent}/${name}`)
    .sort();
}

/** Inodes of listening TCP sockets (state 0A) from /proc/net/tcp and tcp6. */
function listeningInodes(): string[] {
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) =>
    existsSync(file)
      ? readFileSync(file, 'utf8')
          .split('\n')
          .slice(1)
          .map((line) => line.trim().split(/\s+/))
          .filter((fields) => fields[3] === '0A')
          .map((fields) => fields[9] as string)
      : [],
  );
}

/** Inodes of the sockets a process holds. */
function socketInodes(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        const inode = readlinkSync(`/proc/${pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/)?.[1];
        return inode ? [inode] : [];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}
