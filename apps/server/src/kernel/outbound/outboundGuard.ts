import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { JsonResponse } from '@proctor/scoring';
import { type AddressRules, addressChecker } from './addresses';

/**
 * The one way Proctor reaches a URL a user gave it: http(s) only, every address public unicast unless allowed,
 * checked in the socket's own lookup and on every redirect (docs/architecture.md, "The outbound guard").
 */

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface OutboundGuardOptions extends AddressRules {
  /** How host names are resolved: node:dns's lookup (the system resolver, /etc/hosts included) by default. */
  resolve?: Resolver;
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  /** False: a redirect is answered as it is, for a client that follows it itself (a browser behind a proxy). */
  followRedirects?: boolean;
  /**
   * One more check of each address, with the port, once the address rules allowed it: why the connection is
   * refused, or null (the open web's browser refuses Proctor's own sockets, ownSockets.ts).
   */
  refuseSocket?: (address: string, port: number) => Promise<string | null>;
}

export const OUTBOUND_DEFAULTS = {
  timeoutMs: 10_000,
  maxResponseBytes: 1024 * 1024,
  maxRedirects: 5,
} as const;

/** An outbound request that failed: refused, timed out, too large, or the connection failed. */
export class OutboundError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OutboundError';
  }
}

/** A URL or address the guard will not reach. */
export class OutboundRefusedError extends OutboundError {
  constructor(
    readonly url: string,
    reason: string,
  ) {
    super(`Refused ${url}: ${reason}`);
    this.name = 'OutboundRefusedError';
  }
}

const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');
const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/** The first of `addresses` that `refuseSocket` refuses, as the refusal; null when none is (or no such check). */
async function socketProblem(
  url: URL,
  addresses: readonly string[],
  refuseSocket: OutboundGuardOptions['refuseSocket'],
): Promise<OutboundRefusedError | null> {
  if (!refuseSocket) return null;
  for (const address of addresses) {
    const problem = await refuseSocket(address, portOf(url));
    if (problem)
      return new OutboundRefusedError(
        url.href,
        address === hostOf(url)
          ? `${address} is ${problem}`
          : `${hostOf(url)} resolves to ${address}, ${problem}`,
      );
  }
  return null;
}

function parseTarget(target: string | URL): URL {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundRefusedError(String(target), 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefusedError(url.href, 'only http and https URLs are allowed');
  if (url.username || url.password)
    throw new OutboundRefusedError(url.href, 'credentials in the URL are not allowed');
  return url;
}

/** The refusal for a host's addresses, or null when all of them may be reached. */
function resolvedProblem(
  url: URL,
  addresses: readonly { address: string }[],
  check: (address: string) => string | null,
): OutboundRefusedError | null {
  if (addresses.length === 0) return new OutboundRefusedError(url.href, `${hostOf(url)} does not resolve`);
  for (const { address } of addresses) {
    const problem = check(address);
    if (problem)
      return new OutboundRefusedError(url.href, `${hostOf(url)} resolves to ${address}, ${problem}`);
  }
  return null;
}

/** A name the resolver found no address for (ENOTFOUND) or could not ask about: a reason, not a crash. */
function unresolved(host: string, error: Error): OutboundError {
  const code = (error as NodeJS.ErrnoException).code;
  return new OutboundError(`${host} does not resolve (${code ?? error.message})`, { cause: error });
}

/**
 * Checks a URL before it is saved (an API scorer's endpoint), for an early and clear refusal. Requests check
 * again when they connect: a name's addresses may change in between.
 */
export async function checkOutboundUrl(
  target: string | URL,
  options: OutboundGuardOptions = {},
): Promise<URL> {
  return (await resolveOutboundUrl(target, options)).url;
}

/**
 * Checks a URL as checkOutboundUrl does and gives the addresses it checked, for a client outside this process
 * (git, for a git container agent) that must be pinned to them: it would otherwise resolve the name again.
 */
export async function resolveOutboundUrl(
  target: string | URL,
  options: OutboundGuardOptions = {},
): Promise<{ url: URL; host: string; addresses: string[] }> {
  const url = parseTarget(target);
  const check = addressChecker(options);
  const host = hostOf(url);
  if (isIP(host)) {
    const problem = check(host);
    if (problem) throw new OutboundRefusedError(url.href, `${host} is ${problem}`);
    const refusedSocket = await socketProblem(url, [host], options.refuseSocket);
    if (refusedSocket) throw refusedSocket;
    return { url, host, addresses: [host] };
  }
  const resolved = await (options.resolve ?? systemResolver)(host).catch((error: Error) => {
    throw unresolved(host, error);
  });
  const refused =
    resolvedProblem(url, resolved, check) ??
    (await socketProblem(
      url,
      resolved.map((entry) => entry.address),
      options.refuseSocket,
    ));
  if (refused) throw refused;
  return { url, host, addresses: resolved.map((entry) => entry.address) };
}

/** The socket's lookup: resolves, refuses the name if any address is not allowed, hands over what it checked. */
function guardedLookup(
  url: URL,
  resolve: Resolver,
  check: (address: string) => string | null,
  refuseSocket: OutboundGuardOptions['refuseSocket'],
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const resolved = resolve(hostname).then(async (all) => ({
      all,
      refused:
        resolvedProblem(url, all, check) ??
        (await socketProblem(
          url,
          all.map((entry) => entry.address),
          refuseSocket,
        )),
    }));
    resolved.then(
      ({ all, refused }) => {
        if (refused) return callback(refused, '', 0);
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const addresses = family ? all.filter((a) => a.family === family) : all;
        if (addresses.length === 0)
          return callback(
            new OutboundRefusedError(url.href, `${hostname} has no IPv${family} address`),
            '',
            0,
          );
        if (lookupOptions.all) return callback(null, addresses);
        const [first] = addresses as [{ address: string; family: number }];
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(unresolved(hostname, error), '', 0),
    );
  };
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Not sent on to another origin after a redirect. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization', 'x-api-key'];

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function requestOnce(
  url: URL,
  request: Required<Pick<OutboundRequest, 'method' | 'headers'>> & { body?: string | Buffer },
  options: OutboundGuardOptions,
  deadline: number,
  timeoutMs: number,
): Promise<Hop> {
  const check = addressChecker(options);
  const host = hostOf(url);
  if (isIP(host)) {
    const problem = check(host);
    if (problem) return Promise.reject(new OutboundRefusedError(url.href, `${host} is ${problem}`));
  }
  const maxBytes = options.maxResponseBytes ?? OUTBOUND_DEFAULTS.maxResponseBytes;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, hop?: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(hop as Hop);
    };
    const req = transport.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        // A fresh connection per request: a pooled socket would skip the lookup, and with it the check.
        agent: false,
        lookup: guardedLookup(url, options.resolve ?? systemResolver, check, options.refuseSocket),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (REDIRECTS.has(status)) {
          res.resume();
          return finish(null, { status, headers: res.headers, body: Buffer.alloc(0) });
        }
        const declared = Number(res.headers['content-length']);
        if (declared > maxBytes)
          return finish(new OutboundError(`The answer of ${url.origin} is larger than ${maxBytes} bytes`));
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes)
            finish(new OutboundError(`The answer of ${url.origin} is larger than ${maxBytes} bytes`));
          else chunks.push(chunk);
        });
        res.on('end', () => finish(null, { status, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', (error) =>
          finish(new OutboundError(`${url.origin}: ${error.message}`, { cause: error })),
        );
      },
    );
    const timer = setTimeout(
      () => finish(new OutboundError(`No answer from ${url.origin} within ${timeoutMs} ms`)),
      Math.max(0, deadline - Date.now()),
    );
    req.on('error', (error) =>
      finish(
        error instanceof OutboundError
          ? error
          : new OutboundError(`${url.origin}: ${error.message}`, { cause: error }),
      ),
    );
    req.end(request.body);
  });
}

/** One request to a user-supplied URL through the guard (see the top of this file). */
export async function guardedRequest(
  target: string | URL,
  request: OutboundRequest = {},
  options: OutboundGuardOptions = {},
): Promise<OutboundResponse> {
  const timeoutMs = options.timeoutMs ?? OUTBOUND_DEFAULTS.timeoutMs;
  const maxRedirects = options.maxRedirects ?? OUTBOUND_DEFAULTS.maxRedirects;
  const deadline = Date.now() + timeoutMs;
  let url = parseTarget(target);
  let method = request.method ?? 'GET';
  let headers = { ...request.headers };
  let body = request.body;
  for (let redirects = 0; ; redirects++) {
    // A socket to an address literal makes no lookup: its own check is here.
    if (isIP(hostOf(url)) && addressChecker(options)(hostOf(url)) === null) {
      const refused = await socketProblem(url, [hostOf(url)], options.refuseSocket);
      if (refused) throw refused;
    }
    const hop = await requestOnce(url, { method, headers, body }, options, deadline, timeoutMs);
    const location = hop.headers.location;
    if (!REDIRECTS.has(hop.status) || !location || options.followRedirects === false)
      return { ...hop, url: url.href };
    if (redirects >= maxRedirects) throw new OutboundError(`${target}: more than ${maxRedirects} redirects`);
    const next = parseTarget(new URL(location, url));
    if (next.origin !== url.origin)
      headers = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())),
      );
    // As browsers do: 303, and 301/302 after a POST, continue as a GET without the body.
    if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && method === 'POST')) {
      method = 'GET';
      body = undefined;
      headers = Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => !['content-type', 'content-length'].includes(name.toLowerCase()),
        ),
      );
    }
    url = next;
  }
}

/** The `postJson` service of @proctor/scoring: a JSON POST through the guard; the answer parsed when it is JSON. */
export function guardedPostJson(
  options: OutboundGuardOptions = {},
): (url: string, body: unknown, headers: Record<string, string>) => Promise<JsonResponse> {
  return async (url, body, headers) => {
    const response = await guardedRequest(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      },
      options,
    );
    const text = response.body.toString('utf8');
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      return { status: response.status, body: text };
    }
  };
}
