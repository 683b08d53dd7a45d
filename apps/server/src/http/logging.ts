import { DrizzleQueryError } from 'drizzle-orm/errors';

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

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: 'a non-Error value was thrown', stack: '' };
  if (error instanceof DrizzleQueryError) {
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
