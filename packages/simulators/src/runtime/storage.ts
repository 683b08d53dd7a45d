import type { MutationAction } from '@proctor/scoring';
import Database from 'better-sqlite3';

/**
 * SQLite storage of simulator instances: the mutation log, its triggers, and opening an instance from a
 * serialized snapshot. Every instance is a private in-memory database, so instances never share data and a
 * reset is "drop this connection, deserialize the snapshot again" (`npm run bench:simulators` times it).
 */

export type SqliteDatabase = Database.Database;

/** The log table. The leading underscore keeps it out of the way of app table names. */
export const MUTATION_LOG_TABLE = '_proctor_mutations';

/** SQL function the triggers call for `action_timestamp`; bound to the instance's virtual clock. */
const NOW_FUNCTION = 'proctor_now';

/** json_object() takes at most 127 arguments by default, so wide rows are built in chunks. */
const COLUMNS_PER_JSON_OBJECT = 60;

export interface TableInfo {
  name: string;
  columns: { name: string; type: string }[];
  /** Primary key columns in key order; empty when the table relies on its rowid. */
  primaryKey: string[];
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function quoteText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** The app's tables: everything but SQLite's own and the log. */
export function listTables(db: SqliteDatabase): TableInfo[] {
  const names = db
    .prepare<[string], { name: string }>(
      `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
       AND name <> ? ORDER BY name`,
    )
    .all(MUTATION_LOG_TABLE)
    .map((row) => row.name);
  return names.map((name) => {
    const columns = db
      .prepare<[], { name: string; type: string; pk: number }>(`PRAGMA table_info(${quoteIdentifier(name)})`)
      .all();
    return {
      name,
      columns: columns.map((column) => ({ name: column.name, type: column.type })),
      primaryKey: columns
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => column.name),
    };
  });
}

/** A column of the NEW or OLD row, safe for json_object(): BLOBs become hex, which JSON can hold. */
function columnValue(ref: 'NEW' | 'OLD', column: { name: string; type: string }): string {
  const value = `${ref}.${quoteIdentifier(column.name)}`;
  const mayHoldBlob = column.type === '' || column.type.toUpperCase().includes('BLOB');
  return mayHoldBlob ? `CASE WHEN typeof(${value}) = 'blob' THEN hex(${value}) ELSE ${value} END` : value;
}

function rowJson(ref: 'NEW' | 'OLD', table: TableInfo): string {
  const chunks: string[] = [];
  for (let i = 0; i < table.columns.length; i += COLUMNS_PER_JSON_OBJECT) {
    const pairs = table.columns
      .slice(i, i + COLUMNS_PER_JSON_OBJECT)
      .map((column) => `${quoteText(column.name)}, ${columnValue(ref, column)}`);
    chunks.push(`json_object(${pairs.join(', ')})`);
  }
  // json_patch appends the keys of later chunks after the earlier ones, so column order is kept.
  return chunks.reduce((merged, chunk) => `json_patch(${merged}, ${chunk})`);
}

function primaryKeyText(ref: 'NEW' | 'OLD', table: TableInfo): string {
  if (table.primaryKey.length === 0) return `CAST(${ref}.rowid AS TEXT)`;
  if (table.primaryKey.length === 1)
    return `CAST(${ref}.${quoteIdentifier(table.primaryKey[0] as string)} AS TEXT)`;
  return `json_array(${table.primaryKey.map((column) => `${ref}.${quoteIdentifier(column)}`).join(', ')})`;
}

function triggerSql(table: TableInfo, action: MutationAction): string {
  const name = quoteIdentifier(`${MUTATION_LOG_TABLE}_${table.name}_${action.toLowerCase()}`);
  const ref = action === 'DELETE' ? 'OLD' : 'NEW';
  const oldJson = action === 'INSERT' ? 'NULL' : rowJson('OLD', table);
  const newJson = action === 'DELETE' ? 'NULL' : rowJson('NEW', table);
  // An UPDATE that writes the values a row already has changes nothing and is not logged.
  const when =
    action === 'UPDATE'
      ? ` WHEN ${table.columns.map((c) => `OLD.${quoteIdentifier(c.name)} IS NOT NEW.${quoteIdentifier(c.name)}`).join(' OR ')}`
      : '';
  return `CREATE TRIGGER ${name} AFTER ${action} ON ${quoteIdentifier(table.name)}${when} BEGIN
  INSERT INTO ${MUTATION_LOG_TABLE} (action, table_name, pk, old, new, action_timestamp)
  VALUES (${quoteText(action)}, ${quoteText(table.name)}, ${primaryKeyText(ref, table)}, ${oldJson}, ${newJson}, ${NOW_FUNCTION}());
END;`;
}

/** Creates the log table and the three triggers of every app table. Run after seeding: seed rows are not mutations. */
export function installMutationLog(db: SqliteDatabase): TableInfo[] {
  const tables = listTables(db);
  db.exec(`CREATE TABLE ${MUTATION_LOG_TABLE} (
    id INTEGER PRIMARY KEY,
    action TEXT NOT NULL,
    table_name TEXT NOT NULL,
    pk TEXT NOT NULL,
    old TEXT,
    new TEXT,
    action_timestamp TEXT NOT NULL
  )`);
  for (const table of tables) {
    for (const action of ['INSERT', 'UPDATE', 'DELETE'] as const) db.exec(triggerSql(table, action));
  }
  return tables;
}

/**
 * Opens an instance database from a snapshot. The clock function is registered per connection (a snapshot
 * carries no functions) and foreign keys are enforced, as a real product's database would.
 */
export function openDatabase(snapshot: Buffer | null, now: () => string): SqliteDatabase {
  const db = snapshot ? new Database(snapshot) : new Database(':memory:');
  db.function(NOW_FUNCTION, { deterministic: false }, now);
  db.pragma('foreign_keys = ON');
  return db;
}

export interface LoggedMutationRow {
  id: number;
  action: MutationAction;
  table_name: string;
  pk: string;
  old: string | null;
  new: string | null;
  action_timestamp: string;
}

export function readMutationLog(db: SqliteDatabase, afterId: number): LoggedMutationRow[] {
  return db
    .prepare<[number], LoggedMutationRow>(
      `SELECT id, action, table_name, pk, old, new, action_timestamp FROM ${MUTATION_LOG_TABLE} WHERE id > ? ORDER BY id`,
    )
    .all(afterId);
}

export function lastMutationId(db: SqliteDatabase): number {
  const row = db.prepare<[], { id: number | null }>(`SELECT max(id) AS id FROM ${MUTATION_LOG_TABLE}`).get();
  return row?.id ?? 0;
}
