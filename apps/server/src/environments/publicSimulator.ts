import { isIP } from 'node:net';
import { PUBLIC_ENVIRONMENT_LABEL } from '@proctor/contracts';
import type { SimulatorInstance, SimulatorResponse } from '@proctor/simulators';

/**
 * Keepalive environments answer for anyone at {alias}.sims.{host}: the simulator instance alone, served as if
 * its origin were the public one. The instance keeps its own origin (http://<id>.<sim>.localhost:<port>), so what
 * crosses over is translated both ways: the Host, Origin and Referer a visitor sends, and the Location, cookie
 * Domain and absolute URLs in text bodies the simulator answers with.
 */

/**
 * The host name public environments live under: PUBLIC_URL's, or localhost when that is an address (no name can
 * sit under an IP address; *.localhost reaches loopback in every browser).
 */
function publicBaseName(publicUrl: string): string {
  const hostname = new URL(publicUrl).hostname.toLowerCase();
  return isIP(hostname.replace(/^\[|\]$/g, '')) ? 'localhost' : hostname;
}

/** {alias}.sims.{PUBLIC_URL's host}, on PUBLIC_URL's scheme and port (http://x.sims.localhost:3000 embedded). */
export function publicEnvironmentUrl(alias: string, publicUrl: string): string {
  const url = new URL(publicUrl);
  const port = url.port ? `:${url.port}` : '';
  return `${url.protocol}//${alias.toLowerCase()}.${PUBLIC_ENVIRONMENT_LABEL}.${publicBaseName(publicUrl)}${port}`;
}

/**
 * The alias a Host header names under sims.localhost (every browser resolves *.localhost to loopback) or
 * sims.{PUBLIC_URL's host name} (wildcard DNS), whatever the port; undefined for any other host. What precedes
 * the label is returned as it is (it may name no alias at all): the whole namespace belongs to environments.
 */
export function publicAliasOf(host: string | undefined, publicUrl: string): string | undefined {
  if (!host) return undefined;
  const hostname = host.toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '');
  const bases = new Set(['localhost', publicBaseName(publicUrl)]);
  for (const base of bases) {
    const suffix = `.${PUBLIC_ENVIRONMENT_LABEL}.${base}`;
    if (hostname.endsWith(suffix) && hostname.length > suffix.length)
      return hostname.slice(0, -suffix.length);
  }
  return undefined;
}

/** A visitor's request as the public host received it (the body read whole, within the simulator's limit). */
export interface PublicRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Where a server puts the `public` capability when it passes a request on to a worker's door. */
export const PUBLIC_TOKEN_HEADER = 'x-proctor-environment-token';
/** Where a server tells a worker's door the public origin the visitor used. */
export const PUBLIC_ORIGIN_HEADER = 'x-proctor-public-origin';

/** Headers of one hop, and Proctor's own between a server and a worker: never passed on. */
export const NOT_PASSED_ON = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
  PUBLIC_TOKEN_HEADER,
  PUBLIC_ORIGIN_HEADER,
]);

/** Content types whose bodies may hold the instance's origin in absolute URLs. */
const TEXTUAL = /^(text\/|application\/(json|javascript|xml|xhtml\+xml|manifest\+json)|image\/svg\+xml)/i;

const swapOrigin = (value: string, from: string, to: string) =>
  value === from || value.startsWith(`${from}/`) || value.startsWith(`${from}?`)
    ? `${to}${value.slice(from.length)}`
    : value;

/** What a public URL needs of an environment's instance: one that answers requests itself (not a proxy's replay). */
export type PublicServable = Pick<SimulatorInstance, 'origin' | 'dispatch'>;

export function isPublicServable(instance: { origin: string }): instance is PublicServable {
  return typeof (instance as Partial<PublicServable>).dispatch === 'function';
}

/** A page for a visitor when the environment's instance answers no requests of its own. */
export const NOT_SERVABLE_MESSAGE =
  "This environment's simulator is replayed inside its own browser's network, so it has no public URL.";

/** Answers a visitor's request from the instance, translated between its origin and `publicOrigin`. */
export async function servePublicRequest(
  instance: PublicServable,
  request: PublicRequest,
  publicOrigin: string,
): Promise<SimulatorResponse> {
  const instanceOrigin = instance.origin;
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || NOT_PASSED_ON.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  headers.host = new URL(instanceOrigin).host;
  for (const name of ['origin', 'referer']) {
    const value = headers[name];
    if (value) headers[name] = swapOrigin(value, publicOrigin, instanceOrigin);
  }
  // Only a path reaches the instance: an absolute-form request line names no other host through it.
  const path = request.url.startsWith('/') ? request.url : '/';
  const response = await instance.dispatch({
    method: request.method,
    url: path,
    headers,
    body: request.body,
    receivedAt: Date.now(),
  });
  return publicResponse(response, instanceOrigin, publicOrigin);
}

/** The instance's answer with its origin turned into the public one. */
function publicResponse(
  response: SimulatorResponse,
  instanceOrigin: string,
  publicOrigin: string,
): SimulatorResponse {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'content-length') continue;
    if (lower === 'location' && typeof value === 'string')
      headers[name] = swapOrigin(value, instanceOrigin, publicOrigin);
    else if (lower === 'set-cookie')
      // A Domain for the instance's host would not match the public one: cookies stay host-only.
      headers[name] = [value].flat().map((cookie) => cookie.replace(/;\s*domain=[^;]*/gi, ''));
    else headers[name] = value;
  }
  const contentType = String(
    Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '',
  );
  let body = response.body;
  if (TEXTUAL.test(contentType)) {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.includes(instanceOrigin)) body = text.replaceAll(instanceOrigin, publicOrigin);
  }
  return { status: response.status, headers, body };
}
