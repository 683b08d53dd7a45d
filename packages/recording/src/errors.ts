import type { z } from 'zod';

/**
 * A recording Proctor cannot read: not a recording at all, written by a newer Proctor, or malformed. The
 * message says which, and where: the server can show it as is.
 */
export class RecordingFormatError extends Error {
  override name = 'RecordingFormatError';
  /** The format version the recording says it was written in; null when it names none. */
  readonly fromVersion: number | null;
  /** Where the first problem is ("steps[3].action.type"); null when it is the recording as a whole. */
  readonly path: string | null;

  constructor(message: string, fromVersion: number | null, path: string | null = null) {
    super(message);
    this.fromVersion = fromVersion;
    this.path = path;
  }
}

/** A zod path as one would write it in JavaScript: `steps[3].action.type`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

/**
 * Parses `value` with `schema`, or throws a RecordingFormatError naming the first problem's path:
 * "Invalid Proctor recording (format version 1): steps[3].action.type: Invalid discriminator value…".
 */
export function parseOrThrow<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  what: string,
  fromVersion: number,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const path = issue.path.length > 0 ? formatPath(issue.path) : null;
  throw new RecordingFormatError(
    `${what}: ${path === null ? '' : `${path}: `}${issue.message}`,
    fromVersion,
    path,
  );
}
