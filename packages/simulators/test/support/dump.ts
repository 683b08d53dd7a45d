import type { SimulatorInstance } from '../../src/index';

/**
 * Every row of every table (app tables, the log, sqlite_sequence), as sorted JSON lines: two instances have
 * the same data exactly when their dumps are equal.
 */
export function dumpDatabase(instance: SimulatorInstance): string {
  const tables = instance.db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .all();
  return tables
    .map(({ name }) => {
      const rows = instance.db.prepare(`SELECT * FROM "${name}"`).all();
      return `${name}\n${rows
        .map((row) =>
          JSON.stringify(row, (_key, value: unknown) =>
            Buffer.isBuffer(value) ? value.toString('hex') : value,
          ),
        )
        .sort()
        .join('\n')}`;
    })
    .join('\n');
}
