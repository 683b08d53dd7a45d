import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGliteThread } from './pgliteThread';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the rest of the code sees, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction on it: repositories accept both. */
export type Executor = Database | Transaction;

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export type DatabaseConfig =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Errors of idle pooled connections (server restarts, terminated backends); the pool replaces them. */
      onIdleError?: (error: Error) => void;
    }
  /**
   * `dataDir` undefined keeps the database in memory (tests). `loadDataDir` starts from a dump
   * made by `dumpMigratedPglite` — tests use one migrated dump instead of migrating every database anew.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Opens the platform database and brings its schema up to date. */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.kind === 'postgres') {
    // JIT off: the platform's queries are short OLTP ones, and PostgreSQL's JIT spent far longer compiling the
    // sessions list's summary over many sessions than it saved (npm run bench:recording shows it).
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolSize ?? 10,
      options: '-c jit=off',
    });
    let closing = false;
    // Without a listener, an idle connection killed by the server would crash the process.
    pool.on('error', (error) => {
      if (!closing) config.onIdleError?.(error);
    });
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const client = await PGliteThread.start({ dataDir: config.dataDir, loadDataDir: config.loadDataDir });
  // drizzle's driver calls the thread's query, exec and transaction, which answer as PGlite's own do.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

/**
 * A migrated in-memory PGlite as a tarball, to start test databases from: empty, or with what `prepare` writes
 * into it first.
 */
export async function dumpMigratedPglite(prepare?: (db: Database) => Promise<void>): Promise<Blob> {
  const client = await PGliteThread.start({});
  try {
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    await migratePglite(db, { migrationsFolder });
    await prepare?.(db as unknown as Database);
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
