/**
 * The annotator's timer on the session page (000 §2.5): how long they have been on the session, shown as
 * m:ss, or h:mm:ss past an hour, and sent with their score as session_time (seconds).
 */

const SECONDS_PER_MINUTE = 60;
const SECONDS_PER_HOUR = 3600;

/** Whole seconds from `startedAt` to `now` (epoch milliseconds); never negative if the clock steps back. */
export function elapsedSeconds(startedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

/** 65 → "1:05", 3725 → "1:02:05". */
export function formatTimer(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0;
  const hours = Math.floor(total / SECONDS_PER_HOUR);
  const minutes = Math.floor((total % SECONDS_PER_HOUR) / SECONDS_PER_MINUTE);
  const rest = String(total % SECONDS_PER_MINUTE).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
