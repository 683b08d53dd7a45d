import type { Readable } from 'node:stream';
import { testRunPathSegment } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import type { EnvironmentManager } from '../environments/manager';
import type { TestRunEnvironmentOutcome } from '../environments/testRunEnvironment';
import type { JobHandler } from '../kernel/queue/catalog';
import type { JobQueue } from '../kernel/queue/queue';
import type { BlobStore } from '../kernel/storage/blobs';
import { dumpPaths, presentTestRun, resultTree, simulatorLog } from '../presenters/testRuns';
import {
  appendEnvironmentResult,
  findTestRunById,
  finishTestRun,
  listUnfinishedTestRuns,
  markTestRunStarted,
  type StoredEnvironmentResult,
  type TestRunPlanEntry,
  type TestRunRow,
} from '../repositories/testRuns';
import { testRunArchiveKey, testRunPartsPrefix } from '../services/testRuns';

/**
 * The test-run-environment job: one environment of a test run (environments/testRunEnvironment.ts), its
 * screenshots and logs kept as blobs under the run's parts prefix, its results appended to the run. The job
 * that stores the run's last environment writes the dump: one zip streamed into the blob store with yazl,
 * laid out as the contracts' testRun.ts says, the parts then removed.
 */

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Every test of the environment erred for one reason (the environment could not run at all). */
function erred(keys: readonly { key: string; name: string }[], reason: string): TestRunEnvironmentOutcome {
  const line = `${new Date().toISOString()} ${reason}\n`;
  return {
    startMs: null,
    error: reason,
    log: line,
    tests: keys.map(({ key, name }) => ({
      key,
      name,
      resetMs: null,
      testMs: null,
      verdict: 'error',
      error: reason,
      screenshots: [],
      log: line,
    })),
  };
}

/** Writes the environment's logs and screenshots as blobs; answers what the run row keeps of it. */
async function keepEnvironment(
  blobs: BlobStore,
  runId: string,
  simulator: string,
  environment: number,
  outcome: TestRunEnvironmentOutcome,
): Promise<StoredEnvironmentResult> {
  const prefix = `${testRunPartsPrefix(runId)}/${testRunPathSegment(simulator)}/env_${environment}`;
  await blobs.put(`${prefix}/environment.log`, Buffer.from(outcome.log));
  const tests: StoredEnvironmentResult['tests'] = [];
  for (const test of outcome.tests) {
    const folder = `${prefix}/${testRunPathSegment(test.key)}`;
    await blobs.put(`${folder}/test.log`, Buffer.from(test.log));
    const screenshots: { name: string; blob: string }[] = [];
    for (const shot of test.screenshots) {
      const blob = `${folder}/${shot.name}`;
      await blobs.put(blob, shot.bytes);
      screenshots.push({ name: shot.name, blob });
    }
    tests.push({
      key: test.key,
      name: test.name,
      resetMs: test.resetMs,
      testMs: test.testMs,
      verdict: test.verdict,
      error: test.error,
      screenshots,
      log: `${folder}/test.log`,
    });
  }
  return {
    simulator,
    environment,
    startMs: outcome.startMs,
    error: outcome.error,
    log: `${prefix}/environment.log`,
    tests,
  };
}

/** Stores one environment; the one that completes the run writes its dump. */
async function finishEnvironment(
  db: Database,
  blobs: BlobStore,
  testRunId: number,
  result: StoredEnvironmentResult,
): Promise<void> {
  const counts = await appendEnvironmentResult(db, testRunId, result);
  if (counts && counts.done >= counts.total) await writeTestRunDump(db, blobs, testRunId);
}

/**
 * The run's dump, streamed: yazl writes the zip as its entries' bytes are read from the blob store one at a
 * time, and the store takes the zip as a stream, so neither the screenshots nor the zip are ever all in
 * memory. Screenshots are stored (PNG does not compress), logs and JSON deflated.
 */
export async function writeTestRunDump(db: Database, blobs: BlobStore, testRunId: number): Promise<void> {
  const row = await findTestRunById(db, testRunId);
  if (!row || row.status === 'completed' || row.status === 'failed') return;
  const endedAt = new Date();
  const ended: TestRunRow = { ...row, status: 'completed', endedAt };
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  const fromBlob = (key: string, path: string, compress: boolean) =>
    zip.addReadStreamLazy(path, { compress, mtime: endedAt }, (done) => {
      // yazl's callback takes an error or a stream; on an error it fails the zip (and so the run's dump).
      const fail = (error: Error) => done(error, undefined as unknown as Readable);
      blobs
        .streamRange(key)
        .then(
          (stream) => (stream ? done(null, stream) : fail(new Error(`The blob ${key} of the run is gone`))),
          fail,
        );
    });
  const json = (value: unknown, path: string) =>
    zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), path, { mtime: endedAt });

  json(presentTestRun(ended, endedAt), dumpPaths.summary);
  const stored = row.results as StoredEnvironmentResult[];
  for (const simulator of resultTree(ended)) {
    zip.addBuffer(Buffer.from(simulatorLog(ended, simulator.simulator)), simulator.log!, { mtime: endedAt });
    for (const environment of simulator.environments) {
      const kept = stored.find(
        (s) => s.simulator === simulator.simulator && s.environment === environment.environment,
      );
      if (kept?.log && environment.log) fromBlob(kept.log, environment.log, true);
      for (const test of environment.tests) {
        const keptTest = kept?.tests.find((candidate) => candidate.key === test.test);
        json(test, `${test.path}/result.json`);
        if (keptTest?.log && test.logs.test) fromBlob(keptTest.log, test.logs.test, true);
        keptTest?.screenshots.forEach((shot, index) => {
          const path = test.screenshots[index];
          if (path) fromBlob(shot.blob, path, false);
        });
      }
    }
  }
  zip.end();
  const archiveKey = testRunArchiveKey(row.publicId);
  try {
    const archiveSize = await blobs.putStream(archiveKey, output);
    await finishTestRun(db, row.id, { status: 'completed', error: null, archiveKey, archiveSize, endedAt });
  } catch (error) {
    await finishTestRun(db, row.id, {
      status: 'failed',
      error: `The dump could not be written: ${message(error)}`,
      endedAt,
    });
    return;
  }
  // The parts are in the dump now; a failure to remove them leaves files, not a broken run.
  await blobs.deletePrefix(testRunPartsPrefix(row.publicId)).catch(() => undefined);
}

export function testRunEnvironmentHandler(
  db: Database,
  environments: EnvironmentManager,
  blobs: BlobStore,
): JobHandler<'testRunEnvironment'> {
  const planned = (row: TestRunRow, simulator: string) =>
    (row.plan as TestRunPlanEntry[]).find((entry) => entry.simulator === simulator)?.tests ?? [];
  return {
    run: async ({ testRunId, simulator, environment }, { signal }) => {
      const row = await findTestRunById(db, testRunId);
      if (!row || row.status === 'completed' || row.status === 'failed') return;
      await markTestRunStarted(db, row.id);
      const tests = planned(row, simulator);
      let outcome: TestRunEnvironmentOutcome;
      try {
        outcome = await environments.runTestRunEnvironment(
          simulator,
          tests.map((test) => test.key),
          signal,
        );
      } catch (error) {
        outcome = erred(tests, `The environment did not start: ${message(error)}`);
      }
      const result = await keepEnvironment(blobs, row.publicId, simulator, environment, outcome);
      await finishEnvironment(db, blobs, row.id, result);
    },
    // Out of time or broken before its results were stored: the environment's tests err with the reason,
    // so that the run still ends and writes its dump.
    failed: async ({ testRunId, simulator, environment }, reason) => {
      const row = await findTestRunById(db, testRunId);
      if (!row || row.status === 'completed' || row.status === 'failed') return;
      const outcome = erred(planned(row, simulator), `The environment's job failed: ${reason}`);
      await finishEnvironment(db, blobs, row.id, {
        ...outcome,
        simulator,
        environment,
        log: null,
        tests: outcome.tests.map((test) => ({ ...test, screenshots: [], log: null })),
      });
    },
  };
}

/**
 * At start: runs a previous process left unfinished go on. With no test run job waiting or running anywhere
 * (the in-process queue lost them with the process), the environments not stored yet are queued again; a run
 * whose environments are all stored but has no dump gets it written.
 */
export async function resumeTestRuns(
  db: Database,
  blobs: BlobStore,
  queue: JobQueue,
  log: FastifyBaseLogger,
): Promise<void> {
  const unfinished = await listUnfinishedTestRuns(db);
  if (unfinished.length === 0) return;
  const counts = await queue.counts('testRunEnvironment');
  if (counts.queued + counts.running > 0) return;
  for (const row of unfinished) {
    const stored = row.results as StoredEnvironmentResult[];
    let missing = 0;
    for (const { simulator } of row.plan as TestRunPlanEntry[])
      for (let environment = 1; environment <= row.environments; environment++) {
        if (stored.some((s) => s.simulator === simulator && s.environment === environment)) continue;
        missing += 1;
        await queue.add('testRunEnvironment', { testRunId: row.id, simulator, environment });
      }
    if (missing === 0)
      await writeTestRunDump(db, blobs, row.id).catch((error) =>
        log.error({ err: error, testRun: row.publicId }, 'writing a test run dump failed'),
      );
    else log.warn({ testRun: row.publicId, environments: missing }, 'test run environments queued again');
  }
}
