import { describe, expect, it } from 'vitest';
import {
  formatOffset,
  formatSessionDate,
  formatSessionDuration,
  formatSlotWait,
} from '../../src/features/sessions/sessionFormat';

describe('session formatting', () => {
  it('should show a duration stored in hours as h m s', () => {
    expect(formatSessionDuration(1 + 2 / 60 + 5 / 3600)).toBe('1h 2m 5s');
    expect(formatSessionDuration(42 / 3600)).toBe('42s');
    expect(formatSessionDuration(0.5)).toBe('30m 0s');
    expect(formatSessionDuration(0)).toBe('0s');
  });

  it('should show a dash while the session runs or when the duration makes no sense', () => {
    expect(formatSessionDuration(null)).toBe('—');
    expect(formatSessionDuration(undefined)).toBe('—');
    expect(formatSessionDuration(-1)).toBe('—');
    expect(formatSessionDuration(Number.NaN)).toBe('—');
  });

  it('should say how long a queued run waited for a slot, apart from its duration, and nothing when it did not wait', () => {
    expect(formatSlotWait(21.4)).toBe('waited 21s for a slot');
    expect(formatSlotWait(125)).toBe('waited 2m 5s for a slot');
    expect(formatSlotWait(0.3)).toBeNull();
    expect(formatSlotWait(null)).toBeNull();
    expect(formatSlotWait(undefined)).toBeNull();
    expect(formatSlotWait(Number.NaN)).toBeNull();
  });

  it("should format dates as 'MMM DD, YYYY hh:mm a' in the viewer's time zone", () => {
    expect(formatSessionDate(new Date(2026, 0, 5, 14, 7).toISOString())).toBe('Jan 05, 2026 02:07 pm');
    expect(formatSessionDate(new Date(2026, 10, 30, 0, 3).toISOString())).toBe('Nov 30, 2026 12:03 am');
    expect(formatSessionDate(null)).toBe('—');
    expect(formatSessionDate('not a date')).toBe('—');
  });

  it('should show offsets into a session as m:ss.s', () => {
    expect(formatOffset(0)).toBe('0:00.0');
    expect(formatOffset(1_540)).toBe('0:01.5');
    expect(formatOffset(61_000)).toBe('1:01.0');
    expect(formatOffset(-20)).toBe('0:00.0');
  });
});
