import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { type BlobStore, readAll } from './blobs';

/**
 * Zip archives kept as one blob (test run dumps), read one entry at a time by range reads of the blob store,
 * on disk or in S3, never unpacked: yauzl parses the archive through a RandomAccessReader whose reads are the
 * store's ranged reads. The archive's index (its central directory) is read once, in one range, and the open
 * archive is kept for the next reads (archives are written once and never change under their key), so reading
 * an entry costs its local header and its bytes.
 */

/** The largest central directory read (about 500,000 entries): more is refused, not held in memory. */
export const MAX_ZIP_INDEX_BYTES = 64 * 1024 * 1024;
/** The end of central directory record, its longest comment and the zip64 locator: what the last read covers. */
const TAIL_BYTES = 22 + 0xffff + 20;
/** Open archives kept, least recently used dropped first. */
const KEPT_ARCHIVES = 8;

/** A blob that is not a zip this reader accepts (its index, an entry), said in words for a {detail}. */
export class ZipArchiveError extends Error {
  override name = 'ZipArchiveError';
}

/** An entry up to this size is read in one range with its local header (see `entryStream`). */
const ONE_READ_MAX_BYTES = 8 * 1024 * 1024;
/** What a local header may hold beyond the central directory's name and extra field, read along with it. */
const LOCAL_HEADER_SLACK = 1024;

/**
 * Serves yauzl's reads from the index read once, from ranges read ahead for one entry (`prime`), and every
 * other read as one ranged read of the store.
 */
class BlobRangeReader extends yauzl.RandomAccessReader {
  readonly #primed = new Set<{ start: number; bytes: Buffer }>();

  constructor(
    private readonly blobs: BlobStore,
    private readonly key: string,
    private readonly index: { start: number; bytes: Buffer },
  ) {
    super();
  }

  /** Reads [start, end) now, to serve yauzl's reads inside it until `release` is called. */
  async prime(start: number, end: number): Promise<() => void> {
    const stream = await this.blobs.streamRange(this.key, { start, end });
    if (!stream) throw new ZipArchiveError('The archive is gone');
    const block = { start, bytes: await readAll(stream) };
    this.#primed.add(block);
    return () => this.#primed.delete(block);
  }

  /** The bytes [start, end) when they are in memory (the index, a primed range), else undefined. */
  #inMemory(start: number, end: number): Buffer | undefined {
    for (const block of [this.index, ...this.#primed])
      if (start >= block.start && end <= block.start + block.bytes.length)
        return block.bytes.subarray(start - block.start, end - block.start);
    return undefined;
  }

  /**
   * yauzl reads each index record and each local header through here: copied straight from memory when they
   * are there (the read streams yauzl would make cost more than the copy: thousands of records per index).
   */
  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null) => void,
  ): void {
    const bytes = this.#inMemory(position, position + length);
    if (!bytes) {
      super.read(buffer, offset, length, position, callback);
      return;
    }
    bytes.copy(buffer, offset);
    setImmediate(callback, null);
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const bytes = this.#inMemory(start, end);
    if (bytes) {
      const out = new PassThrough();
      out.end(bytes);
      return out;
    }
    const out = new PassThrough();
    this.blobs.streamRange(this.key, { start, end }).then(
      (stream) => {
        if (!stream) out.destroy(new ZipArchiveError('The archive is gone'));
        else pipeline(stream, out).catch((error) => out.destroy(error as Error));
      },
      (error) => out.destroy(error as Error),
    );
    return out;
  }
}

/** Where the central directory starts: from the end record, or the zip64 end record it points to. */
async function centralDirectoryOffset(
  tail: Buffer,
  tailStart: number,
  read: (start: number, end: number) => Promise<Buffer>,
): Promise<number> {
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== 0x06054b50) continue;
    if (tail.readUInt16LE(at + 20) !== tail.length - at - 22) continue;
    const offset = tail.readUInt32LE(at + 16);
    const locator = at - 20;
    if (locator >= 0 && tail.readUInt32LE(locator) === 0x07064b50) {
      const recordOffset = Number(tail.readBigUInt64LE(locator + 8));
      const record =
        recordOffset >= tailStart && recordOffset + 56 <= tailStart + tail.length
          ? tail.subarray(recordOffset - tailStart, recordOffset - tailStart + 56)
          : await read(recordOffset, recordOffset + 56);
      if (record.length < 56 || record.readUInt32LE(0) !== 0x06064b50)
        throw new ZipArchiveError('The archive has a broken zip64 end record');
      return Number(record.readBigUInt64LE(48));
    }
    return offset;
  }
  throw new ZipArchiveError('The blob is not a zip archive (no end of central directory record)');
}

/** One archive, open: its entries by name. */
export interface OpenZipArchive {
  size: number;
  entries: ReadonlyMap<string, yauzl.Entry>;
  zipfile: yauzl.ZipFile;
  reader: BlobRangeReader;
}

async function openArchive(blobs: BlobStore, key: string): Promise<OpenZipArchive | undefined> {
  const size = await blobs.size(key);
  if (size === undefined) return undefined;
  const read = async (start: number, end: number) => {
    const stream = await blobs.streamRange(key, { start, end });
    if (!stream) throw new ZipArchiveError('The archive is gone');
    return readAll(stream);
  };
  const tailStart = Math.max(0, size - TAIL_BYTES);
  const tail = await read(tailStart, size);
  const indexStart = await centralDirectoryOffset(tail, tailStart, read);
  if (indexStart > size) throw new ZipArchiveError('The archive points past its end');
  if (size - indexStart > MAX_ZIP_INDEX_BYTES)
    throw new ZipArchiveError(`The archive's index is larger than ${MAX_ZIP_INDEX_BYTES / 1024 / 1024} MB`);
  const bytes =
    indexStart >= tailStart ? tail.subarray(indexStart - tailStart) : await read(indexStart, size);
  const reader = new BlobRangeReader(blobs, key, { start: indexStart, bytes });
  const zipfile = await yauzl.fromRandomAccessReaderPromise(reader, size, {
    lazyEntries: true,
    autoClose: false,
    // Names with `..`, absolute paths or backslashes are refused: a dump never has them.
    strictFileNames: true,
  });
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zipfile.eachEntry()) entries.set(entry.fileName, entry);
  } catch (error) {
    zipfile.close();
    throw new ZipArchiveError(`The archive's index is broken: ${(error as Error).message}`);
  }
  return { size, entries, zipfile, reader };
}

/** Fails a stream that yields more than `limit` bytes: a lying or oversized entry cannot fill memory or a response. */
function capped(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) done(new ZipArchiveError(`The entry is larger than ${limit} bytes`));
      else done(null, chunk);
    },
  });
}

/** An entry of an archive, or a folder made of the names below it (zips need not list folders). */
export interface ZipListing {
  name: string;
  path: string;
  isDirectory: boolean;
  size: number | null;
}

/** The open archives of this process, by blob key. */
export class ZipArchives {
  readonly #open = new Map<string, Promise<OpenZipArchive | undefined>>();

  constructor(private readonly blobs: BlobStore) {}

  /** The archive under `key`, opened once; undefined when there is no such blob. */
  async open(key: string): Promise<OpenZipArchive | undefined> {
    let opening = this.#open.get(key);
    if (opening) {
      // Most recently used last.
      this.#open.delete(key);
      this.#open.set(key, opening);
    } else {
      opening = openArchive(this.blobs, key);
      this.#open.set(key, opening);
      opening.then(
        (archive) => {
          if (!archive) this.#open.delete(key);
        },
        () => this.#open.delete(key),
      );
      while (this.#open.size > KEPT_ARCHIVES) {
        const [oldest, dropped] = this.#open.entries().next().value!;
        this.#open.delete(oldest);
        dropped.then((archive) => archive?.zipfile.close()).catch(() => undefined);
      }
    }
    return opening;
  }

  /** Forgets an archive (its blob is being removed). */
  forget(key: string): void {
    const dropped = this.#open.get(key);
    this.#open.delete(key);
    dropped?.then((archive) => archive?.zipfile.close()).catch(() => undefined);
  }

  /**
   * One entry's bytes as a stream, at most `maxBytes` of them (larger entries are refused before any byte is
   * read); undefined when the archive has no such entry.
   */
  async entryStream(
    archive: OpenZipArchive,
    name: string,
    maxBytes: number,
  ): Promise<{ stream: Readable; size: number } | undefined> {
    const entry = archive.entries.get(name);
    if (!entry) return undefined;
    if (entry.uncompressedSize > maxBytes)
      throw new ZipArchiveError(
        `${name} is ${entry.uncompressedSize} bytes, more than the ${maxBytes} read at once`,
      );
    // A small entry (a screenshot, a log) is read in one range with its local header, not two: on S3 that is
    // one request instead of two. yauzl's reads of the header and the bytes are then served from memory.
    let release: () => void = () => undefined;
    if (entry.compressedSize <= ONE_READ_MAX_BYTES) {
      const start = entry.relativeOffsetOfLocalHeader;
      const end =
        start +
        30 +
        entry.fileNameLength +
        entry.extraFieldLength +
        LOCAL_HEADER_SLACK +
        entry.compressedSize;
      release = await archive.reader.prime(start, Math.min(end, archive.size));
    }
    // yauzl checks the bytes it inflates against the size the index declares; the cap is a second fence.
    let stream: Readable;
    try {
      stream = await archive.zipfile.openReadStreamPromise(entry);
    } finally {
      // The reads are made by now (yauzl asks for the header, then the bytes, before it answers).
      release();
    }
    const limited = capped(maxBytes);
    pipeline(stream, limited).catch((error) => limited.destroy(error as Error));
    return { stream: limited, size: entry.uncompressedSize };
  }

  /** What lies directly in folder `path` ('' for the top), folders first, each by name; undefined: no such folder. */
  list(archive: OpenZipArchive, path: string): ZipListing[] | undefined {
    const prefix = path === '' ? '' : `${path.replace(/\/+$/, '')}/`;
    const files = new Map<string, ZipListing>();
    const folders = new Map<string, ZipListing>();
    for (const [name, entry] of archive.entries) {
      if (!name.startsWith(prefix) || name === prefix) continue;
      const rest = name.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash >= 0) {
        const folder = rest.slice(0, slash);
        folders.set(folder, { name: folder, path: `${prefix}${folder}`, isDirectory: true, size: null });
      } else {
        files.set(rest, { name: rest, path: name, isDirectory: false, size: entry.uncompressedSize });
      }
    }
    if (files.size === 0 && folders.size === 0) return undefined;
    const byName = (a: ZipListing, b: ZipListing) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    return [...[...folders.values()].sort(byName), ...[...files.values()].sort(byName)];
  }
}
