import { describe, expect, it } from 'vitest';
import { HarSyntaxError, harEntries } from '../../src/services/harEntries';

/** The file's bytes as a stream of chunks of `size` bytes (1: every byte a chunk of its own). */
async function* chunks(text: string | Buffer, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function entriesOf(text: string | Buffer, size: number): Promise<unknown[]> {
  const entries: unknown[] = [];
  for await (const entry of harEntries(chunks(text, size))) entries.push(entry);
  return entries;
}

/** Every chunk size from a byte to the whole file: boundaries fall inside every token once. */
async function expectEntries(text: string | Buffer, expected: unknown[]) {
  const length = Buffer.byteLength(text);
  for (const size of [1, 2, 3, 5, 7, 16, length]) expect(await entriesOf(text, size)).toEqual(expected);
}

async function expectRefused(text: string, message: RegExp) {
  for (const size of [1, 4, Buffer.byteLength(text)])
    await expect(entriesOf(text, size)).rejects.toThrow(
      expect.objectContaining({ constructor: HarSyntaxError, message: expect.stringMatching(message) }),
    );
}

describe('harEntries', () => {
  it('should yield each entry of log.entries parsed, across any chunk boundary', async () => {
    const entries = [
      { url: 'https://a.test/"quoted"\\path', text: 'a \\" b \\\\', n: [1, { x: '}' }] },
      { url: 'https://b.test/é✓😀', nested: { entries: [{ not: 'an entry' }] } },
      {},
    ];
    const har = JSON.stringify({
      log: { version: '1.2', creator: { name: 'x', entries: [9] }, pages: [{ id: 'p' }], entries },
    });
    await expectEntries(har, entries);
    await expectEntries(
      JSON.stringify({ log: { entries }, other: { log: { entries: [1] } } }, null, 2),
      entries,
    );
  });

  it('should find the entries wherever they stand in log, and after a byte order mark', async () => {
    const entries = [{ a: 1 }, { b: '\\' }];
    const har = `{"log" : {"entries" : ${JSON.stringify(entries)} , "pages":[{"id":"p"}], "version":"1.2"}}`;
    await expectEntries(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(har)]), entries);
    await expectEntries('{"log":{"\\u0065ntries":[{"a":1}]}}', [{ a: 1 }]);
  });

  it('should yield an entry that is not an object as it is, for the entry check to refuse', async () => {
    await expectEntries('{"log":{"entries":[1, "two" ,null,[3]]}}', [1, 'two', null, [3]]);
  });

  it('should yield nothing for a file without entries', async () => {
    await expectEntries('{"log":{"version":"1.2","entries":[]}}', []);
    await expectEntries('{"log":{"version":"1.2"}}', []);
  });

  it('should refuse a file cut short, inside an entry or after them', async () => {
    const har = JSON.stringify({ log: { entries: [{ a: 'x'.repeat(40) }, { b: 2 }] } });
    await expectRefused(har.slice(0, 30), /ends inside log\.entries/);
    await expectRefused(har.slice(0, har.length - 2), /ends inside its JSON/);
    await expectRefused('{"log":{"entries":[{"a":"unterminated', /ends inside log\.entries/);
  });

  it('should refuse JSON that is not valid, inside an entry or outside them', async () => {
    await expectRefused('{"log":{"entries":[{"a":1,}]}}', /^log\.entries\[0\]: /);
    await expectRefused('{"log":{"entries":[{"a":1},{"b":tru}]}}', /^log\.entries\[1\]: /);
    await expectRefused('{"log":{"version":1.2.3,"entries":[{"a":1}]}}', /JSON/);
    await expectRefused('{"log":{"entries":[{"a":1}]}} trailing', /JSON/);
    await expectRefused('not json at all', /JSON/);
  });
});
