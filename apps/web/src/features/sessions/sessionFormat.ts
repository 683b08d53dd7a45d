import {
  DATE_TIME_FORMAT,
  formatDuration,
  NO_FIGURE,
  SLOT_WAIT_SHOWN_FROM_SECONDS,
} from '@proctor/contracts';
import dayjs from 'dayjs';
import type { ListNoun } from '../../components/ListFooter';

const SECONDS_PER_HOUR = 3600;

/** A session's duration as h m s; it is stored in hours (000 §9) and is null while the session runs. */
export function formatSessionDuration(hours: number | null | undefined): string {
  if (hours === null || hours === undefined || !Number.isFinite(hours) || hours < 0) return NO_FIGURE;
  return formatDuration(hours * SECONDS_PER_HOUR);
}

/**
 * What a queued run waited for a slot before it started, said apart from its duration ('waited 21s for a slot'),
 * or null when it did not wait (a session that started when it was made, an older run, a wait under a second).
 */
export function formatSlotWait(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  if (seconds < SLOT_WAIT_SHOWN_FROM_SECONDS) return null;
  return `waited ${formatDuration(seconds)} for a slot`;
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

/** What the sessions lists count. */
export const SESSIONS: ListNoun = { one: 'session', many: 'sessions' };
