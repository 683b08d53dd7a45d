import { createSocket } from 'node:dgram';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { type LaunchedBrowser, launchBrowser } from '../src/browser/launch';
import { networkAuthority } from '../src/network/authority';
import { REFUSAL_REASONS, routeOf } from '../src/network/routes';
import type { RefusedRequest } from '../src/network/rules';
import { CHROMIUM_PATH, testPrefix } from './environmentFixtures';

const { prefix, remove } = testPrefix('network');

/** A stand-in for the simulator host: answers by Host header, echoes WebSockets, and counts its connections. */
interface Upstream {
  port: number;
  connections: number;
  hosts: string[];
  close(): Promise<void>;
}

async function serveUpstream(): Promise<Upstream> {
  const upstream = { port: 0, connections: 0, hosts: [] as string[], close: async () => {} };
  const server: Server = createServer((request: IncomingMessage, response) => {
    upstream.hosts.push(request.headers.host ?? '');
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path === '/data') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ host: request.headers.host }));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Own</title><h1>${request.headers.host}</h1>`);
  });
  server.on('connection', () => {
    upstream.connections += 1;
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo:${data}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.port = (server.address() as AddressInfo).port;
  upstream.close = () =>
    new Promise<void>((resolve) => {
      sockets.close();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return upstream;
}

/** Proctor's side of a page: evaluates in the browser's one page over a CDP connection of the test's own. */
async function pageOf(browser: LaunchedBrowser) {
  const connection = await browser.connect();
  const { targetInfos } = await connection.send('Target.getTargets');
  const target = targetInfos.find((info) => info.type === 'page');
  const { sessionId } = await connection.send('Target.attachToTarget', {
    targetId: target?.targetId as string,
    flatten: true,
  });
  return {
    connection,
    async evaluate<T>(expression: string): Promise<T> {
      const { result, exceptionDetails } = await connection.send(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
        sessionId,
      );
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value as T;
    },
  };
}

let upstream: Upstream;
let browser: LaunchedBrowser;

beforeAll(async () => {
  upstream = await serveUpstream();
  browser = await launchBrowser({
    chromiumPath: CHROMIUM_PATH,
    userDataDirPrefix: prefix,
    network: await networkAuthority(),
  });
});

afterAll(async () => {
  await browser?.close();
  await upstream?.close();
  remove();
});

describe("an environment's own network", () => {
  it('should refuse everything, without connecting, until rules are bound', async () => {
    const before = upstream.connections;
    await browser.page.navigate(`http://127.0.0.1:${upstream.port}/`);
    const page = await pageOf(browser);
    try {
      expect(await page.evaluate<string>('document.title')).toBe('Blocked by Proctor');
      expect(await page.evaluate<string>('document.body.innerText')).toContain(REFUSAL_REASONS.unbound);
    } finally {
      page.connection.close();
    }
    expect(upstream.connections).toBe(before);
  });

  it("should carry the environment's own origin to its upstream with its Host, and refuse the rest with a page", async () => {
    const origin = `http://env-one.shop.localhost:${upstream.port}`;
    const refused: RefusedRequest[] = [];
    await browser.network?.bind({
      origins: [origin],
      upstream: { host: '127.0.0.1', port: upstream.port },
      onRefused: (event) => refused.push(event),
    });
    await browser.page.navigate(`${origin}/`);
    const page = await pageOf(browser);
    try {
      expect(await page.evaluate<string>('document.title')).toBe('Own');
      expect(await page.evaluate('fetch("/data").then((r) => r.json())')).toEqual({
        host: `env-one.shop.localhost:${upstream.port}`,
      });
      expect(
        await page.evaluate(`new Promise((resolve, reject) => {
          const socket = new WebSocket('ws://env-one.shop.localhost:${upstream.port}/');
          socket.onopen = () => socket.send('hi');
          socket.onmessage = (event) => resolve(event.data);
          socket.onerror = () => reject(new Error('socket failed'));
        })`),
      ).toBe('echo:hi');

      const before = upstream.connections;
      const status = (url: string) =>
        page.evaluate<number | string>(
          `fetch(${JSON.stringify(url)}, { mode: 'no-cors' }).then((r) => r.type === 'opaque' ? 'opaque' : r.status, (e) => 'error')`,
        );
      // Same-origin reads of the refusal come back as 403 where CORS lets the page see them; cross-origin
      // ones are opaque or errors. Either way nothing reaches the upstream.
      for (const url of [
        `http://127.0.0.1:${upstream.port}/data`,
        `http://localhost:${upstream.port}/data`,
        `http://env-two.shop.localhost:${upstream.port}/data`,
        'http://10.1.2.3/',
        'http://169.254.169.254/latest/meta-data/',
        'http://example.com/',
        'https://example.com/',
      ])
        expect(['opaque', 'error', 403]).toContain(await status(url));
      expect(
        await page.evaluate(`new Promise((resolve) => {
          const socket = new WebSocket('ws://env-two.shop.localhost:${upstream.port}/');
          socket.onopen = () => resolve('open');
          socket.onerror = () => resolve('refused');
        })`),
      ).toBe('refused');
      expect(upstream.connections).toBe(before);
    } finally {
      page.connection.close();
    }

    await browser.page.navigate('https://example.com/');
    const refusal = await pageOf(browser);
    try {
      expect(await refusal.evaluate<string>('document.title')).toBe('Blocked by Proctor');
      expect(await refusal.evaluate<string>('document.body.innerText')).toContain(
        REFUSAL_REASONS.outsideClosed,
      );
    } finally {
      refusal.connection.close();
    }
    const reasons = new Map(refused.map((event) => [new URL(event.url).origin, event.reason]));
    expect(reasons.get(`http://127.0.0.1:${upstream.port}`)).toBe(REFUSAL_REASONS.loopback);
    expect(reasons.get(`http://env-two.shop.localhost:${upstream.port}`)).toBe(
      REFUSAL_REASONS.otherEnvironment,
    );
    expect(reasons.get('http://10.1.2.3')).toBe(REFUSAL_REASONS.private);
    expect(reasons.get('http://169.254.169.254')).toBe(REFUSAL_REASONS.linkLocal);
    expect(reasons.get('https://example.com')).toBe(REFUSAL_REASONS.outsideClosed);
    // Once per origin and reason.
    expect(refused.filter((event) => event.url.startsWith('https://example.com')).length).toBe(1);
  });

  it('should answer in process first, hand outside addresses to `outside`, and still refuse this machine', async () => {
    const origin = `http://env-three.shop.localhost:${upstream.port}`;
    const outside: string[] = [];
    await browser.network?.bind({
      origins: [origin],
      upstream: { host: '127.0.0.1', port: upstream.port },
      answer: async (request) =>
        new URL(request.url).pathname === '/answered'
          ? {
              status: 200,
              headers: { 'content-type': 'text/plain' },
              body: Buffer.from(`answered ${request.method}`),
            }
          : undefined,
      outside: async (request) => {
        outside.push(`${request.method} ${request.url} ${request.body.toString()}`);
        return {
          status: 200,
          headers: { 'access-control-allow-origin': '*' },
          body: Buffer.from('from outside'),
        };
      },
    });
    await browser.page.navigate(`${origin}/`);
    const page = await pageOf(browser);
    try {
      const text = (url: string, init = '{}') =>
        page.evaluate<string>(`fetch(${JSON.stringify(url)}, ${init}).then((r) => r.text(), () => 'error')`);
      expect(await text('/answered')).toBe('answered GET');
      expect(await text('/data')).toBe(JSON.stringify({ host: `env-three.shop.localhost:${upstream.port}` }));
      expect(await text('http://outside.example/path', "{ method: 'POST', body: 'sent' }")).toBe(
        'from outside',
      );
      expect(outside).toEqual(['POST http://outside.example/path sent']);
      expect(await text('http://10.9.8.7/', "{ mode: 'no-cors' }")).toBe('');
      expect(await text(`http://127.0.0.1:${upstream.port}/data`, "{ mode: 'no-cors' }")).toBe('');
      expect(outside).toHaveLength(1);
    } finally {
      page.connection.close();
    }
  });

  it('should hold a browser context made over CDP to the same network', async () => {
    const before = upstream.connections;
    const connection = await browser.connect();
    try {
      const { browserContextId } = await connection.send('Target.createBrowserContext', {});
      const { targetId } = await connection.send('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
      });
      const { sessionId } = await connection.send('Target.attachToTarget', { targetId, flatten: true });
      await connection.send('Page.enable', {}, sessionId);
      const loaded = new Promise<void>((resolve) =>
        connection.onEvent('Page.loadEventFired', () => resolve()),
      );
      await connection.send('Page.navigate', { url: `http://127.0.0.1:${upstream.port}/` }, sessionId);
      await loaded;
      const { result } = await connection.send(
        'Runtime.evaluate',
        { expression: 'document.title', returnByValue: true },
        sessionId,
      );
      expect(result.value).toBe('Blocked by Proctor');
      await connection.send('Target.disposeBrowserContext', { browserContextId });
    } finally {
      connection.close();
    }
    expect(upstream.connections).toBe(before);
  });

  it('should send no WebRTC traffic over UDP, which no HTTP proxy carries', async () => {
    const stun = createSocket('udp4');
    let packets = 0;
    stun.on('message', () => {
      packets += 1;
    });
    await new Promise<void>((resolve) => stun.bind(0, '127.0.0.1', resolve));
    const page = await pageOf(browser);
    try {
      const candidates = await page.evaluate<string[]>(`(async () => {
        const connection = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${stun.address().port}' }] });
        const found = [];
        connection.onicecandidate = (event) => event.candidate && found.push(event.candidate.candidate);
        connection.createDataChannel('probe');
        await connection.setLocalDescription(await connection.createOffer());
        await new Promise((resolve) => {
          if (connection.iceGatheringState === 'complete') resolve();
          connection.onicegatheringstatechange = () => connection.iceGatheringState === 'complete' && resolve();
        });
        connection.close();
        return found;
      })()`);
      expect(candidates.filter((candidate) => / udp /i.test(candidate))).toEqual([]);
      expect(packets).toBe(0);
    } finally {
      page.connection.close();
      stun.close();
    }
  });
});

describe('routeOf', () => {
  const rules = { origins: ['http://env-one.shop.localhost:4000'] };
  const refusedFor = (url: string, withOutside = false) => {
    const route = routeOf(url, withOutside ? { ...rules, outside: () => undefined } : rules);
    return route.to === 'refused' ? route.reason : route.to;
  };

  it("should send the environment's own origin, and its WebSockets, to its simulator", () => {
    expect(routeOf('http://ENV-ONE.shop.localhost:4000/a?b', rules)).toEqual({
      to: 'own',
      origin: 'http://env-one.shop.localhost:4000',
    });
    expect(routeOf('ws://env-one.shop.localhost:4000/socket', rules).to).toBe('own');
    expect(refusedFor('https://env-one.shop.localhost:4000/')).toBe(REFUSAL_REASONS.otherEnvironment);
  });

  it('should refuse this machine, its networks and other environments even when outside addresses are open', () => {
    for (const [url, reason] of [
      ['http://localhost:3000/api', REFUSAL_REASONS.loopback],
      ['http://localhost.:6379/', REFUSAL_REASONS.loopback],
      ['http://proctor.localhost/', REFUSAL_REASONS.loopback],
      ['http://env-two.shop.localhost:4000/', REFUSAL_REASONS.otherEnvironment],
      ['http://127.1:5432/', REFUSAL_REASONS.loopback],
      ['http://2130706433/', REFUSAL_REASONS.loopback],
      ['http://[::1]:3000/', REFUSAL_REASONS.loopback],
      ['http://[::ffff:127.0.0.1]/', REFUSAL_REASONS.loopback],
      ['http://0.0.0.0:3000/', REFUSAL_REASONS.reserved],
      ['http://10.0.0.1/', REFUSAL_REASONS.private],
      ['http://172.20.1.1/', REFUSAL_REASONS.private],
      ['http://192.168.1.1/', REFUSAL_REASONS.private],
      ['http://[fd00::1]/', REFUSAL_REASONS.private],
      ['http://169.254.169.254/latest/meta-data/', REFUSAL_REASONS.linkLocal],
      ['http://[fe80::1]/', REFUSAL_REASONS.linkLocal],
      ['ftp://example.com/', REFUSAL_REASONS.scheme],
    ] as const)
      expect([url, refusedFor(url, true)]).toEqual([url, reason]);
  });

  it('should refuse every outside address unless the rules have `outside`, and everything while unbound', () => {
    expect(refusedFor('https://example.com/')).toBe(REFUSAL_REASONS.outsideClosed);
    expect(refusedFor('https://example.com/', true)).toBe('outside');
    expect(refusedFor('http://93.184.215.14/', true)).toBe('outside');
    expect(routeOf('http://env-one.shop.localhost:4000/', undefined)).toEqual({
      to: 'refused',
      reason: REFUSAL_REASONS.unbound,
    });
  });
});
