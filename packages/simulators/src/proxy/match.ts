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
  /** Query parameters in their order; a repeated name keeps each value. */
  query: ReadonlyMap<string, readonly string[]>;
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
    query,
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

/** A path with its record ids replaced by `:id`, e.g. /api/items/42 → /api/items/:id (a write's table name). */
export function pathPattern(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  return `/${segments.map((segment) => (isIdLike(segment) ? ':id' : segment)).join('/')}`;
}

/** Same segment 1, two ids in the same place ½ (another record of the same resource); over the longer path. */
export function pathSimilarity(a: readonly string[], b: readonly string[]): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  let same = 0;
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i += 1) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x === y) same += 1;
    else if (isIdLike(x) && isIdLike(y)) same += 0.5;
  }
  return same / longer;
}

/** Per parameter name of either: the same values 1, other values ½, missing on one side 0. */
function querySimilarity(a: RequestTokens['query'], b: RequestTokens['query']): number {
  if (a.size === 0 && b.size === 0) return 1;
  let score = 0;
  let names = a.size;
  for (const [name, values] of a) {
    const other = b.get(name);
    if (other) score += other.length === values.length && other.every((v, i) => v === values[i]) ? 1 : 0.5;
  }
  for (const name of b.keys()) if (!a.has(name)) names += 1;
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
    path * pathSimilarity(a.segments, b.segments) +
    query * querySimilarity(a.query, b.query) +
    body * bodySimilarity(a.bodyKeys, b.bodyKeys)
  );
}

/** The most a request can score against one whose path scores `pathScore`: what pruning compares with. */
export function bestPossible(pathScore: number): number {
  const { path, query, body } = PROXY_SIMULATOR.scoreWeights;
  return path * pathScore + query + body;
}
