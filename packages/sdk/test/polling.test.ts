import { describe, expect, it } from 'vitest';
import { pollDelay } from '../src/polling';

describe('pollDelay', () => {
  it('should start at 500 ms and double up to 8000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((attempt) => pollDelay(attempt, 0.5))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000, 8000,
    ]);
  });

  it('should move each wait by at most 25 % either way', () => {
    expect(pollDelay(0, 0)).toBe(375);
    expect(pollDelay(0, 0.999999)).toBe(625);
    expect(pollDelay(4, 0)).toBe(6000);
    expect(pollDelay(9, 0.999999)).toBe(10_000);
  });
});
