import { describe, expect, it } from 'vitest';
import { cssEscape } from '../src/cssEscape';

describe('cssEscape', () => {
  it('should give what CSS.escape gives in a browser', () => {
    expect(cssEscape('compose-button')).toBe('compose-button');
    expect(cssEscape('compose:to')).toBe('compose\\:to');
    expect(cssEscape('a b.c#d')).toBe('a\\ b\\.c\\#d');
    expect(cssEscape('0a')).toBe('\\30 a');
    expect(cssEscape('-0')).toBe('-\\30 ');
    expect(cssEscape('-')).toBe('\\-');
    expect(cssEscape('--x_1')).toBe('--x_1');
    expect(cssEscape('\0')).toBe('\ufffd');
    expect(cssEscape('a\u0001\u007f')).toBe('a\\1 \\7f ');
    expect(cssEscape('café-😀')).toBe('café-😀');
    expect(cssEscape(':r5:')).toBe('\\:r5\\:');
  });
});
