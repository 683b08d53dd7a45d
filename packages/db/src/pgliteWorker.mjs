// The PGlite database of the embedded default, in a thread of its own (pgliteThread.ts says why). Plain
// JavaScript, as the template renderer's thread: it runs the same under Node, tsx and vitest, with no loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { dataDir, loadDataDir, pgliteWasmModule, initdbWasmModule, fsBundle } = workerData;

// pg_trgm, so the site requests' url filter (a substring) is served by the trigram index of migrations 0036/0038
// on PGlite as on PostgreSQL.
const ready = PGlite.create({
  dataDir,
  loadDataDir,
  pgliteWasmModule,
  initdbWasmModule,
  fsBundle,
  extensions: { pg_trgm },
});

/** Open transactions by id: the client's statements inside one, and the way to end it. */
const transactions = new Map();
let nextTransaction = 1;

/** What ends a transaction the client rolls back: PGlite rolls back when its callback rejects. */
const ROLLED_BACK = new Error('rolled back');

const keepAsText = (value) => value;

/** The query options PGlite takes: the types drizzle keeps as text, as the identity functions it passed. */
function queryOptions(message) {
  const parsers = {};
  for (const type of message.textTypes) parsers[type] = keepAsText;
  return { rowMode: message.rowMode, parsers };
}

/**
 * A PGlite error as plain data: its SQLSTATE code and fields, which callers read, survive the crossing. Not the
 * statement it carries (its options hold the parsers, functions), which the client has already.
 */
function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const { query, params, queryOptions, ...fields } = error;
  return { ...fields, name: error.name, message: error.message };
}

async function handle(message) {
  const pg = await ready;
  const target = message.transaction === undefined ? pg : transactions.get(message.transaction)?.tx;
  if (!target) throw new Error('The transaction has ended');
  switch (message.op) {
    case 'query':
      return target.query(message.sql, message.params, queryOptions(message));
    case 'exec':
      return target.exec(message.sql);
    case 'begin': {
      const id = nextTransaction++;
      // PGlite runs the callback holding its transaction lock; the client's statements run inside it until the
      // client ends it: resolving the callback commits, rejecting it rolls back.
      return new Promise((started, failed) => {
        const open = {};
        open.done = pg.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              Object.assign(open, { tx, commit, rollback });
              transactions.set(id, open);
              started(id);
            }),
        );
        // A failure before the callback (BEGIN itself) is the begin's; one after it is the end's.
        open.done.catch(failed).finally(() => transactions.delete(id));
      });
    }
    case 'end': {
      const open = transactions.get(message.transaction);
      if (!open) throw new Error('The transaction has ended');
      if (message.commit) {
        open.commit();
        await open.done;
      } else {
        open.rollback(ROLLED_BACK);
        await open.done.catch((error) => {
          if (error !== ROLLED_BACK) throw error;
        });
      }
      return null;
    }
    case 'dump':
      return pg.dumpDataDir(message.compression);
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

/** Posts an answer; one that does not clone (a field of an error) still answers, with its message alone. */
function answer(id, outcome) {
  try {
    parentPort.postMessage({ id, ...outcome });
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { message: String(outcome.error?.message ?? error?.message ?? error) },
    });
  }
}

parentPort.on('message', (message) => {
  handle(message).then(
    (result) => answer(message.id, { result }),
    (error) => answer(message.id, { error: errorData(error) }),
  );
});
