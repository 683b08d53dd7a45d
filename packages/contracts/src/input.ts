/**
 * Rules every value that reaches the API obeys, before any endpoint's own schema (`inputProblem`): no NUL or
 * unpaired surrogate in strings or keys, which PostgreSQL refuses and would turn into a server error later; JSON
 * at most MAX_JSON_DEPTH deep, since deeper values overflow recursive checks and PGlite spins on them.
 */
export const MAX_JSON_DEPTH = 64;

/** Largest JSON document kept in one field (a schema, a config, an expected output), serialized. */
export const MAX_JSON_FIELD_BYTES = 256 * 1024;

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be stored, or null when it can. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (UNPAIRED_SURROGATE.test(text)) return 'must be valid Unicode (it has an unpaired surrogate)';
  return null;
}

export interface InputProblem {
  /** Where, as `a.b.0.c` ('' for the value itself). */
  path: string;
  message: string;
}

/**
 * The first value in `input` (walked without recursion, so any depth is safe to inspect) that breaks the
 * rules above, or null.
 */
export function inputProblem(input: unknown, maxDepth = MAX_JSON_DEPTH): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [
    { value: input, path: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path, message: problem };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= maxDepth) return { path, message: `is nested more than ${maxDepth} levels deep` };
    for (const [key, child] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      const childPath = path ? `${path}.${key}` : key;
      if (keyProblem) return { path: childPath, message: `key ${keyProblem}` };
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

/** `inputProblem` as one sentence, prefixed with where the value was (`body`, `query.name`, …). */
export function describeInputProblem(problem: InputProblem, where?: string): string {
  const at = [where, problem.path].filter(Boolean).join('.');
  return at ? `${at}: ${problem.message}` : `Input ${problem.message}`;
}

/** Why a JSON document cannot be kept in one field (too deep, too large, unstorable text), or null. */
export function jsonFieldProblem(value: unknown): string | null {
  const problem = inputProblem(value);
  if (problem) return describeInputProblem(problem);
  if (utf8Length(JSON.stringify(value) ?? '') > MAX_JSON_FIELD_BYTES)
    return `is larger than ${MAX_JSON_FIELD_BYTES / 1024} KiB`;
  return null;
}

/** Bytes of `text` in UTF-8 (this package runs in browsers and Node alike, so no TextEncoder/Buffer types). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
