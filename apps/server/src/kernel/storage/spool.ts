import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Records spooled to a file, one JSON line each, then read back in batches: what lets an import read a large
 * upload whole (checking all of it before anything is written) without holding it in memory. The file lives
 * under the server's data folder (not /tmp, which may be memory), and is removed by `discard`.
 */
export class JsonSpool<T> {
  #out: WriteStream;
  #count = 0;

  private constructor(readonly path: string) {
    this.#out = createWriteStream(path, { flags: 'wx' });
  }

  /** A new, empty spool in `folder` (made if missing). */
  static async open<T>(folder: string): Promise<JsonSpool<T>> {
    await mkdir(folder, { recursive: true });
    return new JsonSpool<T>(join(folder, `spool-${randomBytes(8).toString('hex')}.ndjson`));
  }

  get count(): number {
    return this.#count;
  }

  /** Appends a record, waiting when the file lags behind (so the reader upstream slows down, not memory). */
  async add(record: T): Promise<void> {
    this.#count += 1;
    if (!this.#out.write(`${JSON.stringify(record)}\n`)) await once(this.#out, 'drain');
  }

  /** Flushes and closes the file: no more records. */
  async close(): Promise<void> {
    if (this.#out.closed) return;
    this.#out.end();
    await once(this.#out, 'close');
  }

  /** The records in the order added, in batches of at most `maxRecords` and (but for one huge record) `maxBytes`. */
  async *batches(maxRecords: number, maxBytes: number): AsyncGenerator<T[]> {
    await this.close();
    const lines = createInterface({
      input: createReadStream(this.path),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    let batch: T[] = [];
    let bytes = 0;
    for await (const line of lines) {
      if (batch.length > 0 && (batch.length >= maxRecords || bytes + line.length > maxBytes)) {
        yield batch;
        batch = [];
        bytes = 0;
      }
      batch.push(JSON.parse(line) as T);
      bytes += line.length;
    }
    if (batch.length > 0) yield batch;
  }

  /** Closes and removes the file; safe to call more than once. */
  async discard(): Promise<void> {
    // The file is opened asynchronously: removed before the stream has closed, it could be made again by an open
    // still under way (an upload refused at its first bytes on a busy machine left such files behind).
    if (!this.#out.closed) {
      const closed = once(this.#out, 'close').catch(() => {});
      this.#out.destroy();
      await closed;
    }
    await rm(this.path, { force: true });
  }
}
