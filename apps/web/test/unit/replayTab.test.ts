import { describe, expect, it } from 'vitest';
import { replayTab } from '../../src/features/sessions/replayTab';

const pages = ['A', 'B'];
const steps = [{ page: 'A' }, { page: 'B' }, { page: null }, { page: 'gone' }, { page: 'A' }];

describe('replayTab', () => {
  it("should show the selected step's tab", () => {
    expect(replayTab(steps, 0, pages)).toBe('A');
    expect(replayTab(steps, 1, pages)).toBe('B');
    expect(replayTab(steps, 4, pages)).toBe('A');
  });

  it('should show the nearest earlier known tab for a step without one or whose tab recorded no DOM', () => {
    expect(replayTab(steps, 2, pages)).toBe('B');
    expect(replayTab(steps, 3, pages)).toBe('B');
    expect(replayTab([{ page: null }, { page: 'B' }], 0, pages)).toBe('A');
  });

  it('should show a tab chosen by hand while its step stays selected, and only a recorded one', () => {
    expect(replayTab(steps, 1, pages, { step: 1, page: 'A' })).toBe('A');
    expect(replayTab(steps, 0, pages, { step: 1, page: 'B' })).toBe('A');
    expect(replayTab(steps, 1, pages, { step: 1, page: 'gone' })).toBe('B');
  });

  it('should show the first tab without steps and nothing without tabs', () => {
    expect(replayTab([], 0, pages)).toBe('A');
    expect(replayTab(steps, 1, [])).toBeNull();
  });
});
