import { DATE_TIME_FORMAT, formatDuration, NO_FIGURE } from '@proctor/contracts';
import dayjs from 'dayjs';

const SECONDS_PER_HOUR = 3600;

/** A session's duration as h m s; it is stored in hours (000 §9) and is null while the session runs. */
export function formatSessionDuration(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours) || hours < 0) return NO_FIGURE;
  return formatDuration(hours * SECONDS_PER_HOUR);
}

/** A timestamp as 'MMM DD, YYYY hh:mm a' in the viewer's time zone (000 §2.4). */
export function formatSessionDate(timestamp: string | null | undefined): string {
  if (!timestamp) return NO_FIGURE;
  const date = dayjs(timestamp);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : NO_FIGURE;
}

/** Milliseconds into a session as m:ss.s, for the step strip and the timeline. */
export function formatOffset(ms: number): string {
  const tenths = Math.max(0, Math.round(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = (tenths % 600) / 10;
  return `${minutes}:${seconds.toFixed(1).padStart(4, '0')}`;
}

/** "Showing x–y of n sessions" under a paged list; a page past the end says so. */
export function formatShowing(
  pagination: { page: number; page_size: number; total_count: number },
  rowsOnPage: number,
): string {
  if (pagination.total_count === 0) return 'No sessions';
  if (rowsOnPage === 0)
    return `Page ${pagination.page} is past the last of ${pagination.total_count} sessions`;
  const first = (pagination.page - 1) * pagination.page_size + 1;
  return `Showing ${first}–${first + rowsOnPage - 1} of ${pagination.total_count} sessions`;
}
