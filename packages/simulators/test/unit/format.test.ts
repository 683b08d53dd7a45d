import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatRelative, formatTime } from '../../src/index';

describe('formatting', () => {
  const at = '2026-03-02T21:05:00.000Z';

  it('should format in UTC and en-US whatever the machine says', () => {
    expect(formatDate(at)).toBe('Mar 2, 2026');
    expect(formatDateTime(at)).toBe('Mar 2, 2026, 9:05 PM');
    expect(formatTime(at)).toBe('9:05 PM');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
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
