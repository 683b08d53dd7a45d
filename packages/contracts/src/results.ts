import { z } from 'zod';
import { SuccessRateView } from './agent';
import { pageSizeInUrl } from './common';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants';
import type { SuccessRate } from './presentation';
import { SessionListQuery, SessionSummary } from './session';

/**
 * Benchmark results (001 §2.5 Benchmarks, §2.9 /results, §3 Benchmark agent summary, §7 Sessions and
 * benchmarks, §9): success rates per agent family over the test cases of chosen simulators.
 */

/**
 * The agent families of the comparison, matched by alias text in this order (001 §2.9, §9): an alias that
 * names two (say "openai-vs-anthropic") joins the first. Matching ignores case, so "OpenAI CUA" is openai.
 */
export const AGENT_FAMILIES = [
  { family: 'openai', label: 'computer_use_preview' },
  { family: 'anthropic', label: 'Claude 3.7' },
  { family: 'browser_use', label: 'Browser Use' },
  { family: 'nova', label: 'Nova' },
] as const;

export interface AgentFamily {
  /** openai, anthropic, browser_use, nova, or the alias of an agent outside them. */
  family: string;
  label: string;
}

/**
 * The family an agent's sessions count for. Decision: the spec names only four families; every other agent
 * (the built-in oracle, an organization's own agents) is a family of its own, keyed and labelled by its alias,
 * so that its sessions are shown rather than lost. Such an alias never collides with a named family's key:
 * an alias equal to one contains it, so it joins that family.
 */
export function agentFamilyOf(alias: string): AgentFamily {
  const text = alias.toLowerCase();
  const named = AGENT_FAMILIES.find(({ family }) => text.includes(family));
  return named ? { family: named.family, label: named.label } : { family: alias, label: alias };
}

/** The comparison chart (001 §2.9, §9): the rate axis runs from 0 to 100 %, and no bar is wider than 100 px. */
export const RESULTS_CHART = {
  axisMax: 100,
  axisTicks: [0, 25, 50, 75, 100],
  maxBarWidth: 100,
} as const;

export const RESULTS_MESSAGES = {
  prompt: 'Select environments and click "Load Results" to see comparison',
  loading: 'This may take a minute',
  empty: 'No results found for the selected criteria',
  noBenchmarkResults: 'No benchmark results found for this simulator',
  simulatorNotFound: (name: string) => `Simulator not found: ${name}`,
  noSimulators: 'Select at least one simulator',
} as const;

export type SuccessBadgeColor = 'gray' | 'red' | 'green' | 'orange';

/**
 * The success badge (001 §9): neutral without scored sessions, red at 0 %, green at 100 %, orange between.
 * Decision: the colour follows the rounded percentage the badge shows (the spec's rate is a rounded
 * percentage), so a badge never reads "100%" in orange or "0%" in orange.
 */
export function successBadgeColor(rate: Pick<SuccessRate, 'rate'>): SuccessBadgeColor {
  if (rate.rate === null) return 'gray';
  const percent = Math.round(rate.rate * 100);
  if (percent === 0) return 'red';
  if (percent === 100) return 'green';
  return 'orange';
}

/** Simulators in a query string: comma-joined names ("shop,bank"); blank parts are dropped. */
const SimulatorNames = z
  .string({ error: RESULTS_MESSAGES.noSimulators })
  .max(10_000)
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    ),
  ])
  .pipe(
    z
      .array(z.string().max(200))
      .min(1, { error: RESULTS_MESSAGES.noSimulators })
      .max(100, { error: 'At most 100 simulators can be compared at once' }),
  );

/** GET /api/results?simulators=a,b (001 §2.9): every name must be a simulator the caller can see (else 404). */
export const ResultsQuery = z.object({ simulators: SimulatorNames });
export type ResultsQuery = z.input<typeof ResultsQuery>;

const Counts = {
  /** Every session counted here: non-archived, not a replay, of the viewer's organization. */
  total: z.number().int(),
  /** Sessions with a verdict, less those auto-marked incorrect and infrastructure failures (001 §4.3). */
  scored: z.number().int(),
  /** Scored sessions that passed (clear human results first, else the latest automatic verdict). */
  passed: z.number().int(),
  /** Runs Proctor failed (run, post-processing or scoring): counted apart, never against the agent. */
  infrastructureFailures: z.number().int(),
  /** passed of scored, with its 95 % Wilson interval. */
  successRate: SuccessRateView,
};

export const FamilyTestCaseResult = z.object({
  testCase: z.object({ id: z.number().int(), publicId: z.string(), name: z.string() }),
  simulator: z.object({ id: z.number().int(), name: z.string() }),
  ...Counts,
});
export type FamilyTestCaseResult = z.infer<typeof FamilyTestCaseResult>;

export const FamilyResults = z.object({
  family: z.string(),
  label: z.string(),
  /** The agents whose sessions the family's figures add up. */
  agents: z.array(z.object({ id: z.number().int(), alias: z.string() })),
  summary: z.object(Counts),
  testCases: z.array(FamilyTestCaseResult),
});
export type FamilyResults = z.infer<typeof FamilyResults>;

/**
 * The families in the order of AGENT_FAMILIES, then the others by label; a family's test cases by simulator
 * and test case name. Families with no sessions on the chosen simulators are left out.
 */
export const ResultsResponse = z.object({ families: z.array(FamilyResults) });
export type ResultsResponse = z.infer<typeof ResultsResponse>;

/** GET /api/session/public/benchmarks/{name}: {name} is a simulator's name (decision, see the route). */
export const BenchmarkNameParam = z.object({ name: z.string().trim().min(1).max(200) });

/**
 * The filters of the benchmark sessions fetch (001 §7): agentArtifactIds and statuses as the sessions list
 * reads them, includeReplays (false), and page_size (001 §9 benchmark fetch: 10000).
 */
export const BenchmarkSessionsQuery = SessionListQuery.pick({
  agentArtifactIds: true,
  statuses: true,
  includeReplays: true,
}).extend({
  page_size: pageSizeInUrl(MAX_PAGE_SIZE).default(PAGE_SIZE.benchmarkFetch),
});
export type BenchmarkSessionsQuery = z.input<typeof BenchmarkSessionsQuery>;

/** Rows as the sessions list shows them, newest first; totalCount says how many matched beyond page_size. */
export const BenchmarkSessionsResponse = z.object({
  sessions: z.array(SessionSummary),
  totalCount: z.number().int(),
});
export type BenchmarkSessionsResponse = z.infer<typeof BenchmarkSessionsResponse>;

/** One row of the results-by-test-case table: a test case and each family's results on it. */
export interface TestCaseComparison {
  testCase: FamilyTestCaseResult['testCase'];
  simulator: FamilyTestCaseResult['simulator'];
  /** By family key; a family that did not run the test case has no entry. */
  byFamily: Record<string, FamilyTestCaseResult>;
}

/** The families' results turned around, one row per test case, by simulator then test case name. */
export function compareByTestCase(families: readonly FamilyResults[]): TestCaseComparison[] {
  const rows = new Map<number, TestCaseComparison>();
  for (const family of families) {
    for (const result of family.testCases) {
      const row = rows.get(result.testCase.id) ?? {
        testCase: result.testCase,
        simulator: result.simulator,
        byFamily: {},
      };
      row.byFamily[family.family] = result;
      rows.set(result.testCase.id, row);
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      a.simulator.name.localeCompare(b.simulator.name) ||
      a.testCase.name.localeCompare(b.testCase.name) ||
      a.testCase.id - b.testCase.id,
  );
}
