/**
 * Path routing for simulator apps: patterns such as '/projects/:projectId/issues/:number'. When two routes
 * match, the one with static segments earlier wins, whatever the registration order ('/issues/new' beats
 * '/issues/:number').
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type Segment = { kind: 'static'; text: string } | { kind: 'param'; name: string };

export interface RouteMatch<T> {
  route: T;
  params: Record<string, string>;
}

interface CompiledRoute<T> {
  method: HttpMethod;
  segments: Segment[];
  /** '1' per static segment, '0' per parameter: compared as strings, higher is more specific. */
  specificity: string;
  route: T;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function compile(pattern: string): Segment[] {
  if (!pattern.startsWith('/')) throw new Error(`Route pattern must start with '/': ${pattern}`);
  return splitPath(pattern).map((segment) => {
    if (!segment.startsWith(':')) return { kind: 'static', text: segment };
    const name = segment.slice(1);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Bad parameter name in route ${pattern}`);
    return { kind: 'param', name };
  });
}

export class Router<T> {
  readonly #routes: CompiledRoute<T>[] = [];

  add(method: HttpMethod, pattern: string, route: T): void {
    const segments = compile(pattern);
    const specificity = segments.map((s) => (s.kind === 'static' ? '1' : '0')).join('');
    const clash = this.#routes.find(
      (r) =>
        r.method === method &&
        r.segments.length === segments.length &&
        r.segments.every((s, i) => {
          const other = segments[i] as Segment;
          return (
            s.kind === other.kind &&
            (s.kind === 'param' || (other.kind === 'static' && s.text === other.text))
          );
        }),
    );
    if (clash) throw new Error(`Route ${method} ${pattern} is registered twice`);
    this.#routes.push({ method, segments, specificity, route });
  }

  /**
   * The best route for a method and a raw (percent-encoded) path, or null; `allowed` lists the methods that
   * would match. Segments are decoded one by one, so '%2F' inside a parameter stays in that parameter.
   */
  match(method: HttpMethod, rawPath: string): { found: RouteMatch<T> | null; allowed: HttpMethod[] } {
    const parts = decodeSegments(rawPath);
    if (!parts) return { found: null, allowed: [] };
    let best: CompiledRoute<T> | null = null;
    let bestParams: Record<string, string> = {};
    const allowed = new Set<HttpMethod>();
    for (const candidate of this.#routes) {
      const params = matchSegments(candidate.segments, parts);
      if (!params) continue;
      allowed.add(candidate.method);
      if (candidate.method !== method) continue;
      if (!best || candidate.specificity > best.specificity) {
        best = candidate;
        bestParams = params;
      }
    }
    return { found: best ? { route: best.route, params: bestParams } : null, allowed: [...allowed] };
  }
}

function decodeSegments(rawPath: string): string[] | null {
  try {
    return splitPath(rawPath).map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | null {
  if (segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as Segment;
    const part = parts[i] as string;
    if (segment.kind === 'static') {
      if (segment.text !== part) return null;
    } else {
      params[segment.name] = part;
    }
  }
  return params;
}
