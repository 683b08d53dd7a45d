import { constants } from 'node:fs';
import { appendFile, lstat, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LIVE_VIEW, type LiveUploadedFile, type LiveUploadMessage } from '@proctor/contracts';
import { filesInside } from '../cdp/policy';

/** Names arrive checked by `UploadFileName` (no separator, no leading dot): joined, they stay in the folder. */
const PARTIAL_PREFIX = '.partial-';
/** Never through a symlink, whatever put one there. */
const FIRST_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
const NEXT_FLAGS = constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW;

/**
 * The environment's uploads folder as the live view uses it: files a person puts there piece by piece, and the
 * ones they choose for the page's file chooser. A file is written under a hidden name and appears whole.
 */
export class UploadsFolder {
  readonly #dir: string;
  /** Bytes written so far of each file being uploaded. */
  readonly #writing = new Map<string, number>();

  constructor(dir: string) {
    this.#dir = dir;
  }

  /** The folder's plain files, by name. */
  async list(): Promise<LiveUploadedFile[]> {
    const files: LiveUploadedFile[] = [];
    for (const name of (await readdir(this.#dir)).sort()) {
      if (name.startsWith('.')) continue;
      const entry = await lstat(join(this.#dir, name)).catch(() => undefined);
      if (entry?.isFile()) files.push({ name, size: entry.size });
    }
    return files;
  }

  /**
   * Writes one piece; true when it completed a file. A piece out of order (no `first` before it), a file over
   * `maxUploadBytes` or one more file than `maxUploadFiles` is refused with an error, and what was written goes.
   */
  async write(piece: LiveUploadMessage): Promise<boolean> {
    const partial = join(this.#dir, PARTIAL_PREFIX + piece.name);
    const bytes = Buffer.from(piece.data, 'base64');
    const before = piece.first ? 0 : this.#writing.get(piece.name);
    try {
      if (before === undefined) throw new Error('An upload piece came before its first piece');
      if (before + bytes.length > LIVE_VIEW.maxUploadBytes) throw new Error('The file is too large');
      if (!piece.first && (await this.#folderBytes()) + bytes.length > LIVE_VIEW.maxUploadFolderBytes)
        throw new Error('The uploads folder is full');
      if (piece.first) {
        const existing = (await this.list()).filter((file) => file.name !== piece.name);
        const held = existing.reduce((sum, file) => sum + file.size, 0);
        if (
          existing.length >= LIVE_VIEW.maxUploadFiles ||
          held + bytes.length > LIVE_VIEW.maxUploadFolderBytes
        )
          throw new Error('The uploads folder is full');
        if (this.#writing.size >= LIVE_VIEW.maxConcurrentUploads && !this.#writing.has(piece.name))
          throw new Error('Too many files are being uploaded at once');
        await writeFile(partial, bytes, { flag: FIRST_FLAGS });
      } else {
        await appendFile(partial, bytes, { flag: NEXT_FLAGS });
      }
      this.#writing.set(piece.name, before + bytes.length);
      if (!piece.last) return false;
      this.#writing.delete(piece.name);
      await rename(partial, join(this.#dir, piece.name));
      return true;
    } catch (error) {
      this.#writing.delete(piece.name);
      await rm(partial, { force: true });
      throw error;
    }
  }

  /** Bytes of the folder's files, and of the files being uploaded. */
  async #folderBytes(): Promise<number> {
    const whole = (await this.list()).reduce((sum, file) => sum + file.size, 0);
    return [...this.#writing.values()].reduce((sum, size) => sum + size, whole);
  }

  /** The chosen files' paths, or null when one is not a plain file inside the folder. */
  async paths(names: readonly string[]): Promise<string[] | null> {
    const paths = names.map((name) => join(this.#dir, name));
    return (await filesInside(paths, this.#dir)) ? paths : null;
  }
}
