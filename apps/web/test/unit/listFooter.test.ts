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
  });
});
