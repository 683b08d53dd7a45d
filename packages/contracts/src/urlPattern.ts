/**
 * The URL pattern of a concrete request URL (a site endpoint's `urlPattern`): path segments that vary between
 * calls of one endpoint (numeric ids, UUIDs, hex hashes, long tokens, redacted secrets) become `{name}`
 * parameters; the query and fragment are dropped. Pure and deterministic: the same path always gives the same
 * pattern, so two calls of one endpoint meet on it.
 */

export interface UrlPatternParameter {
  name: string;
  /** The segment it replaced, as it was in the (percent-encoded) path. */
  value: string;
}

export interface UrlPattern {
  /** The URL's origin (`https://api.example.com`), or null when a path was given. */
  originUrl: string | null;
  /** The path with `{name}` for each varying segment, from `/`, without query. */
  urlPattern: string;
  /** The parameters in path order. */
  parameters: UrlPatternParameter[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^[0-9]+$/;
/** A hex digest or object id: 8 or more hex digits, at least one of them 0-9 (so words like "deadbeef" stay). */
const HEX = /^(?=[0-9a-f]*[0-9])[0-9a-f]{8,}$/i;
const TOKEN_CHARACTERS = /^[A-Za-z0-9_\-.~=]+$/;
/** What the redaction stores a secret as (`redacted:` + hex), wherever one was in the path. */
const REDACTED = /^redacted(:|%3A)/i;
const TOKEN_MIN_LENGTH = 16;
/** Segments that name no resource, so a parameter after them is not named after them. */
const NOT_A_RESOURCE = /^(api|v[0-9]+(\.[0-9]+)*|rest|graphql|public|internal)$/i;
const WORD = /^[A-Za-z][A-Za-z0-9_-]*$/;

/** Whether a path segment is a value that varies between calls rather than a fixed part of the endpoint. */
export function isVaryingSegment(segment: string): boolean {
  if (segment === '') return false;
  if (NUMBER.test(segment) || UUID.test(segment) || HEX.test(segment) || REDACTED.test(segment)) return true;
  if (segment.length < TOKEN_MIN_LENGTH || !TOKEN_CHARACTERS.test(segment)) return false;
  // A run of 10+ letters and digits that mixes both: what tokens have and slugs ("notes-2024-summary") lack.
  return segment
    .split(/[_\-.~=]/)
    .some((run) => run.length >= 10 && /[A-Za-z]/.test(run) && /[0-9]/.test(run));
}

/** `order-items` → `orderItem`: the singular, camel-cased resource name a parameter after it is named for. */
function resourceName(segment: string): string {
  const words = segment.split(/[-_]+/).filter(Boolean);
  const camel = words
    .map((word, at) =>
      at === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join('');
  return singular(camel);
}

function singular(word: string): string {
  if (word.length <= 3) return word;
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|us|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word) && !/is$/.test(word)) return word.slice(0, -1);
  return word;
}

const ABSOLUTE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(.*)$/s;

/**
 * The origin of an absolute URL as Proctor compares them: scheme and host lower-cased, the port as written, any
 * user info left out (`https://API.example.com:8443/x` → `https://api.example.com:8443`); null for a path. The
 * server's SQL reads captured URLs' origins the same way (repositories/sites.ts).
 */
export function originOf(url: string): string | null {
  const match = ABSOLUTE.exec(url.trim());
  if (!match) return null;
  const authority = match[2]!.slice(match[2]!.lastIndexOf('@') + 1);
  return `${match[1]!.toLowerCase()}://${authority.toLowerCase()}`;
}

/** Characters a path keeps as they are; any other is percent-encoded, as a browser sends it. */
const PATH_CHARACTER = /[A-Za-z0-9\-._~!$&'()*+,;=:@%/]/;

/** The path of `url` (a full URL, or a path), percent-encoded where a browser would, without query or fragment. */
function pathOf(url: string): string {
  const trimmed = url.trim();
  const match = ABSOLUTE.exec(trimmed);
  const rest = match ? match[3]! : trimmed;
  const end = rest.search(/[?#]/);
  const raw = end < 0 ? rest : rest.slice(0, end);
  const path = raw.startsWith('/') ? raw : `/${raw}`;
  return [...path]
    .map((character) => (PATH_CHARACTER.test(character) ? character : encoded(character)))
    .join('');
}

/** A character percent-encoded as UTF-8; a lone surrogate (no UTF-8 form) as U+FFFD, as a browser sends it. */
function encoded(character: string): string {
  try {
    return encodeURIComponent(character);
  } catch {
    return '%EF%BF%BD';
  }
}

/** The URL pattern of `url` (a full URL or a path): see the module's comment. */
export function urlPatternOf(url: string): UrlPattern {
  const path = pathOf(url);
  const segments = path.split('/').slice(1);
  const taken = new Set<string>();
  const parameters: UrlPatternParameter[] = [];
  const out = segments.map((segment, at) => {
    if (!isVaryingSegment(segment)) return segment;
    const before = at > 0 ? segments[at - 1]! : '';
    const base =
      before && WORD.test(before) && !NOT_A_RESOURCE.test(before) && !isVaryingSegment(before)
        ? `${resourceName(before)}Id`
        : 'id';
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    parameters.push({ name, value: segment });
    return `{${name}}`;
  });
  return { originUrl: originOf(url), urlPattern: `/${out.join('/')}`, parameters };
}

/** The pattern with each parameter given a value: `/users/{userId}` with {userId: '7'} → `/users/7`. */
export function fillUrlPattern(urlPattern: string, values: Readonly<Record<string, string>>): string {
  return urlPattern.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The names of a pattern's parameters, in order. */
export function urlPatternParameterNames(urlPattern: string): string[] {
  return [...urlPattern.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((match) => match[1]!);
}
