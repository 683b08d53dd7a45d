import { describe, expect, it } from 'vitest';
import {
  EMPTY_MUTATION_IGNORE_RULES,
  type GenerationSession,
  generateExpectedMutations,
  type Mutation,
  type MutationIgnoreRules,
  NO_CORRECT_SESSIONS,
  runScoreType,
} from '../src/index';
import { prng } from './support/prng';
import { insert, remove, session, update } from './support/session';

const run = (sessionId: string, mutations: Mutation[]): GenerationSession => ({ sessionId, mutations });

/** Whether the state_mutation_match score type passes `mutations` with the generated config. */
async function passes(
  mutations: readonly Mutation[],
  generated: ReturnType<typeof generateExpectedMutations>,
  simulatorConfig: MutationIgnoreRules = EMPTY_MUTATION_IGNORE_RULES,
) {
  const outcome = await runScoreType(
    'state_mutation_match',
    { mutations: generated.mutations, ignore_columns: generated.ignore_columns },
    session({ mutations: [...mutations], simulatorConfig }),
  );
  if (outcome.status !== 'scored') throw new Error(`not scored: ${JSON.stringify(outcome)}`);
  return outcome.result.correct;
}

describe('generateExpectedMutations', () => {
  it('should expect what every correct session did, with the values they agree on', () => {
    const placed = (at: string) => [
      insert('orders', '1001', { id: 1001, sku: 'DUVET-KING', colour: 'sage', placed_at: at }),
      update('carts', '7', { id: 7, items: 1, touched_at: 'a' }, { id: 7, items: 0, touched_at: at }),
      remove('cart_items', '3', { id: 3, sku: 'DUVET-KING' }),
    ];
    const generated = generateExpectedMutations(
      [run('s1', placed('09:00')), run('s2', placed('09:05'))],
      EMPTY_MUTATION_IGNORE_RULES,
    );
    expect(generated).toEqual({
      mutations: [
        {
          action: 'INSERT',
          table_name: 'orders',
          pk: '1001',
          changes: { colour: 'sage', id: 1001, sku: 'DUVET-KING' },
        },
        { action: 'UPDATE', table_name: 'carts', pk: '7', changes: { items: 0 } },
        { action: 'DELETE', table_name: 'cart_items', pk: '3' },
      ],
      ignore_columns: { carts: ['touched_at'] },
      differential: [],
      num_sessions_used: 2,
      session_ids: ['s1', 's2'],
    });
  });

  it('should expect a new row without its key when each session made one under a different id', () => {
    const generated = generateExpectedMutations(
      [
        run('s1', [insert('notes', '41', { id: 41, text: 'Call the plumber' })]),
        run('s2', [insert('notes', '57', { id: 57, text: 'Call the plumber' })]),
      ],
      EMPTY_MUTATION_IGNORE_RULES,
    );
    expect(generated.mutations).toEqual([
      { action: 'INSERT', table_name: 'notes', changes: { text: 'Call the plumber' } },
    ]);
    expect(generated.differential).toEqual([]);
  });

  it('should report the changes not every session made', () => {
    const generated = generateExpectedMutations(
      [
        run('s1', [
          insert('orders', '1', { id: 1 }),
          update('users', '5', { id: 5, vip: 0 }, { id: 5, vip: 1 }),
        ]),
        run('s2', [insert('orders', '1', { id: 1 })]),
        run('s3', [
          insert('orders', '1', { id: 1 }),
          update('users', '5', { id: 5, vip: 0 }, { id: 5, vip: 1 }),
        ]),
      ],
      EMPTY_MUTATION_IGNORE_RULES,
    );
    expect(generated.mutations).toEqual([
      { action: 'INSERT', table_name: 'orders', pk: '1', changes: { id: 1 } },
    ]);
    expect(generated.differential).toEqual([
      { action: 'UPDATE', table_name: 'users', pk: '5', present_in: ['s1', 's3'], missing_from: ['s2'] },
    ]);
  });

  it("should apply the simulator's filters before comparing", () => {
    const filters: MutationIgnoreRules = { ...EMPTY_MUTATION_IGNORE_RULES, ignore_tables: ['audit_log'] };
    const generated = generateExpectedMutations(
      [
        run('s1', [insert('tasks', '1', { id: 1 }), insert('audit_log', '9', { id: 9 })]),
        run('s2', [insert('tasks', '1', { id: 1 })]),
      ],
      filters,
    );
    expect(generated.differential).toEqual([]);
    expect(generated.mutations).toHaveLength(1);
  });

  it('should refuse to generate from no session', () => {
    expect(() => generateExpectedMutations([], EMPTY_MUTATION_IGNORE_RULES)).toThrow(NO_CORRECT_SESSIONS);
  });

  /**
   * Property: sessions that did the same task (the same rows, some columns set to run-dependent values,
   * unrelated rows touched in between and undone, in any order) all pass the expectations generated from
   * them, in whatever order they are given; and a session that skipped a change fails them.
   */
  it('should let every session it was generated from pass, and a session missing a change fail', async () => {
    for (let seed = 1; seed <= 60; seed++) {
      const random = prng(seed);
      const rows = random.int(1, 5);
      const task = Array.from({ length: rows }, (_, i) => ({
        table: random.pick(['orders', 'tasks', 'events']),
        pk: String(100 + i),
        action: random.pick(['INSERT', 'UPDATE', 'DELETE'] as const),
        value: random.int(0, 9),
      }));
      const attempt = (id: string): GenerationSession => {
        const volatile = `t-${random.int(0, 1_000_000)}`;
        const mutations: Mutation[] = task.map(({ table, pk, action, value }) => {
          if (action === 'INSERT') return insert(table, pk, { id: pk, value, stamp: volatile });
          if (action === 'UPDATE')
            return update(table, pk, { id: pk, value: -1, stamp: 'old' }, { id: pk, value, stamp: volatile });
          return remove(table, pk, { id: pk, value });
        });
        // A row made and removed again nets to nothing.
        const scratch = String(900 + random.int(0, 50));
        mutations.splice(random.int(0, mutations.length), 0, insert('drafts', scratch, { id: scratch }));
        mutations.push(remove('drafts', scratch, { id: scratch }));
        return run(id, random.shuffle(mutations.slice(0, -1)).concat(mutations.slice(-1)));
      };
      const sessions = [attempt('a'), attempt('b'), attempt('c')];
      const generated = generateExpectedMutations(sessions, EMPTY_MUTATION_IGNORE_RULES);
      expect(generated.differential, `seed ${seed}`).toEqual([]);
      for (const s of sessions) expect(await passes(s.mutations, generated), `seed ${seed}`).toBe(true);

      const reordered = generateExpectedMutations(random.shuffle(sessions), EMPTY_MUTATION_IGNORE_RULES);
      const sorted = (g: typeof generated) => g.mutations.map((m) => JSON.stringify(m)).sort();
      expect(sorted(reordered), `seed ${seed}`).toEqual(sorted(generated));
      expect(reordered.ignore_columns).toEqual(generated.ignore_columns);

      const lazy = sessions[0]!.mutations.filter((m) => m.pk !== task[0]!.pk);
      expect(await passes(lazy, generated), `seed ${seed}`).toBe(false);
    }
  });
});
