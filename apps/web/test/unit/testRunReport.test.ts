import {
  formatByteSize,
  formatPassRate,
  formatRunDuration,
  reportNodes,
  type TestRunSimulatorResult,
  type TestRunTestResult,
  testRunReportTree,
} from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { expandedByPreset, toggled, visibleRows } from '../../src/features/admin/testRuns/reportTree';

function test(
  simulator: string,
  environment: number,
  key: string,
  figures: Partial<TestRunTestResult> = {},
): TestRunTestResult {
  const path = `results/${simulator}/environments/env_${environment}/tests/${key}`;
  return {
    test: key,
    name: key,
    path,
    environment_start_ms: null,
    reset_ms: null,
    test_ms: null,
    verdict: 'passed',
    error: null,
    screenshots: [`${path}/screenshots/001.png`],
    logs: { simulator: `results/${simulator}/simulator.log`, environment: null, test: `${path}/test.log` },
    ...figures,
  };
}

function simulator(
  name: string,
  environments: Array<{ startMs: number | null; tests: TestRunTestResult[] }>,
) {
  return {
    simulator: name,
    path: `results/${name}`,
    log: `results/${name}/simulator.log`,
    environments: environments.map((environment, index) => ({
      environment: index + 1,
      path: `results/${name}/environments/env_${index + 1}`,
      start_ms: environment.startMs,
      error: null,
      log: `results/${name}/environments/env_${index + 1}/environment.log`,
      tests: environment.tests,
    })),
  } satisfies TestRunSimulatorResult;
}

// Two simulators given out of order; shop has two environments, the second slower to start.
const results = [
  simulator('shop', [
    {
      startMs: 800,
      tests: [
        test('shop', 1, 'buy', { reset_ms: 100, test_ms: 2000, environment_start_ms: 800 }),
        test('shop', 1, 'refund', { reset_ms: 300, test_ms: 4000, verdict: 'failed', error: 'No refund' }),
      ],
    },
    {
      startMs: 1200,
      tests: [
        test('shop', 2, 'buy', { reset_ms: 200, test_ms: 3000, environment_start_ms: 1200 }),
        // A test that never got to reset or run: it counts in the pass rate, not in the timings.
        test('shop', 2, 'refund', { verdict: 'error', error: 'Environment crashed' }),
      ],
    },
  ]),
  simulator('mail', [{ startMs: 500, tests: [test('mail', 1, 'send', { reset_ms: 50, test_ms: 700 })] }]),
];

describe('the run report tree', () => {
  const tree = testRunReportTree({ results });

  it('should list simulators by name, environments by number, tests in the order they ran', () => {
    expect(tree.map((node) => node.label)).toEqual(['mail', 'shop']);
    const shop = tree[1]!;
    expect(shop.children.map((node) => node.label)).toEqual(['Environment 1', 'Environment 2']);
    expect(shop.children[0]!.children.map((node) => node.label)).toEqual(['buy', 'refund']);
    expect(reportNodes(tree)).toHaveLength(2 + 3 + 5);
  });

  it('should average and take the maximum of environment start, reset and test times per level', () => {
    const shop = tree[1]!;
    expect(shop.start).toEqual({ avg: 1000, max: 1200, count: 2 });
    expect(shop.reset).toEqual({ avg: 200, max: 300, count: 3 });
    expect(shop.test).toEqual({ avg: 3000, max: 4000, count: 3 });
    const second = shop.children[1]!;
    expect(second.start).toEqual({ avg: 1200, max: 1200, count: 1 });
    expect(second.reset).toEqual({ avg: 200, max: 200, count: 1 });
    const crashed = second.children[1]!;
    expect(crashed.reset).toEqual({ avg: null, max: null, count: 0 });
    expect(formatRunDuration(crashed.test.avg)).toBe('—');
  });

  it('should total tests and passes per level for the pass rate', () => {
    const [mail, shop] = tree;
    expect([shop!.passRate.passed, shop!.passRate.total]).toEqual([2, 4]);
    expect(formatPassRate(shop!.passRate)).toBe('2 of 4 (50%)');
    expect(formatPassRate(shop!.children[0]!.passRate)).toBe('1 of 2 (50%)');
    expect(formatPassRate(mail!.passRate)).toBe('1 of 1 (100%)');
    const total = tree.reduce((sum, node) => sum + node.passRate.total, 0);
    const passed = tree.reduce((sum, node) => sum + node.passRate.passed, 0);
    expect([passed, total]).toEqual([3, 5]);
  });

  it('should keep each level its own log, the error and the screenshots of a test', () => {
    const refund = tree[1]!.children[0]!.children[1]!;
    expect(refund.log).toBe('results/shop/environments/env_1/tests/refund/test.log');
    expect(refund.error).toBe('No refund');
    expect(refund.verdict).toBe('failed');
    expect(refund.screenshots).toEqual(['results/shop/environments/env_1/tests/refund/screenshots/001.png']);
    expect(tree[1]!.log).toBe('results/shop/simulator.log');
    expect(tree[1]!.children[1]!.log).toBe('results/shop/environments/env_2/environment.log');
  });
});

describe('the report presets', () => {
  const tree = testRunReportTree({ results });
  const shown = (preset: Parameters<typeof expandedByPreset>[1]) =>
    visibleRows(tree, expandedByPreset(tree, preset)).map((row) => `${row.depth}:${row.node.label}`);

  it('should show only the simulators when Collapsed', () => {
    expect(shown('collapsed')).toEqual(['0:mail', '0:shop']);
  });

  it('should open the simulators to their environments with Simulators', () => {
    expect(shown('simulators')).toEqual([
      '0:mail',
      '1:Environment 1',
      '0:shop',
      '1:Environment 1',
      '1:Environment 2',
    ]);
  });

  it('should show every test with Tags, and open every test with All Tests', () => {
    const tags = visibleRows(tree, expandedByPreset(tree, 'tags'));
    expect(tags).toHaveLength(10);
    expect(tags.filter((row) => row.node.level === 'test').every((row) => !row.expanded)).toBe(true);
    const all = visibleRows(tree, expandedByPreset(tree, 'all'));
    expect(all).toHaveLength(10);
    expect(all.every((row) => row.expanded)).toBe(true);
  });

  it('should open and close one row by hand after a preset', () => {
    const collapsed = expandedByPreset(tree, 'collapsed');
    const shopOpen = toggled(collapsed, 'results/shop');
    expect(visibleRows(tree, shopOpen).map((row) => row.node.label)).toEqual([
      'mail',
      'shop',
      'Environment 1',
      'Environment 2',
    ]);
    expect(visibleRows(tree, toggled(shopOpen, 'results/shop'))).toHaveLength(2);
  });
});

describe('report figures', () => {
  it('should show durations from milliseconds to hours', () => {
    expect(formatRunDuration(850.4)).toBe('850 ms');
    expect(formatRunDuration(4200)).toBe('4.20 s');
    expect(formatRunDuration(42_000)).toBe('42.0 s');
    expect(formatRunDuration(125_000)).toBe('2m 05s');
    expect(formatRunDuration(3_725_000)).toBe('1h 02m 05s');
    expect(formatRunDuration(null)).toBe('—');
  });

  it('should show a dump size in B, KB, MB and GB', () => {
    expect(formatByteSize(512)).toBe('512 B');
    expect(formatByteSize(1536)).toBe('1.5 KB');
    expect(formatByteSize(1024 ** 3 * 1.25)).toBe('1.3 GB');
  });
});
