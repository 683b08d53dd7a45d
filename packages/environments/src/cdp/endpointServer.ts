import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, isIP, type Socket } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import type { CdpChannel, CdpMultiplexer } from './multiplexer';

/** Screenshots and DOM snapshots travel in one message; Chromium's own endpoint allows 256 MiB too. */
export const MAX_CDP_MESSAGE_BYTES = 256 * 1024 * 1024;

/** A WebSocket close reason is at most 123 bytes. */
export function closeReason(text: string): string {
  const bytes = Buffer.from(text);
  return bytes.length <= 123
    ? text
    : `${bytes
        .subarray(0, 120)
        .toString('utf8')
        .replace(/\uFFFD+$/, '')}...`;
}

/** The endpoints this process serves, by the base of their URLs (`ws://127.0.0.1:<port>/<token>`). */
const servedHere = new Map<string, CdpMultiplexer>();

/**
 * The browser behind a DevTools WebSocket URL that this process serves (and the page, for a page URL): a
 * client in this process opens a channel of its own on it, as the socket would, without the socket.
 */
export function servedInProcess(
  wsUrl: string,
): { multiplexer: CdpMultiplexer; targetId: string | undefined } | undefined {
  const match = wsUrl.match(/^(ws:\/\/127\.0\.0\.1:\d+\/[^/]+)\/devtools\/(?:browser|page\/([A-Za-z0-9]+))$/);
  const multiplexer = match ? servedHere.get(match[1] as string) : undefined;
  return multiplexer && match ? { multiplexer, targetId: match[2] } : undefined;
}

export interface DevToolsEndpoint {
  readonly port: number;
  /** The browser endpoint, as Chromium's `webSocketDebuggerUrl`: `ws://127.0.0.1:<port>/<token>/devtools/browser`. */
  readonly wsEndpoint: string;
  /** `/json/version`, `/json/list` and `/json` live under this: `http://127.0.0.1:<port>/<token>`. */
  readonly httpEndpoint: string;
  close(): Promise<void>;
}

/**
 * Proctor's stand-in for Chromium's DevTools HTTP server, for one browser whose DevTools run over a pipe: pages
 * reach Chromium's own loopback port, not this one (a secret token in every path, no `Origin`, IP or localhost
 * `Host` only). Why: "No DevTools port" in the package README.
 */
export async function serveDevTools(multiplexer: CdpMultiplexer): Promise<DevToolsEndpoint> {
  const token = randomUUID();
  const base = `/${token}`;
  const sockets = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_CDP_MESSAGE_BYTES,
  });
  const server = createServer((request, response) => {
    answerHttp(request, response).catch((error: Error) => respond(response, 500, { error: error.message }));
  });
  let port = 0;
  const wsBase = () => `ws://127.0.0.1:${port}${base}`;

  async function answerHttp(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = requestPath(request);
    if (!trusted(request) || request.method !== 'GET' || !path?.startsWith(`${base}/`)) {
      respond(response, 404, { error: 'Not found' });
      return;
    }
    // Playwright asks for `/json/version/`.
    const route = path.slice(base.length).replace(/\/+$/, '');
    if (route === '/json/version') {
      const version = await multiplexer.call('Browser.getVersion');
      respond(response, 200, {
        Browser: version.product,
        'Protocol-Version': version.protocolVersion,
        'User-Agent': version.userAgent,
        'V8-Version': version.jsVersion,
        'WebKit-Version': `537.36 (${version.revision})`,
        webSocketDebuggerUrl: `${wsBase()}/devtools/browser`,
      });
    } else if (route === '/json/list' || route === '/json') {
      const { targetInfos } = (await multiplexer.call('Target.getTargets')) as {
        targetInfos: Array<{ targetId: string; type: string; title: string; url: string }>;
      };
      respond(
        response,
        200,
        targetInfos
          .filter((info) => !['browser', 'tab', 'browser_ui'].includes(info.type))
          .map((info) => ({
            description: '',
            id: info.targetId,
            title: info.title,
            type: info.type,
            url: info.url,
            webSocketDebuggerUrl: `${wsBase()}/devtools/page/${info.targetId}`,
          })),
      );
    } else respond(response, 404, { error: 'Not found' });
  }

  server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const path = requestPath(request);
    const match = path?.match(/^\/([^/]+)\/devtools\/(browser|page\/([A-Za-z0-9]+))$/);
    if (!trusted(request) || !match || match[1] !== token) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => connect(client, multiplexer, match[3]));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  servedHere.set(wsBase(), multiplexer);
  return {
    port,
    wsEndpoint: `${wsBase()}/devtools/browser`,
    httpEndpoint: `http://127.0.0.1:${port}${base}`,
    close: () =>
      new Promise<void>((resolve) => {
        servedHere.delete(wsBase());
        for (const client of sockets.clients) client.terminate();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Relays one WebSocket client to a channel of its own. */
function connect(client: WebSocket, multiplexer: CdpMultiplexer, targetId: string | undefined): void {
  const early: string[] = [];
  let channel: CdpChannel | undefined;
  client.on('message', (data) => {
    const text = data.toString();
    if (channel) channel.send(text);
    else early.push(text);
  });
  client.on('close', () => channel?.close());
  multiplexer.openChannel(targetId).then(
    (opened) => {
      if (client.readyState !== WebSocket.OPEN) {
        opened.close();
        return;
      }
      channel = opened;
      opened.listen(
        (text) => client.send(text),
        (reason) => client.close(1011, closeReason(reason)),
      );
      for (const text of early.splice(0)) opened.send(text);
    },
    (error: Error) => client.close(1011, closeReason(error.message)),
  );
}

function requestPath(request: IncomingMessage): string | undefined {
  try {
    return new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  } catch {
    return undefined;
  }
}

function trusted(request: IncomingMessage): boolean {
  if (request.headers.origin !== undefined) return false;
  const host = request.headers.host;
  if (!host) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return isIP(hostname) !== 0 || hostname === 'localhost';
}

function respond(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body, null, 3));
}
