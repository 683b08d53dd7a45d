import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  endpoints,
  type TestRunSummary,
  testRunDumpDownloadPath,
  testRunDumpFilePath,
  testRunMatcher,
} from '@proctor/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { resumeTestRuns } from '../src/jobs/testRunEnvironment';
import { FileBlobStore, readAll } from '../src/kernel/storage/blobs';
import { S3BlobStore } from '../src/kernel/storage/s3BlobStore';
import { ZipArchiveError, ZipArchives } from '../src/kernel/storage/zipArchives';
import { insertTestRun } from '../src/repositories/testRuns';
import { type Actor, describeEachDatabase } from './support/proctor';
import { startS3StandIn } from './support/s3StandIn';
import { until } from './support/until';

/**
 * Test runs and their dumps (issue 26 item 2, 002 §2.3): the oracle runs two built-in test cases of two
 * simulators, one environment each, in real Chromium; the run's dump is one zip in the blob store, read one
 * file at a time. Two test cases only: each environment is a Chromium launch, and CI runs on two cores.
 */

const PATTERN = 'calendar/count-pending-invitations, food/highest-rated-thai';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Two environments start Chromium and run a script each, on a busy machine. */
const RUN_TIMEOUT_MS = 4 * 60_000;

describe('test run patterns', () => {
  it('should take a substring, a glob over simulator/key, or several comma-separated', () => {
    expect(testRunMatcher('pending')('calendar', 'count-pending-invitations', 'Count')).toBe(true);
    expect(testRunMatcher('calendar/*')('calendar', 'anything', 'Any')).toBe(true);
    expect(testRunMatcher('calendar/*')('food', 'calendar', 'Any')).toBe(false);
    expect(testRunMatcher('CAL?NDAR/*')('calendar', 'x', 'X')).toBe(true);
    expect(testRunMatcher('a, b')('x', 'b', 'B')).toBe(true);
    // Regular expression syntax is text here.
    expect(testRunMatcher('(a+)+$')('x', '(a+)+$', 'n')).toBe(true);
    expect(testRunMatcher('(a+)+$')('x', 'aaaa', 'n')).toBe(false);
  });

  it('should match a hostile glob against long text in linear time', () => {
    const matches = testRunMatcher(`${'*a'.repeat(90)}*b`);
    const started = performance.now();
    expect(matches('x', 'a'.repeat(10_000), 'a'.repeat(10_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describeEachDatabase('test runs and their dumps', (proctor) => {
  let admin: Actor;
  let member: Actor;
  let summary: TestRunSummary;
  let runId: string;

  const read = (filePath: string, listDirectory?: boolean) =>
    proctor().request({
      method: 'POST',
      url: `/api/admin/test-run-dump/${runId}`,
      as: admin,
      payload: {
        file_path: filePath,
        ...(listDirectory === undefined ? {} : { list_directory: listDirectory }),
      },
    });

  beforeAll(async () => {
    admin = await proctor().actor({ permissions: { is_admin: true } });
    member = await proctor().actor({ permissions: { dashboard_access: true } });
    const started = await proctor().call(endpoints.adminStartTestRun, {
      as: admin,
      body: { pattern: PATTERN, environments: 1, tags: ['nightly', 'ci'] },
    });
    expect(started.status, started.body.detail).toBe(202);
    expect(started.body.tests).toBe(2);
    expect(started.body.simulators.sort()).toEqual(['calendar', 'food']);
    runId = started.body.run_id;
    const ended = await until(
      () => proctor().call(endpoints.adminTestRun, { as: admin, params: { id: runId } }),
      (answer) => answer.status !== 200 || ['completed', 'failed'].includes(answer.body.status),
      'the test run to end',
      RUN_TIMEOUT_MS,
    );
    expect(ended.status).toBe(200);
    summary = ended.body;
  }, RUN_TIMEOUT_MS + 30_000);

  it('should run the oracle on each matching test case and keep durations, verdicts and paths', () => {
    expect(summary.error).toBeNull();
    expect(summary.status).toBe('completed');
    expect(summary.tags).toEqual(['nightly', 'ci']);
    expect(summary.simulators.sort()).toEqual(['calendar', 'food']);
    expect(summary.totals).toMatchObject({ tests: 2, passed: 2, failed: 0 });
    expect(summary.totals.duration_ms).toBeGreaterThan(0);
    expect(summary.progress).toEqual({ done: 2, total: 2 });
    expect(summary.started_at).not.toBeNull();
    expect(summary.ended_at).not.toBeNull();
    const calendar = summary.results.find((s) => s.simulator === 'calendar')!;
    expect(calendar.environments).toHaveLength(1);
    const environment = calendar.environments[0]!;
    expect(environment.path).toBe('results/calendar/environments/env_1');
    expect(environment.start_ms).toBeGreaterThan(0);
    const test = environment.tests[0]!;
    expect(test).toMatchObject({
      test: 'count-pending-invitations',
      path: 'results/calendar/environments/env_1/tests/count-pending-invitations',
      verdict: 'passed',
      error: null,
      logs: {
        simulator: 'results/calendar/simulator.log',
        environment: 'results/calendar/environments/env_1/environment.log',
        test: 'results/calendar/environments/env_1/tests/count-pending-invitations/test.log',
      },
    });
    expect(test.environment_start_ms).toBe(environment.start_ms);
    expect(test.reset_ms).toBeGreaterThan(0);
    expect(test.test_ms).toBeGreaterThan(0);
    expect(test.screenshots).toEqual([
      `${test.path}/screenshots/001-start.png`,
      `${test.path}/screenshots/002-end.png`,
    ]);
  });

  it('should list the run among the dumps with its size', async () => {
    const answer = await proctor().call(endpoints.adminTestRunDumps, { as: admin });
    expect(answer.status).toBe(200);
    const dump = answer.body.dumps.find((candidate) => candidate.run_id === runId);
    expect(dump).toMatchObject({
      status: 'completed',
      environments: 1,
      tags: ['nightly', 'ci'],
      pattern: PATTERN,
    });
    expect(dump!.size).toBeGreaterThan(1000);
  });

  it('should read a screenshot as PNG bytes, by POST and by GET', async () => {
    const path = summary.results[0]!.environments[0]!.tests[0]!.screenshots[1]!;
    const posted = await read(path);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.headers['content-type']).toBe('image/png');
    expect(posted.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const fetched = await proctor().request({
      method: 'GET',
      url: testRunDumpFilePath(runId, path),
      as: admin,
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(posted.rawPayload)).toBe(true);
  });

  it('should read the logs of each level and the summary', async () => {
    const test = summary.results.find((s) => s.simulator === 'food')!.environments[0]!.tests[0]!;
    const testLog = await read(test.logs.test!);
    expect(testLog.statusCode).toBe(200);
    expect(testLog.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(testLog.body).toContain('test highest-rated-thai');
    expect(testLog.body).toContain('passed');
    const environmentLog = await read(test.logs.environment!);
    expect(environmentLog.body).toMatch(/started in [\d.]+ ms/);
    const simulatorLog = await read(test.logs.simulator!);
    expect(simulatorLog.body).toContain('highest-rated-thai: passed');
    const runJson = await read('results/run.json');
    expect(runJson.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(runJson.json()).toMatchObject({
      run_id: runId,
      status: 'completed',
      totals: { tests: 2, passed: 2 },
    });
  });

  it('should list a folder: its files and subfolders with their full paths', async () => {
    const test = summary.results[0]!.environments[0]!.tests[0]!;
    const listing = await proctor().call(endpoints.adminTestRunDumpFile, {
      as: admin,
      params: { id: runId },
      body: { file_path: `${test.path}/screenshots`, list_directory: true },
    });
    expect(listing.status).toBe(200);
    expect(listing.body.files).toEqual([
      {
        filename: '001-start.png',
        full_path: test.screenshots[0],
        is_directory: false,
        size: expect.any(Number),
      },
      {
        filename: '002-end.png',
        full_path: test.screenshots[1],
        is_directory: false,
        size: expect.any(Number),
      },
    ]);
    const top = await proctor().call(endpoints.adminTestRunDumpFile, {
      as: admin,
      params: { id: runId },
      body: { file_path: 'results', list_directory: true },
    });
    expect(top.body.files.map((file) => [file.filename, file.is_directory])).toEqual([
      ['calendar', true],
      ['food', true],
      ['run.json', false],
    ]);
  });

  it('should refuse paths that leave the dump, and unknown runs and files', async () => {
    for (const path of [
      '../secret',
      'results/../../x',
      '/etc/passwd',
      'results\\run.json',
      'results/\0x',
      'C:/x',
    ]) {
      const answer = await read(path);
      expect({ path, status: answer.statusCode }).toEqual({ path, status: 400 });
      expect(answer.json().detail).toMatch(/file_path/);
    }
    const listing = await read('../', true);
    expect(listing.statusCode).toBe(400);
    expect((await read('results/nothing-here.png')).statusCode).toBe(404);
    const unknown = await proctor().request({
      method: 'POST',
      url: '/api/admin/test-run-dump/tr_unknown',
      as: admin,
      payload: { file_path: 'results/run.json' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Test run not found' });
    const refused = await proctor().request({
      method: 'POST',
      url: `/api/admin/test-run-dump/${runId}`,
      as: member,
      payload: { file_path: 'results/run.json' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('should refuse a pattern that matches no built-in test case', async () => {
    const answer = await proctor().call(endpoints.adminStartTestRun, {
      as: admin,
      body: { pattern: 'no-such-built-in-test-case-*', environments: 1 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toBe('No built-in test case matches "no-such-built-in-test-case-*"');
  });

  it('should write the dump at start for a run whose environments were all stored before a stop', async () => {
    const row = await insertTestRun(proctor().ctx.db, {
      publicId: randomUUID(),
      pattern: 'calendar/count-pending-invitations',
      environments: 1,
      plan: [{ simulator: 'calendar', tests: [{ key: 'count-pending-invitations', name: 'Count' }] }],
      totalEnvironments: 1,
      doneEnvironments: 1,
      status: 'running',
      startedAt: new Date(),
      results: [
        {
          simulator: 'calendar',
          environment: 1,
          startMs: null,
          error: 'The environment did not start: no Chromium',
          log: null,
          tests: [
            {
              key: 'count-pending-invitations',
              name: 'Count',
              resetMs: null,
              testMs: null,
              verdict: 'error',
              error: 'The environment did not start: no Chromium',
              screenshots: [],
              log: null,
            },
          ],
        },
      ],
    });
    await resumeTestRuns(proctor().ctx.db, proctor().ctx.blobs, proctor().ctx.queue, proctor().app.log);
    const resumed = await proctor().call(endpoints.adminTestRun, { as: admin, params: { id: row.publicId } });
    expect(resumed.body).toMatchObject({
      status: 'completed',
      totals: { tests: 1, passed: 0, failed: 1 },
      results: [{ environments: [{ error: 'The environment did not start: no Chromium', log: null }] }],
    });
    const result = await proctor().request({
      method: 'POST',
      url: `/api/admin/test-run-dump/${row.publicId}`,
      as: admin,
      payload: {
        file_path: 'results/calendar/environments/env_1/tests/count-pending-invitations/result.json',
      },
    });
    expect(result.json()).toMatchObject({ verdict: 'error', screenshots: [], logs: { test: null } });
  });

  it('should stream the whole zip, which passes unzip -t and reads by range from S3', async () => {
    const download = await proctor().request({
      method: 'GET',
      url: testRunDumpDownloadPath(runId),
      as: admin,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="test-run-${runId}.zip"`);
    const zip = download.rawPayload;
    const folder = await mkdtemp(join(tmpdir(), 'proctor-test-run-'));
    try {
      await writeFile(join(folder, 'dump.zip'), zip);
      const checked = spawnSync('unzip', ['-t', join(folder, 'dump.zip')], { encoding: 'utf8' });
      expect(checked.status, checked.stdout + checked.stderr).toBe(0);
      expect(checked.stdout).toContain('No errors detected');
      expect(checked.stdout).toContain(
        'results/food/environments/env_1/tests/highest-rated-thai/screenshots/001-start.png',
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }

    // The same dump in an S3 bucket: one screenshot comes out by ranged GETs, never the whole object.
    const s3 = await startS3StandIn();
    try {
      const store = new S3BlobStore({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      });
      expect(await store.putStream('test-runs/copy/dump.zip', Readable.from([zip]))).toBe(zip.length);
      expect(await store.size('test-runs/copy/dump.zip')).toBe(zip.length);
      expect(await store.size('test-runs/none/dump.zip')).toBeUndefined();
      const archives = new ZipArchives(store);
      const archive = (await archives.open('test-runs/copy/dump.zip'))!;
      const path = summary.results[0]!.environments[0]!.tests[0]!.screenshots[0]!;
      const before = s3.ranges.length;
      const entry = (await archives.entryStream(archive, path, 10 * 1024 * 1024))!;
      const bytes = await readAll(entry.stream);
      // The screenshot and its local header: one ranged GET, the index being kept from the open.
      expect(s3.ranges.length - before).toBe(1);
      const served = await read(path);
      expect(bytes.equals(served.rawPayload)).toBe(true);
      expect(s3.operations).not.toContain('GetObject');
      expect(
        s3.operations.filter((operation) => operation === 'GetObjectRange').length,
      ).toBeGreaterThanOrEqual(2);
      for (const [start, end] of s3.ranges) expect(end - start).toBeLessThan(zip.length);
      // An entry larger than the reader's cap is refused before a byte of it is read.
      await expect(archives.entryStream(archive, path, 10)).rejects.toBeInstanceOf(ZipArchiveError);
    } finally {
      await s3.close();
    }
  });
});

describe('zip archives in the blob store', () => {
  it('should stop reading an entry that inflates past the size its index declares (a zip bomb)', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'proctor-zip-bomb-'));
    try {
      const zip = new yazl.ZipFile();
      zip.addBuffer(Buffer.alloc(4 * 1024 * 1024), 'results/bomb.log', { compress: true });
      zip.end();
      const bytes = await readAll(zip.outputStream as Readable);
      // The central directory says 100 bytes; the deflated data holds 4 MiB of zeros.
      const record = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      bytes.writeUInt32LE(100, record + 24);
      const store = new FileBlobStore(folder);
      await store.put('dumps/bomb.zip', bytes);
      const archives = new ZipArchives(store);
      const archive = (await archives.open('dumps/bomb.zip'))!;
      const entry = (await archives.entryStream(archive, 'results/bomb.log', 1024))!;
      expect(entry.size).toBe(100);
      await expect(readAll(entry.stream)).rejects.toThrow(/too many bytes|larger than/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('should refuse a blob that is not a zip, with a reason', async () => {
    const s3 = await startS3StandIn();
    try {
      const store = new S3BlobStore({
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: s3.region,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
      });
      await store.put('not/a-zip', Buffer.from('hello, not a zip at all'));
      await expect(new ZipArchives(store).open('not/a-zip')).rejects.toThrow(/not a zip archive/);
      expect(await new ZipArchives(store).open('not/there')).toBeUndefined();
    } finally {
      await s3.close();
    }
  });
});
