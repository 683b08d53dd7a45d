import type { RescoreResult } from './scoring';
import type { Simulator } from './simulator';
import type { TestCase } from './testCase';
import { originOf } from './urlPattern';
import {
  type CAPABILITIES,
  REASONING_LEVELS,
  type ReasoningLevel,
  SIMULATOR_STATUSES,
  type SimType,
  type SimulatorStatus,
  type SKILLS,
  type TestCaseScoringType,
} from './vocabulary';

/**
 * How the catalogue (simulators, test cases, datasets) is shown: order, colours, labels and filters that
 * follow from the product vocabulary (001 §3, §4.1, §4.4, §9). Pure, so every screen and the SDK agree.
 */

/** Where a status falls in the list sort order (001 §4.1); unknown statuses go last. */
export function simulatorStatusRank(status: string | undefined): number {
  const rank = SIMULATOR_STATUSES.findIndex((known) => known === status);
  return rank === -1 ? SIMULATOR_STATUSES.length : rank;
}

/** The status a simulator shows: not_started when its config has none (001 §4.1 default). */
export const simulatorStatusOf = (simulator: Pick<Simulator, 'config'>): SimulatorStatus =>
  simulator.config.status ?? 'not_started';

/** Status ascending in the order of 001 §4.1, then name, so equal statuses keep a stable order. */
export function sortSimulatorsByStatus<S extends Pick<Simulator, 'name' | 'config'>>(simulators: S[]): S[] {
  return [...simulators].sort(
    (a, b) =>
      simulatorStatusRank(simulatorStatusOf(a)) - simulatorStatusRank(simulatorStatusOf(b)) ||
      a.name.localeCompare(b.name),
  );
}

export type StatusColor = 'green' | 'blue' | 'orange' | 'red' | 'gray';

/** Ready green; environment_ready and data_ready blue; in-progress states orange; out of service red (001 §4.1). */
export function simulatorStatusColor(status: string): StatusColor {
  if (status === 'ready') return 'green';
  if (status === 'environment_ready' || status === 'data_ready') return 'blue';
  if (status.endsWith('in_progress')) return 'orange';
  if (status === 'out_of_service') return 'red';
  return 'gray';
}

/** snake_case vocabulary as words: tasks_in_progress → "Tasks in progress". */
export function vocabularyLabel(value: string): string {
  const words = value.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** App (built-in or Docker) or Proxy: the two kinds the list filters by (001 §2.4, §3). */
export type SimulatorKind = 'app' | 'proxy';
export const simulatorKind = (simType: SimType): SimulatorKind => (simType === 'proxy' ? 'proxy' : 'app');
export const SIMULATOR_KIND_LABELS: Record<SimulatorKind, string> = { app: 'App', proxy: 'Proxy' };

export interface SimulatorListFilter {
  name: string;
  /** Empty: every status. */
  statuses: SimulatorStatus[];
  /** null: anyone (admins only). */
  assignedUserId: number | null;
  /** Admins only. */
  notes: string;
  kind: SimulatorKind | 'all';
  /** null: any license. */
  license: string | null;
}

export const EMPTY_SIMULATOR_FILTER: SimulatorListFilter = {
  name: '',
  statuses: [],
  assignedUserId: null,
  notes: '',
  kind: 'all',
  license: null,
};

export function isSimulatorFilterActive(filter: SimulatorListFilter): boolean {
  return (
    filter.name.trim() !== '' ||
    filter.statuses.length > 0 ||
    filter.assignedUserId !== null ||
    filter.notes.trim() !== '' ||
    filter.kind !== 'all' ||
    filter.license !== null
  );
}

const contains = (text: string | null | undefined, needle: string) =>
  (text ?? '').toLowerCase().includes(needle.trim().toLowerCase());

/** The simulators that pass every filter; text filters are case-insensitive "contains". */
export function filterSimulators<S extends Pick<Simulator, 'name' | 'config' | 'simType'>>(
  simulators: S[],
  filter: SimulatorListFilter,
): S[] {
  return simulators.filter(
    (simulator) =>
      (contains(simulator.name, filter.name) || contains(simulator.config.title, filter.name)) &&
      (filter.statuses.length === 0 || filter.statuses.includes(simulatorStatusOf(simulator))) &&
      (filter.assignedUserId === null || simulator.config.assigned_user_id === filter.assignedUserId) &&
      (filter.notes.trim() === '' || contains(simulator.config.notes, filter.notes)) &&
      (filter.kind === 'all' || simulatorKind(simulator.simType) === filter.kind) &&
      (filter.license === null || simulator.config.license === filter.license),
  );
}

/** Distinct licenses of the simulators, for the license filter, alphabetically. */
export function simulatorLicenses(simulators: Array<Pick<Simulator, 'config'>>): string[] {
  const licenses = new Set<string>();
  for (const simulator of simulators) if (simulator.config.license) licenses.add(simulator.config.license);
  return [...licenses].sort((a, b) => a.localeCompare(b));
}

/** L1..L5 from level_1..level_5 (001 §9); null when the test case has no level. */
export function levelLabel(level: string | null | undefined): string | null {
  const match = level && level in REASONING_LEVELS ? /^level_(\d)$/.exec(level) : null;
  return match ? `L${match[1]}` : null;
}

export type SkillName = (typeof SKILLS)[number];
export type CapabilityName = (typeof CAPABILITIES)[number];

export const reasoningLevelName = (level: ReasoningLevel): string => REASONING_LEVELS[level];

export const SCORING_TYPE_LABELS: Record<TestCaseScoringType, string> = {
  mutations: 'Mutations',
  output: 'Output',
};

export interface ScoringBadge {
  label: string;
  /** Greyed out: the scoring config is not generated yet. */
  muted: boolean;
  tooltip?: string;
}

/**
 * defaultScoringConfig.source of expectations written with a built-in test case and proven by its reference
 * solution, rather than generated from human-verified sessions (which count as num_sessions_used).
 */
export const REFERENCE_SOLUTION_SOURCE = 'reference_solution';

export const SCORING_CONFIG_NOT_GENERATED = "Scoring config hasn't been generated yet";

const hasProperties = (schema: Record<string, unknown>) => {
  const properties = schema.properties;
  return typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0;
};

/**
 * The scoring badges of a test case (001 §4.4): Sample; Mutations [n sessions used] (plain Mutations when the
 * expectations come from a reference solution); JSON Schema when output
 * is scored against a schema that defines properties (Output otherwise); Human for a human-in-the-loop
 * config, whose scoring types then show greyed with the "not generated yet" tooltip (Mutations until its
 * expectations are generated from sessions people judged correct).
 */
export function scoringBadges(
  testCase: Pick<TestCase, 'isSample' | 'scoringTypes' | 'defaultScoringConfig' | 'outputSchema'>,
): ScoringBadge[] {
  const badges: ScoringBadge[] = [];
  if (testCase.isSample) badges.push({ label: 'Sample', muted: false });
  const config = testCase.defaultScoringConfig;
  const human = config.type === 'human_in_the_loop';
  const generated = typeof config.num_sessions_used === 'number';
  for (const type of testCase.scoringTypes) {
    if (human && !(type === 'mutations' && generated)) {
      badges.push({ label: SCORING_TYPE_LABELS[type], muted: true, tooltip: SCORING_CONFIG_NOT_GENERATED });
    } else if (type === 'mutations' && config.source === REFERENCE_SOLUTION_SOURCE) {
      badges.push({
        label: 'Mutations',
        muted: false,
        tooltip: 'Expected mutations of the reference solution',
      });
    } else if (type === 'mutations') {
      const used = config.num_sessions_used;
      badges.push({
        label: typeof used === 'number' ? `Mutations [${used}]` : 'Mutations',
        muted: false,
        tooltip: typeof used === 'number' ? `Generated from ${used} sessions` : undefined,
      });
    } else {
      badges.push({ label: hasProperties(testCase.outputSchema) ? 'JSON Schema' : 'Output', muted: false });
    }
  }
  if (human) badges.push({ label: 'Human', muted: false });
  return badges;
}

/** The /tests side panel (001 §2.1 gives no width): as wide as the datasets panel, less its run column. */
export const TEST_CASE_PANEL_WIDTH = 480;

/**
 * Whether a user may change a test case or dataset: create_test_cases, and the row is their organization's,
 * or public and they are a platform admin (the server's rule; the UI only hides what it would refuse).
 */
export function canEditCatalogueItem(
  user: { organizationId: number | null; permissions: { create_test_cases: boolean; is_admin: boolean } },
  ownerOrganizationId: number | null,
): boolean {
  if (!user.permissions.create_test_cases) return false;
  if (ownerOrganizationId === null) return user.permissions.is_admin;
  return ownerOrganizationId === user.organizationId;
}

/** Dates as "MMM DD, YYYY hh:mm a" (001 §9), in dayjs notation. */
export const DATE_TIME_FORMAT = 'MMM DD, YYYY hh:mm a';

/** Shown where a figure does not exist yet (no finished sessions). */
export const NO_FIGURE = '—';

export function formatAverageSteps(steps: number | null | undefined): string {
  if (steps === null || steps === undefined) return NO_FIGURE;
  return Number.isInteger(steps) ? String(steps) : steps.toFixed(1);
}

/** Durations as h m s (001 §9): 3725 → "1h 2m 5s", 42 → "42s". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return NO_FIGURE;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = [h ? `${h}h` : '', h || m ? `${m}m` : '', `${s}s`].filter(Boolean);
  return parts.join(' ');
}

export interface SiteFavicon {
  key: string;
  name: string;
  imgUrl: string | null;
  /** A site on the web: its icon is /api/favicon's for this host. Null for a simulator (its own image). */
  domain: string | null;
}

/** The host of a test case's start URL when it is a page on the web; null for a simulator's path. */
export function webStartHost(startUrl: string): string | null {
  const origin = originOf(startUrl);
  const host = origin?.match(/^https?:\/\/(.+)$/)?.[1];
  return host || null;
}

/** A test case's icon: its start page's site when that is on the web (001 §2.3 "start-URL favicons"), else its simulator's. */
export function testCaseFavicon(testCase: {
  startUrl?: string;
  simulator: TestCase['simulator'];
}): SiteFavicon | null {
  const host = testCase.startUrl ? webStartHost(testCase.startUrl) : null;
  if (host) return { key: `site:${host}`, name: host, imgUrl: null, domain: host };
  const { simulator } = testCase;
  return simulator
    ? { key: String(simulator.id), name: simulator.name, imgUrl: simulator.imgUrl, domain: null }
    : null;
}

/**
 * The Sites column of a dataset (001 §2.3): the distinct start-URL sites of its test cases (a simulator's test
 * case counts as its simulator), in order, at most `max` of them, and how many more there are.
 */
export function datasetFavicons(
  testCases: Array<{ startUrl?: string; simulator: TestCase['simulator'] }>,
  max: number,
): { favicons: SiteFavicon[]; overflow: number } {
  const seen = new Map<string, SiteFavicon>();
  for (const testCase of testCases) {
    const favicon = testCaseFavicon(testCase);
    if (favicon && !seen.has(favicon.key)) seen.set(favicon.key, favicon);
  }
  const all = [...seen.values()];
  return { favicons: all.slice(0, max), overflow: Math.max(0, all.length - max) };
}

/** The number of blank test cases to create: a whole number from 1 to max; anything else becomes 1 (001 §5). */
export function blankCountFrom(input: string | number, max: number): number {
  const value = typeof input === 'number' ? input : Number(input.trim());
  return Number.isInteger(value) && value >= 1 && value <= max ? value : 1;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The counts of a rescore as its notification says them (001 §8 "Rescoring completed" with counts). */
export function rescoreSummary(
  result: Pick<RescoreResult, 'rescored_count' | 'skipped_count' | 'error_count'>,
): string {
  return `${counted(result.rescored_count, 'test case', 'test cases')} rescored, ${result.skipped_count} skipped, ${counted(result.error_count, 'error', 'errors')}`;
}

/** A success rate with how sure it is: the share that passed and its 95 % Wilson score interval. */
export interface SuccessRate {
  passed: number;
  total: number;
  /** passed / total; null without a sample. */
  rate: number | null;
  /** The 95 % Wilson interval's bounds; null without a sample. */
  low: number | null;
  high: number | null;
}

/** z for a two-sided 95 % interval. */
const Z_95 = 1.959963984540054;

/**
 * The 95 % Wilson score interval of `passed` successes out of `total` (Wilson 1927). Unlike the plain
 * p ± z·√(p(1−p)/n), it stays inside [0, 1] and is honest for small samples and rates near 0 or 1: 3 of 3
 * is 44–100 %, not 100 ± 0 %. Every success rate Proctor shows carries its sample size and this interval.
 */
export function successRate(passed: number, total: number): SuccessRate {
  if (total <= 0) return { passed, total, rate: null, low: null, high: null };
  const p = passed / total;
  const z2 = Z_95 * Z_95;
  const denominator = 1 + z2 / total;
  const centre = (p + z2 / (2 * total)) / denominator;
  const half = (Z_95 * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator;
  return {
    passed,
    total,
    rate: p,
    low: Math.max(0, centre - half),
    high: Math.min(1, centre + half),
  };
}

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** "60% (95% CI 39–78%, n = 20)", or "no scored sessions" without a sample. */
export function formatSuccessRate(rate: SuccessRate): string {
  if (rate.rate === null || rate.low === null || rate.high === null) return 'no scored sessions';
  return `${percent(rate.rate)} (95% CI ${Math.round(rate.low * 100)}–${percent(rate.high)}, n = ${rate.total})`;
}
