import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { finishTestRun, insertTestRun } from '../../apps/server/src/repositories/testRuns';
import { testRunArchiveKey } from '../../apps/server/src/services/testRuns';
import { signUp } from '../support/accounts';
import type { Section } from '../support/section';
import { type Latency, latency, MiB, mib, ms, pair } from '../support/stats';

/** The goal: one screenshot out of a 1 GB dump, p95. */
const GOAL_P95_MS = 50;
/** 1,024 tests × 2 screenshots of 512 KiB: a 1 GiB dump of 3,000 entries, laid out as a real one. */
const SIMULATORS = 8;
const ENVIRONMENTS = 8;
const TESTS = 16;
const SCREENSHOT_BYTES = 512 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface DumpFigures {
  dumpBytes: number;
  entries: number;
  writeMs: number;
  /** The first read: the archive's index is read and kept. */
  firstReadMs: number;
  /** Reads of random screenshots afterwards, each a whole POST answered and read. */
  screenshot: Latency;
}

const screenshotPath = (s: number, e: number, t: number, n: number) =>
  `results/sim${s}/environments/env_${e}/tests/test-${t}/screenshots/00${n}-${n === 1 ? 'start' : 'end'}.png`;

/** Incompressible filler behind a PNG signature, made as it is written (never a whole screenshot in memory twice). */
function screenshotBytes(): Readable {
  return Readable.from(
    (function* () {
      yield PNG_SIGNATURE;
      for (let left = SCREENSHOT_BYTES - PNG_SIGNATURE.length; left > 0; left -= 64 * 1024)
        yield randomBytes(Math.min(left, 64 * 1024));
    })(),
  );
}

/**
 * A 1 GiB test run dump (STORE entries of incompressible filler) written into Proctor's blob store as the
 * test run job writes one (yazl, streamed), then one screenshot read out of it at a time through
 * POST /api/admin/test-run-dump/{id}, as the run report reads them.
 */
export const testRunDumpSection: Section = {
  key: 'test-run-dump',
  title: 'One screenshot out of a 1 GiB test run dump (POST /api/admin/test-run-dump/{id}, files on disk)',
  async run(ctx) {
    ctx.progress('Starting Proctor (in-memory PGlite, blobs on disk)…');
    const { proctor, baseUrl } = await ctx.startProctor('test-run-dump', { kind: 'pglite' });
    // The first account of a fresh install is its platform admin.
    const admin = await signUp(baseUrl, 'test-run-dump');

    const runId = randomUUID();
    const row = await insertTestRun(proctor.ctx.db, {
      publicId: runId,
      pattern: 'bench',
      environments: ENVIRONMENTS,
      plan: [],
      totalEnvironments: SIMULATORS * ENVIRONMENTS,
      createdBy: admin.userId,
    });
    ctx.progress(`Writing a ${mib(SIMULATORS * ENVIRONMENTS * TESTS * 2 * SCREENSHOT_BYTES)} dump…`);
    const zip = new yazl.ZipFile();
    let entries = 0;
    for (let s = 1; s <= SIMULATORS; s++)
      for (let e = 1; e <= ENVIRONMENTS; e++)
        for (let t = 1; t <= TESTS; t++) {
          for (const n of [1, 2]) {
            zip.addReadStreamLazy(screenshotPath(s, e, t, n), { compress: false }, (done) =>
              done(null, screenshotBytes()),
            );
            entries += 1;
          }
          zip.addBuffer(
            Buffer.from(`test ${t} of env_${e}\npassed\n`),
            screenshotPath(s, e, t, 1).replace(/screenshots\/.*$/, 'test.log'),
            { compress: false },
          );
          entries += 1;
        }
    zip.addBuffer(Buffer.from('{}\n'), 'results/run.json');
    entries += 1;
    zip.end();
    const writeStarted = performance.now();
    const archiveKey = testRunArchiveKey(runId);
    const dumpBytes = await proctor.ctx.blobs.putStream(archiveKey, zip.outputStream as Readable);
    const writeMs = performance.now() - writeStarted;
    await finishTestRun(proctor.ctx.db, row.id, {
      status: 'completed',
      error: null,
      archiveKey,
      archiveSize: dumpBytes,
      endedAt: new Date(),
    });
    ctx.progress(`Wrote ${mib(dumpBytes)} (${entries} entries) in ${ms(writeMs)} ms`);

    const readOne = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/admin/test-run-dump/${runId}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.accessToken}` },
        body: JSON.stringify({ file_path: path }),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      const elapsed = performance.now() - started;
      if (response.status !== 200 || response.headers.get('content-type') !== 'image/png')
        throw new Error(`${path} answered ${response.status}: ${bytes.toString('utf8', 0, 200)}`);
      if (bytes.length !== SCREENSHOT_BYTES || !bytes.subarray(0, 8).equals(PNG_SIGNATURE))
        throw new Error(`${path} came back as ${bytes.length} bytes, not the screenshot`);
      return elapsed;
    };
    const pick = () =>
      screenshotPath(
        1 + Math.floor(Math.random() * SIMULATORS),
        1 + Math.floor(Math.random() * ENVIRONMENTS),
        1 + Math.floor(Math.random() * TESTS),
        1 + Math.floor(Math.random() * 2),
      );
    const firstReadMs = await readOne(pick());
    const samples: number[] = [];
    const count = ctx.requests * 5;
    ctx.progress(`${count} reads of random screenshots…`);
    for (let i = 0; i < count; i++) samples.push(await readOne(pick()));

    const figures: DumpFigures = {
      dumpBytes,
      entries,
      writeMs,
      firstReadMs,
      screenshot: latency(samples),
    };
    return {
      figures,
      rows: [
        ['Dump', `${mib(dumpBytes)}, ${entries} entries`, ''],
        ['  written (yazl into the blob store)', `${ms(writeMs)} ms`, ''],
        ['First screenshot (reads the index)', `${ms(firstReadMs)} ms`, ''],
        ['One 512 KiB screenshot (p50 / p95)', pair(figures.screenshot), `p95 ≤ ${GOAL_P95_MS} ms`],
      ],
      goals: [
        {
          goal: `One screenshot out of a 1 GB dump in ≤ ${GOAL_P95_MS} ms p95`,
          measured: `${ms(figures.screenshot.p95)} ms p95 over ${samples.length} reads`,
          met: figures.screenshot.p95 <= GOAL_P95_MS,
        },
      ],
      notes: [
        `Screenshots are ${SCREENSHOT_BYTES / 1024} KiB of random bytes (STORE, incompressible); ${(dumpBytes / MiB / 1024).toFixed(2)} GiB in all.`,
        'Each read is a whole answer: the request, the entry found in the kept index, its local header and bytes read by range from the file.',
      ],
    };
  },
};
