import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { JsonResponse } from '@proctor/scoring';

/**
 * The one way Proctor reaches a URL a user gave it (API scorers, agent endpoints, web hooks, favicons;
 * ARCHITECTURE.md §4). Without it such a URL could make the server read its own admin ports, the cloud's
 * metadata service (169.254.169.254) or a database on the private network.
 *
 * - Only http and https.
 * - The host is resolved with the given resolver (node:dns by default) and every address must be public:
 *   loopback, private (RFC 1918, fc00::/7), link-local (169.254/16, fe80::/10), unspecified, shared
 *   (CGNAT 100.64/10), multicast and reserved ranges are refused, also when written as IPv4-mapped IPv6,
 *   unless `allowPrivateAddresses` or `allowedAddresses` says otherwise.
 * - The check runs inside the socket's own lookup, so the address checked is the address connected to: a
 *   name that resolves to a public address when checked and a private one when connecting (DNS rebinding)
 *   has no second resolution to exploit.
 * - Redirects are followed by hand, at most `maxRedirects`, each one through the same check; credentials
 *   are not forwarded to another origin.
 * - One deadline for the whole exchange, and a limit on the size of the answer.
 */

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface OutboundGuardOptions {
  /** Allow every non-public address (a model served on this machine or the LAN; tests). */
  allowPrivateAddresses?: boolean;
  /** Non-public addresses or CIDRs allowed all the same (`10.0.0.7`, `192.168.1.0/24`). */
  allowedAddresses?: readonly string[];
  /** How host names are resolved: node:dns's lookup (the system resolver, /etc/hosts included) by default. */
  resolve?: Resolver;
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
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

function ipv4Bytes(text: string): number[] {
  return text.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (isIP(text) === 6), embedded dotted IPv4 and zone ids included. */
function ipv6Bytes(text: string): number[] {
  let address = text.replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[1] as string) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}

function ipv4Problem([a, b, c]: number[]): string | null {
  if (a === 0) return 'an unspecified address';
  if (a === 127) return 'a loopback address';
  if (a === 10 || (a === 172 && b !== undefined && b >= 16 && b <= 31) || (a === 192 && b === 168))
    return 'a private address';
  if (a === 169 && b === 254) return 'a link-local address';
  if (a === 100 && b !== undefined && b >= 64 && b <= 127) return 'a shared (CGNAT) address';
  if (a !== undefined && a >= 224 && a <= 239) return 'a multicast address';
  if (
    (a !== undefined && a >= 240) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 198 && (b === 18 || b === 19))
  )
    return 'a reserved address';
  return null;
}

/** Why an IP address is not a public one, or null when it is. */
export function addressProblem(address: string): string | null {
  const version = isIP(address);
  if (version === 4) return ipv4Problem(ipv4Bytes(address));
  if (version !== 6) return 'not an IP address';
  const bytes = ipv6Bytes(address);
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zeros(0, 16)) return 'an unspecified address';
  if (zeros(0, 15) && bytes[15] === 1) return 'a loopback address';
  const mapped = zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const compatible = zeros(0, 12);
  const nat64 =
    bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12);
  if (mapped || compatible || nat64) {
    const problem = ipv4Problem(bytes.slice(12));
    return problem ? `an IPv4-mapped form of ${problem}` : null;
  }
  const [first = 0, second = 0] = bytes;
  if ((first & 0xfe) === 0xfc) return 'a private address';
  if (first === 0xfe && (second & 0xc0) === 0x80) return 'a link-local address';
  if (first === 0xfe && (second & 0xc0) === 0xc0) return 'a private address';
  if (first === 0xff) return 'a multicast address';
  return null;
}

function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** The check every address goes through: null when it may be reached. */
function addressChecker(options: OutboundGuardOptions): (address: string) => string | null {
  if (options.allowPrivateAddresses) return () => null;
  const allowed = allowList(options.allowedAddresses ?? []);
  return (address) => {
    const problem = addressProblem(address);
    if (problem === null) return null;
    return allowed.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4') ? null : problem;
  };
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

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
    return { url, host, addresses: [host] };
  }
  const resolved = await (options.resolve ?? systemResolver)(host);
  const refused = resolvedProblem(url, resolved, check);
  if (refused) throw refused;
  return { url, host, addresses: resolved.map((entry) => entry.address) };
}

/** The socket's lookup: resolves, refuses the name if any address is not allowed, hands over what it checked. */
function guardedLookup(
  url: URL,
  resolve: Resolver,
  check: (address: string) => string | null,
): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (all) => {
        const refused = resolvedProblem(url, all, check);
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
      (error: Error) =>
        callback(new OutboundError(`${hostname} could not be resolved: ${error.message}`), '', 0),
    );
  };
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT';
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
        lookup: guardedLookup(url, options.resolve ?? systemResolver, check),
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
    const hop = await requestOnce(url, { method, headers, body }, options, deadline, timeoutMs);
    const location = hop.headers.location;
    if (!REDIRECTS.has(hop.status) || !location) return { ...hop, url: url.href };
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
