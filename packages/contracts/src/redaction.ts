import { RECORDING } from './recording';

/**
 * Which names carry secrets, and the redaction of recorded headers, URLs and bodies by that name: one rule for
 * the recorder, the server's logs and imported recordings. Names are judged by their word parts, not by
 * substring (`monkey`, `keyword` and `tokenizer` hold no key or token), and values become `RECORDING.redacted`,
 * or, where a later replay must still tell secrets apart (an uploaded HAR), what a `Placeholder` makes of them.
 */

/** What a secret value is stored as; the same value must give the same placeholder. */
export type Placeholder = (secret: string) => string;

const REDACTED: Placeholder = () => RECORDING.redacted;

/** Secret wherever they stand in a name, and at the end of a one-word compound: `new_password`, `clientsecret`. */
const SECRET_ANYWHERE = [
  'password',
  'passwords',
  'passwd',
  'pwd',
  'passphrase',
  'secret',
  'secrets',
  'credential',
  'credentials',
  'csrf',
  'xsrf',
];

/**
 * Secret only as the name's last part, or the end of it written as one word (`access_token`, `accesstoken`,
 * `session_id`, `JSESSIONID`): what comes before says what kind (`x-api-key`), what comes after that it is
 * something else (`token_type`, `max_tokens`, `keyCode`, `session_count`).
 */
const SECRET_ENDINGS = ['token', 'apikey', 'sessionid', 'sessid', 'cookie'];

/** Secret as the whole last part only: `monkey`, `hotkey` and `setsession` are other words. */
const SECRET_LAST_WORDS = new Set([
  'auth',
  'authorization',
  'authentication',
  'key',
  'session',
  'sid',
  'cookies',
  'signature',
  'sig',
]);

/** `X-CSRFToken` → x, csrf, token; `user[password]` → user, password; `sessionId` → session, id. */
function wordParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether a header, query parameter, form field or JSON key of this name holds a secret (case-insensitive). */
export function isSecretName(name: string): boolean {
  const parts = wordParts(name);
  const last = parts.at(-1);
  if (last === undefined) return false;
  const lastTwo = `${parts.at(-2) ?? ''}${last}`;
  return (
    parts.some((part) => SECRET_ANYWHERE.some((word) => part.endsWith(word))) ||
    SECRET_LAST_WORDS.has(last) ||
    SECRET_ENDINGS.some((ending) => lastTwo.endsWith(ending))
  );
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * `a=1&token=x` with the values of secret names replaced, the rest byte for byte as it was (a query string, a
 * form body, a fragment's parameters).
 */
export function redactParameters(pairs: string, placeholder: Placeholder = REDACTED): string {
  return pairs
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = pair.slice(0, equals);
      return isSecretName(decodeName(name))
        ? `${name}=${placeholder(decodeName(pair.slice(equals + 1)))}`
        : pair;
    })
    .join('&');
}

/**
 * A URL with the values of secret query and fragment parameters (`?api_key=`, `#access_token=`) and the
 * password of its user info replaced; nothing else changes, so a URL without secrets stays as it was.
 * Relative URLs (a request's path) work the same way.
 */
export function redactUrl(url: string, placeholder: Placeholder = REDACTED): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const head = (queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt)).replace(
    /^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*):([^/?#@]*)@/i,
    (_, user: string, password: string) => `${user}:${placeholder(password)}@`,
  );
  let redacted = head;
  if (queryAt >= 0) redacted += `?${redactParameters(beforeHash.slice(queryAt + 1), placeholder)}`;
  if (hashAt >= 0) {
    // An OAuth fragment (`#access_token=…`) or a client route's own query (`#/reset?token=…`).
    const fragment = url.slice(hashAt + 1);
    const paramsAt = fragment.indexOf('?') + 1;
    redacted += `#${fragment.slice(0, paramsAt)}${redactParameters(fragment.slice(paramsAt), placeholder)}`;
  }
  return redacted;
}

/** Where the JSON string starting at `start` (its opening quote) ends: after its closing quote, or at the end. */
function stringEnd(text: string, start: number): number {
  for (let at = start + 1; at < text.length; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === '"') return at + 1;
  }
  return text.length;
}

/** Where the JSON value starting at `start` ends; a value cut short ends at the end of the text. */
function valueEnd(text: string, start: number): number {
  const first = text[start];
  if (first === '"') return stringEnd(text, start);
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let at = start; at < text.length; at++) {
      const char = text[at];
      if (char === '"') at = stringEnd(text, at) - 1;
      else if (char === '{' || char === '[') depth++;
      else if ((char === '}' || char === ']') && --depth === 0) return at + 1;
    }
    return text.length;
  }
  const end = text.slice(start).search(/[\s,}\]]/);
  return end < 0 ? text.length : start + end;
}

const WHITESPACE = /\s/;

/**
 * JSON text with the value of every secret key replaced (objects and arrays whole), at any depth. A scan of the
 * text, not parse and stringify: what is not secret keeps its bytes (big numbers their digits), and a body cut
 * at `maxNetworkBodyBytes` is redacted up to its cut like a whole one.
 */
export function redactJsonText(text: string, placeholder: Placeholder = REDACTED): string {
  let redacted = '';
  let copiedUpTo = 0;
  let at = 0;
  while (at < text.length) {
    if (text[at] !== '"') {
      at++;
      continue;
    }
    const keyEnd = stringEnd(text, at);
    let next = keyEnd;
    while (next < text.length && WHITESPACE.test(text[next]!)) next++;
    if (text[next] !== ':') {
      at = keyEnd;
      continue;
    }
    const key = text.slice(at + 1, keyEnd - 1);
    next++;
    while (next < text.length && WHITESPACE.test(text[next]!)) next++;
    if (next >= text.length || !isSecretName(key) || text.startsWith('null', next)) {
      // A value that is not secret is scanned on: it may hold secret keys of its own.
      at = next;
      continue;
    }
    const end = valueEnd(text, next);
    // A string's placeholder is made from its content, so that it matches the same secret in a header or URL.
    const quoted = text[next] === '"' && end - next >= 2 && text[end - 1] === '"';
    const value = quoted ? text.slice(next + 1, end - 1) : text.slice(next, end);
    redacted += `${text.slice(copiedUpTo, next)}"${placeholder(value)}"`;
    copiedUpTo = end;
    at = end;
  }
  return copiedUpTo === 0 ? text : redacted + text.slice(copiedUpTo);
}

/** A multipart body with the values of secret fields replaced; files are left as they are. */
function redactMultipart(body: string, boundary: string, placeholder: Placeholder): string {
  const delimiter = `--${boundary}`;
  return body
    .split(delimiter)
    .map((part, index) => {
      const headersEnd = part.indexOf('\r\n\r\n');
      if (index === 0 || headersEnd < 0) return part;
      const headers = part.slice(0, headersEnd);
      const name = /\bname="([^"]*)"/i.exec(headers)?.[1];
      if (name === undefined || /\bfilename=/i.test(headers) || !isSecretName(name)) return part;
      const ending = part.endsWith('\r\n') ? '\r\n' : '';
      const value = part.slice(headersEnd + 4, part.length - ending.length);
      return `${headers}\r\n\r\n${placeholder(value)}${ending}`;
    })
    .join(delimiter);
}

/** A body of `name=value&…` pairs: no whitespace (a form encodes spaces), a name before the first `=`. */
const FORM_BODY = /^[^\s=&]+=\S*$/;

/**
 * A request or response body with the values of secret fields replaced: JSON (by its content type, or by its
 * look: `fetch` sends a string as text/plain), form-encoded pairs, multipart fields. Anything else is returned
 * as it is.
 */
export function redactBody(
  body: string,
  contentType: string | null | undefined,
  placeholder: Placeholder = REDACTED,
): string {
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
    return boundary ? redactMultipart(body, boundary, placeholder) : body;
  }
  const start = body.trimStart()[0];
  if (type.includes('json') || start === '{' || start === '[') return redactJsonText(body, placeholder);
  if (type.includes('x-www-form-urlencoded') || FORM_BODY.test(body))
    return redactParameters(body, placeholder);
  return body;
}

/**
 * A JSON Web Token: a base64url JSON header (`{"` encodes as `eyJ`), a payload and a signature (empty for
 * `alg: none`). Found by its shape wherever it stands, whatever the name it travels under.
 */
const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;

/** Text with every JWT-shaped string in it replaced. */
export function redactJwts(text: string, placeholder: Placeholder = REDACTED): string {
  return text.replace(JWT, (token) => placeholder(token));
}

/** `a=1; b=2` (a Cookie header) with every value replaced: each cookie is a credential or may be one. */
function redactCookiePairs(pairs: string, placeholder: Placeholder): string {
  return pairs
    .split(';')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return equals < 0 ? pair : `${pair.slice(0, equals + 1)}${placeholder(pair.slice(equals + 1).trim())}`;
    })
    .join(';');
}

/**
 * A header's value as stored. Cookie and Set-Cookie keep their cookies' names (Set-Cookie its attributes
 * too), Authorization its scheme (`Bearer …`), so a replay can still match on them; any other secret name's
 * value is replaced whole, and JWT-shaped strings anywhere else.
 */
export function redactHeaderValue(name: string, value: string, placeholder: Placeholder = REDACTED): string {
  const lower = name.toLowerCase();
  if (lower === 'cookie') return redactCookiePairs(value, placeholder);
  if (lower === 'set-cookie')
    return value
      .split('\n')
      .map((line) => {
        const attributesAt = line.indexOf(';');
        const cookie = attributesAt < 0 ? line : line.slice(0, attributesAt);
        return redactCookiePairs(cookie, placeholder) + (attributesAt < 0 ? '' : line.slice(attributesAt));
      })
      .join('\n');
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const scheme = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*) +(\S.*)$/.exec(value);
    return scheme ? `${scheme[1]} ${placeholder(scheme[2]!)}` : placeholder(value);
  }
  if (isSecretName(name)) return placeholder(value);
  return redactJwts(value, placeholder);
}
