import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatMonth,
  formatRelative,
  formatShortDate,
  formatTime,
  formatWeekdayDate,
  initials,
  MONTH_NAMES,
  WEEKDAY_NAMES,
} from '../../src/index';

describe('formatting', () => {
  const at = '2026-03-02T21:05:00.000Z';

  it('should format in UTC and en-US whatever the machine says', () => {
    expect(formatDate(at)).toBe('Mar 2, 2026');
    expect(formatDateTime(at)).toBe('Mar 2, 2026, 9:05 PM');
    expect(formatTime(at)).toBe('9:05 PM');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });

  it('should name days and months as date pickers and headings do, from a day or a month alone', () => {
    expect(formatLongDate('2026-03-16')).toBe('Monday, March 16, 2026');
    expect(formatShortDate('2026-03-16')).toBe('Mon, Mar 16');
    expect(formatWeekdayDate(at)).toBe('Mon, Mar 2, 2026');
    expect(formatMonth('2026-03')).toBe('March 2026');
    expect(MONTH_NAMES[new Date(at).getUTCMonth()]).toBe('March');
    expect(WEEKDAY_NAMES[new Date(at).getUTCDay()]).toBe('Monday');
  });

  it('should take the initials of the first two words of a name', () => {
    expect(initials('Maya Chen')).toBe('MC');
    expect(initials(' ana  de la Cruz')).toBe('AD');
    expect(initials('Cher')).toBe('C');
  });

  it('should honour an explicit zone and locale', () => {
    expect(formatDate(at, { timeZone: 'Asia/Tokyo' })).toBe('Mar 3, 2026');
    expect(formatMoney(9.99, 'EUR', { locale: 'de-DE' })).toBe('9,99\u00a0€');
  });

  it('should say how long ago relative to the virtual now', () => {
    const now = new Date(at);
    expect(formatRelative('2026-02-27T21:05:00.000Z', now)).toBe('3 days ago');
    expect(formatRelative('2026-03-02T23:05:00.000Z', now)).toBe('in 2 hours');
    expect(formatRelative(at, now)).toBe('just now');
  });
});
