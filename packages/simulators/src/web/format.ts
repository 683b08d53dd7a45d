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
