import type { RouteEntry } from '../definition';
import type { PreparedSimulator } from '../runtime/prepare';
import { KIT_ASSETS, makeAsset, type StaticAsset } from './assets';
import { type InstanceView, plainPage, RequestContext } from './context';
import { html } from './html';
import type { SimulatorResponse } from './response';
import { HTTP_METHODS, type HttpMethod } from './router';
import { parseCookies, SESSION_COOKIE } from './sessions';

/** An HTTP request as the host hands it over: `url` is the path and query, as in IncomingMessage.url. */
export interface SimulatorRequest {
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
  body?: Buffer;
  /**
   * When the request arrived (wall-clock ms, its headers), `Date.now()` at dispatch when not given. Its writes
   * are placed at this instant, so a recording can tell which user action came first (instance.ts,
   * `mutationCountBefore`).
   */
  receivedAt?: number;
}

/**
 * What serving a request needs of its instance. runtime/instance.ts's SimulatorInstance is one; naming it here
 * keeps the import one way (the instance dispatches through this pipeline).
 */
export interface ServedInstance extends InstanceView {
  readonly name: string;
  readonly simulator: PreparedSimulator;
  readonly destroyed: boolean;
  mutationCount(): number;
  noteWrites(receivedAt: number, before: number): void;
  exclusive<T>(task: () => T | Promise<T>): Promise<T>;
}

/** Thrown by a handler to answer with an error status; the request's writes are rolled back. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message = status === 404 ? 'Not found' : 'Request failed',
  ) {
    super(message);
  }
}

const favicons = new WeakMap<PreparedSimulator, StaticAsset>();

/** A file's version in the URLs pages give it (`/assets/app.css?v=…`): its content's hash. */
const assetVersion = (asset: StaticAsset) => asset.etag.slice(1, 13);

/**
 * A file asked for with its current version is the same bytes for as long as anyone keeps it: kept, never asked
 * again. Asked without (a URL in a stylesheet, typed by hand) or with an old version, no-cache + ETag:
 * revalidated each time, so a simulator edited during development is seen at once either way.
 */
function staticResponse(asset: StaticAsset, request: SimulatorRequest, url: URL): SimulatorResponse {
  const cacheControl =
    url.searchParams.get('v') === assetVersion(asset) ? 'public, max-age=31536000, immutable' : 'no-cache';
  const headers = { 'content-type': asset.contentType, 'cache-control': cacheControl, etag: asset.etag };
  if (request.headers['if-none-match'] === asset.etag) return { status: 304, headers, body: '' };
  return { status: 200, headers, body: asset.body };
}

/** A reference to one of an instance's files in a page: in quotes or `url(…)`, without a query of its own. */
const ASSET_REFERENCE = /(["'(])(\/(?:assets|_kit)\/[^"'()?#\s]+|\/favicon\.(?:svg|ico))(?=["')])/g;

/**
 * A page whose references to the instance's files carry each file's version (`/assets/app.css?v=…`), so that
 * the browser keeps them instead of asking again on every page (it shows in `npm run bench:benchmark`).
 */
function withVersionedAssets(instance: ServedInstance, response: SimulatorResponse): SimulatorResponse {
  const type = response.headers['content-type'];
  if (typeof type !== 'string' || !type.startsWith('text/html') || response.body.length === 0)
    return response;
  const page = response.body.toString();
  const versioned = page.replace(ASSET_REFERENCE, (reference, opening: string, path: string) => {
    const asset = staticAsset(instance, path);
    return asset ? `${opening}${path}?v=${assetVersion(asset)}` : reference;
  });
  return versioned === page ? response : { ...response, body: versioned };
}

/** The file an instance serves at `path` (its favicon, the kit's files, the simulator's assets), if any. */
export function staticAsset(instance: ServedInstance, path: string): StaticAsset | undefined {
  if (path === '/favicon.svg' || path === '/favicon.ico') {
    let icon = favicons.get(instance.simulator);
    if (!icon) {
      icon = makeAsset(instance.simulator.definition.image.trim(), 'image/svg+xml');
      favicons.set(instance.simulator, icon);
    }
    return icon;
  }
  if (path.startsWith('/_kit/')) return KIT_ASSETS.get(path.slice('/_kit/'.length));
  if (path.startsWith('/assets/')) return instance.simulator.assets.get(path.slice('/assets/'.length));
  return undefined;
}

function errorPage(status: number, title: string, message: string): SimulatorResponse {
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    body: plainPage(title, html`<p>${message}</p>`).value,
  };
}

function closedPage(): SimulatorResponse {
  return errorPage(410, 'Environment closed', 'This simulator instance has been closed.');
}

function jsonError(status: number, detail: string): SimulatorResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify({ detail }),
  };
}

type ParsedBody = { form: URLSearchParams; body: unknown } | { error: SimulatorResponse };

function parseBody(request: SimulatorRequest): ParsedBody {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const text = request.body && request.body.length > 0 ? request.body.toString('utf8') : '';
  if (text === '') return { form: new URLSearchParams(), body: undefined };
  if (type === 'application/x-www-form-urlencoded')
    return { form: new URLSearchParams(text), body: undefined };
  if (type === 'application/json') {
    try {
      return { form: new URLSearchParams(), body: JSON.parse(text) as unknown };
    } catch {
      return { error: jsonError(400, 'The request body is not valid JSON') };
    }
  }
  return { error: jsonError(415, `Unsupported content type: ${type || 'none'}`) };
}

function withCookie(response: SimulatorResponse, cookie: string | null): SimulatorResponse {
  if (cookie) response.headers['set-cookie'] = cookie;
  return response;
}

/**
 * Runs a route handler under the kit's rules:
 * - GET runs with the database read-only (PRAGMA query_only), so browsing can never write;
 * - other methods run in a transaction; a thrown error rolls back the writes and the clock and random stream
 *   too, so a failed request leaves no trace in the mutations;
 * - the clock ticks once per state-changing request (runtime/clock.ts).
 */
async function runHandler(
  instance: ServedInstance,
  route: RouteEntry,
  ctx: RequestContext,
  stateChanging: boolean,
  receivedAt: number,
): Promise<SimulatorResponse> {
  const db = instance.db;
  const logged = stateChanging ? instance.mutationCount() : 0;
  const clockBefore = instance.clock.state();
  const rngBefore = instance.rng.state();
  instance.clock.beginRequest(stateChanging);
  if (stateChanging) db.exec('BEGIN IMMEDIATE');
  else db.pragma('query_only = ON');
  try {
    const response = await route.handler(ctx);
    if (stateChanging && db.open && db.inTransaction) {
      db.exec('COMMIT');
      instance.noteWrites(receivedAt, logged);
    }
    return response;
  } catch (error) {
    if (stateChanging && db.open && db.inTransaction) db.exec('ROLLBACK');
    if (db.open) {
      instance.clock.restore(clockBefore);
      instance.rng.restore(rngBefore);
    }
    if (error instanceof HttpError) {
      if (error.status === 404) return ctx.notFound();
      return ctx.wantsJson()
        ? jsonError(error.status, error.message)
        : errorPage(error.status, error.message, 'The request could not be completed.');
    }
    const readOnlyWrite = !stateChanging && (error as { code?: unknown }).code === 'SQLITE_READONLY';
    console.error(
      `[simulator ${instance.name}] ${route.method} ${route.pattern} failed${readOnlyWrite ? ': a GET handler tried to write; page views must not write, move the write to a POST' : ':'}`,
      error,
    );
    return ctx.wantsJson()
      ? jsonError(500, 'Internal error')
      : errorPage(
          500,
          'Something went wrong',
          'The server could not complete the request. Please try again.',
        );
  } finally {
    instance.clock.endRequest();
    if (!stateChanging && db.open) db.pragma('query_only = OFF');
  }
}

export async function dispatchRequest(
  instance: ServedInstance,
  request: SimulatorRequest,
): Promise<SimulatorResponse> {
  const requested = request.method.toUpperCase();
  const received = { ...request, receivedAt: request.receivedAt ?? Date.now() };
  if (requested !== 'HEAD') return respond(instance, received, requested);
  // HEAD is a GET whose body is not sent.
  return { ...(await respond(instance, received, 'GET')), body: '' };
}

async function respond(
  instance: ServedInstance,
  request: SimulatorRequest & { receivedAt: number },
  requested: string,
): Promise<SimulatorResponse> {
  if (instance.destroyed) return closedPage();
  const method = requested as HttpMethod;
  const url = new URL(request.url, instance.origin);

  if (method === 'GET') {
    // The simulator's own files go out as they are; every page it generates links them by version.
    const asset = staticAsset(instance, url.pathname);
    if (asset) return staticResponse(asset, request, url);
  }
  return withVersionedAssets(instance, await generate(instance, request, method, url, requested));
}

/** What the simulator answers with other than its files: its pages, redirects, JSON and errors. */
async function generate(
  instance: ServedInstance,
  request: SimulatorRequest & { receivedAt: number },
  method: HttpMethod,
  url: URL,
  requested: string,
): Promise<SimulatorResponse> {
  if (!HTTP_METHODS.includes(method))
    return errorPage(405, 'Method not allowed', `${requested} is not supported.`);

  const definition = instance.simulator.definition;
  const { found, allowed } = instance.simulator.router.match(method, url.pathname);
  const parsed = found ? parseBody(request) : { form: new URLSearchParams(), body: undefined };
  if ('error' in parsed) return parsed.error;

  return instance.exclusive(async () => {
    if (instance.destroyed) return closedPage();
    const session = instance.sessions.get(parseCookies(request.headers.cookie).get(SESSION_COOKIE));
    const ctx = new RequestContext({
      method,
      url,
      params: found?.params ?? {},
      form: parsed.form,
      body: parsed.body,
      headers: request.headers,
      simulator: definition,
      instance,
      session,
    });
    if (!found) {
      if (allowed.length > 0) {
        const refused = errorPage(405, 'Method not allowed', `${method} is not supported here.`);
        refused.headers.allow = allowed.join(', ');
        return refused;
      }
      return withCookie(
        readOnly(instance, () => ctx.notFound()),
        ctx.sessionCookieHeader(),
      );
    }
    if (found.route.access === 'signed-in' && ctx.user === null) {
      if (ctx.wantsJson()) return jsonError(401, 'Sign in required');
      return ctx.redirect(ctx.link(definition.auth.signInPath, { next: returnPath(method, url, request) }));
    }
    return withCookie(
      await runHandler(instance, found.route, ctx, method !== 'GET', request.receivedAt),
      ctx.sessionCookieHeader(),
    );
  });
}

/**
 * Where to go after signing in: the page asked for, or for a form posted while signed out (a reset ended the
 * session) the page the form was on, since the POST's own path may have no page to show.
 */
function returnPath(method: HttpMethod, url: URL, request: SimulatorRequest): string | undefined {
  if (method === 'GET') return `${url.pathname}${url.search}`;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    return from.origin === url.origin ? `${from.pathname}${from.search}` : undefined;
  } catch {
    return undefined;
  }
}

/** A 404 page may use the layout, which reads the database: keep it read-only like any GET. */
function readOnly(instance: ServedInstance, render: () => SimulatorResponse): SimulatorResponse {
  const db = instance.db;
  db.pragma('query_only = ON');
  try {
    return render();
  } finally {
    if (db.open) db.pragma('query_only = OFF');
  }
}
