import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where recordings keep their bytes (screenshots today; screen recordings and HAR files later). Rows in the
 * database hold keys, never bytes, so a session's page data stays small and fast to read.
 *
 * The embedded default keeps files under DATA_DIR/blobs; an S3-compatible store configured by BLOB_STORE_URL
 * (`S3BlobStore`) is the scaled-out alternative (ARCHITECTURE.md §1), shared by every replica.
 */
export interface BlobStore {
  /** Where the bytes go, for the start-up log: "files under …" or "S3 bucket … at …"; never a secret. */
  readonly location: string;
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes, or undefined when there is no such blob. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes every blob under `prefix/` (a session's, when it is deleted for good). */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Writes what `source` yields under `key` without holding it in memory (a test run's dump, which may be
   * gigabytes); answers the blob's size. Half-written blobs never show under `key`.
   */
  putStream(key: string, source: Readable): Promise<number>;
  /** The blob's size in bytes, or undefined when there is no such blob. */
  size(key: string): Promise<number | undefined>;
  /**
   * Bytes `start` up to `end` (exclusive; the whole blob without a range) as a stream, read from the store as
   * they are consumed; undefined when there is no such blob. A range past the end is cut at the end.
   */
  streamRange(key: string, range?: { start: number; end: number }): Promise<Readable | undefined>;
}

/** A blob's bytes read from a stream into one buffer: only for the small ranges callers know are small. */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Keys are slash-separated segments of letters, digits, `_`, `-` and `.`, never `.` or `..` alone. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

export function blobKeyProblem(key: string): string | null {
  const segments = key.split('/');
  if (segments.length > 8) return 'a blob key has at most 8 segments';
  for (const segment of segments) if (!SEGMENT.test(segment)) return `invalid blob key segment "${segment}"`;
  return null;
}

export class FileBlobStore implements BlobStore {
  readonly #root: string;
  readonly location: string;

  constructor(root: string) {
    this.#root = resolve(root);
    this.location = `files under ${this.#root}`;
  }

  #path(key: string): string {
    const problem = blobKeyProblem(key);
    if (problem) throw new Error(problem);
    const path = resolve(this.#root, ...key.split('/'));
    // The key check already rules it out; this keeps the guarantee next to the file system call.
    if (!path.startsWith(this.#root + sep)) throw new Error(`blob key ${key} leaves the store`);
    return path;
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed: a crash never leaves half a screenshot under the real key.
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    await writeFile(temporary, data);
    await rename(temporary, path);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.#path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(join(this.#path(prefix)), { recursive: true, force: true });
  }

  async putStream(key: string, source: Readable): Promise<number> {
    const path = this.#path(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    try {
      await pipeline(source, createWriteStream(temporary));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return (await stat(path)).size;
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.#path(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async streamRange(key: string, range?: { start: number; end: number }): Promise<Readable | undefined> {
    // One open, no stat: a ranged read (a dump's entry) is on the path of every screenshot the report shows.
    let handle: FileHandle;
    try {
      handle = await open(this.#path(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const start = Math.max(0, range?.start ?? 0);
    if (range && range.end <= start) {
      await handle.close();
      return Readable.from([]);
    }
    // createReadStream's `end` is inclusive; past the end of the file it stops at the end.
    return handle.createReadStream({ start, ...(range ? { end: range.end - 1 } : {}), autoClose: true });
  }
}
