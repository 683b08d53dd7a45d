/**
 * Wall-clock time in the calendar's fixed zone. Events store local 'YYYY-MM-DDTHH:MM' strings; day
 * arithmetic goes through UTC midnights so the host's zone never enters, and "now" is converted from the
 * virtual clock with an explicit time zone.
 */
import { formatShortDate, WEEKDAY_NAMES } from '../../kit';

export const ZONE = 'America/Chicago';
export const ZONE_LABEL = 'Central Time (Chicago)';

const DAY_MS = 86_400_000;

const zoneParts = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The instant as local 'YYYY-MM-DDTHH:MM' in the calendar's zone. */
export function toLocal(instant: Date): string {
  const parts = Object.fromEntries(zoneParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

export function datePart(local: string): string {
  return local.slice(0, 10);
}

export function timePart(local: string): string {
  return local.slice(11, 16);
}

function utcMidnight(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtc(utcMidnight(date) + days * DAY_MS);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** 1 = Monday .. 7 = Sunday. */
export function weekday(date: string): number {
  const day = new Date(utcMidnight(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

export function weekdayName(day: number): string {
  return WEEKDAY_NAMES[day % 7] as string;
}

/** The Monday of the date's week. */
export function weekStart(date: string): string {
  return addDays(date, 1 - weekday(date));
}

export function isDate(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && fromUtc(utcMidnight(value)) === value
  );
}

export function minutes(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function clockTime(totalMinutes: number): string {
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export function addMinutes(local: string, delta: number): string {
  const date = datePart(local);
  const total = minutes(timePart(local)) + delta;
  const dayShift = Math.floor(total / 1440);
  return `${addDays(date, dayShift)}T${clockTime(total - dayShift * 1440)}`;
}

export function durationMinutes(start: string, end: string): number {
  return (
    daysBetween(datePart(start), datePart(end)) * 1440 + minutes(timePart(end)) - minutes(timePart(start))
  );
}

/** '14:30' → '2:30 PM' */
export function formatClock(time: string): string {
  const total = minutes(time);
  const h = Math.floor(total / 60);
  const suffix = h < 12 ? 'AM' : 'PM';
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(total % 60).padStart(2, '0')} ${suffix}`;
}

/** 'Mon, Mar 16 · 2:00 – 3:00 PM' style range of a local start and end. */
export function formatRange(start: string, end: string): string {
  const from = formatClock(timePart(start));
  const to = formatClock(timePart(end));
  return `${formatShortDate(datePart(start))} · ${from} – ${to}`;
}

export function formatDuration(total: number): string {
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
