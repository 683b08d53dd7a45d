import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, dumpMigratedPglite, openDatabase, organizations } from '../src';
import { PGliteThread } from '../src/pgliteThread';

/** The embedded database in its own thread, through drizzle as the server uses it. */
/** drizzle types `execute` as unknown over both engines; both answer `{ rows }`. */
async function rowsOf<Row>(result: Promise<unknown>): Promise<Row[]> {
  return ((await result) as { rows: Row[] }).rows;
}

/** Migrating takes seconds on a busy machine: once for the file, and each database starts from its dump. */
let migrated: Promise<Blob> | undefined;
const migratedDump = () => {
  migrated ??= dumpMigratedPglite();
  return migrated;
};

describe('PGlite in a thread of its own', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite', loadDataDir: await migratedDump() });
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('should answer rows with their types as PGlite gives them, and drizzle reads them back', async () => {
    const rows = await rowsOf<{ t: string; b: number; j: unknown; y: Uint8Array; n: null }>(
      handle.db.execute(
        sql`select '2026-01-02 03:04:05+00'::timestamptz as t, 7::bigint as b, '{"a":[1]}'::jsonb as j,
          '\\x0102'::bytea as y, null as n`,
      ),
    );
    expect(rows).toEqual([
      { t: '2026-01-02 03:04:05+00', b: 7, j: { a: [1] }, y: new Uint8Array([1, 2]), n: null },
    ]);

    const [org] = await handle.db
      .insert(organizations)
      .values({ publicId: 'org-thread', name: 'Thread', purpose: 'testing', apiKey: 'key-thread' })
      .returning();
    expect(org).toMatchObject({ publicId: 'org-thread', name: 'Thread', isAnnotator: false });
    expect(org!.createdAt).toBeInstanceOf(Date);
  });

  it("should keep a failed statement's SQLSTATE fields, which callers read", async () => {
    await handle.db.execute(sql`create table thread_unique (x int primary key)`);
    await handle.db.execute(sql`insert into thread_unique values (1)`);
    const error = await handle.db.execute(sql`insert into thread_unique values (1)`).catch((e: unknown) => e);
    expect((error as { cause: unknown }).cause).toMatchObject({
      code: '23505',
      constraint: 'thread_unique_pkey',
      detail: 'Key (x)=(1) already exists.',
    });
  });

  it('should commit a transaction that resolves, roll back one that throws, and keep savepoints', async () => {
    await handle.db.execute(sql`create table thread_tx (x int)`);
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_tx values (1)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_tx values (2)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into thread_tx values (3)`);
          inner.rollback();
        })
        .catch(() => {});
      await tx.execute(sql`insert into thread_tx values (4)`);
    });
    const rows = await rowsOf<{ x: number }>(handle.db.execute(sql`select x from thread_tx order by x`));
    expect(rows.map((row) => row.x)).toEqual([2, 4]);
  });

  it('should run a statement sent during a transaction after it, as PGlite does', async () => {
    await handle.db.execute(sql`create table thread_order (x int)`);
    let outside: Promise<unknown> | undefined;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_order values (1)`);
      outside = handle.db.execute(sql`insert into thread_order values (2)`);
      // Give the outside statement every chance to overtake: it must wait for the transaction's lock.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const rows = await rowsOf<{ n: number }>(tx.execute(sql`select count(*)::int as n from thread_order`));
      expect(rows[0]!.n).toBe(1);
    });
    await outside;
    const rows = await rowsOf<{ x: number }>(handle.db.execute(sql`select x from thread_order order by x`));
    expect(rows.map((row) => row.x)).toEqual([1, 2]);
  });

  it("should leave the server's event loop free while a long statement runs", async () => {
    // Turns of the event loop while the statement is on its way: on the calling thread, PGlite would run it
    // in one synchronous stretch, and only the turns around it (a handful) would happen.
    let turns = 0;
    let running = true;
    const turn = () => {
      turns++;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    await handle.db.execute(sql`select count(*) from generate_series(1, 1000000) as g(i) where i % 7 = 0`);
    running = false;
    expect(turns).toBeGreaterThan(100);
  });
});

describe('the database thread', () => {
  it('should start from a dump of another, and refuse statements once closed', async () => {
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: await migratedDump() });
    const rows = await rowsOf<{ n: number }>(
      handle.db.execute(sql`select count(*)::int as n from organizations`),
    );
    expect(rows).toEqual([{ n: 0 }]);
    await handle.close();
    const error = await handle.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect((error as { cause: Error }).cause.message).toBe('The database is closed');
  }, 120_000);

  it('should refuse a parser it cannot run, rather than answer untransformed rows', async () => {
    const thread = await PGliteThread.start({ loadDataDir: await migratedDump() });
    try {
      await expect(
        thread.query('select 1', [], { parsers: { 23: (text) => Number(text) * 2 } }),
      ).rejects.toThrow(/cannot run another parser/);
      expect((await thread.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await thread.close();
    }
  });
});
