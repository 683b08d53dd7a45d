import * as fs from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HUB_MESSAGES, type HubBranch, type HubContentEntry } from '@proctor/contracts';
import git, {
  type CommitObject,
  type ParsedCommitObject,
  type ParsedTagObject,
  type ParsedTreeObject,
  type TreeEntry,
} from 'isomorphic-git';
import { badRequest, notFound } from '../kernel/http/errors';

/**
 * Reading and writing the hub's bare repositories in-process with isomorphic-git: browsing needs no `git`
 * command and no working tree. Paths and refs from a request are checked here and only ever looked up as git
 * objects, never handed to a command line or joined onto a file path.
 */

/**
 * What is kept of one repository between requests. `git` is isomorphic-git's own cache (parsed pack indexes);
 * `objects` holds commits, trees and tags already parsed, by id. A repository made by Create Repository holds
 * loose objects, and isomorphic-git reads each of those from its file, inflates it and checks its SHA-1 on every
 * read: a browse of a folder read a handful of them each time.
 */
export interface GitCache {
  git: Record<string, unknown>;
  objects: Map<string, ParsedObject>;
}

type ParsedObject = ParsedCommitObject | ParsedTreeObject | ParsedTagObject;

/** Repositories whose caches are kept, the most recently read last; the oldest is dropped past this. */
const CACHED_REPOSITORIES = 64;
/** Parsed objects kept per repository; past it the repository's are dropped and read again as asked. */
const OBJECTS_KEPT = 20_000;
const caches = new Map<string, GitCache>();

/**
 * The cache of a repository, kept across requests. Safe to keep: a git object never changes under its id, and
 * refs are read from disk on each request, so a push's commits are found (a push or a repository deleted and
 * made again forgets the cache through `forgetRepository`).
 */
export function gitCacheFor(gitdir: string): GitCache {
  const cache = caches.get(gitdir) ?? { git: {}, objects: new Map() };
  caches.delete(gitdir);
  caches.set(gitdir, cache);
  if (caches.size > CACHED_REPOSITORIES) caches.delete(caches.keys().next().value as string);
  return cache;
}

/** A commit, tree or tag by id, parsed once per repository (blobs are not kept: see `readBlobBytes`). */
async function readParsed(gitdir: string, oid: string, cache: GitCache): Promise<ParsedObject> {
  const known = cache.objects.get(oid);
  if (known) return known;
  const object = await git.readObject({ fs, gitdir, oid, cache: cache.git, format: 'parsed' });
  if (object.format !== 'parsed' || object.type === 'blob') throw notFound(HUB_MESSAGES.pathNotFound);
  if (cache.objects.size >= OBJECTS_KEPT) cache.objects.clear();
  cache.objects.set(oid, object);
  return object;
}

/** A commit's parsed object; rejects when the id names anything else. */
async function readCommitObject(gitdir: string, oid: string, cache: GitCache): Promise<CommitObject> {
  const object = await readParsed(gitdir, oid, cache);
  if (object.type !== 'commit') throw notFound(HUB_MESSAGES.refNotFound);
  return object.object;
}

/** A tree's entries; rejects when the id names anything else. */
async function readTreeEntries(gitdir: string, oid: string, cache: GitCache): Promise<TreeEntry[]> {
  const object = await readParsed(gitdir, oid, cache);
  if (object.type !== 'tree') throw notFound(HUB_MESSAGES.pathNotFound);
  return object.object;
}

/**
 * Files' bytes by repository and id, for the previews the /hub page asks for again and again, within a budget of
 * bytes over all repositories (least recently read dropped first); a file over a quarter of it is not kept.
 */
const BLOB_BYTES_KEPT = 32 * 1024 * 1024;
const blobs = new Map<string, Uint8Array>();
let blobBytes = 0;

async function readBlobBytes(gitdir: string, oid: string, cache: GitCache): Promise<Uint8Array> {
  const key = `${gitdir}\0${oid}`;
  const known = blobs.get(key);
  if (known) {
    blobs.delete(key);
    blobs.set(key, known);
    return known;
  }
  const { blob } = await git.readBlob({ fs, gitdir, oid, cache: cache.git });
  if (blob.length <= BLOB_BYTES_KEPT / 4) {
    blobs.set(key, blob);
    blobBytes += blob.length;
    for (const [oldest, bytes] of blobs) {
      if (blobBytes <= BLOB_BYTES_KEPT) break;
      blobs.delete(oldest);
      blobBytes -= bytes.length;
    }
  }
  return blob;
}

/** How long a repository's size on disk is reused by every call that answers it (a push forgets it at once). */
const SIZE_TTL_MS = 60_000;
const sizes = new Map<string, { bytes: number; at: number }>();

/** The bytes a repository's folder holds, walked at most once a minute (replicas sharing HUB_DIR see it late). */
export async function repositorySize(gitdir: string): Promise<number> {
  const known = sizes.get(gitdir);
  if (known && Date.now() - known.at < SIZE_TTL_MS) return known.bytes;
  const bytes = await folderSize(gitdir);
  sizes.set(gitdir, { bytes, at: Date.now() });
  if (sizes.size > CACHED_REPOSITORIES) sizes.delete(sizes.keys().next().value as string);
  return bytes;
}

/** Drops what is kept of a repository: after a push, and when it is made or deleted. */
export function forgetRepository(gitdir: string): void {
  caches.delete(gitdir);
  sizes.delete(gitdir);
  const prefix = `${gitdir}\0`;
  for (const [key, bytes] of blobs)
    if (key.startsWith(prefix)) {
      blobs.delete(key);
      blobBytes -= bytes.length;
    }
}

/** Sizes of blobs by object id: an id names its content forever, so a listing reads each file once. */
const BLOB_SIZES_KEPT = 100_000;
const blobSizes = new Map<string, number>();

const MAX_PATH_LENGTH = 4096;
const MAX_REF_LENGTH = 255;
const FULL_OID = /^[0-9a-f]{40}$/;

/** A path inside the repository as segments; `''` and `/` are the root. Refuses `..`, `.`, NUL and the like. */
export function pathSegments(path: string | undefined): string[] {
  const text = (path ?? '').trim();
  if (text.length > MAX_PATH_LENGTH) throw badRequest('The path is too long');
  const segments = text.split('/').filter((segment) => segment !== '');
  for (const segment of segments) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
    if (segment === '.' || segment === '..' || /[\u0000-\u001f\\]/.test(segment))
      throw badRequest(`Not a path in a repository: ${JSON.stringify(text.slice(0, 200))}`);
  }
  return segments;
}

/** A branch or tag name, or a full commit id; refuses anything git's ref rules would not accept. */
function checkRef(ref: string): void {
  const valid =
    ref.length > 0 &&
    ref.length <= MAX_REF_LENGTH &&
    /^[A-Za-z0-9._/-]+$/.test(ref) &&
    !ref.startsWith('-') &&
    !ref.startsWith('/') &&
    !ref.endsWith('/') &&
    !ref.endsWith('.') &&
    !ref.endsWith('.lock') &&
    !ref.includes('..') &&
    !ref.includes('//');
  if (!valid) throw notFound(HUB_MESSAGES.refNotFound);
}

/** The commit a branch, tag or full commit id names; 404 when there is none. */
export async function resolveCommit(gitdir: string, ref: string, cache: GitCache): Promise<string> {
  checkRef(ref);
  const candidates = ref.startsWith('refs/') ? [ref] : [`refs/heads/${ref}`, `refs/tags/${ref}`];
  for (const candidate of candidates) {
    const oid = await git.resolveRef({ fs, gitdir, ref: candidate }).catch(() => null);
    if (oid) return peelToCommit(gitdir, oid, cache);
  }
  if (FULL_OID.test(ref)) {
    const commit = await readCommitObject(gitdir, ref, cache).catch(() => null);
    if (commit) return ref;
  }
  throw notFound(HUB_MESSAGES.refNotFound);
}

/** An annotated tag's commit; a commit's own id. */
async function peelToCommit(gitdir: string, oid: string, cache: GitCache): Promise<string> {
  let current = oid;
  for (let depth = 0; depth < 10; depth++) {
    const object = await readParsed(gitdir, current, cache).catch(() => null);
    if (!object) break;
    if (object.type === 'commit') return current;
    if (object.type !== 'tag') break;
    current = object.object.object;
  }
  throw notFound(HUB_MESSAGES.refNotFound);
}

/** The default branch's commit, or null when the repository has none yet (it is empty). */
export async function headCommit(gitdir: string, branch: string): Promise<string | null> {
  return git.resolveRef({ fs, gitdir, ref: `refs/heads/${branch}` }).catch(() => null);
}

export async function listBranches(
  gitdir: string,
  defaultBranch: string,
  cache: GitCache,
): Promise<HubBranch[]> {
  const names = await git.listBranches({ fs, gitdir });
  const branches: HubBranch[] = [];
  for (const name of names.sort()) {
    const oid = await git.resolveRef({ fs, gitdir, ref: `refs/heads/${name}` }).catch(() => null);
    if (!oid) continue;
    const commit = await readCommitObject(gitdir, oid, cache);
    branches.push({
      name,
      is_default: name === defaultBranch,
      commit: {
        sha: oid,
        message: commit.message.trim(),
        author_name: commit.author.name,
        date: new Date(commit.author.timestamp * 1000).toISOString(),
      },
    });
  }
  return branches;
}

type Located =
  | { type: 'dir'; oid: string; entries: TreeEntry[] }
  | { type: 'file'; oid: string; mode: string };

/** What a path names at a commit: a folder's entries or a file's blob; 404 when nothing. */
async function locate(gitdir: string, commit: string, segments: string[], cache: GitCache): Promise<Located> {
  let oid = (await readCommitObject(gitdir, commit, cache)).tree;
  let entries = await readTreeEntries(gitdir, oid, cache);
  for (let index = 0; index < segments.length; index++) {
    const entry = entries.find((candidate) => candidate.path === segments[index]);
    if (!entry) throw notFound(HUB_MESSAGES.pathNotFound);
    if (entry.type === 'tree') {
      oid = entry.oid;
      entries = await readTreeEntries(gitdir, oid, cache);
      continue;
    }
    if (entry.type !== 'blob' || index !== segments.length - 1) throw notFound(HUB_MESSAGES.pathNotFound);
    return { type: 'file', oid: entry.oid, mode: entry.mode };
  }
  return { type: 'dir', oid, entries };
}

async function blobSize(gitdir: string, oid: string, cache: GitCache): Promise<number> {
  const known = blobSizes.get(oid);
  if (known !== undefined) return known;
  const blob = await readBlobBytes(gitdir, oid, cache);
  if (blobSizes.size >= BLOB_SIZES_KEPT) blobSizes.clear();
  blobSizes.set(oid, blob.length);
  return blob.length;
}

/** A folder's listing (folders first, then files, by name), or the one file a file path names. */
export async function listContents(
  gitdir: string,
  commit: string,
  path: string | undefined,
  cache: GitCache,
): Promise<{ type: 'file' | 'dir'; entries: HubContentEntry[] }> {
  const segments = pathSegments(path);
  const located = await locate(gitdir, commit, segments, cache);
  const prefix = segments.join('/');
  const pathOf = (name: string) => (prefix ? `${prefix}/${name}` : name);
  if (located.type === 'file') {
    const name = segments.at(-1)!;
    return {
      type: 'file',
      entries: [
        {
          name,
          path: prefix,
          type: 'file',
          size: await blobSize(gitdir, located.oid, cache),
          sha: located.oid,
        },
      ],
    };
  }
  const entries: HubContentEntry[] = [];
  // Submodules (commits) are left out: their content is not in this repository.
  for (const entry of located.entries) {
    if (entry.type === 'tree')
      entries.push({ name: entry.path, path: pathOf(entry.path), type: 'dir', size: 0, sha: entry.oid });
    else if (entry.type === 'blob')
      entries.push({
        name: entry.path,
        path: pathOf(entry.path),
        type: 'file',
        size: await blobSize(gitdir, entry.oid, cache),
        sha: entry.oid,
      });
  }
  entries.sort((a, b) => (a.type === b.type ? (a.name < b.name ? -1 : 1) : a.type === 'dir' ? -1 : 1));
  return { type: 'dir', entries };
}

/** One file's bytes at a commit; 404 when the path is not a file. */
export async function readFile(
  gitdir: string,
  commit: string,
  path: string,
  cache: GitCache,
): Promise<{ oid: string; bytes: Uint8Array; name: string; path: string }> {
  const segments = pathSegments(path);
  if (segments.length === 0) throw notFound(HUB_MESSAGES.pathNotFound);
  const located = await locate(gitdir, commit, segments, cache);
  if (located.type !== 'file') throw notFound(HUB_MESSAGES.pathNotFound);
  const blob = await readBlobBytes(gitdir, located.oid, cache);
  return { oid: located.oid, bytes: blob, name: segments.at(-1)!, path: segments.join('/') };
}

/** Whether bytes read as text: valid UTF-8 with no NUL. */
export function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The bytes a repository's folder holds on disk. */
export async function folderSize(path: string): Promise<number> {
  let total = 0;
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += await folderSize(full);
    else if (entry.isFile()) total += (await stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** A new bare repository whose HEAD names `branch`. */
export async function initBare(gitdir: string, branch: string): Promise<void> {
  await git.init({ fs, gitdir, bare: true, defaultBranch: branch });
}

/** One file of a commit to write: its path from the root and its bytes. */
export interface SeedFile {
  path: string;
  content: Uint8Array;
}

/** Writes the files as one commit on `branch` (the first: no parent). Returns the commit's id. */
export async function commitFiles(
  gitdir: string,
  branch: string,
  files: readonly SeedFile[],
  message: string,
  author: { name: string; email: string },
): Promise<string> {
  type Folder = { files: Map<string, string>; folders: Map<string, Folder> };
  const root: Folder = { files: new Map(), folders: new Map() };
  for (const file of files) {
    const segments = pathSegments(file.path);
    let folder = root;
    for (const segment of segments.slice(0, -1)) {
      let next = folder.folders.get(segment);
      if (!next) {
        next = { files: new Map(), folders: new Map() };
        folder.folders.set(segment, next);
      }
      folder = next;
    }
    folder.files.set(segments.at(-1)!, await git.writeBlob({ fs, gitdir, blob: file.content }));
  }
  const writeFolder = async (folder: Folder): Promise<string> => {
    const tree: TreeEntry[] = [];
    for (const [name, oid] of folder.files) tree.push({ mode: '100644', path: name, oid, type: 'blob' });
    for (const [name, child] of folder.folders)
      tree.push({ mode: '040000', path: name, oid: await writeFolder(child), type: 'tree' });
    return git.writeTree({ fs, gitdir, tree });
  };
  const tree = await writeFolder(root);
  const timestamp = Math.floor(Date.now() / 1000);
  const person = { ...author, timestamp, timezoneOffset: 0 };
  const commit = await git.writeCommit({
    fs,
    gitdir,
    commit: { tree, parent: [], author: person, committer: person, message },
  });
  await git.writeRef({ fs, gitdir, ref: `refs/heads/${branch}`, value: commit, force: true });
  return commit;
}
