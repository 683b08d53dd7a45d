import { PROXY_SIMULATOR } from '@proctor/contracts';

/**
 * A request as the replay compares it: method and host decide which recorded exchanges are candidates at
 * all, the rest is scored. Tokens are computed once per recorded exchange (the index keeps them).
 */
export interface RequestTokens {
  method: string;
  /** Lower-cased host with its port, if any. */
  host: string;
  path: string;
  segments: readonly string[];
  /** Per segment, whether it names a record (`isIdLike`): computed once, compared often. */
  idLike: readonly boolean[];
  /** The path with its record ids as `:id` (`pathPattern`): exchanges sharing one are scored as a group. */
  pattern: string;
  /** Query parameters in their order; a repeated name keeps each value. */
  query: ReadonlyMap<string, readonly string[]>;
  /** The same, as [name, its values joined] sorted by name: what scoring walks (no map lookups per candidate). */
  queryFields: readonly (readonly [string, string])[];
  /** The query as the exact-match key holds it: parameters sorted by name, then value. */
  canonicalQuery: string;
  /** Field names of a JSON or form body (nested JSON as dotted paths); empty without a body. */
  bodyKeys: ReadonlySet<string>;
  /** sha256 of the body; null without one. */
  bodyHash: string | null;
}

export interface RequestDescription {
  method: string;
  url: string;
  bodyHash: string | null;
  bodyKeys: readonly string[];
}

export function tokenize(request: RequestDescription): RequestTokens {
  const url = new URL(request.url);
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const query = new Map<string, string[]>();
  for (const [name, value] of url.searchParams) {
    const values = query.get(name);
    if (values) values.push(value);
    else query.set(name, [value]);
  }
  const pairs = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)));
  return {
    method: request.method.toUpperCase(),
    host: url.host.toLowerCase(),
    path: url.pathname,
    segments,
    idLike: segments.map(isIdLike),
    pattern: patternOf(segments),
    query,
    queryFields: [...query]
      .map(([name, values]) => [name, values.join('\u0000')] as const)
      .sort(([a], [b]) => compare(a, b)),
    canonicalQuery: new URLSearchParams(pairs).toString(),
    bodyKeys: new Set(request.bodyKeys),
    bodyHash: request.bodyHash,
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The key two requests share when one replays the other exactly. */
export function exactKey(tokens: RequestTokens): string {
  return `${tokens.method} ${tokens.host}${tokens.path}?${tokens.canonicalQuery}#${tokens.bodyHash ?? ''}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path segment that names a record rather than a resource: 42, a UUID, a long hex digest, ORD-1001. */
export function isIdLike(segment: string): boolean {
  if (/^\d+$/.test(segment) || UUID.test(segment) || /^[0-9a-f]{16,}$/i.test(segment)) return true;
  return /^[\w-]{4,}$/.test(segment) && (segment.match(/\d/g)?.length ?? 0) >= 3;
}

const patternOf = (segments: readonly string[]) =>
  `/${segments.map((segment) => (isIdLike(segment) ? ':id' : segment)).join('/')}`;

/** A path with its record ids replaced by `:id`, e.g. /api/items/42 → /api/items/:id (a write's table name). */
export function pathPattern(path: string): string {
  return patternOf(path.split('/').filter((segment) => segment !== ''));
}

/** Same segment 1, two ids in the same place ½ (another record of the same resource); over the longer path. */
export function pathSimilarity(
  a: Pick<RequestTokens, 'segments' | 'idLike'>,
  b: Pick<RequestTokens, 'segments' | 'idLike'>,
): number {
  const longer = Math.max(a.segments.length, b.segments.length);
  if (longer === 0) return 1;
  let same = 0;
  const shorter = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < shorter; i += 1) {
    if (a.segments[i] === b.segments[i]) same += 1;
    else if (a.idLike[i] && b.idLike[i]) same += 0.5;
  }
  return same / longer;
}

/**
 * The most `pathSimilarity` can give `a` against any path of `pattern`'s shape: ids in the same place count as
 * if they were the same id. What lets the index skip whole groups of exchanges.
 */
export function patternBound(a: Pick<RequestTokens, 'segments' | 'idLike'>, b: RequestTokens): number {
  const longer = Math.max(a.segments.length, b.segments.length);
  if (longer === 0) return 1;
  let same = 0;
  const shorter = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < shorter; i += 1)
    if ((a.idLike[i] && b.idLike[i]) || a.segments[i] === b.segments[i]) same += 1;
  return same / longer;
}

/** Per parameter name of either: the same values 1, other values ½, missing on one side 0. */
function querySimilarity(a: RequestTokens['queryFields'], b: RequestTokens['queryFields']): number {
  if (a.length === 0 && b.length === 0) return 1;
  // Both sorted by name: one walk over the two.
  let score = 0;
  let names = 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    names += 1;
    const x = a[i];
    const y = b[j];
    if (x && y && x[0] === y[0]) {
      score += x[1] === y[1] ? 1 : 0.5;
      i += 1;
      j += 1;
    } else if (x && (!y || x[0] < y[0])) i += 1;
    else j += 1;
  }
  return score / names;
}

/** Jaccard of the body's field names; two bodies without fields are alike. */
function bodySimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const key of a) if (b.has(key)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * How alike two requests of the same method and host are, 0..1: path segments, query parameters and JSON
 * body keys, weighted by `PROXY_SIMULATOR.scoreWeights`. 1 for requests that differ only in body values.
 */
export function requestSimilarity(a: RequestTokens, b: RequestTokens): number {
  const { path, query, body } = PROXY_SIMULATOR.scoreWeights;
  return (
    path * pathSimilarity(a, b) +
    query * querySimilarity(a.queryFields, b.queryFields) +
    body * bodySimilarity(a.bodyKeys, b.bodyKeys)
  );
}

/** The most a request can score against one whose path scores `pathScore`: what pruning compares with. */
export function bestPossible(pathScore: number): number {
  const { path, query, body } = PROXY_SIMULATOR.scoreWeights;
  return path * pathScore + query + body;
}
