import { describe, expect, it } from 'vitest';
import { filterMutations, type Mutation, type MutationIgnoreRules } from '../src/index';

const at = '2026-03-02T09:01:00.000Z';
const insert = (table: string, pk: string, row: Mutation['new']): Mutation => ({
  action: 'INSERT',
  table_name: table,
  pk,
  old: null,
  new: row,
  action_timestamp: at,
});
const update = (table: string, pk: string, old: Mutation['old'], row: Mutation['new']): Mutation => ({
  action: 'UPDATE',
  table_name: table,
  pk,
  old,
  new: row,
  action_timestamp: at,
});
const remove = (table: string, pk: string, old: Mutation['old']): Mutation => ({
  action: 'DELETE',
  table_name: table,
  pk,
  old,
  new: null,
  action_timestamp: at,
});
const config = (partial: Partial<MutationIgnoreRules>): MutationIgnoreRules => ({
  ignore_tables: [],
  ignore_columns: {},
  ignore_tables_with_column_values: {},
  ...partial,
});

describe('filterMutations', () => {
  it('should keep everything, in order and unchanged, under an empty config', () => {
    const log = [insert('a', '1', { id: 1 }), remove('b', '2', { id: 2 })];
    expect(filterMutations(log, config({}))).toEqual(log);
  });

  it('should drop the mutations of ignored tables', () => {
    const log = [insert('tasks', '1', { id: 1 }), insert('activity', '1', { id: 1 })];
    expect(filterMutations(log, config({ ignore_tables: ['activity'] })).map((m) => m.table_name)).toEqual([
      'tasks',
    ]);
  });

  it('should remove ignored columns from old and new, per table and for every table with *', () => {
    const log = [
      update(
        'tasks',
        '1',
        { id: 1, title: 'a', updated_at: 'x', seen: 1 },
        { id: 1, title: 'b', updated_at: 'y', seen: 2 },
      ),
      insert('users', '2', { id: 2, seen: 5 }),
    ];
    const kept = filterMutations(log, config({ ignore_columns: { tasks: ['updated_at'], '*': ['seen'] } }));
    expect(kept[0]?.old).toEqual({ id: 1, title: 'a' });
    expect(kept[0]?.new).toEqual({ id: 1, title: 'b' });
    expect(kept[1]?.new).toEqual({ id: 2 });
  });

  it('should drop an UPDATE that changed only ignored columns', () => {
    const log = [update('tasks', '1', { id: 1, updated_at: 'x' }, { id: 1, updated_at: 'y' })];
    expect(filterMutations(log, config({ ignore_columns: { tasks: ['updated_at'] } }))).toEqual([]);
  });

  it('should ignore rows by column value: the new row for INSERT and UPDATE, the old row for DELETE', () => {
    const rules = config({ ignore_tables_with_column_values: { comments: { kind: ['system', 'bot'] } } });
    const log = [
      insert('comments', '1', { id: 1, kind: 'system' }),
      insert('comments', '2', { id: 2, kind: 'user' }),
      update('comments', '3', { id: 3, kind: 'user' }, { id: 3, kind: 'bot' }),
      update('comments', '4', { id: 4, kind: 'bot' }, { id: 4, kind: 'user' }),
      remove('comments', '5', { id: 5, kind: 'system' }),
      remove('comments', '6', { id: 6, kind: 'user' }),
      insert('tasks', '7', { id: 7, kind: 'system' }),
    ];
    expect(filterMutations(log, rules).map((m) => m.pk)).toEqual(['2', '4', '6', '7']);
  });

  it('should compare values as JSON: the number 1 is not the string "1"', () => {
    const rules = config({ ignore_tables_with_column_values: { flags: { on: [1] } } });
    const log = [
      insert('flags', '1', { on: 1 }),
      insert('flags', '2', { on: '1' }),
      insert('flags', '3', { on: null }),
    ];
    expect(filterMutations(log, rules).map((m) => m.pk)).toEqual(['2', '3']);
  });

  it('should check value rules on the full row, so a rule may use a column that is also ignored', () => {
    const rules = config({
      ignore_columns: { drafts: ['autosave'] },
      ignore_tables_with_column_values: { drafts: { autosave: [1] } },
    });
    const kept = filterMutations(
      [insert('drafts', '1', { id: 1, autosave: 1 }), insert('drafts', '2', { id: 2, autosave: 0 })],
      rules,
    );
    expect(kept).toEqual([insert('drafts', '2', { id: 2 })]);
  });

  it('should give the same result when applied twice', () => {
    const rules = config({
      ignore_tables: ['activity'],
      ignore_columns: { tasks: ['updated_at'] },
      ignore_tables_with_column_values: { tasks: { updated_at: ['y'] } },
    });
    const log = [
      update('tasks', '1', { id: 1, s: 'a', updated_at: 'x' }, { id: 1, s: 'b', updated_at: 'z' }),
      update('tasks', '2', { id: 2, s: 'a', updated_at: 'x' }, { id: 2, s: 'b', updated_at: 'y' }),
    ];
    const once = filterMutations(log, rules);
    expect(filterMutations(once, rules)).toEqual(once);
    expect(once.map((m) => m.pk)).toEqual(['1']);
  });
});
