import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * PGlite in a thread of its own, for the embedded default. PGlite runs PostgreSQL as WebAssembly on the thread
 * that calls it, and a statement holds that thread for its whole run: on the server's own thread a recording's
 * write (tens of milliseconds) delayed whatever else was due, an agent's CDP commands relayed by the same event
 * loop among them (bench/README.md, bench:recording). Here the server's thread only hands statements over and
 * takes rows back.
 *
 * It offers what drizzle's PGlite driver calls (`query`, `exec`, `transaction`, `close`) and `dumpDataDir`, which
 * tests start their databases from; the statements, their parameters and their rows cross by structured clone.
 * A round trip costs about half a millisecond more than on the calling thread on a quiet machine, and about one
 * more on a busy one (bench/README.md).
 */

type Row = Record<string, unknown> | unknown[];
export interface ThreadResults {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** The options drizzle passes: a row mode, and parsers that keep some types as PGlite's text. */
interface QueryOptions {
  rowMode?: 'object' | 'array';
  parsers?: Record<number, (text: string, type: number) => unknown>;
}

interface Statements {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
  exec(sql: string): Promise<ThreadResults[]>;
}

type Request =
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'object' | 'array';
      textTypes: number[];
      transaction?: number;
    }
  | { op: 'exec'; sql: string; transaction?: number }
  | { op: 'begin' }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'close' };

type Answer = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

export interface PGliteThreadOptions {
  dataDir?: string;
  loadDataDir?: Blob;
}

/** What this file uses of the WebAssembly global, which the project's libraries (no DOM) do not declare. */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
/** A compiled module: threads of one process share it. */
type WasmModule = object;

/**
 * PGlite's WebAssembly (PostgreSQL and initdb) and its file bundle, compiled and read once per process: each
 * thread would otherwise compile its own, and tests start one database per file.
 */
let artifacts:
  | Promise<{ pgliteWasmModule: WasmModule; initdbWasmModule: WasmModule; fsBundle: Blob }>
  | undefined;
function pgliteArtifacts() {
  artifacts ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, bundle] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((name) => readFile(join(dist, name))),
    );
    return {
      pgliteWasmModule: await WebAssembly.compile(pglite!),
      initdbWasmModule: await WebAssembly.compile(initdb!),
      fsBundle: new Blob([bundle!]),
    };
  })();
  return artifacts;
}

/** drizzle's parsers return PGlite's text as it is; that, as a list of types, is what crosses to the thread. */
function textTypes(options: QueryOptions | undefined): number[] {
  const types: number[] = [];
  for (const [type, parse] of Object.entries(options?.parsers ?? {})) {
    if (parse('text', Number(type)) !== 'text') {
      throw new Error(`The database thread keeps type ${type} as text; it cannot run another parser`);
    }
    types.push(Number(type));
  }
  return types;
}

export class PGliteThread implements Statements {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    // The thread keeps the process alive only while a statement is on its way (as a socket with a request
    // in flight would), so a database left open does not hold the process at its end.
    worker.unref();
    worker.on('message', (answer: Answer) => this.#answer(answer));
    worker.on('error', (error) => this.#stop(error));
    worker.on('exit', (code) => this.#stop(new Error(`The database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and waits until its database is open. */
  static async start(options: PGliteThreadOptions): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
      workerData: { ...options, ...(await pgliteArtifacts()) },
    });
    const thread = new PGliteThread(worker);
    try {
      await thread.exec('select 1');
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  async query(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<ThreadResults> {
    return this.#query(sql, params, options);
  }

  exec(sql: string): Promise<ThreadResults[]> {
    return this.#call({ op: 'exec', sql }) as Promise<ThreadResults[]>;
  }

  /** Runs `callback` inside a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(callback: (tx: Statements) => Promise<T>): Promise<T> {
    const transaction = (await this.#call({ op: 'begin' })) as number;
    const tx: Statements = {
      query: (sql, params = [], options) => this.#query(sql, params, options, transaction),
      exec: (sql) => this.#call({ op: 'exec', sql, transaction }) as Promise<ThreadResults[]>,
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.#call({ op: 'end', transaction, commit: false });
      throw error;
    }
    await this.#call({ op: 'end', transaction, commit: true });
    return result;
  }

  /** The database's files as a tarball, which `loadDataDir` starts another from (as PGlite's own). */
  dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return this.#call({ op: 'dump', compression }) as Promise<Blob>;
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#call({ op: 'close' });
    this.#stop(new Error('The database is closed'));
    await this.#worker.terminate();
  }

  #query(sql: string, params: unknown[], options: QueryOptions | undefined, transaction?: number) {
    const request: Request = {
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode ?? 'object',
      textTypes: textTypes(options),
      ...(transaction === undefined ? {} : { transaction }),
    };
    return this.#call(request) as Promise<ThreadResults>;
  }

  #call(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #answer({ id, result, error }: Answer) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
    // The error's fields (SQLSTATE `code`, `detail`, `constraint`…) are what callers read, as on PGlite's own.
    if (error) pending.reject(Object.assign(new Error(error.message), error));
    else pending.resolve(result);
  }

  #stop(error: Error) {
    this.#stopped ??= error;
    for (const { reject } of this.#pending.values()) reject(this.#stopped);
    this.#pending.clear();
  }
}
