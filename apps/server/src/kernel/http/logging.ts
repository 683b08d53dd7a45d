import { isSecretName, RECORDING } from '@proctor/contracts';

/**
 * What an error looks like in the log. Logs never carry the bound values of a query (a failed INSERT of an
 * account binds its password hash), nor an error's stack of causes verbatim: a database driver's error
 * repeats the values in its `detail` ("Key (token_hash)=(…) already exists") and `where` fields.
 */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  /** The SQL text with placeholders ($1, $2…), never the values. */
  query?: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

/** Database error fields that describe without quoting data. */
const SAFE_DRIVER_FIELDS = ['code', 'severity', 'routine', 'table', 'column', 'constraint'] as const;

/**
 * A failed query as drizzle reports it (its DrizzleQueryError): known by its shape, so that the kernel needs
 * no import of the database layer; its message quotes the bound values.
 */
function isFailedQuery(error: Error): error is Error & { query: string; params: unknown[] } {
  const fields = error as Error & { query?: unknown; params?: unknown };
  return typeof fields.query === 'string' && Array.isArray(fields.params);
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'a non-Error value was thrown', stack: '' };
  if (isFailedQuery(error)) {
    return {
      type: 'DrizzleQueryError',
      message: 'Failed query',
      query: error.query,
      stack: stackWithoutMessage(error),
      ...(error.cause && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
    };
  }
  const driver = error as unknown as Record<string, unknown>;
  const isDriverError = typeof driver.code === 'string' && ('severity' in driver || 'routine' in driver);
  const logged: LoggedError = {
    type: error.constructor?.name ?? 'Error',
    message: error.message,
    stack: error.stack ?? '',
  };
  if (typeof driver.code === 'string') logged.code = driver.code;
  if (isDriverError) {
    for (const field of SAFE_DRIVER_FIELDS)
      if (typeof driver[field] === 'string') logged[field] = driver[field];
  }
  if (error.cause && depth < 3) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** The stack's frames only: its first line repeats the message, which for a failed query holds the values. */
function stackWithoutMessage(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

/** Path segments that are credentials themselves: a CDP URL's token, an invitation's code. */
const SECRET_PATH_SEGMENT = /(\/(?:cdp|api\/invite|api\/join)\/)[^/?#\s"'\\]+/g;
/** A parameter of a URL anywhere in a line, after its `?`, `&` or `#`. */
const URL_PARAMETER = /([?&#])([^=&#?\s"'\\<>]+)=[^&#\s"'\\<>]*/g;
/**
 * Parameters secret in Proctor's own URLs besides the secret names: the sign-in's one-time OIDC `code` and its
 * `state`, an invitation link's `invite`.
 */
const SECRET_PROCTOR_PARAMETERS = new Set(['code', 'state', 'invite']);
/** Proctor's credentials by their look, wherever a message quotes one: JWTs, refresh tokens, API keys, invitations. */
const PROCTOR_CREDENTIAL = /\beyJ[\w-]+\.[\w-]+\.[\w-]*|\b(?:prt|pk|inv)_[\w-]{16,}/g;

function isSecretParameter(rawName: string): boolean {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName);
  } catch {
    // Not percent-encoded after all: judged as it is.
  }
  return isSecretName(name) || SECRET_PROCTOR_PARAMETERS.has(name.toLowerCase());
}

/**
 * A log line with every credential it quotes replaced by `RECORDING.redacted`: tokens in paths (`/cdp/<token>`),
 * secret query and fragment parameters (`?token=`, `?api_key=`, the contracts' `isSecretName`), and Proctor's
 * own tokens and keys by their look. Applied to each line as written (pino's `streamWrite`), since request URLs
 * reach the log in messages and errors as well as in the request's own fields.
 */
export function redactLogLine(line: string): string {
  return line
    .replace(SECRET_PATH_SEGMENT, `$1${RECORDING.redacted}`)
    .replace(URL_PARAMETER, (parameter, separator: string, name: string) =>
      isSecretParameter(name) ? `${separator}${name}=${RECORDING.redacted}` : parameter,
    )
    .replace(PROCTOR_CREDENTIAL, RECORDING.redacted);
}

/** The logger settings of every Proctor process (server and worker): errors serialized and lines redacted as above. */
export function loggerOptions(level: string) {
  return {
    level,
    serializers: { err: serializeError },
    hooks: { streamWrite: redactLogLine },
  };
}
