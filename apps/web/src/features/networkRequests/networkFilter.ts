import {
  type LinearRegExp,
  linearPatternProblem,
  linearRegExp,
  type NetworkRequestView,
} from '@proctor/contracts';

/** What the user typed in the network viewer's filter inputs (000 §2.11). */
export interface NetworkFilterInput {
  url: string;
  method: string;
  contentType: string;
  /** A JSON object of regular expressions, `{"field": "regex"}`, for the request body's top-level fields. */
  bodyMatchers: string;
}

export const EMPTY_NETWORK_FILTER: NetworkFilterInput = {
  url: '',
  method: '',
  contentType: '',
  bodyMatchers: '',
};

export interface NetworkFilter {
  url: string;
  method: string;
  contentType: string;
  bodyMatchers: Array<{ field: string; pattern: LinearRegExp }>;
}

export interface CompiledNetworkFilter {
  filter: NetworkFilter;
  /** Why the body matchers were left out; the other filters still apply. */
  bodyMatchersError: string | null;
}

/**
 * Reads the body matchers: a JSON object whose values are strings that compile as regular expressions, run in
 * linear time (`linearRegExp`), so a pattern pasted from elsewhere cannot freeze the reviewer's tab.
 */
function compileBodyMatchers(text: string): NetworkFilter['bodyMatchers'] | string {
  if (text === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return `Invalid JSON: ${(error as Error).message}`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return 'Expected a JSON object such as {"field": "regex"}';
  const matchers: NetworkFilter['bodyMatchers'] = [];
  for (const [field, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') return `The pattern for "${field}" must be a string`;
    const problem = linearPatternProblem(value);
    if (problem) return `The pattern for "${field}" ${problem}`;
    matchers.push({ field, pattern: linearRegExp(value) });
  }
  return matchers;
}

/**
 * Reads the filter inputs: text filters are trimmed, case-insensitive "contains" matches. Body matchers that
 * do not compile are reported and left out, so the list still follows the other filters.
 */
export function compileNetworkFilter(input: NetworkFilterInput): CompiledNetworkFilter {
  const matchers = compileBodyMatchers(input.bodyMatchers.trim());
  return {
    filter: {
      url: input.url.trim().toLowerCase(),
      method: input.method.trim().toLowerCase(),
      contentType: input.contentType.trim().toLowerCase(),
      bodyMatchers: typeof matchers === 'string' ? [] : matchers,
    },
    bodyMatchersError: typeof matchers === 'string' ? matchers : null,
  };
}

/** A top-level field of a JSON body as text: strings as they are, anything else as JSON. */
const fieldText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function bodyMatches(body: string | null, matchers: NetworkFilter['bodyMatchers']): boolean {
  if (matchers.length === 0) return true;
  if (body === null) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return false;
  const fields = parsed as Record<string, unknown>;
  return matchers.every(
    ({ field, pattern }) => Object.hasOwn(fields, field) && pattern.test(fieldText(fields[field])),
  );
}

/** The requests that pass every filter; a request without a JSON object body fails any body matcher. */
export function filterNetworkRequests<
  R extends Pick<NetworkRequestView, 'url' | 'method' | 'content_type' | 'request_body'>,
>(requests: readonly R[], filter: NetworkFilter): R[] {
  return requests.filter(
    (request) =>
      request.url.toLowerCase().includes(filter.url) &&
      request.method.toLowerCase().includes(filter.method) &&
      (request.content_type ?? '').toLowerCase().includes(filter.contentType) &&
      bodyMatches(request.request_body, filter.bodyMatchers),
  );
}
