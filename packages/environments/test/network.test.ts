import { createSocket } from 'node:dgram';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { type LaunchedBrowser, launchBrowser } from '../src/browser/launch';
import { networkAuthority } from '../src/network/authority';
import { REFUSAL_REASONS } from '../src/network/routes';
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
