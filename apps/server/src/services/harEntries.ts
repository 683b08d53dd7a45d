import type { Readable } from 'node:stream';

/** A HAR that is not JSON, or is cut short: the message says where. */
export class HarSyntaxError extends Error {}

/** What the file may hold outside `log.entries` (pages, creator, comments): read whole, so it is bounded. */
const MAX_OUTSIDE_ENTRIES_BYTES = 16 * 1024 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const ZERO = Buffer.from('0');
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

interface Container {
  object: boolean;
  /** In an object: whether the next string is a key. */
  expectingKey: boolean;
  /** In an object: the last key read. */
  key: string | undefined;
}

/**
 * The elements of a HAR's `log.entries`, each parsed by `JSON.parse` as soon as its last byte has arrived, so the
 * file is never held whole. The bytes are only scanned for where each entry ends (strings skipped with
 * `indexOf`), which is several times faster than a streaming tokenizer's event per token. Everything outside the
 * entries is kept, with each entry as `0`, and parsed at the end: a file that is not JSON anywhere, or is cut
 * short, throws `HarSyntaxError`.
 */
export async function* harEntries(file: AsyncIterable<Buffer> | Readable): AsyncGenerator<unknown> {
  const stack: Container[] = [];
  const outside: Buffer[] = [];
  let outsideBytes = 0;
  let index = 0;
  /** Where we are: the skeleton, between entries, or inside one. */
  let mode: 'outside' | 'between' | 'entry' = 'outside';
  let inString = false;
  /** Backslashes just before the end of the string read so far (an escape may span two chunks). */
  let backslashes = 0;
  /** A key being read (outside entries only): its raw bytes, quotes excluded. */
  let keyBytes: Buffer[] | null = null;
  /** The entry being read: its bytes so far, and its depth of objects and arrays. */
  let entry: Buffer[] = [];
  let entryDepth = 0;

  const keepOutside = (bytes: Buffer) => {
    outsideBytes += bytes.length;
    if (outsideBytes > MAX_OUTSIDE_ENTRIES_BYTES)
      throw new HarSyntaxError(
        `more than ${MAX_OUTSIDE_ENTRIES_BYTES} bytes outside log.entries (only entries may be large)`,
      );
    // A copy: a slice would keep the whole chunk it came from (the comma between two entries, a chunk each).
    outside.push(Buffer.from(bytes));
  };

  const parseEntry = (): unknown => {
    const text = (entry.length === 1 ? entry[0]! : Buffer.concat(entry)).toString('utf8');
    entry = [];
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new HarSyntaxError(`log.entries[${index}]: ${(error as Error).message}`);
    }
  };

  /** Where the string that `at` is inside ends (its closing quote), or -1 past the chunk's end. */
  const closingQuote = (chunk: Buffer, from: number): number => {
    let at = from;
    for (;;) {
      const quote = chunk.indexOf(QUOTE, at);
      const end = quote < 0 ? chunk.length : quote;
      let run = 0;
      while (end - run - 1 >= at && chunk[end - run - 1] === BACKSLASH) run++;
      if (end - run === at) run += backslashes;
      if (quote < 0) {
        backslashes = run;
        return -1;
      }
      backslashes = 0;
      if (run % 2 === 0) return quote;
      at = quote + 1;
    }
  };

  for await (const raw of file) {
    const chunk = raw as Buffer;
    const parsed: unknown[] = [];
    let at = 0;
    /** Where the bytes not yet kept (outside) or added to the entry begin. */
    let from = 0;
    while (at < chunk.length) {
      if (inString) {
        const quote = closingQuote(chunk, at);
        if (quote < 0) {
          if (keyBytes) keyBytes.push(chunk.subarray(at));
          at = chunk.length;
          break;
        }
        if (keyBytes) {
          keyBytes.push(chunk.subarray(at, quote));
          const container = stack.at(-1)!;
          try {
            container.key = JSON.parse(`"${Buffer.concat(keyBytes).toString('utf8')}"`) as string;
          } catch {
            container.key = undefined;
          }
          keyBytes = null;
        }
        inString = false;
        at = quote + 1;
        continue;
      }
      const byte = chunk[at]!;
      if (mode === 'entry') {
        if (byte === QUOTE) {
          inString = true;
          at++;
          continue;
        }
        if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) entryDepth++;
        else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY || byte === COMMA) {
          // A bracket closing the entry ends it after itself; a comma or the array's end at depth 0 ends a
          // primitive (not an object: the entry's check refuses it) before itself.
          const closes = byte !== COMMA && entryDepth > 0;
          if (closes) entryDepth--;
          if (entryDepth === 0) {
            const end = closes ? at + 1 : at;
            entry.push(chunk.subarray(from, end));
            parsed.push(parseEntry());
            index++;
            mode = 'between';
            from = end;
            at = end;
            continue;
          }
        }
        at++;
        continue;
      }
      if (mode === 'between') {
        if (isSpace(byte) || byte === COMMA) {
          at++;
          continue;
        }
        if (byte === CLOSE_ARRAY) {
          stack.pop();
          mode = 'outside';
          at++;
          continue;
        }
        // An entry starts: what came before it is kept outside, the entry itself stands there as `0`.
        keepOutside(chunk.subarray(from, at));
        keepOutside(ZERO);
        mode = 'entry';
        entryDepth = 0;
        from = at;
        continue;
      }
      // Outside the entries: follow objects and keys far enough to know where `log.entries` is.
      const container = stack.at(-1);
      if (byte === QUOTE) {
        inString = true;
        keyBytes = container?.object && container.expectingKey ? [] : null;
      } else if (byte === OPEN_OBJECT) {
        stack.push({ object: true, expectingKey: true, key: undefined });
      } else if (byte === OPEN_ARRAY) {
        const isEntries =
          stack.length === 2 &&
          stack[0]!.object &&
          stack[0]!.key === 'log' &&
          stack[1]!.object &&
          stack[1]!.key === 'entries' &&
          !stack[1]!.expectingKey;
        stack.push({ object: false, expectingKey: false, key: undefined });
        if (isEntries) {
          at++;
          keepOutside(chunk.subarray(from, at));
          from = at;
          mode = 'between';
          continue;
        }
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        stack.pop();
      } else if (byte === COLON) {
        if (container) container.expectingKey = false;
      } else if (byte === COMMA) {
        if (container?.object) container.expectingKey = true;
      }
      at++;
    }
    if (mode === 'entry') entry.push(chunk.subarray(from));
    else if (from < chunk.length) keepOutside(chunk.subarray(from));
    for (const value of parsed) yield value;
  }
  if (mode !== 'outside' || inString || stack.length > 0)
    throw new HarSyntaxError(`the file ends inside ${mode === 'outside' ? 'its JSON' : 'log.entries'}`);
  const skeleton = Buffer.concat(outside);
  // A byte order mark, as some Windows tools write, is not JSON's.
  const bom = skeleton[0] === 0xef && skeleton[1] === 0xbb && skeleton[2] === 0xbf;
  try {
    JSON.parse(skeleton.toString('utf8', bom ? 3 : 0));
  } catch (error) {
    throw new HarSyntaxError((error as Error).message);
  }
}
