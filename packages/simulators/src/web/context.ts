import type { SimulatorClock } from '../runtime/clock';
import type { Rng } from '../runtime/random';
import type { SqliteDatabase } from '../runtime/storage';
import { type HtmlValue, html, type SafeHtml } from './html';
import type { PageOptions, SimulatorResponse } from './response';
import type { Flash, FlashKind, Session, SessionStore } from './sessions';
import { expiredSessionCookie, sessionCookie } from './sessions';

/** What a handler needs of its instance; kept narrow so handlers cannot reset or destroy it. */
export interface InstanceView {
  readonly id: string;
  readonly origin: string;
  readonly db: SqliteDatabase;
  readonly clock: SimulatorClock;
  readonly rng: Rng;
  readonly sessions: SessionStore;
}

/** Wraps a page in one of the simulator's layouts. */
export type Layout = (page: PageOptions, ctx: RequestContext) => SafeHtml;

/** What a request reads of its simulator (a SimulatorDefinition is one): the sign-in account, layouts, 404 page. */
export interface ContextSimulator {
  readonly name: string;
  readonly auth: { readonly user: string; readonly password: string };
  readonly layouts: { default: Layout } & Record<string, Layout>;
  readonly notFound?: (ctx: RequestContext) => SimulatorResponse;
}

const NO_STORE = 'no-store';

const PROBE_ORIGIN = 'http://local.invalid';

/** Whether `value` is a path on the app's own origin as a browser would resolve it (RequestContext.localPath). */
export function isLocalPath(value: string | null | undefined): value is string {
  if (!value?.startsWith('/')) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * Everything a route handler gets: the request (params, query, form, JSON body), the instance (db, clock,
 * rng), the visitor's session (user, flashes) and the response helpers.
 */
export class RequestContext {
  readonly method: string;
  /** Absolute URL on the instance's origin. */
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** Fields of an application/x-www-form-urlencoded body (empty otherwise). */
  readonly form: URLSearchParams;
  /** A parsed application/json body (undefined otherwise). */
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly simulator: ContextSimulator;
  readonly instance: InstanceView;
  #session: Session | null;
  #sessionChanged = false;
  #sessionEnded = false;

  constructor(init: {
    method: string;
    url: URL;
    params: Record<string, string>;
    form: URLSearchParams;
    body: unknown;
    headers: Record<string, string | undefined>;
    simulator: ContextSimulator;
    instance: InstanceView;
    session: Session | null;
  }) {
    this.method = init.method;
    this.url = init.url;
    this.params = init.params;
    this.query = init.url.searchParams;
    this.form = init.form;
    this.body = init.body;
    this.headers = init.headers;
    this.simulator = init.simulator;
    this.instance = init.instance;
    this.#session = init.session;
  }

  get db(): SqliteDatabase {
    return this.instance.db;
  }

  get clock(): SimulatorClock {
    return this.instance.clock;
  }

  get rng(): Rng {
    return this.instance.rng;
  }

  /** The virtual now (see runtime/clock.ts for when it moves). */
  now(): Date {
    return this.instance.clock.now();
  }

  /**
   * `value` when it is a path of this app, else `fallback`: for `next` and `back` parameters that a redirect or
   * a link follows. A URL of another origin, a protocol-relative `//host`, and what browsers read as one
   * (`/\host`, tabs or newlines inside) are refused, so the app never sends a visitor elsewhere (open redirect).
   */
  localPath(value: string | null | undefined, fallback: string): string {
    return isLocalPath(value) ? value : fallback;
  }

  /** The signed-in user name, or null. */
  get user(): string | null {
    return this.#session?.user ?? null;
  }

  /** True when the pair is the simulator's auth user and password (the user name is not case-sensitive). */
  credentialsMatch(user: string, password: string): boolean {
    const auth = this.simulator.auth;
    return user.trim().toLowerCase() === auth.user.toLowerCase() && password === auth.password;
  }

  #ensureSession(): Session {
    if (!this.#session) {
      this.#session = this.instance.sessions.create();
      this.#sessionChanged = true;
    }
    return this.#session;
  }

  signIn(user: string): void {
    // A fresh id at sign-in, as real sites do, so a session id seen before sign-in is worth nothing after.
    const previous = this.#session;
    if (previous) this.instance.sessions.delete(previous.id);
    const session = this.instance.sessions.create();
    session.flashes = previous?.flashes ?? [];
    session.values = previous?.values ?? new Map();
    session.user = user;
    this.#session = session;
    this.#sessionChanged = true;
  }

  signOut(): void {
    if (this.#session) this.instance.sessions.delete(this.#session.id);
    this.#session = null;
    this.#sessionEnded = true;
  }

  /** Per-visitor values kept in memory (never mutations): the last search, a dismissed banner. */
  sessionValue<T>(key: string): T | undefined {
    return this.#session?.values.get(key) as T | undefined;
  }

  setSessionValue(key: string, value: unknown): void {
    this.#ensureSession().values.set(key, value);
  }

  /** Queues a toast for the next page this visitor sees (post/redirect/get). */
  flash(kind: FlashKind, message: string): void {
    this.#ensureSession().flashes.push({ kind, message });
  }

  /** The queued toasts, emptied; layouts call it once per page. */
  takeFlashes(): Flash[] {
    if (!this.#session || this.#session.flashes.length === 0) return [];
    const flashes = this.#session.flashes;
    this.#session.flashes = [];
    return flashes;
  }

  /** A path on this instance with query parameters (empty values dropped): link('/issues', { page: 2 }). */
  link(path: string, query: Record<string, string | number | null | undefined> = {}): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
    }
    const search = params.toString();
    return search ? `${path}?${search}` : path;
  }

  /** A page wrapped in one of the simulator's layouts. */
  render(page: PageOptions): SimulatorResponse {
    const layout = this.simulator.layouts[page.layout ?? 'default'];
    if (!layout) throw new Error(`Simulator ${this.simulator.name} has no layout named ${page.layout}`);
    return this.html(layout(page, this), page.status ?? 200);
  }

  /** Markup as it is, without a layout (an iframe widget, a fragment fetched by script). */
  html(markup: SafeHtml, status = 200): SimulatorResponse {
    return this.#respond(status, 'text/html; charset=utf-8', markup.value);
  }

  json(value: unknown, status = 200): SimulatorResponse {
    return this.#respond(status, 'application/json; charset=utf-8', JSON.stringify(value));
  }

  text(value: string, status = 200): SimulatorResponse {
    return this.#respond(status, 'text/plain; charset=utf-8', value);
  }

  /** 303 See Other, so a POST is followed by a GET (post/redirect/get), with an optional toast. */
  redirect(location: string, flash?: { kind: FlashKind; message: string }): SimulatorResponse {
    if (flash) this.flash(flash.kind, flash.message);
    const response = this.#respond(303, 'text/plain; charset=utf-8', '');
    response.headers.location = location;
    return response;
  }

  /** The simulator's 404 page (its `notFound`, or the kit's plain one). */
  notFound(): SimulatorResponse {
    if (this.simulator.notFound) return this.simulator.notFound(this);
    return this.html(plainPage('Page not found', html`<p>This page does not exist.</p>`), 404);
  }

  /** True when the client asked for JSON (fetch with Accept: application/json) rather than a page. */
  wantsJson(): boolean {
    const accept = this.headers.accept ?? '';
    return accept.includes('application/json') && !accept.includes('text/html');
  }

  #respond(status: number, contentType: string, body: string): SimulatorResponse {
    const headers: Record<string, string | string[]> = {
      'content-type': contentType,
      'cache-control': NO_STORE,
    };
    return { status, headers, body };
  }

  /** Applied by the pipeline after the handler: the Set-Cookie the session changes need. */
  sessionCookieHeader(): string | null {
    if (this.#sessionEnded && !this.#session) return expiredSessionCookie();
    if (this.#sessionChanged && this.#session) return sessionCookie(this.#session.id);
    return null;
  }
}

/** A minimal, readable page for the kit's own errors (unknown host, 404, 500). */
export function plainPage(title: string, content: HtmlValue): SafeHtml {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;color:#1f2328;max-width:560px;margin:12vh auto;padding:0 24px}h1{font-size:22px;margin:0 0 8px}p{color:#59636e}a{color:#0969da}</style></head>
<body><h1>${title}</h1>${content}</body>
</html>`;
}
