import { deflateSync } from 'node:zlib';
import { newPublicId } from '@proctor/db';
import { writeTestRunDump } from '../../src/jobs/testRunEnvironment';
import type { StoredEnvironmentResult } from '../../src/repositories/testRuns';
import { appendEnvironmentResult, insertTestRun, markTestRunStarted } from '../../src/repositories/testRuns';
import type { AppContext } from '../../src/routes/context';
import { testRunPartsPrefix } from '../../src/services/testRuns';

export interface SeededTestRunOptions {
  simulators: string[];
  environments: number;
  testsPerSimulator: number;
  /** The screenshot every test keeps (a PNG), `screenshotsPerTest` times. */
  screenshot: Buffer;
  screenshotsPerTest: number;
  tags?: string[];
  /** Names given to the tests; `(simulator, index)` → name. */
  testName?: (simulator: string, index: number) => string;
}

/**
 * A finished test run with its dump, made the way the run's jobs make one (their results appended, then the
 * dump written by the archive job), without running the oracle: for reading, reporting and printing tests.
 * Every third test fails; durations are fixed so that averages can be checked.
 */
export async function seedTestRun(
  ctx: Pick<AppContext, 'db' | 'blobs'>,
  options: SeededTestRunOptions,
): Promise<string> {
  const publicId = newPublicId();
  const testKeys = Array.from({ length: options.testsPerSimulator }, (_, index) => `test-${index + 1}`);
  const row = await insertTestRun(ctx.db, {
    publicId,
    pattern: '',
    tags: options.tags ?? [],
    environments: options.environments,
    plan: options.simulators.map((simulator) => ({
      simulator,
      tests: testKeys.map((key, index) => ({ key, name: options.testName?.(simulator, index) ?? key })),
    })),
    totalEnvironments: options.simulators.length * options.environments,
  });
  await markTestRunStarted(ctx.db, row.id);
  const parts = testRunPartsPrefix(publicId);
  for (const simulator of options.simulators) {
    for (let environment = 1; environment <= options.environments; environment++) {
      const folder = `${parts}/${simulator}/env_${environment}`;
      await ctx.blobs.put(
        `${folder}/environment.log`,
        Buffer.from(`env_${environment} of ${simulator} started\n`),
      );
      const tests: StoredEnvironmentResult['tests'] = [];
      for (const [index, key] of testKeys.entries()) {
        const screenshots = [];
        for (let shot = 1; shot <= options.screenshotsPerTest; shot++) {
          const blob = `${folder}/${key}/${shot}.png`;
          await ctx.blobs.put(blob, options.screenshot);
          screenshots.push({ name: `${String(shot).padStart(3, '0')}.png`, blob });
        }
        await ctx.blobs.put(`${folder}/${key}/test.log`, Buffer.from(`${key}: steps\n`));
        const failed = index % 3 === 2;
        tests.push({
          key,
          name: options.testName?.(simulator, index) ?? key,
          resetMs: 100 + index,
          testMs: 1000 * (index + 1),
          verdict: failed ? 'failed' : 'passed',
          error: failed ? `Expected mutations did not match in ${key}` : null,
          screenshots,
          log: `${folder}/${key}/test.log`,
        });
      }
      await appendEnvironmentResult(ctx.db, row.id, {
        simulator,
        environment,
        startMs: 500 * environment,
        error: null,
        log: `${folder}/environment.log`,
        tests,
      });
    }
  }
  await writeTestRunDump(ctx.db, ctx.blobs, row.id);
  return publicId;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of one colour (8-bit RGB), as a screenshot stand-in that any image decoder reads. */
export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
