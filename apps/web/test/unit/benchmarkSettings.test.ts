import { BenchmarkRequest, MAX_BENCHMARK_CONCURRENCY, MAX_RUNS_PER_REQUEST } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  atLeastOne,
  benchmarkRequestOf,
  DEFAULT_BENCHMARK_SETTINGS,
  parseBenchmarkSettings,
  pastLimit,
} from '../../src/features/runs/benchmarkSettings';

describe('the Run Benchmark settings', () => {
  it('should make any invalid runs or concurrency 1, and cap a number above the limit', () => {
    expect(atLeastOne('3')).toBe(3);
    expect(atLeastOne(' 12 ')).toBe(12);
    for (const invalid of ['', '  ', '0', '-2', '2.5', 'five', '1e', Number.NaN, null, undefined, {}])
      expect(atLeastOne(invalid), String(invalid)).toBe(1);
    expect(atLeastOne('500', MAX_BENCHMARK_CONCURRENCY)).toBe(MAX_BENCHMARK_CONCURRENCY);
  });

  it('should say the limit while a field holds a number past it, and nothing otherwise', () => {
    expect(pastLimit(String(MAX_RUNS_PER_REQUEST + 1), MAX_RUNS_PER_REQUEST, 'runs per benchmark')).toBe(
      `At most ${MAX_RUNS_PER_REQUEST} runs per benchmark`,
    );
    for (const fine of [String(MAX_RUNS_PER_REQUEST), '1', '', 'many', '0', '2.5'])
      expect(pastLimit(fine, MAX_RUNS_PER_REQUEST, 'runs per benchmark'), fine).toBeUndefined();
  });

  it('should start from the oracle, 5 runs and 5 at once when nothing was stored', () => {
    expect(DEFAULT_BENCHMARK_SETTINGS).toEqual({ agent: 'oracle', version: '', runs: 5, concurrency: 5 });
    expect(parseBenchmarkSettings(null)).toEqual(DEFAULT_BENCHMARK_SETTINGS);
    expect(parseBenchmarkSettings('not json')).toEqual(DEFAULT_BENCHMARK_SETTINGS);
    expect(parseBenchmarkSettings('[1,2]')).toEqual(DEFAULT_BENCHMARK_SETTINGS);
  });

  it('should read what was stored field by field, the broken fields falling back', () => {
    expect(
      parseBenchmarkSettings(
        JSON.stringify({ agent: 'oracle-wrong', version: ' v2 ', runs: 3, concurrency: 2 }),
      ),
    ).toEqual({ agent: 'oracle-wrong', version: 'v2', runs: 3, concurrency: 2 });
    expect(parseBenchmarkSettings(JSON.stringify({ agent: '  ', runs: 'many', concurrency: 0 }))).toEqual({
      agent: 'oracle',
      version: '',
      runs: 1,
      concurrency: 1,
    });
    expect(parseBenchmarkSettings(JSON.stringify({ version: 7 }))).toEqual(DEFAULT_BENCHMARK_SETTINGS);
  });

  it('should send a trimmed version, leave a blank one out, and pass the contract', () => {
    const request = benchmarkRequestOf({ agent: 'oracle', version: '  ', runs: 2, concurrency: 1 }, ['tc_1']);
    expect(request).toEqual({ testcase_ids: ['tc_1'], agent: 'oracle', runs: 2, concurrency: 1 });
    const versioned = benchmarkRequestOf({ agent: 'oracle', version: ' 1.2 ', runs: 1, concurrency: 1 }, [
      'tc_1',
    ]);
    expect(versioned.version).toBe('1.2');
    expect(BenchmarkRequest.parse(versioned)).toEqual({
      testcase_ids: ['tc_1'],
      agent: 'oracle',
      version: '1.2',
      runs: 1,
      concurrency: 1,
    });
  });
});
