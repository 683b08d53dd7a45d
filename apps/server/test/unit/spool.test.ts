import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonSpool } from '../../src/kernel/storage/spool';

const folder = () => join(mkdtempSync(join(tmpdir(), 'proctor-spool-')), 'nested');

describe('JsonSpool', () => {
  it('gives the records back in order, in batches bounded by count and bytes', async () => {
    const spool = await JsonSpool.open<{ n: number; text: string }>(folder());
    const records = Array.from({ length: 25 }, (_, n) => ({ n, text: 'x'.repeat(n % 3 === 0 ? 400 : 10) }));
    for (const record of records) await spool.add(record);
    expect(spool.count).toBe(25);
    const batches: { n: number; text: string }[][] = [];
    for await (const batch of spool.batches(10, 1_000)) batches.push(batch);
    expect(batches.flat()).toEqual(records);
    for (const batch of batches) {
      expect(batch.length).toBeLessThanOrEqual(10);
      const bytes = batch.reduce((sum, record) => sum + JSON.stringify(record).length, 0);
      expect(batch.length === 1 || bytes <= 1_000).toBe(true);
    }
    expect(batches.length).toBeGreaterThan(3);
    await spool.discard();
    expect(existsSync(spool.path)).toBe(false);
  });

  it('keeps a record larger than the byte bound whole, alone in its batch', async () => {
    const spool = await JsonSpool.open<string>(folder());
    await spool.add('small');
    await spool.add('y'.repeat(5_000));
    await spool.add('small again');
    const batches: string[][] = [];
    for await (const batch of spool.batches(100, 1_000)) batches.push(batch);
    expect(batches).toEqual([['small'], ['y'.repeat(5_000)], ['small again']]);
    await spool.discard();
    await spool.discard();
  });
});
