import { describe, expect, it } from 'vitest';
import { reportSlug } from '../../src/services/testReports';

describe('reportSlug', () => {
  it('keeps letters and digits, folds accents and joins the rest with single dashes', () => {
    expect(reportSlug('Café nightly — run #12')).toBe('cafe-nightly-run-12');
    expect(reportSlug('../../etc/passwd')).toBe('etc-passwd');
    expect(reportSlug('<script>')).toBe('script');
  });

  it('never answers an empty name, and stays short', () => {
    expect(reportSlug('日本語')).toBe('report');
    expect(reportSlug('x'.repeat(200))).toHaveLength(60);
  });
});
