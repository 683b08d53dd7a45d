import type { Readable } from 'node:stream';
import {
  type StartTestRunRequest,
  type TestRunDumpEntry,
  testRunDumpPathProblem,
  testRunMatcher,
} from '@proctor/contracts';
import { type Database, newPublicId } from '@proctor/db';
import type { EnvironmentManager } from '../environments/manager';
import { badRequest, conflict, HttpError, notFound } from '../kernel/http/errors';
import type { JobQueue } from '../kernel/queue/queue';
import type { BlobStore } from '../kernel/storage/blobs';
import { type OpenZipArchive, ZipArchiveError, ZipArchives } from '../kernel/storage/zipArchives';
import {
  findTestRun,
  insertTestRun,
  listTestRuns,
  type TestRunPlanEntry,
  type TestRunRow,
} from '../repositories/testRuns';

/**
 * Test runs (002 §2.3): starting one (the built-in test cases a pattern matches, one job per simulator and
 * environment: jobs/testRunEnvironment.ts), and reading their dumps one file at a time.
 */

/** Where a run keeps its parts until the dump is written, and the dump. */
export const testRunPartsPrefix = (runId: string) => `test-runs/${runId}/parts`;
export const testRunArchiveKey = (runId: string) => `test-runs/${runId}/dump.zip`;

/** The dumps table shows this many runs, newest first. */
const LISTED_RUNS = 500;
/** The most a single read of a dump answers: a bigger entry is refused, never read into a response. */
export const MAX_DUMP_ENTRY_BYTES = 256 * 1024 * 1024;

export async function startTestRun(
  ctx: { db: Database; queue: JobQueue; environments: EnvironmentManager },
  userId: number,
  request: StartTestRunRequest,
): Promise<{ row: TestRunRow; tests: number }> {
  let matches: ReturnType<typeof testRunMatcher>;
  try {
    matches = testRunMatcher(request.pattern);
  } catch (error) {
    throw badRequest(`pattern: ${(error as Error).message}`);
  }
  const plan: TestRunPlanEntry[] = ctx.environments.builtInTestCases
    .map(({ simulator, tests }) => ({
      simulator,
      tests: tests.filter((test) => matches(simulator, test.key, test.name)),
    }))
    .filter((entry) => entry.tests.length > 0);
  if (plan.length === 0)
    throw badRequest(
      request.pattern === ''
        ? 'There are no built-in test cases to run'
        : `No built-in test case matches "${request.pattern}"`,
    );
  const row = await insertTestRun(ctx.db, {
    publicId: newPublicId(),
    pattern: request.pattern,
    tags: request.tags,
    environments: request.environments,
    plan,
    totalEnvironments: plan.length * request.environments,
    createdBy: userId,
  });
  for (const { simulator } of plan)
    for (let environment = 1; environment <= request.environments; environment++)
      await ctx.queue.add('testRunEnvironment', { testRunId: row.id, simulator, environment });
  const tests = plan.reduce((sum, entry) => sum + entry.tests.length, 0) * request.environments;
  return { row, tests };
}

export async function findTestRunOr404(db: Database, runId: string): Promise<TestRunRow> {
  const row = await findTestRun(db, runId);
  if (!row) throw notFound('Test run not found');
  return row;
}

export function listTestRunRows(db: Database): Promise<TestRunRow[]> {
  return listTestRuns(db, LISTED_RUNS);
}

/** One reader of zip archives per blob store: it keeps the archives it opened. */
const readers = new WeakMap<BlobStore, ZipArchives>();
function archivesOf(blobs: BlobStore): ZipArchives {
  let archives = readers.get(blobs);
  if (!archives) {
    archives = new ZipArchives(blobs);
    readers.set(blobs, archives);
  }
  return archives;
}

async function openDump(ctx: { db: Database; blobs: BlobStore }, runId: string): Promise<OpenZipArchive> {
  const row = await findTestRunOr404(ctx.db, runId);
  if (!row.archiveKey) {
    if (row.status === 'failed') throw conflict(`The run has no dump: ${row.error ?? 'it failed'}`);
    throw conflict('The dump is not written yet: the run is still going on');
  }
  try {
    const archive = await archivesOf(ctx.blobs).open(row.archiveKey);
    if (!archive) throw notFound('The dump of this run is gone from the blob store');
    return archive;
  } catch (error) {
    if (error instanceof ZipArchiveError) throw new HttpError(422, error.message);
    throw error;
  }
}

/** A path into a dump as the reader takes it: relative, '/'-separated, no `..`; a trailing '/' dropped. */
function dumpPath(filePath: string): string {
  const problem = testRunDumpPathProblem(filePath);
  if (problem) throw badRequest(problem);
  return filePath.replace(/^\.\/+/, '').replace(/\/+$/, '');
}

export async function listDumpFolder(
  ctx: { db: Database; blobs: BlobStore },
  runId: string,
  filePath: string,
): Promise<TestRunDumpEntry[]> {
  const path = dumpPath(filePath);
  const archive = await openDump(ctx, runId);
  const listing = archivesOf(ctx.blobs).list(archive, path);
  if (!listing) throw notFound(`No folder ${path === '' ? '(top)' : path} in the dump`);
  return listing.map((entry) => ({
    filename: entry.name,
    full_path: entry.path,
    is_directory: entry.isDirectory,
    size: entry.size,
  }));
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  json: 'application/json; charset=utf-8',
  log: 'text/plain; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  html: 'text/plain; charset=utf-8',
};

/** The content type a dump's file is served with; never one a browser would run (HTML goes as text). */
export function dumpContentType(path: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** One file of a dump as a stream of its bytes, with its content type and size. */
export async function readDumpFile(
  ctx: { db: Database; blobs: BlobStore },
  runId: string,
  filePath: string,
): Promise<{ stream: Readable; size: number; contentType: string; name: string }> {
  const path = dumpPath(filePath);
  if (path === '') throw badRequest('file_path names no file');
  const archive = await openDump(ctx, runId);
  let entry: Awaited<ReturnType<ZipArchives['entryStream']>>;
  try {
    entry = await archivesOf(ctx.blobs).entryStream(archive, path, MAX_DUMP_ENTRY_BYTES);
  } catch (error) {
    if (error instanceof ZipArchiveError) throw new HttpError(413, error.message);
    throw error;
  }
  if (!entry) {
    if (archivesOf(ctx.blobs).list(archive, path))
      throw badRequest(`${path} is a folder: ask with list_directory`);
    throw notFound(`No file ${path} in the dump`);
  }
  return { ...entry, contentType: dumpContentType(path), name: path.slice(path.lastIndexOf('/') + 1) };
}

/** The whole dump as a stream, for its download. */
export async function dumpDownload(
  ctx: { db: Database; blobs: BlobStore },
  runId: string,
): Promise<{ stream: Readable; size: number }> {
  const row = await findTestRunOr404(ctx.db, runId);
  if (!row.archiveKey) throw conflict('The dump is not written yet');
  const [size, stream] = await Promise.all([
    ctx.blobs.size(row.archiveKey),
    ctx.blobs.streamRange(row.archiveKey),
  ]);
  if (size === undefined || !stream) throw notFound('The dump of this run is gone from the blob store');
  return { stream, size };
}
