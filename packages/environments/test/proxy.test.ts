import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { type LaunchedBrowser, launchBrowser } from '../src/browser/launch';
import { CdpConnection } from '../src/cdp/connection';
import { fetchDevToolsJson } from '../src/cdp/devtoolsJson';
import { servedInProcess } from '../src/cdp/endpointServer';
import { PROXY_CLOSE, proxyCdpClient } from '../src/cdp/proxy';
import { CHROMIUM_PATH, html, serveSite, type TestSite, testPrefix, waitFor } from './environmentFixtures';

const { prefix, remove } = testPrefix('proxy');
let browser: LaunchedBrowser;
let site: TestSite;
/** Each download of the report differs, so that a download that overwrote an earlier one is told apart. */
let reportsServed = 0;
let gateway: { httpUrl: string; wsUrl: string; commands: string[]; close(): Promise<void> };

/**
 * What Proctor's server does for an environment: /json/* through fetchDevToolsJson, upgrades through the proxy.
 * `upstreamOf` turns the browser's endpoint into the one the proxy is given (a relay: an endpoint served elsewhere).
 */
async function serveGateway(
  target: LaunchedBrowser,
  upstreamOf: (wsEndpoint: string) => string = (wsEndpoint) => wsEndpoint,
): Promise<typeof gateway> {
  const sockets = new WebSocketServer({ noServer: true });
  const commands: string[] = [];
  let wsUrl = '';
  const server: Server = createServer((request, response) => {
    fetchDevToolsJson(request.url ?? '/', {
      upstreamHttpEndpoint: target.httpEndpoint,
      publicWsEndpoint: wsUrl,
      publicPageWsEndpoint: (targetId) => `${wsUrl}/page/${targetId}`,
    }).then(
      (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body),
      (error: Error) => response.writeHead(502).end(error.message),
    );
  });
  server.on('upgrade', (request, socket, head) => {
    sockets.handleUpgrade(request, socket, head, (client) => {
      // The test watches what clients send, next to the proxy.
      client.on('message', (data) => {
        const method = data.toString().match(/"method":"([^"]+)"/)?.[1];
        if (method) commands.push(method);
      });
      const page = request.url?.match(/^\/cdp\/page\/([A-Za-z0-9]+)$/)?.[1];
      const upstream = upstreamOf(page ? target.pageWsEndpoint(page) : target.wsEndpoint);
      proxyCdpClient(client, upstream, {
        uploadDir: target.uploadsDir,
        downloadDir: target.downloadsDir,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  wsUrl = `ws://127.0.0.1:${port}/cdp`;
  return {
    httpUrl: `http://127.0.0.1:${port}`,
    wsUrl,
    commands,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of sockets.clients) client.terminate();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

beforeAll(async () => {
  [browser, site] = await Promise.all([
    launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix }),
    serveSite({
      '/': html('<h1>Hello</h1>', 'Simulated shop'),
      '/form': html('<input type="file" id="file"><input type="file" id="files" multiple>', 'Upload'),
      '/downloads': html('<a id="report" href="/report.csv" download>Report</a>', 'Downloads'),
      '/report.csv': (_request, response) => {
        reportsServed += 1;
        response.writeHead(200, {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="report.csv"',
        });
        response.end(`id,total\n${reportsServed},42\n`);
      },
    }),
  ]);
  gateway = await serveGateway(browser);
});

afterAll(async () => {
  await gateway?.close();
  await site?.close();
  await browser?.close();
  remove();
});

async function connect(): Promise<Browser> {
  return chromium.connectOverCDP(gateway.httpUrl, { timeout: 15_000 });
}

/** A raw CDP client through the proxy, as an agent without Playwright would be. */
async function rawClient(): Promise<CdpConnection> {
  return CdpConnection.connect(gateway.wsUrl);
}

async function pageSession(connection: CdpConnection, url: string): Promise<string> {
  const { targetId } = await connection.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await connection.send('Target.attachToTarget', { targetId, flatten: true });
  await connection.send('Page.enable', undefined, sessionId);
  const loaded = new Promise<void>((resolve) => {
    const stop = connection.onEvent('Page.loadEventFired', (_event, from) => {
      if (from === sessionId) {
        stop();
        resolve();
      }
    });
  });
  await connection.send('Page.navigate', { url }, sessionId);
  await loaded;
  return sessionId;
}

async function closeAllButOnePage(): Promise<void> {
  const connection = await rawClient();
  const { targetInfos } = await connection.send('Target.getTargets');
  for (const info of targetInfos.filter((target) => target.type === 'page').slice(1))
    await connection.send('Target.closeTarget', { targetId: info.targetId });
  connection.close();
}

describe('the CDP proxy', () => {
  it("should let Playwright's connectOverCDP follow /json/version and drive a page", async () => {
    const agent = await connect();
    try {
      const context = agent.contexts()[0];
      expect(context).toBeDefined();
      const page = await context!.newPage();
      await page.goto(`${site.url}/`);
      expect(await page.title()).toBe('Simulated shop');
      await page.goto('data:text/html,<title>Inline</title><p>hi</p>');
      expect(await page.title()).toBe('Inline');
      await page.close();
    } finally {
      await agent.close();
    }
  });

  it('should answer Browser.close and end only that connection, keeping the browser for the next one', async () => {
    const agent = await connect();
    gateway.commands.length = 0;
    await agent.close();
    // Playwright 1.65's close() of a connectOverCDP browser only disconnects; other clients send Browser.close.
    expect(gateway.commands).not.toContain('Browser.close');
    // Puppeteer's browser.close(), or any raw client, sends it.
    const socket = new WebSocket(gateway.wsUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    const answer = new Promise<string>((resolve) =>
      socket.once('message', (data) => resolve(data.toString())),
    );
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    socket.send(JSON.stringify({ id: 5, method: 'Browser.close' }));
    expect(JSON.parse(await answer)).toEqual({ id: 5, result: {} });
    expect(await closed).toEqual({
      code: PROXY_CLOSE.browserClose,
      reason: 'Browser.close ends this connection; the environment browser keeps running',
    });
    expect(browser.alive).toBe(true);

    const again = await connect();
    try {
      const page = await again.contexts()[0]!.newPage();
      await page.goto(`${site.url}/`);
      expect(await page.title()).toBe('Simulated shop');
      await page.close();
    } finally {
      await again.close();
    }
    expect(browser.alive).toBe(true);
    await closeAllButOnePage();
  });

  it('should refuse navigations to the host files and the browser pages, with or without a session', async () => {
    const agent = await connect();
    try {
      const page = await agent.contexts()[0]!.newPage();
      for (const url of ['file:///etc/hostname', 'chrome://settings', 'view-source:https://example.com']) {
        await expect(page.goto(url)).rejects.toThrow(/Page.navigate is not allowed in a Proctor environment/);
      }
      expect(page.url()).toBe('about:blank');
      await expect(
        agent
          .contexts()[0]!
          .newPage()
          .then((blank) => blank.goto('devtools://devtools/')),
      ).rejects.toThrow(/not allowed/);
    } finally {
      await agent.close();
    }
    const raw = await rawClient();
    try {
      await expect(raw.send('Target.createTarget', { url: 'file:///etc/passwd' })).rejects.toThrow(
        /Target.createTarget is not allowed in a Proctor environment/,
      );
      const sessionId = await pageSession(raw, `${site.url}/`);
      await expect(raw.send('Page.navigate', { url: 'file:///etc/hostname' }, sessionId)).rejects.toThrow(
        /not allowed/,
      );
    } finally {
      raw.close();
    }
    await closeAllButOnePage();
  });

  it('should refuse the commands that reach past the browser', async () => {
    const raw = await rawClient();
    try {
      for (const method of [
        'Browser.crash',
        'Browser.crashGpuProcess',
        'Browser.getBrowserCommandLine',
        'SystemInfo.getInfo',
        'SystemInfo.getProcessInfo',
      ] as const) {
        await expect(raw.send(method)).rejects.toThrow(`${method} is not allowed in a Proctor environment`);
      }
      const { targetInfos } = await raw.send('Target.getTargets');
      const targetId = targetInfos.find((info) => info.type === 'page')!.targetId;
      await expect(raw.send('Target.exposeDevToolsProtocol', { targetId })).rejects.toThrow(/not allowed/);
      await expect(raw.send('Target.attachToTarget', { targetId })).rejects.toThrow(/flatten: true/);
      // Still connected and working.
      expect((await raw.send('Browser.getVersion')).product).toMatch(/^(Headless)?Chrome\//);
    } finally {
      raw.close();
    }
    expect(browser.alive).toBe(true);
  });

  it('should put only files of the uploads folder into file inputs', async () => {
    writeFileSync(join(browser.uploadsDir, 'invoice.pdf'), '%PDF-1.4 test');
    symlinkSync('/etc/hostname', join(browser.uploadsDir, 'sneaky.txt'));
    const raw = await rawClient();
    try {
      const sessionId = await pageSession(raw, `${site.url}/form`);
      const { root } = await raw.send('DOM.getDocument', undefined, sessionId);
      const { nodeId } = await raw.send(
        'DOM.querySelector',
        { nodeId: root.nodeId, selector: '#file' },
        sessionId,
      );
      const setFiles = (files: string[]) => raw.send('DOM.setFileInputFiles', { files, nodeId }, sessionId);
      const chosen = () =>
        raw
          .send(
            'Runtime.evaluate',
            {
              expression: "[...document.querySelector('#file').files].map((f) => f.name)",
              returnByValue: true,
            },
            sessionId,
          )
          .then(({ result }) => result.value as string[]);

      for (const files of [
        ['/etc/hostname'],
        [join(browser.uploadsDir, 'sneaky.txt')],
        [join(browser.uploadsDir, '..', 'profile', 'Default', 'Preferences')],
        ['invoice.pdf'],
        [browser.uploadsDir],
      ]) {
        await expect(setFiles(files), files.join()).rejects.toThrow(
          'DOM.setFileInputFiles is not allowed in a Proctor environment: files must be inside the environment uploads folder',
        );
      }
      expect(await chosen()).toEqual([]);
      await setFiles([join(browser.uploadsDir, 'invoice.pdf')]);
      expect(await chosen()).toEqual(['invoice.pdf']);
    } finally {
      raw.close();
    }
    await closeAllButOnePage();
  });

  it("should let Playwright's setInputFiles send the agent's own file contents", async () => {
    const agent = await connect();
    gateway.commands.length = 0;
    try {
      const page = await agent.contexts()[0]!.newPage();
      await page.goto(`${site.url}/form`);
      const local = join(browser.folder, 'agent-side.txt');
      writeFileSync(local, 'from the agent machine');
      await page.locator('#file').setInputFiles(local);
      const content = await page.evaluate("document.querySelector('#file').files[0].text()");
      expect(content).toBe('from the agent machine');
      // A remote Playwright sends contents, never a path on the browser's machine.
      expect(gateway.commands).not.toContain('DOM.setFileInputFiles');
      await page.close();
    } finally {
      await agent.close();
    }
  });

  it('should force every download into the environment downloads folder', async () => {
    // A download in progress is a .crdownload file that is renamed when it completes.
    const downloaded = (n: number) => () =>
      readdirSync(browser.downloadsDir).some((name) => {
        try {
          return readFileSync(join(browser.downloadsDir, name), 'utf8') === `id,total\n${n},42\n`;
        } catch {
          return false;
        }
      });
    const clickReport = (client: CdpConnection, sessionId: string) =>
      client.send('Runtime.evaluate', { expression: "document.querySelector('#report').click()" }, sessionId);
    const agent = await connect();
    try {
      const page = await agent.contexts()[0]!.newPage();
      await page.goto(`${site.url}/downloads`);
      const first = reportsServed + 1;
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#report')]);
      expect(download.suggestedFilename()).toBe('report.csv');
      // Playwright asked for a temporary folder of its own; the file is in the environment's.
      await waitFor('the download in the downloads folder', downloaded(first));
      await page.close();
    } finally {
      await agent.close();
    }

    // After Playwright left (which resets Chromium's download behaviour), a client that asks for another folder,
    // and one that asks for nothing, still download into the environment's folder.
    const elsewhere = mkdtempSync(join(tmpdir(), 'proctor-env-test-elsewhere-'));
    const raw = await rawClient();
    try {
      await raw.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: elsewhere });
      const sessionId = await pageSession(raw, `${site.url}/downloads`);
      const forced = reportsServed + 1;
      await clickReport(raw, sessionId);
      await waitFor('the forced download', downloaded(forced));
      expect(readdirSync(elsewhere)).toEqual([]);
    } finally {
      raw.close();
      rmSync(elsewhere, { recursive: true, force: true });
    }
    const plain = await rawClient();
    try {
      const sessionId = await pageSession(plain, `${site.url}/downloads`);
      const unasked = reportsServed + 1;
      await clickReport(plain, sessionId);
      await waitFor('the download without a behaviour', downloaded(unasked));
    } finally {
      plain.close();
    }
    await closeAllButOnePage();
  });

  it('should close a client that sends malformed JSON, with a clear reason', async () => {
    const socket = new WebSocket(gateway.wsUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    socket.send('{"id": 1, "method": ');
    expect(await closed).toEqual({
      code: PROXY_CLOSE.malformed,
      reason: 'Malformed CDP message: not valid JSON',
    });
    expect(browser.alive).toBe(true);
  });

  it("should not let a client use another client's session", async () => {
    const owner = await rawClient();
    const intruder = await rawClient();
    try {
      const sessionId = await pageSession(owner, 'data:text/html,<title>Private</title>');
      await expect(
        intruder.send('Runtime.evaluate', { expression: 'document.title', returnByValue: true }, sessionId),
      ).rejects.toThrow(/Session with given id not found/);
      await expect(intruder.send('Target.detachFromTarget', { sessionId })).rejects.toThrow(
        /Session with given id not found/,
      );
      const { result } = await owner.send(
        'Runtime.evaluate',
        { expression: 'document.title', returnByValue: true },
        sessionId,
      );
      expect(result.value).toBe('Private');
    } finally {
      owner.close();
      intruder.close();
    }
    await closeAllButOnePage();
  });

  it("should keep pages away from the browser's DevTools endpoint", async () => {
    const raw = await rawClient();
    try {
      const sessionId = await pageSession(raw, `${site.url}/`);
      // Even a page that somehow knew the endpoint's secret URL cannot open it.
      const { result } = await raw.send(
        'Runtime.evaluate',
        {
          expression: `new Promise((resolve) => {
            const socket = new WebSocket(${JSON.stringify(browser.wsEndpoint)});
            socket.onopen = () => resolve('open');
            socket.onerror = () => resolve('refused');
          })`,
          awaitPromise: true,
          returnByValue: true,
        },
        sessionId,
      );
      expect(result.value).toBe('refused');
      const listing = await raw.send(
        'Runtime.evaluate',
        {
          expression: `fetch(${JSON.stringify(`${browser.httpEndpoint}/json/list`)}, { mode: 'no-cors' }).then(
            (response) => response.type, () => 'refused')`,
          awaitPromise: true,
          returnByValue: true,
        },
        sessionId,
      );
      // An opaque answer (a 404 at that): the page can read nothing.
      expect(['opaque', 'refused']).toContain(listing.result.value);
    } finally {
      raw.close();
    }
    await closeAllButOnePage();
  });

  it('should list pages with public addresses only, and relay a page endpoint through the policy', async () => {
    const version = await (await fetch(`${gateway.httpUrl}/json/version/`)).text();
    const listing = await (await fetch(`${gateway.httpUrl}/json/list`)).text();
    const internal = new URL(browser.wsEndpoint).pathname.split('/')[1] as string;
    for (const body of [version, listing]) {
      expect(body).not.toContain(internal);
      expect(body).not.toContain(`:${browser.port}`);
    }
    expect(JSON.parse(version).webSocketDebuggerUrl).toBe(gateway.wsUrl);
    const pages = (JSON.parse(listing) as Array<{ type: string; webSocketDebuggerUrl: string }>).filter(
      (entry) => entry.type === 'page',
    );
    expect(pages.length).toBeGreaterThan(0);
    const pageClient = await CdpConnection.connect(pages[0]!.webSocketDebuggerUrl);
    try {
      const { result } = await pageClient.send('Runtime.evaluate', {
        expression: '6 * 7',
        returnByValue: true,
      });
      expect(result.value).toBe(42);
      await expect(pageClient.send('Page.navigate', { url: 'file:///etc/hostname' })).rejects.toThrow(
        /not allowed/,
      );
    } finally {
      pageClient.close();
    }
  });

  it('should close its clients when the environment browser goes away', async () => {
    const own = testPrefix('proxy-own');
    const doomed = await launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: own.prefix });
    const doomedGateway = await serveGateway(doomed);
    try {
      const socket = new WebSocket(doomedGateway.wsUrl);
      await new Promise((resolve) => socket.once('open', resolve));
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      await doomed.close();
      expect(await closed).toBe(PROXY_CLOSE.upstreamGone);
    } finally {
      await doomedGateway.close();
      await doomed.close();
      own.remove();
    }
  });
});

/** A WebSocket relay to `wsEndpoint`: to the proxy, an endpoint that another process serves. */
async function serveRelay(): Promise<{ urlFor(wsEndpoint: string): string; close(): Promise<void> }> {
  const relay = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => relay.once('listening', resolve));
  relay.on('connection', (client, request) => {
    const target = decodeURIComponent(request.url?.slice(1) ?? '');
    const upstream = new WebSocket(target);
    const early: string[] = [];
    client.on('message', (data) => {
      if (upstream.readyState === WebSocket.OPEN) upstream.send(data.toString());
      else early.push(data.toString());
    });
    upstream.on('open', () => {
      for (const text of early.splice(0)) upstream.send(text);
    });
    upstream.on('message', (data) => client.send(data.toString()));
    upstream.on('close', () => client.close());
    upstream.on('error', () => client.close());
    client.on('close', () => upstream.close());
  });
  const { port } = relay.address() as AddressInfo;
  return {
    urlFor: (wsEndpoint) => `ws://127.0.0.1:${port}/${encodeURIComponent(wsEndpoint)}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of relay.clients) client.terminate();
        relay.close(() => resolve());
      }),
  };
}

describe('the CDP proxy, to an endpoint another process serves', () => {
  it('should reach the endpoints of browsers this process launched without a socket, until they close', async () => {
    const own = testPrefix('proxy-in-process');
    const local = await launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: own.prefix });
    try {
      expect(servedInProcess(local.wsEndpoint)).toMatchObject({ targetId: undefined });
      expect(servedInProcess(local.pageWsEndpoint('ABC123'))).toMatchObject({ targetId: 'ABC123' });
      expect(servedInProcess(`${local.wsEndpoint}x`)).toBeUndefined();
      expect(servedInProcess('ws://127.0.0.1:9222/devtools/browser')).toBeUndefined();
    } finally {
      await local.close();
      own.remove();
    }
    expect(servedInProcess(local.wsEndpoint)).toBeUndefined();
  });

  it('should relay over a WebSocket, with the same policy, and close when the browser goes away', async () => {
    const own = testPrefix('proxy-socket');
    const remote = await launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: own.prefix });
    const relay = await serveRelay();
    const remoteGateway = await serveGateway(remote, relay.urlFor);
    try {
      const agent = await chromium.connectOverCDP(remoteGateway.httpUrl, { timeout: 15_000 });
      const page = agent.contexts()[0]!.pages()[0]!;
      await page.goto(`${site.url}/`);
      expect(await page.title()).toBe('Simulated shop');
      await expect(page.goto('file:///etc/hostname')).rejects.toThrow(/not allowed/);
      await agent.close();

      const socket = new WebSocket(remoteGateway.wsUrl);
      await new Promise((resolve) => socket.once('open', resolve));
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      await remote.close();
      expect(await closed).toBe(PROXY_CLOSE.upstreamGone);
    } finally {
      await remoteGateway.close();
      await relay.close();
      await remote.close();
      own.remove();
    }
  });
});
