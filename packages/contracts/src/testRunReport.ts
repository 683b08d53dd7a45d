import { NO_FIGURE, type SuccessRate, successRate } from './presentation';
import type {
  TestRunEnvironmentResult,
  TestRunSimulatorResult,
  TestRunSummary,
  TestRunTestResult,
  TestRunVerdict,
} from './testRun';

/**
 * The run report (002 §2.4) as the dashboard and its PDF both show it: the simulator → environment → test tree
 * with each row's average and maximum environment start, reset and test times and its pass rate. One
 * computation, so the PDF never disagrees with the screen.
 */

/** The Test Run Dumps detail panel (002 §9). */
export const TEST_RUN_PANEL_WIDTH = 500;

/** The PDF export (002 §9): A4 landscape at 0.8, paginated; screenshots awaited up to 3 s. */
export const TEST_RUN_PDF = { format: 'A4', landscape: true, scale: 0.8, imageWaitMs: 3000 } as const;

/** The run report as a PDF (GET, platform admins, with the bearer token); `?screenshots=false` leaves them out. */
export const TEST_RUN_REPORT_PDF_ROUTE = '/api/admin/test-runs/:id/report.pdf';

export function testRunReportPdfPath(runId: string, options: { screenshots?: boolean } = {}): string {
  const path = TEST_RUN_REPORT_PDF_ROUTE.replace(':id', encodeURIComponent(runId));
  return options.screenshots === false ? `${path}?screenshots=false` : path;
}

/** Average and maximum of the durations that happened (null ones never did); null figures when none did. */
export interface DurationStats {
  avg: number | null;
  max: number | null;
  count: number;
}

export function durationStats(values: ReadonlyArray<number | null>): DurationStats {
  const present = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (present.length === 0) return { avg: null, max: null, count: 0 };
  const sum = present.reduce((total, value) => total + value, 0);
  return { avg: sum / present.length, max: Math.max(...present), count: present.length };
}

export type ReportLevel = 'simulator' | 'environment' | 'test';

/** One row of the report's tree. */
export interface ReportNode {
  /** Unique in the tree: the row's folder in the dump. */
  id: string;
  level: ReportLevel;
  label: string;
  start: DurationStats;
  reset: DurationStats;
  test: DurationStats;
  passRate: SuccessRate;
  /** The log of this level (simulator, environment or test log) in the dump; null when none was written. */
  log: string | null;
  /** Why the environment or the test failed; null otherwise (always null for a simulator). */
  error: string | null;
  /** Only for a test row. */
  verdict: TestRunVerdict | null;
  screenshots: string[];
  children: ReportNode[];
}

const passedOf = (tests: readonly TestRunTestResult[]) =>
  tests.filter((test) => test.verdict === 'passed').length;

function testNode(test: TestRunTestResult): ReportNode {
  return {
    id: test.path,
    level: 'test',
    label: test.name,
    start: durationStats([test.environment_start_ms]),
    reset: durationStats([test.reset_ms]),
    test: durationStats([test.test_ms]),
    passRate: successRate(test.verdict === 'passed' ? 1 : 0, 1),
    log: test.logs.test,
    error: test.error,
    verdict: test.verdict,
    screenshots: test.screenshots,
    children: [],
  };
}

function environmentNode(environment: TestRunEnvironmentResult): ReportNode {
  const tests = environment.tests;
  return {
    id: environment.path,
    level: 'environment',
    label: `Environment ${environment.environment}`,
    start: durationStats([environment.start_ms]),
    reset: durationStats(tests.map((test) => test.reset_ms)),
    test: durationStats(tests.map((test) => test.test_ms)),
    passRate: successRate(passedOf(tests), tests.length),
    log: environment.log,
    error: environment.error,
    verdict: null,
    screenshots: [],
    children: tests.map(testNode),
  };
}

function simulatorNode(simulator: TestRunSimulatorResult): ReportNode {
  const tests = simulator.environments.flatMap((environment) => environment.tests);
  return {
    id: simulator.path,
    level: 'simulator',
    label: simulator.simulator,
    start: durationStats(simulator.environments.map((environment) => environment.start_ms)),
    reset: durationStats(tests.map((test) => test.reset_ms)),
    test: durationStats(tests.map((test) => test.test_ms)),
    passRate: successRate(passedOf(tests), tests.length),
    log: simulator.log,
    error: null,
    verdict: null,
    screenshots: [],
    children: [...simulator.environments].sort((a, b) => a.environment - b.environment).map(environmentNode),
  };
}

/** The report's tree: simulators by name, their environments by number, tests in the order they ran. */
export function testRunReportTree(summary: Pick<TestRunSummary, 'results'>): ReportNode[] {
  return [...summary.results].sort((a, b) => a.simulator.localeCompare(b.simulator)).map(simulatorNode);
}

/** Every node of the tree, depth first. */
export function reportNodes(tree: readonly ReportNode[]): ReportNode[] {
  return tree.flatMap((node) => [node, ...reportNodes(node.children)]);
}

/**
 * Environment start, reset and test times are milliseconds to minutes: "850 ms", "4.2 s", "2m 05s"; a step
 * that never happened shows a dash.
 */
export function formatRunDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return NO_FIGURE;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}h ${String(minutes).padStart(2, '0')}m ${rest}s` : `${minutes}m ${rest}s`;
}

/** "2 of 3 (67%)"; a dash without tests. */
export function formatPassRate(rate: SuccessRate): string {
  if (rate.rate === null) return NO_FIGURE;
  return `${rate.passed} of ${rate.total} (${Math.round(rate.rate * 100)}%)`;
}

/** A dump's size: bytes, KB, MB or GB (of 1024). */
export function formatByteSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
}
