import { describe, expect, it } from 'vitest';
import { fittedWidth } from '../../src/features/browserSessions/viewFit';

describe('fittedWidth', () => {
  it('should fill the width of a box wider than 16:9 only as far as its height allows', () => {
    expect(fittedWidth({ width: 2000, height: 450 })).toBe(800);
  });
  it('should fill the whole width of a box taller than 16:9', () => {
    expect(fittedWidth({ width: 800, height: 900 })).toBe(800);
  });
  it('should keep an exact 1600x900 box as it is', () => {
    expect(fittedWidth({ width: 1600, height: 900 })).toBe(1600);
  });
  it('should use the width alone before the box has a height', () => {
    expect(fittedWidth({ width: 640, height: 0 })).toBe(640);
  });
});
