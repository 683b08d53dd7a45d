import { describe, expect, it } from 'vitest';
import { multiSelectChoice } from '../../src/components/filterChoice';

describe('a filter multi-select with an "all" choice', () => {
  it('should clear a multi-select when "all" is chosen, and drop "all" once something else is', () => {
    expect(multiSelectChoice(['1', '2'], ['1', '2', 'all'])).toEqual([]);
    expect(multiSelectChoice([], ['3'])).toEqual(['3']);
    expect(multiSelectChoice(['all'], ['all', '3'])).toEqual(['3']);
  });
});
