import { z } from 'zod';
import { Timestamp } from './common';
import { type LinearRegExp, linearRegExp } from './linearRegExp';

/**
 * Test runs (002 §2.3 Test Run Dumps, §2.4 Run report): the oracle (each built-in test case's reference
 * solution) runs every matching built-in test case in N fresh environments; everything it saw is archived as
 * one zip, a "dump", laid out as
 *
 *   results/run.json                                               the TestRunSummary below, with paths into the zip
 *   results/{sim}/simulator.log                                    the simulator level log
 *   results/{sim}/environments/env_{n}/environment.log             one environment's log (start, resets, close)
 *   results/{sim}/environments/env_{n}/tests/{test}/test.log       one test's log (steps, verdict, error)
 *   results/{sim}/environments/env_{n}/tests/{test}/result.json    the test's TestRunTestResult
 *   results/{sim}/environments/env_{n}/tests/{test}/screenshots/NNN.png
 *
 * `{sim}` is the simulator's name and `{test}` the test case's key, each made a safe path segment
 * (`testRunPathSegment`); `n` counts from 1.
 */

export const TEST_RUN_MAX_ENVIRONMENTS = 10;
export const TEST_RUN_MAX_TAGS = 20;
export const TEST_RUN_PATTERN_MAX_LENGTH = 200;
/** The longest path a dump's reader accepts. */
export const TEST_RUN_DUMP_PATH_MAX_LENGTH = 1024;

/**
 * Which test cases a run takes: comma-separated patterns, each matched against `{simulator}/{test case key}`
 * and against the test case's name, case-insensitively; a test case is taken when any matches. A pattern with
 * `*` (any characters, `/` included) or `?` (one character) is a glob that must match the whole text; one
 * without is a substring. Empty: every built-in test case. Matching runs on RE2 (linear in the text), so no
 * pattern can make the server backtrack.
 */
export const TestRunPattern = z.string().trim().max(TEST_RUN_PATTERN_MAX_LENGTH);

/** The matcher for a test run pattern (see `TestRunPattern`); throws on a pattern RE2 refuses. */
export function testRunMatcher(
  pattern: string,
): (simulator: string, testKey: string, testName: string) => boolean {
  const parts = pattern
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return () => true;
  const expressions: LinearRegExp[] = parts.map((part) => {
    const isGlob = /[*?]/.test(part);
    let source = '';
    for (const char of part.toLowerCase()) {
      if (char === '*') source += '[\\s\\S]*';
      else if (char === '?') source += '[\\s\\S]';
      else source += char.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
    }
    return linearRegExp(isGlob ? `^(?:${source})$` : source);
  });
  return (simulator, testKey, testName) => {
    const path = `${simulator}/${testKey}`.toLowerCase();
    const name = testName.toLowerCase();
    return expressions.some((expression) => expression.test(path) || expression.test(name));
  };
}

export const StartTestRunRequest = z.object({
  pattern: TestRunPattern.default(''),
  /** Fresh environments per test case (each runs every matching test case of its simulator once). */
  environments: z.number().int().min(1).max(TEST_RUN_MAX_ENVIRONMENTS).default(1),
  /** Free labels for the run, shown in the dumps table and the report. */
  tags: z.array(z.string().trim().min(1).max(64)).max(TEST_RUN_MAX_TAGS).default([]),
});
export type StartTestRunRequest = z.infer<typeof StartTestRunRequest>;

export const TestRunStatus = z.enum(['queued', 'running', 'completed', 'failed']);
export type TestRunStatus = z.infer<typeof TestRunStatus>;

export const TestRunIdParam = z.object({ id: z.string().min(1).max(64) });

export const TestRunVerdict = z.enum(['passed', 'failed', 'error']);
export type TestRunVerdict = z.infer<typeof TestRunVerdict>;

/** Paths inside the dump of the three log levels that cover one test (null: no such log was written). */
export const TestRunLogPaths = z.object({
  simulator: z.string().nullable(),
  environment: z.string().nullable(),
  test: z.string().nullable(),
});
export type TestRunLogPaths = z.infer<typeof TestRunLogPaths>;

/** One test case in one environment. Durations in milliseconds; null when that step never happened. */
export const TestRunTestResult = z.object({
  /** The test case's key (its folder is `path`). */
  test: z.string(),
  name: z.string(),
  /** The test's folder in the dump: results/{sim}/environments/env_{n}/tests/{test}. */
  path: z.string(),
  /** Starting the environment this test ran in (the same figure for each test of one environment). */
  environment_start_ms: z.number().nullable(),
  /** Resetting the environment to the test case's start before the test. */
  reset_ms: z.number().nullable(),
  /** The oracle's run and the scoring. */
  test_ms: z.number().nullable(),
  verdict: TestRunVerdict,
  /** Why it failed or erred; null when it passed. */
  error: z.string().nullable(),
  /** Paths of its screenshots in the dump, in the order taken. */
  screenshots: z.array(z.string()),
  logs: TestRunLogPaths,
});
export type TestRunTestResult = z.infer<typeof TestRunTestResult>;

export const TestRunEnvironmentResult = z.object({
  /** 1-based. */
  environment: z.number().int(),
  /** results/{sim}/environments/env_{n} */
  path: z.string(),
  start_ms: z.number().nullable(),
  /** Why the environment itself failed (it did not start); its tests then carry verdict 'error'. */
  error: z.string().nullable(),
  log: z.string().nullable(),
  tests: z.array(TestRunTestResult),
});
export type TestRunEnvironmentResult = z.infer<typeof TestRunEnvironmentResult>;

export const TestRunSimulatorResult = z.object({
  simulator: z.string(),
  /** results/{sim} */
  path: z.string(),
  log: z.string().nullable(),
  environments: z.array(TestRunEnvironmentResult),
});
export type TestRunSimulatorResult = z.infer<typeof TestRunSimulatorResult>;

export const TestRunTotals = z.object({
  tests: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  /** From the run's start to its end (or to now while it runs). */
  duration_ms: z.number(),
});
export type TestRunTotals = z.infer<typeof TestRunTotals>;

/**
 * A test run: what the report shows, also kept as results/run.json in its dump. While the run goes on,
 * `results` holds the tests done so far and `progress` counts them.
 */
export const TestRunSummary = z.object({
  run_id: z.string(),
  status: TestRunStatus,
  pattern: z.string(),
  tags: z.array(z.string()),
  /** Environments per test case. */
  environments: z.number().int(),
  simulators: z.array(z.string()),
  started_at: Timestamp.nullable(),
  ended_at: Timestamp.nullable(),
  created_at: Timestamp,
  totals: TestRunTotals,
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Why the run as a whole failed (e.g. the archive could not be written); null otherwise. */
  error: z.string().nullable(),
  results: z.array(TestRunSimulatorResult),
});
export type TestRunSummary = z.infer<typeof TestRunSummary>;

export const StartTestRunResponse = z.object({
  run_id: z.string(),
  status: TestRunStatus,
  /** Test cases matched × environments. */
  tests: z.number().int(),
  simulators: z.array(z.string()),
});
export type StartTestRunResponse = z.infer<typeof StartTestRunResponse>;

/** One row of the Test Run Dumps table. */
export const TestRunDump = z.object({
  run_id: z.string(),
  status: TestRunStatus,
  environments: z.number().int(),
  tags: z.array(z.string()),
  pattern: z.string(),
  simulators: z.array(z.string()),
  created_at: Timestamp,
  /** Bytes of the zip; null until it is written. */
  size: z.number().int().nullable(),
});
export type TestRunDump = z.infer<typeof TestRunDump>;

export const TestRunDumpsResponse = z.object({ dumps: z.array(TestRunDump) });
export type TestRunDumpsResponse = z.infer<typeof TestRunDumpsResponse>;

/**
 * A read of one dump: the file at `file_path` (its bytes, with its content type: PNG screenshots as image/png,
 * logs as text/plain, JSON as application/json), or with `list_directory` the entries directly under that
 * folder. Paths are relative, '/'-separated; `..`, absolute paths, backslashes and NUL are refused (400).
 */
export const TestRunDumpFileRequest = z.object({
  file_path: z.string().max(TEST_RUN_DUMP_PATH_MAX_LENGTH),
  list_directory: z.boolean().optional(),
});
export type TestRunDumpFileRequest = z.infer<typeof TestRunDumpFileRequest>;

export const TestRunDumpEntry = z.object({
  filename: z.string(),
  full_path: z.string(),
  is_directory: z.boolean(),
  /** Uncompressed bytes; null for a folder. */
  size: z.number().int().nullable(),
});
export type TestRunDumpEntry = z.infer<typeof TestRunDumpEntry>;

export const TestRunDumpListing = z.object({ files: z.array(TestRunDumpEntry) });
export type TestRunDumpListing = z.infer<typeof TestRunDumpListing>;

/** What is wrong with a path into a dump, or null. The server refuses these with 400 {detail}. */
export function testRunDumpPathProblem(path: string): string | null {
  if (path.includes('\0')) return 'file_path must not contain NUL';
  if (path.includes('\\')) return 'file_path must use / between folders, not \\';
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'file_path must be relative to the dump';
  if (path.split('/').some((segment) => segment === '..')) return 'file_path must not contain ..';
  if (path.length > TEST_RUN_DUMP_PATH_MAX_LENGTH)
    return `file_path is longer than ${TEST_RUN_DUMP_PATH_MAX_LENGTH} characters`;
  return null;
}

/** A simulator name or test case key as one folder name of a dump. */
export function testRunPathSegment(name: string): string {
  // Letters, digits, `_`, `.` and `-`, never first `.` or `-`: also a valid blob key segment.
  const safe = name.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^[.-]/, '_');
  return safe.slice(0, 120) || '_';
}

/** Where a dump's whole zip streams from (GET, platform admins, with the bearer token). */
export function testRunDumpDownloadPath(runId: string): string {
  return `/api/admin/test-run-dumps/${encodeURIComponent(runId)}/download`;
}

/**
 * A GET address of one file in a dump (the same answer as the POST read without `list_directory`), for
 * `fetchBlob`: thumbnails, the image dialog and logs.
 */
export function testRunDumpFilePath(runId: string, filePath: string): string {
  return `/api/admin/test-run-dumps/${encodeURIComponent(runId)}/file?path=${encodeURIComponent(filePath)}`;
}

/** The PDF's file name (002 §2.4): test-run-{run_id}-{YYYY-MM-DD}.pdf. */
export function testRunPdfName(runId: string, date: Date): string {
  return `test-run-${runId}-${date.toISOString().slice(0, 10)}.pdf`;
}
