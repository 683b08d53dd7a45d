/** Just what a failed schema parse carries that a form needs. */
interface ParseFailure {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/** The first message for each top-level field of a failed parse, for inline form errors. */
export function fieldErrors(error: ParseFailure): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
