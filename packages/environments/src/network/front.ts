import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** Where one of the environment's own requests goes: the simulator host, with the origin's Host. */
export interface OwnTarget {
  host: string;
  port: number;
  hostHeader: string;
}

/** Headers of one connection, not of the message: never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

export interface ProxyFront {
  port: number;
  close(): Promise<void>;
}

/**
 * The listener the browser's proxy setting names. The environment's own plain-HTTP requests and WebSockets go
 * straight to the simulator host over kept-alive connections; everything else (HTTPS tunnels, refusals, in-process
 * answers, the outside) is passed, bytes as they came, to the environment's mockttp. mockttp costs several times a
 * plain forward per request, and a page's requests are nearly all its own simulator's.
 */
export async function serveProxyFront(
  ownTarget: (url: string) => OwnTarget | undefined,
  mockttpPort: number,
): Promise<ProxyFront> {
  const upstream = new Agent({ keepAlive: true });
  const toMockttp = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    const target = isAbsolute(req.url) ? ownTarget(req.url as string) : undefined;
    if (target) forward(req, res, target, upstream);
    else relay(req, res, mockttpPort, toMockttp);
  });
  server.keepAliveTimeout = 60_000;
  server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    tunnel(req, socket, head, mockttpPort),
  );
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = isAbsolute(req.url) ? ownTarget(req.url as string) : undefined;
    if (target) upgradeOwn(req, socket, head, target);
    else tunnel(req, socket, head, mockttpPort);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The environment proxy has no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        upstream.destroy();
        toMockttp.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const isAbsolute = (url: string | undefined) => url !== undefined && /^https?:\/\//i.test(url);

function messageHeaders(rawHeaders: string[], hostHeader?: string): string[] {
  const headers: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || (hostHeader !== undefined && lower === 'host')) continue;
    headers.push(name, rawHeaders[i + 1] as string);
  }
  if (hostHeader !== undefined) headers.unshift('Host', hostHeader);
  return headers;
}

function badGateway(res: ServerResponse, error: Error): void {
  if (res.headersSent) {
    res.destroy(error);
    return;
  }
  res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(`The environment's simulator did not answer: ${error.message}`);
}

/** An own request to the simulator host: streamed both ways. */
function forward(req: IncomingMessage, res: ServerResponse, target: OwnTarget, agent: Agent): void {
  const url = new URL(req.url as string);
  const outgoing = request({
    host: target.host,
    port: target.port,
    method: req.method,
    path: `${url.pathname}${url.search}`,
    headers: messageHeaders(req.rawHeaders, target.hostHeader),
    agent,
  });
  outgoing.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, messageHeaders(answer.rawHeaders));
    answer.pipe(res);
  });
  outgoing.on('error', (error) => badGateway(res, error));
  req.on('aborted', () => outgoing.destroy());
  req.pipe(outgoing);
}

/** Anything else of plain HTTP: to mockttp as a proxy request, as the browser sent it. */
function relay(req: IncomingMessage, res: ServerResponse, port: number, agent: Agent): void {
  const outgoing = request({
    host: '127.0.0.1',
    port,
    method: req.method,
    path: req.url,
    headers: messageHeaders(req.rawHeaders),
    agent,
  });
  outgoing.on('response', (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, messageHeaders(answer.rawHeaders));
    answer.pipe(res);
  });
  outgoing.on('error', (error) => badGateway(res, error));
  req.on('aborted', () => outgoing.destroy());
  req.pipe(outgoing);
}

function requestHead(req: IncomingMessage, path: string, headers: string[]): string {
  let head = `${req.method} ${path} HTTP/${req.httpVersion}\r\n`;
  for (let i = 0; i < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`;
  return `${head}\r\n`;
}

function splice(client: Duplex, server: Socket, head: string, rest: Buffer): void {
  server.write(head);
  if (rest.length > 0) server.write(rest);
  server.pipe(client);
  client.pipe(server);
  const end = () => {
    client.destroy();
    server.destroy();
  };
  server.on('error', end);
  client.on('error', end);
  server.on('close', end);
  client.on('close', end);
}

/** A CONNECT, or a WebSocket that is not the environment's own: handed to mockttp whole. */
function tunnel(req: IncomingMessage, socket: Duplex, rest: Buffer, port: number): void {
  const server = connect(port, '127.0.0.1');
  splice(socket, server, requestHead(req, req.url ?? '/', req.rawHeaders), rest);
}

/** The environment's own WebSocket: the upgrade request to the simulator host with the origin's Host. */
function upgradeOwn(req: IncomingMessage, socket: Duplex, rest: Buffer, target: OwnTarget): void {
  const url = new URL(req.url as string);
  const headers: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const lower = (req.rawHeaders[i] as string).toLowerCase();
    if (lower === 'host' || lower === 'proxy-connection' || lower === 'proxy-authorization') continue;
    headers.push(req.rawHeaders[i] as string, req.rawHeaders[i + 1] as string);
  }
  const server = connect(target.port, target.host);
  splice(
    socket,
    server,
    requestHead(req, `${url.pathname}${url.search}`, ['Host', target.hostHeader, ...headers]),
    rest,
  );
}
