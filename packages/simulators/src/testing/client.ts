import type { SimulatorInstance } from '../runtime/instance';
import type { SimulatorResponse } from '../web/response';
import { SESSION_COOKIE } from '../web/sessions';

export interface ClientResponse {
  status: number;
  headers: Record<string, string | string[]>;
  text: string;
  /** The Location of a redirect, if any. */
  location: string | undefined;
  json<T = unknown>(): T;
}

const MAX_REDIRECTS = 10;

function toClientResponse(response: SimulatorResponse): ClientResponse {
  const text = typeof response.body === 'string' ? response.body : response.body.toString('utf8');
  const location = response.headers.location;
  return {
    status: response.status,
    headers: response.headers,
    text,
    location: typeof location === 'string' ? location : undefined,
    json: <T>() => JSON.parse(text) as T,
  };
}

/**
 * A browser-less visitor of one instance for fast tests: keeps the session cookie, posts forms and JSON, and
 * follows redirects like a browser after a form post. Requests go straight to `instance.dispatch`, through the
 * same pipeline as real HTTP (routing, sessions, read-only GETs, the clock).
 */
export class InstanceClient {
  #session: string | undefined;

  constructor(readonly instance: SimulatorInstance) {}

  /** The session id this visitor holds, if any (to try it against another instance, say). */
  get sessionId(): string | undefined {
    return this.#session;
  }

  get(path: string, options: { follow?: boolean; accept?: string } = {}): Promise<ClientResponse> {
    return this.request('GET', path, undefined, options);
  }

  /** Posts a form (application/x-www-form-urlencoded), following the redirect by default. */
  post(
    path: string,
    form: Record<string, string | string[]> | URLSearchParams = {},
    options: { follow?: boolean } = {},
  ): Promise<ClientResponse> {
    const params = form instanceof URLSearchParams ? form : new URLSearchParams();
    if (!(form instanceof URLSearchParams)) {
      for (const [name, value] of Object.entries(form)) {
        for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
      }
    }
    return this.request(
      'POST',
      path,
      { type: 'application/x-www-form-urlencoded', text: params.toString() },
      options,
    );
  }

  /** Sends JSON (fetch-style) and asks for JSON back; never follows redirects. */
  sendJson(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    value: unknown,
  ): Promise<ClientResponse> {
    return this.request(
      method,
      path,
      { type: 'application/json', text: JSON.stringify(value) },
      { follow: false },
    );
  }

  async request(
    method: string,
    path: string,
    body: { type: string; text: string } | undefined,
    options: { follow?: boolean; accept?: string } = {},
  ): Promise<ClientResponse> {
    let response = await this.#send(method, path, body, options.accept);
    let redirects = 0;
    while ((options.follow ?? true) && response.location && response.status >= 300 && response.status < 400) {
      if (++redirects > MAX_REDIRECTS) throw new Error(`Too many redirects from ${method} ${path}`);
      const next = new URL(response.location, this.instance.origin);
      response = await this.#send('GET', `${next.pathname}${next.search}`, undefined, options.accept);
    }
    return response;
  }

  async #send(
    method: string,
    path: string,
    body: { type: string; text: string } | undefined,
    accept = body?.type === 'application/json' ? 'application/json' : 'text/html',
  ): Promise<ClientResponse> {
    const headers: Record<string, string | undefined> = {
      host: new URL(this.instance.origin).host,
      accept,
      cookie: this.#session ? `${SESSION_COOKIE}=${this.#session}` : undefined,
      'content-type': body?.type,
    };
    const response = await this.instance.dispatch({
      method,
      url: path,
      headers,
      body: body ? Buffer.from(body.text) : undefined,
    });
    const setCookie = response.headers['set-cookie'];
    const cookie = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (cookie?.startsWith(`${SESSION_COOKIE}=`)) {
      const value = cookie.slice(SESSION_COOKIE.length + 1).split(';')[0] ?? '';
      this.#session = cookie.includes('Max-Age=0') || value === '' ? undefined : value;
    }
    return toClientResponse(response);
  }
}
