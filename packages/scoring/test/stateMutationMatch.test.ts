import { describe, expect, it } from 'vitest';
import {
  type ExpectedMutation,
  type Mutation,
  type MutationDiff,
  netMutations,
  type Row,
  runScoreType,
  type ScoreOutcome,
} from '../src/index';
import { type Prng, prng } from './support/prng';
import { insert, remove, session, update } from './support/session';

const score = (mutations: Mutation[], config: unknown, overrides = {}) =>
  runScoreType('state_mutation_match', config, session({ mutations, ...overrides }));

const scored = (outcome: ScoreOutcome) => {
  if (outcome.status !== 'scored') throw new Error(`expected a verdict, got ${JSON.stringify(outcome)}`);
  return outcome.result;
};

const closeTask = [
  update(
    'tasks',
    '3',
    { id: 3, status: 'todo', updated_at: 'a' },
    { id: 3, status: 'done', updated_at: 'b' },
  ),
];
const expectClosed: ExpectedMutation[] = [
  { action: 'UPDATE', table_name: 'tasks', pk: '3', changes: { status: 'done' } },
];

describe('state_mutation_match', () => {
  it('should pass with a correct_mutation_match diff when the volatile column is ignored by config', async () => {
    const result = scored(
      await score(closeTask, { mutations: expectClosed, ignore_columns: { tasks: ['updated_at'] } }),
    );
    expect(result).toMatchObject({ type: 'state_mutation_match', correct: true, similarity: 1 });
    expect(result.reason).toBe('All 1 expected mutations matched');
    const [diff] = result.diffs as MutationDiff[];
    expect(diff?.type).toBe('correct_mutation_match');
    expect(diff?.expected_generated_mutation).toMatchObject({ table_name: 'tasks', pk: '3' });
    expect(diff?.actual_mutation).toMatchObject({ action: 'UPDATE', changes: { status: 'done' } });
  });

  it("should also apply the simulator's own filters", async () => {
    const result = scored(
      await score(
        closeTask,
        { mutations: expectClosed },
        {
          simulatorConfig: {
            ignore_tables: [],
            ignore_columns: { '*': ['updated_at'] },
            ignore_tables_with_column_values: {},
          },
        },
      ),
    );
    expect(result.correct).toBe(true);
  });

  it('should fail a side effect in a volatile column that is not ignored, naming it', async () => {
    const result = scored(await score(closeTask, { mutations: expectClosed }));
    expect(result.correct).toBe(false);
    expect(result.similarity).toBe(0);
    const diffs = result.diffs as MutationDiff[];
    expect(diffs.map((d) => d.type)).toEqual(['mismatched_mutation']);
    expect(diffs[0]?.reason).toContain('updated_at also changed');
  });

  it('should type each difference: a wrong value, a missing change and an unexpected change', async () => {
    const log = [
      update('tasks', '3', { id: 3, status: 'todo' }, { id: 3, status: 'doing' }),
      remove('comments', '7', { id: 7 }),
    ];
    const expected: ExpectedMutation[] = [
      ...expectClosed,
      { action: 'INSERT', table_name: 'comments', changes: { body: 'Done' } },
    ];
    const result = scored(await score(log, { mutations: expected }));
    const diffs = result.diffs as MutationDiff[];
    expect(diffs.map((d) => d.type)).toEqual([
      'mismatched_mutation',
      'missing_mutation',
      'unexpected_mutation',
    ]);
    expect(diffs[0]?.reason).toContain('status: expected "done", got "doing"');
    expect(diffs[1]).toMatchObject({
      actual_mutation: null,
      reason: 'INSERT comments: no such change happened',
    });
    expect(diffs[2]).toMatchObject({ expected_generated_mutation: null, actual_mutation: { pk: '7' } });
    // Nothing matched, 2 expected missing, 2 changes unexpected.
    expect(result.similarity).toBe(0);
  });

  it('should lower the similarity by each missing change and each side effect', async () => {
    const log = [...closeTask, insert('comments', '9', { id: 9, body: 'x' })];
    const config = { mutations: expectClosed, ignore_columns: { '*': ['updated_at'] } };
    const result = scored(await score(log, config));
    expect(result.correct).toBe(false);
    expect(result.similarity).toBe(0.5);
  });

  it('should pass a session that changed nothing when nothing is expected', async () => {
    const result = scored(await score([], { mutations: [] }));
    expect(result).toMatchObject({
      correct: true,
      similarity: 1,
      reason: 'No mutations were expected and none happened',
    });
  });

  it('should refuse a config without expected mutations as invalid_config, not as a failure', async () => {
    const outcome = await score(closeTask, { type: 'state_mutation_match', version: 'latest' });
    expect(outcome).toMatchObject({ status: 'error', error: { kind: 'invalid_config' } });
    expect(outcome.status === 'error' && outcome.error.message).toContain('mutations');
  });

  it('should accept a stored default scoring config with its bookkeeping fields', async () => {
    const stored = {
      type: 'state_mutation_match',
      version: 'latest',
      mutations: expectClosed,
      source: 'reference_solution',
      num_sessions_used: 2,
      ignore_columns: { tasks: ['updated_at'] },
    };
    expect(scored(await score(closeTask, stored)).correct).toBe(true);
  });
});

// Property tests: random sessions over a few tables, each row touched by a consistent chain of mutations.
const TABLES = ['tasks', 'comments', 'users'] as const;
const COLUMNS = ['status', 'title', 'updated_at', 'n'] as const;

function randomRow(rng: Prng, id: number): Row {
  const row: Row = { id };
  for (const column of COLUMNS) if (rng.next() < 0.8) row[column] = rng.pick(['a', 'b', 'c', 1, 2, null]);
  return row;
}

function changed(rng: Prng, row: Row): Row {
  const next = { ...row };
  const column = rng.pick(COLUMNS);
  next[column] = rng.pick(['a', 'b', 'c', 1, 2, null, 'z']);
  if (rng.next() < 0.5) next.updated_at = `t${rng.int(0, 99)}`;
  return next;
}

/** Per-row chains of mutations, each in its own valid order. */
function randomChains(rng: Prng): Mutation[][] {
  const chains: Mutation[][] = [];
  const rows = rng.int(1, 6);
  for (let r = 0; r < rows; r++) {
    const table = rng.pick(TABLES);
    const pk = String(100 * chains.length + r);
    const chain: Mutation[] = [];
    let row: Row | null = rng.next() < 0.4 ? null : randomRow(rng, Number(pk));
    if (row === null) {
      row = randomRow(rng, Number(pk));
      chain.push(insert(table, pk, row));
    }
    for (let u = rng.int(0, 3); u > 0; u--) {
      const next = changed(rng, row);
      if (JSON.stringify(next) === JSON.stringify(row)) continue;
      chain.push(update(table, pk, row, next));
      row = next;
    }
    if (rng.next() < 0.25 || chain.length === 0) chain.push(remove(table, pk, row));
    chains.push(chain);
  }
  return chains;
}

/** One log from the chains: rows interleaved at random, each row's own order kept. */
function interleave(rng: Prng, chains: readonly Mutation[][]): Mutation[] {
  const queues = chains.map((c) => [...c]);
  const log: Mutation[] = [];
  for (;;) {
    const open = queues.filter((q) => q.length > 0);
    if (open.length === 0) return log;
    log.push(rng.pick(open).shift() as Mutation);
  }
}

/** Expectations that the log satisfies exactly: every net change, UPDATEs listing their changed columns. */
function exactExpectations(log: readonly Mutation[]): ExpectedMutation[] {
  return netMutations(log).map((n) => ({
    action: n.action,
    table_name: n.table_name,
    pk: n.pk,
    changes: n.changes,
  }));
}

/** Expectations near the log's: some dropped, some values wrong, some pks left out. */
function perturbed(rng: Prng, expected: readonly ExpectedMutation[]): ExpectedMutation[] {
  return expected.flatMap((e) => {
    const roll = rng.next();
    if (roll < 0.15) return [];
    if (roll < 0.3) return [{ ...e, changes: { ...e.changes, status: 'wrong' } }];
    if (roll < 0.45) return [{ ...e, pk: undefined }];
    return [e];
  });
}

const verdict = (outcome: ScoreOutcome) => {
  const result = scored(outcome);
  return { correct: result.correct, similarity: result.similarity };
};

describe('state_mutation_match properties', () => {
  it('should give the same verdict whatever the order of the rows in the log and of the expectations', async () => {
    const rng = prng(20261123);
    const seen = new Set<boolean | null>();
    for (let run = 0; run < 300; run++) {
      const chains = randomChains(rng);
      const first = interleave(rng, chains);
      const second = interleave(rng, chains);
      const expected = perturbed(rng, exactExpectations(first));
      const config = { mutations: expected, ignore_columns: rng.next() < 0.5 ? { '*': ['updated_at'] } : {} };
      const a = verdict(await score(first, config));
      const b = verdict(await score(second, config));
      const c = verdict(await score(second, { ...config, mutations: rng.shuffle(expected) }));
      expect(b, `run ${run}`).toEqual(a);
      expect(c, `run ${run}`).toEqual(a);
      seen.add(a.correct);
    }
    // The cases cover both verdicts.
    expect(seen).toEqual(new Set([true, false]));
  });

  it('should never turn a pass into a fail by ignoring a volatile column', async () => {
    const rng = prng(7);
    for (let run = 0; run < 300; run++) {
      const log = interleave(rng, randomChains(rng));
      const expected = exactExpectations(log);
      expect(verdict(await score(log, { mutations: expected })).correct, `run ${run}`).toBe(true);
      const table = rng.pick([...TABLES, '*']);
      const ignored = { [table]: [rng.pick(COLUMNS)] };
      const outcome = await score(log, { mutations: expected, ignore_columns: ignored });
      expect(verdict(outcome).correct, `run ${run}: ignoring ${JSON.stringify(ignored)}`).toBe(true);
    }
  });
});
