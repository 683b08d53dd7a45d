import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_VIEW, type LiveUploadMessage } from '@proctor/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UploadsFolder } from '../src/live/uploadsFolder';

let dir: string;
let folder: UploadsFolder;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'proctor-uploads-'));
  folder = new UploadsFolder(dir);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

function piece(name: string, text: string, first: boolean, last: boolean): LiveUploadMessage {
  return { type: 'upload', name, first, last, data: Buffer.from(text).toString('base64') };
}

describe('uploads folder', () => {
  it('should show a file only once its last piece is written', async () => {
    expect(await folder.write(piece('notes.txt', 'hello ', true, false))).toBe(false);
    expect(await folder.list()).toEqual([]);
    expect(await folder.write(piece('notes.txt', 'world', false, true))).toBe(true);
    expect(await folder.list()).toEqual([{ name: 'notes.txt', size: 11 }]);
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('hello world');
  });

  it('should refuse a piece that comes before its first one', async () => {
    await expect(folder.write(piece('late.txt', 'x', false, true))).rejects.toThrow(/before its first/);
    expect(await folder.list()).toEqual([]);
  });

  it('should refuse a file over the size limit and keep nothing of it', async () => {
    const chunk = 'x'.repeat(LIVE_VIEW.uploadChunkBytes);
    await folder.write(piece('big.bin', chunk, true, false));
    const pieces = LIVE_VIEW.maxUploadBytes / LIVE_VIEW.uploadChunkBytes;
    await expect(
      (async () => {
        for (let i = 0; i < pieces; i++) await folder.write(piece('big.bin', chunk, false, false));
      })(),
    ).rejects.toThrow(/too large/);
    expect(await folder.list()).toEqual([]);
    await expect(folder.write(piece('big.bin', 'x', false, true))).rejects.toThrow(/before its first/);
  });

  it('should refuse one file more than the folder holds', async () => {
    for (let i = 0; i < LIVE_VIEW.maxUploadFiles; i++) writeFileSync(join(dir, `f${i}.txt`), 'x');
    await expect(folder.write(piece('one-more.txt', 'x', true, true))).rejects.toThrow(/full/);
    // Replacing a file that is there is fine.
    expect(await folder.write(piece('f0.txt', 'new', true, true))).toBe(true);
  });

  it('should refuse more files at once than allowed, and a folder over its size', async () => {
    for (let i = 0; i < LIVE_VIEW.maxConcurrentUploads; i++)
      await folder.write(piece(`p${i}.txt`, 'x', true, false));
    await expect(folder.write(piece('one-more.txt', 'x', true, false))).rejects.toThrow(/at once/);
    await folder.write(piece('p0.txt', 'y', false, true));
    expect(await folder.write(piece('now.txt', 'x', true, true))).toBe(true);

    writeFileSync(join(dir, 'large.bin'), Buffer.alloc(LIVE_VIEW.maxUploadFolderBytes - 10));
    await expect(folder.write(piece('p1.txt', 'x'.repeat(20), false, true))).rejects.toThrow(/full/);
    await expect(folder.write(piece('new.txt', 'x'.repeat(20), true, true))).rejects.toThrow(/full/);
  });

  it('should not write through a symlink, nor offer or hand out one that leads out', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'proctor-outside-'));
    try {
      writeFileSync(join(outside, 'secret.txt'), 'secret');
      symlinkSync(join(outside, 'secret.txt'), join(dir, '.partial-trap.txt'));
      symlinkSync(join(outside, 'secret.txt'), join(dir, 'link.txt'));
      await expect(folder.write(piece('trap.txt', 'overwritten', true, true))).rejects.toThrow();
      expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('secret');
      expect(await folder.list()).toEqual([]);
      expect(await folder.paths(['link.txt'])).toBeNull();
      writeFileSync(join(dir, 'ok.txt'), 'ok');
      expect(await folder.paths(['ok.txt'])).toEqual([join(dir, 'ok.txt')]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
