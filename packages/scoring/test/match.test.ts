import { describe, expect, it } from 'vitest';
import {
  describeMutationMatch,
  EMPTY_MUTATION_IGNORE_RULES,
  type ExpectedMutation,
  type Mutation,
  matchMutations,
  mutationsSatisfy,
  netMutations,
} from '../src/index';

let clock = 0;
const m = (
  action: Mutation['action'],
  table: string,
  pk: string,
  old: Mutation['old'],
  row: Mutation['new'],
): Mutation => ({
  action,
  table_name: table,
  pk,
  old,
  new: row,
  action_timestamp: new Date(Date.UTC(2026, 2, 2, 9, clock++)).toISOString(),
});

describe('netMutations', () => {
  it('should fold an INSERT and its UPDATEs into one INSERT of the final row', () => {
    const net = netMutations([
      m('INSERT', 'tasks', '9', null, { id: 9, title: 'draft', status: 'todo' }),
      m(
        'UPDATE',
        'tasks',
        '9',
        { id: 9, title: 'draft', status: 'todo' },
        { id: 9, title: 'Final', status: 'todo' },
      ),
    ]);
    expect(net).toEqual([
      {
        action: 'INSERT',
        table_name: 'tasks',
        pk: '9',
        before: null,
        after: { id: 9, title: 'Final', status: 'todo' },
        changes: { id: 9, title: 'Final', status: 'todo' },
      },
    ]);
  });

  it('should cancel an INSERT followed by a DELETE, and UPDATEs that come back to the start', () => {
    const net = netMutations([
      m('INSERT', 'tasks', '9', null, { id: 9 }),
      m('DELETE', 'tasks', '9', { id: 9 }, null),
      m('UPDATE', 'tasks', '1', { id: 1, s: 'a' }, { id: 1, s: 'b' }),
      m('UPDATE', 'tasks', '1', { id: 1, s: 'b' }, { id: 1, s: 'a' }),
    ]);
    expect(net).toEqual([]);
  });

  it('should list only the changed columns of an UPDATE, and the old row of a DELETE', () => {
    const net = netMutations([
      m('UPDATE', 'tasks', '1', { id: 1, s: 'a', t: 'x' }, { id: 1, s: 'b', t: 'x' }),
      m('UPDATE', 'tasks', '1', { id: 1, s: 'b', t: 'x' }, { id: 1, s: 'c', t: 'x' }),
      m('DELETE', 'tasks', '2', { id: 2, s: 'a' }, null),
    ]);
    expect(net.map((n) => [n.action, n.changes])).toEqual([
      ['UPDATE', { s: 'c' }],
      ['DELETE', { id: 2, s: 'a' }],
    ]);
  });
});

describe('matchMutations', () => {
  const closeTask = [
    m(
      'UPDATE',
      'tasks',
      '3',
      { id: 3, status: 'todo', updated_at: 'a' },
      { id: 3, status: 'done', updated_at: 'b' },
    ),
  ];

  it('should be satisfied by exactly the expected UPDATE, after the ignore filters', () => {
    const expected: ExpectedMutation[] = [
      { action: 'UPDATE', table_name: 'tasks', pk: '3', changes: { status: 'done' } },
    ];
    const config = { ...EMPTY_MUTATION_IGNORE_RULES, ignore_columns: { tasks: ['updated_at'] } };
    expect(mutationsSatisfy(closeTask, expected, config)).toBe(true);
    // Without the filter, updated_at is a second changed column: a side effect.
    const strict = matchMutations(closeTask, expected);
    expect(strict.satisfied).toBe(false);
    expect(strict.missing[0]?.reason).toContain('updated_at also changed');
  });

  it('should fail on the wrong row, a wrong value, a missing change or an extra change', () => {
    const expected: ExpectedMutation[] = [
      { action: 'UPDATE', table_name: 'tasks', pk: '3', changes: { status: 'done' } },
    ];
    const config = { ...EMPTY_MUTATION_IGNORE_RULES, ignore_columns: { tasks: ['updated_at'] } };
    const wrongRow = [m('UPDATE', 'tasks', '4', { id: 4, status: 'todo' }, { id: 4, status: 'done' })];
    const wrongValue = [m('UPDATE', 'tasks', '3', { id: 3, status: 'todo' }, { id: 3, status: 'doing' })];
    const extra = [...closeTask, m('DELETE', 'comments', '7', { id: 7 }, null)];
    expect(mutationsSatisfy(wrongRow, expected, config)).toBe(false);
    expect(mutationsSatisfy(wrongValue, expected, config)).toBe(false);
    expect(mutationsSatisfy([], expected, config)).toBe(false);
    const result = matchMutations(extra, expected, config);
    expect(result.satisfied).toBe(false);
    expect(result.unexpected.map((u) => `${u.action} ${u.table_name} ${u.pk}`)).toEqual([
      'DELETE comments 7',
    ]);
    expect(describeMutationMatch(matchMutations(wrongValue, expected, config))).toContain(
      'status: expected "done", got "doing"',
    );
  });

  it('should accept any other column of an INSERT, and any pk when the expectation has none', () => {
    const log = [
      m('INSERT', 'comments', '501', null, { id: 501, task_id: 2, body: 'Done.', created_at: 'x' }),
    ];
    expect(
      mutationsSatisfy(log, [
        { action: 'INSERT', table_name: 'comments', changes: { task_id: 2, body: 'Done.' } },
      ]),
    ).toBe(true);
    expect(
      mutationsSatisfy(log, [{ action: 'INSERT', table_name: 'comments', changes: { body: 'Done' } }]),
    ).toBe(false);
    expect(
      mutationsSatisfy(log, [{ action: 'INSERT', table_name: 'comments', changes: { missing: null } }]),
    ).toBe(false);
  });

  it('should score a task done in two steps like the same task done in one', () => {
    const expected: ExpectedMutation[] = [
      { action: 'INSERT', table_name: 'tasks', changes: { title: 'Final' } },
    ];
    const oneStep = [m('INSERT', 'tasks', '9', null, { id: 9, title: 'Final' })];
    const twoSteps = [
      m('INSERT', 'tasks', '9', null, { id: 9, title: 'draft' }),
      m('UPDATE', 'tasks', '9', { id: 9, title: 'draft' }, { id: 9, title: 'Final' }),
    ];
    expect(mutationsSatisfy(oneStep, expected)).toBe(true);
    expect(mutationsSatisfy(twoSteps, expected)).toBe(true);
  });

  it('should assign expectations one to one, without a loose one stealing the only row a precise one matches', () => {
    const log = [
      m('INSERT', 'line_items', '1', null, { id: 1, sku: 'A', qty: 1 }),
      m('INSERT', 'line_items', '2', null, { id: 2, sku: 'B', qty: 1 }),
    ];
    const loose: ExpectedMutation = { action: 'INSERT', table_name: 'line_items' };
    const precise: ExpectedMutation = { action: 'INSERT', table_name: 'line_items', changes: { sku: 'A' } };
    expect(mutationsSatisfy(log, [loose, precise])).toBe(true);
    expect(mutationsSatisfy(log, [precise, precise])).toBe(false);
    expect(mutationsSatisfy(log, [loose])).toBe(false);
  });

  it('should match DELETE by the old row and composite keys by their JSON text', () => {
    const log = [m('DELETE', 'memberships', '[2,5]', { project_id: 2, user_id: 5, role: 'member' }, null)];
    expect(
      mutationsSatisfy(log, [
        { action: 'DELETE', table_name: 'memberships', pk: '[2,5]', changes: { role: 'member' } },
      ]),
    ).toBe(true);
    expect(mutationsSatisfy(log, [{ action: 'DELETE', table_name: 'memberships', pk: '[2,6]' }])).toBe(false);
  });

  it('should be satisfied by nothing when nothing is expected, and not by a stray change', () => {
    expect(mutationsSatisfy([], [])).toBe(true);
    expect(mutationsSatisfy(closeTask, [])).toBe(false);
  });
});
