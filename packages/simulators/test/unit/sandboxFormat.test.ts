import { describe, expect, it } from 'vitest';
import { formatMutation } from '../../src/testing/sandbox';

const at = '2026-01-05T09:00:00.000Z';

describe("the sandbox's mutation lines", () => {
  it('should print an insert and a delete with their row', () => {
    expect(
      formatMutation({
        action: 'INSERT',
        table_name: 'notes',
        pk: '2',
        old: null,
        new: { id: 2, text: 'milk' },
        action_timestamp: at,
      }),
    ).toBe('INSERT notes 2 {"id":2,"text":"milk"}');
    expect(
      formatMutation({
        action: 'DELETE',
        table_name: 'notes',
        pk: '1',
        old: { id: 1, text: 'bread' },
        new: null,
        action_timestamp: at,
      }),
    ).toBe('DELETE notes 1 {"id":1,"text":"bread"}');
  });

  it('should print only the columns an update changed, before and after', () => {
    expect(
      formatMutation({
        action: 'UPDATE',
        table_name: 'orders',
        pk: 'ORD-1',
        old: { id: 'ORD-1', status: 'open', total: 12, note: null },
        new: { id: 'ORD-1', status: 'shipped', total: 12, note: 'gift' },
        action_timestamp: at,
      }),
    ).toBe('UPDATE orders ORD-1 {"status":"open","note":null} -> {"status":"shipped","note":"gift"}');
  });
});
