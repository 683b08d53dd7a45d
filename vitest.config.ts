import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order files start in, with two workers: the built-in test cases' proof and benchmark first (the longest), then the
 * end-to-end files, then the other files that take minutes; the short files fill whichever worker is free around them.
 */
const FIRST = [
  /packages\/simulators\/test\/browser\/builtInTestCases\.test\.ts$/,
  /apps\/server\/test\/builtInBenchmark\.test\.ts$/,
];
const AFTER_E2E = [/apps\/server\/test\/fuzz\.test\.ts$/, /apps\/server\/test\/runs\.test\.ts$/];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      if (FIRST.some((pattern) => pattern.test(file.moduleId))) return 0;
      if (file.project.name === 'e2e') return 1;
      const long = AFTER_E2E.findIndex((pattern) => pattern.test(file.moduleId));
      return long >= 0 ? 2 + long : 2 + AFTER_E2E.length;
    };
    // A stable sort: within a rank, vitest's own order.
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

/**
 * expect.poll waits for a condition; vitest's default gives up after 1 s, which a page or a server on a busy 2-core
 * machine can take to catch up (a dataset's count after a change, an image's decode). Its budget here is a
 * test step's, not a second.
 */
const expectOptions = { poll: { timeout: 20_000, interval: 50 } };

export default defineConfig({
  test: {
    // Two test files at a time on the 2-core CI machine (vitest's default there is one: cores - 1). Most files
    // wait on a server, a database or a browser for much of their time, so a second file uses what the first
    // leaves idle; the browser-heavy built-in benchmark runs beside the rest instead of after it. Tests wait for
    // conditions, never for time, so a busier machine makes them slower, not flaky.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/test/**/*.test.ts',
            'apps/*/test/unit/**/*.test.ts',
            'scripts/test/**/*.test.ts',
          ],
          testTimeout: 20_000,
          expect: expectOptions,
        },
      },
      {
        test: {
          name: 'api',
          // One module graph per worker, not per file: every API and e2e file imports the whole server, which cost
          // each file seconds of import, a quarter of the suite's time. The files share nothing else: each starts
          // its own Proctor, data folder, database and port, and a test that changes process.env puts it back.
          isolate: false,
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/unit/**'],
          globalSetup: ['apps/server/test/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: expectOptions,
        },
      },
      {
        test: {
          name: 'e2e',
          // As the API files (above).
          isolate: false,
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['apps/server/test/globalSetup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          expect: expectOptions,
          // Each file has a Proctor, a port, a data folder and a browser of its own, so they run beside the other
          // projects' files. (With fileParallelism off, vitest would keep them all for the end, one at a time.)
        },
      },
    ],
  },
});
