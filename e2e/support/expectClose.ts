import { expect } from 'vitest';

/**
 * Asserts that a measured length is within `tolerance` CSS pixels of the expected one. Browsers lay out in
 * fractions of a pixel and round differently from one release to the next (Chromium 156 measures a 500 px
 * drawer as 500.00006), so an exact comparison of a layout measure fails for no fault of the page.
 */
export function expectClose(actual: number, expected: number, tolerance = 1): void {
  expect(
    Math.abs(actual - expected),
    `${actual} should be within ${tolerance} px of ${expected}`,
  ).toBeLessThanOrEqual(tolerance);
}
