import { describe, expect, it } from 'vitest';
import { elapsedSeconds, formatTimer } from '../../src/features/sessions/annotatorTimer';

describe('annotator timer', () => {
  it('should show minutes and seconds under an hour', () => {
    expect(formatTimer(0)).toBe('0:00');
    expect(formatTimer(7)).toBe('0:07');
    expect(formatTimer(65)).toBe('1:05');
    expect(formatTimer(59 * 60 + 59)).toBe('59:59');
  });

  it('should show hours, minutes and seconds from an hour on', () => {
    expect(formatTimer(3600)).toBe('1:00:00');
    expect(formatTimer(3725)).toBe('1:02:05');
    expect(formatTimer(25 * 3600 + 61)).toBe('25:01:01');
  });

  it('should drop fractions of a second and show 0:00 below zero or for no number', () => {
    expect(formatTimer(65.9)).toBe('1:05');
    expect(formatTimer(-3)).toBe('0:00');
    expect(formatTimer(Number.NaN)).toBe('0:00');
  });

  it('should count whole seconds since the start and never go below zero', () => {
    const start = Date.parse('2026-01-01T10:00:00.000Z');
    expect(elapsedSeconds(start, start)).toBe(0);
    expect(elapsedSeconds(start, start + 999)).toBe(0);
    expect(elapsedSeconds(start, start + 1000)).toBe(1);
    expect(elapsedSeconds(start, start + 61_500)).toBe(61);
    expect(elapsedSeconds(start, start - 5000)).toBe(0);
  });
});
