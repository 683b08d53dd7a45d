import { describe, expect, it } from 'vitest';
import { positionOf, showingText } from '../../src/components/ListFooter';
import { SESSIONS } from '../../src/features/sessions/sessionFormat';

describe('the line under a paged list', () => {
  it('should say which items of how many a page shows', () => {
    const at = (page: number, totalCount: number, onPage: number) =>
      showingText(positionOf({ page, page_size: 100, total_count: totalCount }, onPage), SESSIONS);
    expect(at(1, 250, 100)).toBe('Showing 1–100 of 250 sessions');
    expect(at(3, 250, 50)).toBe('Showing 201–250 of 250 sessions');
    expect(at(1, 1, 1)).toBe('Showing 1–1 of 1 session');
    expect(at(1, 0, 0)).toBe('No sessions');
    expect(at(4, 250, 0)).toBe('Page 4 is past the last of 250 sessions');
    expect(at(12, 1250, 50)).toBe('Showing 1,101–1,150 of 1,250 sessions');
  });

  it('should say a total counted up to a cap is that many and more', () => {
    const capped = (page: number, onPage: number) =>
      showingText(
        positionOf({ page, page_size: 50, total_count: 10_000, total_count_capped: true }, onPage),
        SESSIONS,
      );
    expect(capped(1, 50)).toBe('Showing 1–50 of 10,000+ sessions');
    expect(capped(200, 50)).toBe('Showing 9,951–10,000 of 10,000+ sessions');
  });
});
