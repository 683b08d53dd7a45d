import { type Endpoint, pathParams, queryValues } from '@proctor/contracts';
import { hashKey, type InvalidateQueryFilters, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** What names one read of an endpoint: its path parameters, its query, and the body of a read sent as POST. */
export interface EndpointRequestParts {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** The first element of every key of the endpoint: a filter on it reaches every read of the endpoint. */
export function endpointKey(endpoint: Pick<Endpoint, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}

const nonEmpty = (values: Record<string, string> | undefined) =>
  values && Object.keys(values).length > 0 ? values : undefined;

/**
 * The query key of one read: `[endpointKey, {params, query, body}]`, with params and query as the URL has them
 * (two spellings of one URL share a key) and empty parts left out. Given only some parts it is a filter: the
 * query client matches objects by their subset, so `{params: {id}}` reaches every query of that resource.
 * `refetchOn` joins the key when given, so a new value reads the endpoint again.
 */
export function endpointQueryKey(
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  request: EndpointRequestParts = {},
  refetchOn?: unknown,
): QueryKey {
  const parts: Record<string, unknown> = {};
  const params = nonEmpty(pathParams(request.params));
  const query = nonEmpty(request.query === undefined ? undefined : queryValues(request.query));
  if (params) parts.params = params;
  if (query) parts.query = query;
  if (request.body !== undefined) parts.body = request.body;
  if (refetchOn !== undefined) parts.refetchOn = refetchOn;
  return [endpointKey(endpoint), parts];
}

/** Whether two keys of endpointQueryKey read the same endpoint with the same path parameters. */
export function sameResource(a: QueryKey | undefined, b: QueryKey): boolean {
  if (!a || a[0] !== b[0]) return false;
  const paramsOf = (key: QueryKey) => (key[1] as { params?: unknown } | undefined)?.params ?? {};
  return hashKey([paramsOf(a)]) === hashKey([paramsOf(b)]);
}

export interface InvalidateOptions {
  /** 'none' only marks the reads stale, for the next time they are shown. */
  refetch?: 'active' | 'none';
}

/** Marks every read of these endpoints stale (refetching those on screen); 'all' reaches every read. */
export function invalidateEndpoints(
  queryClient: QueryClient,
  targets: readonly Endpoint[] | 'all',
  options: InvalidateOptions = {},
): Promise<unknown> {
  const filters: InvalidateQueryFilters = { refetchType: options.refetch ?? 'active' };
  if (targets === 'all') return queryClient.invalidateQueries(filters);
  return Promise.all(
    targets.map((target) => queryClient.invalidateQueries({ ...filters, queryKey: [endpointKey(target)] })),
  );
}
