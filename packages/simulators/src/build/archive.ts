import { lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { Writable } from 'node:stream';

/**
 * How the build program hands its output folder to the server without a writable host folder in the sandbox (which
 * a push could fill, or leave links to host files in): a stream of files, each a JSON header line
 * `{"path":"tree/src/index.ts","size":123}` and then its bytes. Only regular files travel; the reader checks every
 * path and the total size, and writes the files itself.
 */

/** Every regular file under `folder`, as paths relative to it with forward slashes; links and the rest are left. */
async function regularFiles(folder: string, under = ''): Promise<string[]> {
  const found: string[] = [];
  for (const name of (await readdir(join(folder, under))).sort()) {
    const path = under ? `${under}/${name}` : name;
    const entry = await lstat(join(folder, path));
    if (entry.isDirectory()) found.push(...(await regularFiles(folder, path)));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/** Writes the output folder's regular files to `stream`, then ends it. */
export async function writeOutputArchive(folder: string, stream: Writable): Promise<void> {
  const write = (chunk: Buffer | string) =>
    new Promise<void>((resolve, reject) =>
      stream.write(chunk, (error) => (error ? reject(error) : resolve())),
    );
  for (const path of await regularFiles(folder)) {
    const bytes = await readFile(join(folder, path));
    await write(`${JSON.stringify({ path, size: bytes.length })}\n`);
    await write(bytes);
  }
  await new Promise<void>((resolve) => stream.end(resolve));
}

/** The longest header line: a path is short. */
const MAX_HEADER_BYTES = 4_096;

/** Why a path may not be written under the output folder, or null. */
function pathProblem(path: unknown): string | null {
  if (
    typeof path !== 'string' ||
    path === '' ||
    path.includes('\0') ||
    path.includes('\\') ||
    isAbsolute(path)
  )
    return 'a path that is not a relative path';
  if (path.split('/').some((part) => part === '' || part === '.' || part === '..'))
    return `the path ${JSON.stringify(path.slice(0, 200))}, which leaves its folder`;
  return null;
}

/**
 * Reads the archive as it arrives and writes its files under `folder` (which must be empty: files are created, never
 * overwritten or followed). `push` each chunk, then `finish()`: it resolves with the files written, or rejects
 * saying what was wrong (a bad path, a bad header, more than `maxBytes` in all, a cut-off file).
 */
export class OutputArchiveReader {
  #buffer: Buffer = Buffer.alloc(0);
  #file: { path: string; size: number; chunks: Buffer[]; received: number } | undefined;
  #total = 0;
  #writing: Promise<void> = Promise.resolve();
  #error: Error | undefined;
  readonly #written: string[] = [];

  constructor(
    readonly folder: string,
    readonly maxBytes: number,
  ) {}

  /** The first problem, once there is one: the rest of the stream is ignored. */
  get error(): Error | undefined {
    return this.#error;
  }

  push(chunk: Buffer): void {
    if (this.#error) return;
    this.#total += chunk.length;
    if (this.#total > this.maxBytes) {
      const limit =
        this.maxBytes >= 1024 ** 2
          ? `${Math.round(this.maxBytes / 1024 ** 2)} MiB`
          : `${this.maxBytes} bytes`;
      this.#fail(`the build's output is larger than ${limit}`);
      return;
    }
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    while (!this.#error && this.#buffer.length > 0) {
      if (!this.#file) {
        const newline = this.#buffer.indexOf(10);
        if (newline < 0) {
          if (this.#buffer.length > MAX_HEADER_BYTES) this.#fail('the build wrote a header without an end');
          return;
        }
        this.#header(this.#buffer.subarray(0, newline).toString('utf8'));
        this.#buffer = this.#buffer.subarray(newline + 1);
        continue;
      }
      const file = this.#file;
      const take = this.#buffer.subarray(0, file.size - file.received);
      file.chunks.push(take);
      file.received += take.length;
      this.#buffer = this.#buffer.subarray(take.length);
      if (file.received === file.size) this.#save();
    }
  }

  async finish(): Promise<string[]> {
    if (!this.#error && (this.#file || this.#buffer.length > 0))
      this.#fail('the build output ends in the middle of a file');
    await this.#writing;
    if (this.#error) throw this.#error;
    return [...this.#written];
  }

  #header(line: string): void {
    let header: { path?: unknown; size?: unknown };
    try {
      header = JSON.parse(line) as typeof header;
    } catch {
      this.#fail('the build wrote a header that is not JSON');
      return;
    }
    const problem = pathProblem(header.path);
    if (problem) {
      this.#fail(`the build wrote ${problem}`);
      return;
    }
    if (typeof header.size !== 'number' || !Number.isSafeInteger(header.size) || header.size < 0) {
      this.#fail('the build wrote a header without a size');
      return;
    }
    this.#file = { path: header.path as string, size: header.size, chunks: [], received: 0 };
    if (header.size === 0) this.#save();
  }

  #save(): void {
    const file = this.#file!;
    this.#file = undefined;
    const target = join(this.folder, ...file.path.split('/'));
    const inside = relative(this.folder, target);
    if (inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('..')) {
      this.#fail(`the build wrote the path ${file.path}, which leaves its folder`);
      return;
    }
    const bytes = Buffer.concat(file.chunks);
    this.#writing = this.#writing.then(async () => {
      if (this.#error) return;
      try {
        await mkdir(dirname(target), { recursive: true });
        // 'wx': a file is made, never one already there overwritten (or a link followed).
        await writeFile(target, bytes, { flag: 'wx' });
        this.#written.push(file.path);
      } catch (error) {
        this.#fail(`the build's output could not be written: ${(error as Error).message}`);
      }
    });
  }

  #fail(message: string): void {
    this.#error ??= new Error(message);
    this.#buffer = Buffer.alloc(0);
    this.#file = undefined;
  }
}
