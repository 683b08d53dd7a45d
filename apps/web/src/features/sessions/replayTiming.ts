/** The time of the first rrweb event (milliseconds since the epoch), or null when there is none. */
export function firstEventTimestamp(events: readonly unknown[]): number | null {
  for (const event of events) {
    if (typeof event === 'object' && event !== null && 'timestamp' in event) {
      const { timestamp } = event;
      if (typeof timestamp === 'number' && Number.isFinite(timestamp)) return timestamp;
    }
  }
  return null;
}

/**
 * Where in the DOM replay a step happened: the replayer counts from its first event, steps count from the
 * session's start (`snapshot.started_at_ms`). Never before the replay's start.
 */
export function replayOffsetMs(
  stepOffsetMs: number,
  sessionStartedAtMs: number,
  firstEventMs: number,
): number {
  return Math.max(0, sessionStartedAtMs + stepOffsetMs - firstEventMs);
}
