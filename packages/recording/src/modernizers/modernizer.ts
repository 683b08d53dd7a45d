/**
 * Moves a recording written in version N to version N + 1. Each function parses its input with version N's
 * schema (so a malformed recording is refused with the path of the problem, in the terms it was written in)
 * and returns version N + 1's shape, which the next modernizer, or the final validation, parses in turn.
 */
export interface Modernizer {
  /** A whole document in version N, as an export file holds it; returns it in version N + 1. */
  document(document: unknown): unknown;
  /** One step in version N as the server stores it, alone in a row, with its `idx`. */
  step(step: unknown): UpgradedStep;
}

export interface UpgradedStep {
  step: unknown;
  /** Screenshot bytes taken out of the step, by the key of the ScreenshotRef that now names them. */
  attachments: Record<string, Buffer>;
}
