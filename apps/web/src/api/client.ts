import {
  type Endpoint,
  type EndpointOptionsArgument,
  type EndpointRequest,
  type EndpointResponse,
  ErrorResponse,
  endpointUrl,
} from '@proctor/contracts';
import { ApiError } from './ApiError';
import { expireSession, renewTokens, SESSION_EXPIRED_MESSAGE } from './session';
import { tokenStore } from './tokenStore';

/** What a call needs (the endpoint's request), and a signal to abandon it. */
export type CallOptions<E extends Endpoint> = EndpointRequest<E> & { signal?: AbortSignal };

/** Sign-in calls never carry a bearer: a stale one would be refused before the call is looked at. */
const UNAUTHENTICATED_PREFIX = '/api/auth/';

async function failure(response: Response): Promise<ApiError> {
  let detail = response.statusText || `Request failed with status ${response.status}`;
  try {
    const parsed = ErrorResponse.safeParse(await response.json());
    if (parsed.success) detail = parsed.data.detail;
  } catch {
    // Not JSON (a proxy's error page): the status text says enough.
  }
  return new ApiError(response.status, detail);
}

/**
 * Calls one endpoint of the contract: builds the URL, adds the bearer token to /api calls, renews the
 * session once on 401, and parses the answer with the endpoint's response schema.
 */
export function call<
  P extends Endpoint['response'],
  Q extends Endpoint['response'],
  B extends Endpoint['response'],
  R extends Endpoint['response'],
>(
  endpoint: Endpoint<P, Q, B, R>,
  ...[options]: EndpointOptionsArgument<Endpoint<P, Q, B, R>, CallOptions<Endpoint<P, Q, B, R>>>
): Promise<EndpointResponse<Endpoint<P, Q, B, R>>>;
export async function call(
  endpoint: Endpoint,
  options?: { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal },
): Promise<unknown> {
  const url = endpointUrl(endpoint.path, options);
  const body = options?.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await send(url, { method: endpoint.method, headers, body, signal: options?.signal });
  if (!response.ok) throw await failure(response);
  return endpoint.response.parse(await response.json());
}

/**
 * Sends a file form (multipart, as `<input type="file">` gives it) to one endpoint of the contract, with the
 * bearer and renewal every call has, and parses the answer with the endpoint's response schema.
 */
export async function upload<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  options: { signal?: AbortSignal } = {},
): Promise<EndpointResponse<E>> {
  // No Content-Type: the browser writes multipart/form-data with its boundary.
  const response = await send(endpoint.path, {
    method: endpoint.method,
    headers: { Accept: 'application/json' },
    body: form,
    signal: options.signal,
  });
  if (!response.ok) throw await failure(response);
  return endpoint.response.parse(await response.json()) as EndpointResponse<E>;
}

/**
 * The bytes behind an /api address the server hands out (a session's screenshot), fetched with the
 * signed-in user's token as every call is: an <img src> would send none. Only this server's /api paths
 * are accepted, so the token never travels to another site.
 */
export async function fetchBlob(path: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  if (!path.startsWith('/api/')) throw new ApiError(0, `Not an address of this server's API: ${path}`);
  const response = await send(path, { method: 'GET', headers: {}, signal: options.signal });
  if (!response.ok) throw await failure(response);
  return response.blob();
}

/** An ok answer without a body to read (001 §8): a browser or proxy that does not hand streams over. */
export const NO_RESPONSE_STREAM = 'Failed to get response stream';

/**
 * POSTs a JSON body to this server's API and hands over the answer's body as it arrives (a streamed answer,
 * such as newline-delimited JSON), with the bearer token and the session renewal every call has. A refusal
 * throws its ApiError before anything is read.
 */
export async function openStream(
  path: string,
  body: unknown,
  options: { signal?: AbortSignal; accept?: string } = {},
): Promise<ReadableStream<Uint8Array>> {
  if (!path.startsWith('/api/')) throw new ApiError(0, `Not an address of this server's API: ${path}`);
  const response = await send(path, {
    method: 'POST',
    headers: { Accept: options.accept ?? '*/*', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  if (!response.ok) throw await failure(response);
  if (!response.body) throw new Error(NO_RESPONSE_STREAM);
  return response.body;
}

/** Sends a request with the bearer token on /api calls, renewing the session once on 401. */
async function send(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | FormData; signal?: AbortSignal },
): Promise<Response> {
  const withBearer = url.startsWith('/api/') && !url.startsWith(UNAUTHENTICATED_PREFIX);
  const attempt = async (accessToken: string | undefined): Promise<Response> => {
    const headers = { ...init.headers };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    try {
      return await fetch(url, { method: init.method, headers, body: init.body, signal: init.signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'Could not reach the server');
    }
  };

  const accessToken = withBearer ? tokenStore.get()?.accessToken : undefined;
  const response = await attempt(accessToken);
  if (response.status !== 401 || !accessToken) return response;
  const renewed = await renewTokens(accessToken);
  if (!renewed) {
    expireSession();
    throw new ApiError(401, SESSION_EXPIRED_MESSAGE, true);
  }
  return attempt(renewed.accessToken);
}
