import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtInSimulators, MUTATION_LOG_TABLE, prepareSimulator, SimulatorInstance } from '../../src/index';
import { dumpDatabase } from '../support/dump';

/**
 * Reset and isolation on the real schemas of every shipped simulator (the kit's own property test drives
 * its fixture through HTTP). Random writes of every kind — inserts copied from existing rows, updates that
 * move a value from one row to another, deletes — go straight to the instance's database, so triggers,
 * constraints and cascades of each real schema are exercised; some fail on constraints, as agents' do.
 */
type Write =
  | { kind: 'update'; table: number; row: number; column: number; from: number }
  | { kind: 'insert'; table: number; row: number }
  | { kind: 'delete'; table: number; row: number };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constant('update' as const),
    table: fc.nat(),
    row: fc.nat(),
    column: fc.nat(),
    from: fc.nat(),
  }),
  fc.record({ kind: fc.constant('insert' as const), table: fc.nat(), row: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), table: fc.nat(), row: fc.nat() }),
);

/** Ordinary tables with a rowid: not the log, not SQLite's own, not full-text indexes or their shadow tables. */
function appTables(instance: SimulatorInstance): string[] {
  return instance.db
    .prepare<[], { name: string; type: string; wr: number }>('PRAGMA main.table_list')
    .all()
    .filter(
      (t) =>
        t.type === 'table' && t.wr === 0 && !t.name.startsWith('sqlite_') && t.name !== MUTATION_LOG_TABLE,
    )
    .map((t) => t.name)
    .sort();
}

/** Applies one write; a constraint refusing it is part of the game. Returns whether anything changed. */
function apply(instance: SimulatorInstance, tables: string[], step: Write): boolean {
  const table = tables[step.table % tables.length]!;
  const db = instance.db;
  const rowids = db.prepare<[], { r: number }>(`SELECT rowid AS r FROM "${table}" ORDER BY rowid`).all();
  if (rowids.length === 0) return false;
  const rowid = rowids[step.row % rowids.length]!.r;
  const columns = db.prepare<[], { name: string; pk: number }>(`PRAGMA table_info("${table}")`).all();
  try {
    if (step.kind === 'delete')
      return db.prepare(`DELETE FROM "${table}" WHERE rowid = ?`).run(rowid).changes > 0;
    if (step.kind === 'insert') {
      const copyable = columns.filter((c) => c.pk === 0).map((c) => `"${c.name}"`);
      if (copyable.length === 0) return false;
      const list = copyable.join(', ');
      return (
        db
          .prepare(`INSERT INTO "${table}" (${list}) SELECT ${list} FROM "${table}" WHERE rowid = ?`)
          .run(rowid).changes > 0
      );
    }
    const column = columns[step.column % columns.length]!.name;
    const source = rowids[step.from % rowids.length]!.r;
    // Only a real change counts: the log rightly skips updates that leave the row as it was.
    const value = `(SELECT "${column}" FROM "${table}" WHERE rowid = ?)`;
    return (
      db
        .prepare(
          `UPDATE "${table}" SET "${column}" = ${value} WHERE rowid = ? AND "${column}" IS NOT ${value}`,
        )
        .run(source, rowid, source).changes > 0
    );
  } catch (error) {
    if (error instanceof Error && /constraint/i.test(error.message)) return false;
    throw error;
  }
}

describe('every built-in simulator', () => {
  it('should ship at least four simulators', () => {
    expect(builtInSimulators.length).toBeGreaterThanOrEqual(4);
  });

  for (const definition of builtInSimulators) {
    describe(definition.name, () => {
      const prepared = prepareSimulator(definition);
      const make = (id: string) =>
        new SimulatorInstance(prepared, { id, origin: `http://${id}.${definition.name}.localhost:1` });

      it('should give back the seed exactly on reset, keep other instances untouched, and log writes alike each time', () => {
        const seed = dumpDatabase(make('seed'));
        fc.assert(
          fc.property(fc.array(write, { minLength: 1, maxLength: 20 }), (writes) => {
            const [a, b, replay] = [make('a'), make('b'), make('replay')];
            const tables = appTables(a);
            const changed = writes.map((step) => apply(a, tables, step)).some(Boolean);
            for (const step of writes) apply(replay, tables, step);

            expect(dumpDatabase(b)).toBe(seed);
            if (changed) expect(a.mutations().length).toBeGreaterThan(0);
            expect(JSON.stringify(replay.mutations())).toBe(JSON.stringify(a.mutations()));
            a.reset();
            expect(dumpDatabase(a)).toBe(seed);
            expect(a.state()).toEqual([]);
            for (const instance of [a, b, replay]) instance.destroy();
          }),
          { numRuns: 15 },
        );
      });
    });
  }
});
