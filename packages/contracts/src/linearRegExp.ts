import { RE2JS } from 're2js';

/**
 * User-supplied regular expressions (schema `pattern` and `patternProperties`, `url_pattern`, the network filter)
 * run on RE2 (re2js, pure JavaScript): linear in the text, so no pattern stalls the server or a browser. ECMAScript
 * syntax is translated; lookaround and backreferences are refused; `\s` is ASCII only, `.` matches `\r`.
 */
export interface LinearRegExp {
  readonly source: string;
  /** Whether the pattern matches anywhere in `text`, as `RegExp.prototype.test`. */
  test(text: string): boolean;
  /** `/source/u` or `/source/`: Ajv keys the patterns of a schema by it. */
  toString(): string;
}

export interface LinearRegExpOptions {
  /** Check the ECMAScript syntax in unicode mode (the `u` flag), as JSON Schema validators do. */
  unicode?: boolean;
}

const UNSUPPORTED_LOOKAROUND =
  'uses a lookahead or lookbehind ((?=, (?!, (?<=, (?<!), which is not supported: patterns run in linear time, with RE2';
const UNSUPPORTED_BACKREFERENCE =
  'uses a backreference (\\1, \\k<name>), which is not supported: patterns run in linear time, with RE2';

/** The lookaround or backreference in an ECMAScript pattern, outside character classes, or null. */
function backtrackingFeature(pattern: string): string | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<')))
        return UNSUPPORTED_BACKREFERENCE;
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(' && pattern[i + 1] === '?') {
      const kind = pattern.slice(i + 2, i + 4);
      if (kind[0] === '=' || kind[0] === '!' || kind === '<=' || kind === '<!') return UNSUPPORTED_LOOKAROUND;
    }
  }
  return null;
}

/** The compiled pattern, or what is wrong with it, worded to follow its name ("url_pattern is not …"). */
function compile(pattern: string, unicode: boolean): LinearRegExp | string {
  try {
    // Only parsed here, never run: ECMAScript's own syntax errors, as the author's JavaScript would give them.
    new RegExp(pattern, unicode ? 'u' : '');
  } catch (error) {
    const message = (error as Error).message;
    return `is not a valid regular expression (${message.slice(message.lastIndexOf(': ') + 2)})`;
  }
  const feature = backtrackingFeature(pattern);
  if (feature) return feature;
  try {
    const re2 = RE2JS.compile(RE2JS.translateRegExp(pattern));
    const flags = unicode ? 'u' : '';
    return { source: pattern, test: (text) => re2.test(text), toString: () => `/${pattern}/${flags}` };
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    return `is not supported by RE2, the linear-time engine patterns run on (${reason})`;
  }
}

// Scoring compiles the same few patterns for every action it compares; bounded, as patterns come from users.
const cache = new Map<string, LinearRegExp | string>();
const MAX_CACHED_PATTERNS = 256;

function compiled(pattern: string, options: LinearRegExpOptions): LinearRegExp | string {
  const unicode = options.unicode ?? false;
  const key = `${unicode ? 'u' : '-'}${pattern}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const result = compile(pattern, unicode);
  cache.set(key, result);
  if (cache.size > MAX_CACHED_PATTERNS) cache.delete(cache.keys().next().value as string);
  return result;
}

/** What keeps `pattern` from running as a linear-time regular expression, to follow its name; null when nothing. */
export function linearPatternProblem(pattern: string, options: LinearRegExpOptions = {}): string | null {
  const result = compiled(pattern, options);
  return typeof result === 'string' ? result : null;
}

/** `pattern` compiled for linear-time matching; throws, saying why, when it cannot be (`linearPatternProblem`). */
export function linearRegExp(pattern: string, options: LinearRegExpOptions = {}): LinearRegExp {
  const result = compiled(pattern, options);
  if (typeof result === 'string') throw new Error(`The pattern ${JSON.stringify(pattern)} ${result}`);
  return result;
}

/**
 * Ajv's `code.regExp` option: a schema's `pattern` and `patternProperties` compiled with `linearRegExp`, so a
 * schema a user wrote (an output schema, a site's model) cannot stall the server; a refused pattern makes
 * compiling throw, saying why. `code` names it in Ajv's standalone output.
 */
export const ajvLinearRegExp = Object.assign(
  (pattern: string, flags: string): LinearRegExp => linearRegExp(pattern, { unicode: flags.includes('u') }),
  { code: 'linearRegExp' },
);
