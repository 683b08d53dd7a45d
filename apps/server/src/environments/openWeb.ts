import http from 'node:http';
import { BROWSER_SESSION } from '@proctor/contracts';
import { type NetworkRequest, type NetworkResponse, refusalPage } from '@proctor/environments';
import { ProxyInstance } from '@proctor/simulators';
import {
  guardedRequest,
  type OutboundGuardOptions,
  OutboundRefusedError,
} from '../kernel/outbound/outboundGuard';
import { ownSocketProblem } from '../kernel/outbound/ownSockets';
import { simulatorFilters } from '../scoring/filters';
import type { EnvironmentStart } from './launcher';
import { CONNECTION_HEADERS, flatHeaders, passedOn } from './proxySimulator';

/** What an open-web environment (a browser session) needs beyond the launcher. */
export interface OpenWebParts {
  /** BROWSER_SESSION_ALLOWED_ADDRESSES, and how names resolve (the system's resolver unless a test maps them). */
  guard: Pick<OutboundGuardOptions, 'allowedAddresses' | 'resolve'>;
  /** The simulator host's port on 127.0.0.1, where the organization's instances are served. */
  simulatorPort: number;
  /** The origins of the organization's simulator instances running now (read at each request: they come and go). */
  organizationOrigins: () => ReadonlySet<string>;
}

/**
 * The outbound guard as the open web's browser goes through it: the address rules of BROWSER_SESSION_ALLOWED_ADDRESSES,
 * Proctor's own sockets refused even on an allowed address, one hop at a time (a redirect goes back to the browser,
 * which asks for its target through the proxy again, so every hop is checked).
 */
export function openWebGuard(parts: Pick<OpenWebParts, 'guard'>): OutboundGuardOptions {
  return {
    ...parts.guard,
    refuseSocket: ownSocketProblem,
    followRedirects: false,
    timeoutMs: BROWSER_SESSION.requestTimeoutMs,
    maxResponseBytes: BROWSER_SESSION.maxResponseBytes,
  };
}

/** The origin of a URL, or '' for one that has none. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * How a browser session's environment starts: no simulator of its own (its instance only keeps the place a
 * simulator's would; nothing is served on it), every request to an outside address through the outbound guard,
 * the organization's running simulator instances forwarded to the simulator host, and anything else refused by
 * the environment's proxy as for every environment (names under localhost, other environments, address literals
 * that are not public).
 */
export function openWebEnvironmentStart(parts: OpenWebParts, startUrl: string | undefined): EnvironmentStart {
  const guard = openWebGuard(parts);
  return ({ publicId, log }) => {
    // The instance's origin is only where the session started: the open web has no simulator behind it.
    const instance = new ProxyInstance({
      id: publicId,
      origin: startUrl ? originOf(startUrl) : 'http://about.invalid',
      config: simulatorFilters({}),
    });
    return {
      instance,
      rules: {
        origins: [],
        answer: async (request) =>
          parts.organizationOrigins().has(originOf(request.url))
            ? forwardToSimulatorHost(request, parts.simulatorPort)
            : undefined,
        outside: async (request) => {
          try {
            return await passThrough(request, guard);
          } catch (error) {
            const refused = error instanceof OutboundRefusedError;
            const reason = (error as Error).message;
            log({
              type: refused ? 'network_refused' : 'network_failed',
              message: `${refused ? '' : `${request.method} ${request.url}: `}${reason}`,
              url: request.url,
              method: request.method,
              reason,
            });
            return {
              status: refused ? 403 : 502,
              headers: {
                'content-type': 'text/html; charset=utf-8',
                'cache-control': 'no-store',
                'x-proctor-refused': reason.replace(/[^\x20-\x7e]/g, '?'),
              },
              body: Buffer.from(refusalPage(request.url, reason, [])),
            };
          }
        },
      },
    };
  };
}

/** One request of the browser to the open web, one hop, its answer as it came (bodies decoded: no accept-encoding). */
async function passThrough(request: NetworkRequest, guard: OutboundGuardOptions): Promise<NetworkResponse> {
  const sent = flatHeaders(request.headers);
  for (const name of [...CONNECTION_HEADERS, 'accept-encoding']) delete sent[name];
  const answer = await guardedRequest(
    request.url,
    { method: request.method, headers: sent, body: request.body.length > 0 ? request.body : undefined },
    guard,
  );
  return { status: answer.status, headers: passedOn(flatHeaders(answer.headers)), body: answer.body };
}

/** A request to one of the organization's simulator instances, to the simulator host that serves it (by Host). */
function forwardToSimulatorHost(request: NetworkRequest, port: number): Promise<NetworkResponse> {
  const url = new URL(request.url);
  const headers = flatHeaders(request.headers);
  for (const name of [...CONNECTION_HEADERS, 'accept-encoding']) delete headers[name];
  headers.host = url.host;
  return new Promise((resolve, reject) => {
    const forwarded = http.request(
      { host: '127.0.0.1', port, method: request.method, path: `${url.pathname}${url.search}`, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 502,
            headers: passedOn(flatHeaders(response.headers)),
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    forwarded.on('error', reject);
    forwarded.end(request.body.length > 0 ? request.body : undefined);
  });
}
