import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes: started first, so the rest of the suite fills the other worker around them
 * instead of one of them running alone at the end.
 */
const LONG_POLES = [/apps\/server\/test\/builtInBenchmark\.test\.ts$/];

class LongPolesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => LONG_POLES.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}

/**
 * Three layers, one runner:
 * - unit: pure logic in packages (no server, no browser);
 * - api: the HTTP API against PGlite, and PostgreSQL too when DATABASE_URL is set;
 * - e2e: the built dashboard in real Chromium (/usr/bin/chromium), one file at a time.
 */
export default defineConfig({
  test: {
    // Two test files at a time on the 2-core CI machine (vitest's default there is one: cores - 1). Most files
    // wait on a server, a database or a browser for much of their time, so a second file uses what the first
    // leaves idle; the browser-heavy built-in benchmark runs beside the rest instead of after it. Tests wait for
    // conditions, never for time, so a busier machine makes them slower, not flaky.
    maxWorkers: 2,
    sequence: { sequencer: LongPolesFirst },
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
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/unit/**'],
          globalSetup: ['apps/server/test/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
