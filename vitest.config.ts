import { defineConfig } from 'vitest/config';

/**
 * Three layers, one runner:
 * - unit: pure logic in packages (no server, no browser);
 * - api: the HTTP API against PGlite, and PostgreSQL too when DATABASE_URL is set;
 * - e2e: the built dashboard in real Chromium (/usr/bin/chromium), one file at a time.
 */
export default defineConfig({
  test: {
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
