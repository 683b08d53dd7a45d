import { messageOf, ProctorApiError, ProctorConnectionError, ProctorError } from './errors.js';
import { pathOf, ROUTES, type RouteName, type RouteTypes } from './routes.js';

/** Calls Proctor's HTTP API with the organization's API key and turns failures into the SDK's errors. */
export class ApiClient {
  readonly #baseUrl: string;
  readonly #apiKey: string;
  readonly #timeoutMs: number;

  constructor(options: { baseUrl: string; apiKey: string; timeoutMs: number }) {
    this.#baseUrl = options.baseUrl;
    this.#apiKey = options.apiKey;
    this.#timeoutMs = options.timeoutMs;
  }

  async call<N extends RouteName>(
    name: N,
    options: { id?: string; body?: RouteTypes[N]['body'] } = {},
  ): Promise<RouteTypes[N]['response']> {
    const { method } = ROUTES[name];
    const url = `${this.#baseUrl}${pathOf(name, options.id)}`;
    const headers: Record<string, string> = { 'x-api-key': this.#apiKey, accept: 'application/json' };
    // No content-type without a body: the server refuses an empty body declared as JSON.
    if (options.body !== undefined) headers['content-type'] = 'application/json';

    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ProctorConnectionError({
        method,
        url,
        reason: timedOut ? `no answer within ${this.#timeoutMs} ms` : reasonOf(error),
        cause: error,
      });
    }

    if (!response.ok) {
      throw new ProctorApiError({
        status: response.status,
        detail: detailOf(text) ?? `Request failed with status ${response.status}: ${response.statusText}`,
        method,
        url,
      });
    }
    try {
      return JSON.parse(text) as RouteTypes[N]['response'];
    } catch {
      throw new ProctorError(`Proctor answered ${method} ${url} with something other than JSON`);
    }
  }
}

/** The `{detail}` of an error body, when it has one. */
function detailOf(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string')
      return body.detail;
  } catch {
    // Not JSON (a proxy's error page): the status line says it instead.
  }
  return undefined;
}

/** fetch's own message is only "fetch failed"; the reason (ECONNREFUSED, a DNS failure) is its cause. */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause === undefined ? messageOf(error) : `${messageOf(error)} (${messageOf(cause)})`;
}
