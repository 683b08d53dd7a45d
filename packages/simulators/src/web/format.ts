/**
 * Dates, times and money as a product shows them, independent of the machine: a fixed locale ('en-US' unless
 * given) and a fixed time zone ('UTC' unless given). `toLocaleString()` without them would read the host's
 * locale and zone, so a page (and an agent's answer read from it) would differ between a laptop and CI.
 */

export interface FormatOptions {
  locale?: string;
  timeZone?: string;
}

type DateInput = Date | string | number;

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(
  options: Intl.DateTimeFormatOptions,
  { locale = 'en-US', timeZone = 'UTC' }: FormatOptions,
) {
  const key = JSON.stringify([locale, timeZone, options]);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date: ${String(value)}`);
  return date;
}

/** 'Mar 2, 2026' */
export function formatDate(value: DateInput, options: FormatOptions = {}): string {
  return dateFormatter({ year: 'numeric', month: 'short', day: 'numeric' }, options).format(toDate(value));
}

/** 'Mar 2, 2026, 9:05 AM' */
export function formatDateTime(value: DateInput, options: FormatOptions = {}): string {
  return dateFormatter(
    { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    options,
  ).format(toDate(value));
}

/** '9:05 AM' */
export function formatTime(value: DateInput, options: FormatOptions = {}): string {
  return dateFormatter({ hour: 'numeric', minute: '2-digit' }, options).format(toDate(value));
}

/** 'Monday, March 16, 2026': how date pickers and day headings name a day ('2026-03-16' is that day). */
export function formatLongDate(value: DateInput, options: FormatOptions = {}): string {
  return dateFormatter({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, options).format(
    toDate(value),
  );
}

/** 'Fri, Nov 20, 2026' */
export function formatWeekdayDate(value: DateInput, options: FormatOptions = {}): string {
  return dateFormatter({ weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }, options).format(
    toDate(value),
  );
}

/** 'Mon, Mar 16' */
export function formatShortDate(value: DateInput, options: FormatOptions = {}): string {
  return dateFormatter({ weekday: 'short', month: 'short', day: 'numeric' }, options).format(toDate(value));
}

/** 'March 2026' ('2026-03' is that month). */
export function formatMonth(value: DateInput, options: FormatOptions = {}): string {
  return dateFormatter({ year: 'numeric', month: 'long' }, options).format(toDate(value));
}

/** 'January'..'December', indexed by `Date.getUTCMonth()`. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'Sunday'..'Saturday', indexed by `Date.getUTCDay()`. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** 'Maya Chen' → 'MC': the first letters of the first two words, as avatars show a person. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase();
}

/** '$1,234.50' */
export function formatMoney(
  amount: number,
  currency = 'USD',
  { locale = 'en-US' }: FormatOptions = {},
): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** '3 days ago', 'in 2 hours', 'just now', relative to `now` (pass `ctx.now()`, never the wall clock). */
export function formatRelative(
  value: DateInput,
  now: Date,
  { locale = 'en-US' }: FormatOptions = {},
): string {
  const diff = toDate(value).getTime() - now.getTime();
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size) return format.format(Math.round(diff / size), unit);
  }
  return 'just now';
}
