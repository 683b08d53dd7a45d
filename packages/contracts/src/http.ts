import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** One API endpoint: what the browser sends and what it gets back. Server routes and the SPA client share it. */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Status of a successful answer. */
  status: number;
  /** The largest request body it takes (bytes), when more than the JSON body limit every route has. */
  bodyLimit?: number;
}

export function endpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(def: {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status?: number;
  bodyLimit?: number;
}): Endpoint<P, Q, B, R> {
  return { status: 200, ...def };
}

export type EndpointParams<E> =
  E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type EndpointQuery<E> =
  E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type EndpointBody<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type EndpointResponse<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** What a call of an endpoint needs: path parameters and a body when it has them, a query when it accepts one. */
export type EndpointRequest<E extends Endpoint> = ([EndpointParams<E>] extends [undefined]
  ? { params?: undefined }
  : { params: EndpointParams<E> }) &
  ([EndpointQuery<E>] extends [undefined] ? { query?: undefined } : { query?: EndpointQuery<E> }) &
  ([EndpointBody<E>] extends [undefined] ? { body?: undefined } : { body: EndpointBody<E> });

/** A call's options argument, `O`: it may be left out only where the endpoint needs neither params nor a body. */
export type EndpointOptionsArgument<E extends Endpoint, O> = [EndpointParams<E>, EndpointBody<E>] extends [
  undefined,
  undefined,
]
  ? [options?: O]
  : [options: O];

/** A query as the URL carries it: absent values left out, lists joined by commas, everything a string. */
export function queryValues(query: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (!query || typeof query !== 'object') return values;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    values[name] = Array.isArray(value) ? value.map(String).join(',') : String(value);
  }
  return values;
}

/** Path parameters as the path carries them (strings), so `{id: 5}` and `{id: '5'}` name one resource. */
export function pathParams(params: unknown): Record<string, string> | undefined {
  if (!params || typeof params !== 'object') return undefined;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') values[name] = String(value);
  }
  return values;
}

/** The address of one call of an endpoint: its path with the parameters filled in, then its query. */
export function endpointUrl(path: string, request: { params?: unknown; query?: unknown } = {}): string {
  const query = Object.entries(queryValues(request.query))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return buildPath(path, pathParams(request.params)) + (query ? `?${query}` : '');
}

/** Fills `{name}` and `:name` segments of a path. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/[:{](\w+)}?/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
