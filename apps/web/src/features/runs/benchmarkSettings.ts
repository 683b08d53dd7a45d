import {
  type BenchmarkRequest,
  BUILT_IN_AGENTS,
  MAX_BENCHMARK_CONCURRENCY,
  MAX_RUNS_PER_REQUEST,
} from '@proctor/contracts';

/**
 * The Run Benchmark dialog's settings (001 §5 Benchmark run, §7 Benchmarker): agent, version, runs and
 * concurrency, kept in the browser between benchmarks. Runs and concurrency are whole numbers of at least 1;
 * anything else becomes 1, as the contract's own check does on the server.
 */
export const BENCHMARK_SETTINGS_STORAGE_KEY = 'proctor.benchmark_settings';

export interface BenchmarkSettings {
  /** The agent's alias. */
  agent: string;
  version: string;
  runs: number;
  concurrency: number;
}

/** 001 §7 gives agent "anthropic", runs 5 and concurrency 5; there is no "anthropic" here: the oracle. */
export const DEFAULT_BENCHMARK_SETTINGS: BenchmarkSettings = {
  agent: BUILT_IN_AGENTS.oracle.alias,
  version: '',
  runs: 5,
  concurrency: 5,
};

/** The most a field may ask for: the server refuses more. */
export const BENCHMARK_LIMITS = {
  runs: MAX_RUNS_PER_REQUEST,
  concurrency: MAX_BENCHMARK_CONCURRENCY,
} as const;

/** A whole number from 1 to `max` from what a field holds: anything else becomes 1; more than `max` is `max`. */
export function atLeastOne(value: unknown, max: number = Number.POSITIVE_INFINITY): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) return 1;
  return Math.min(number, max);
}

/** The message a field shows while it holds a whole number past its limit (leaving it makes the number the limit). */
export function pastLimit(value: string, max: number, what: string): string | undefined {
  const number = Number(value.trim());
  return value.trim() !== '' && Number.isInteger(number) && number > max
    ? `At most ${max} ${what}`
    : undefined;
}

/** The settings kept in the browser; a missing, unreadable or partial value falls back field by field. */
export function parseBenchmarkSettings(stored: string | null | undefined): BenchmarkSettings {
  let value: unknown = null;
  try {
    value = stored ? JSON.parse(stored) : null;
  } catch {
    // Written by an older dashboard or by hand: the defaults.
  }
  const record = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const text = (field: unknown, fallback: string) => (typeof field === 'string' ? field : fallback);
  return {
    agent: text(record.agent, DEFAULT_BENCHMARK_SETTINGS.agent).trim() || DEFAULT_BENCHMARK_SETTINGS.agent,
    version: text(record.version, DEFAULT_BENCHMARK_SETTINGS.version).trim(),
    runs:
      record.runs === undefined
        ? DEFAULT_BENCHMARK_SETTINGS.runs
        : atLeastOne(record.runs, BENCHMARK_LIMITS.runs),
    concurrency:
      record.concurrency === undefined
        ? DEFAULT_BENCHMARK_SETTINGS.concurrency
        : atLeastOne(record.concurrency, BENCHMARK_LIMITS.concurrency),
  };
}

/** POST /api/benchmarker/benchmark's body: a blank version is left out, a version is trimmed. */
export function benchmarkRequestOf(
  settings: BenchmarkSettings,
  testCasePublicIds: string[],
): BenchmarkRequest {
  const version = settings.version.trim();
  return {
    testcase_ids: testCasePublicIds,
    agent: settings.agent,
    ...(version ? { version } : {}),
    runs: atLeastOne(settings.runs, BENCHMARK_LIMITS.runs),
    concurrency: atLeastOne(settings.concurrency, BENCHMARK_LIMITS.concurrency),
  };
}
