import { describe, expect, it } from 'vitest';
import {
  blankCountFrom,
  canEditCatalogueItem,
  datasetFavicons,
  EMPTY_SIMULATOR_FILTER,
  filterSimulators,
  formatAverageSteps,
  formatDuration,
  formatSuccessRate,
  isSimulatorFilterActive,
  jobNameFor,
  levelLabel,
  mayRescoreSessions,
  noPermissions,
  REFERENCE_SOLUTION_SOURCE,
  rescoreSummary,
  SCORING_CONFIG_NOT_GENERATED,
  SIMULATOR_STATUSES,
  type SimType,
  type SimulatorConfig,
  scoringBadges,
  simulatorKind,
  simulatorLicenses,
  simulatorStatusColor,
  simulatorStatusRank,
  sortSimulatorsByStatus,
  successRate,
  vocabularyLabel,
} from '../src';

const simulator = (name: string, config: SimulatorConfig = {}, simType: SimType = 'app') => ({
  name,
  config,
  simType,
});

describe('simulator status order', () => {
  it('should sort by the order of 001 §4.1, then by name', () => {
    const sorted = sortSimulatorsByStatus([
      simulator('zeta', { status: 'out_of_service' }),
      simulator('beta', { status: 'ready' }),
      simulator('gamma'),
      simulator('alpha', { status: 'ready' }),
      simulator('delta', { status: 'data_ready' }),
      simulator('eps', { status: 'requested' }),
    ]);
    expect(sorted.map((s) => s.name)).toEqual(['alpha', 'beta', 'delta', 'gamma', 'eps', 'zeta']);
  });

  it('should rank every status by its place in SIMULATOR_STATUSES and unknown ones last', () => {
    SIMULATOR_STATUSES.forEach((status, index) => {
      expect(simulatorStatusRank(status)).toBe(index);
    });
    expect(simulatorStatusRank('in_progress')).toBe(SIMULATOR_STATUSES.length);
  });

  it('should not change the list it is given', () => {
    const list = [simulator('b', { status: 'requested' }), simulator('a', { status: 'ready' })];
    sortSimulatorsByStatus(list);
    expect(list.map((s) => s.name)).toEqual(['b', 'a']);
  });
});

describe('simulator status colour', () => {
  it('should colour ready green, the ready stages blue, in-progress orange and out of service red', () => {
    expect(simulatorStatusColor('ready')).toBe('green');
    expect(simulatorStatusColor('environment_ready')).toBe('blue');
    expect(simulatorStatusColor('data_ready')).toBe('blue');
    for (const status of ['tasks_in_progress', 'data_in_progress', 'environment_in_progress', 'in_progress'])
      expect(simulatorStatusColor(status)).toBe('orange');
    expect(simulatorStatusColor('out_of_service')).toBe('red');
    expect(simulatorStatusColor('not_started')).toBe('gray');
    expect(simulatorStatusColor('requested')).toBe('gray');
  });
});

describe('simulator filters', () => {
  const list = [
    simulator('shop', { status: 'ready', license: 'MIT', notes: 'Checkout flows', assigned_user_id: 7 }),
    simulator('mail', { status: 'data_ready', license: 'Apache-2.0' }),
    simulator('legacy-crm', { status: 'requested', title: 'Legacy CRM' }, 'proxy'),
    simulator('billing', { status: 'ready' }, 'docker_app'),
  ];
  const names = (filter: Partial<typeof EMPTY_SIMULATOR_FILTER>) =>
    filterSimulators(list, { ...EMPTY_SIMULATOR_FILTER, ...filter }).map((s) => s.name);

  it('should keep everything without a filter and say no filter is active', () => {
    expect(names({})).toEqual(['shop', 'mail', 'legacy-crm', 'billing']);
    expect(isSimulatorFilterActive(EMPTY_SIMULATOR_FILTER)).toBe(false);
  });

  it('should match names and titles case-insensitively', () => {
    expect(names({ name: 'SHO' })).toEqual(['shop']);
    expect(names({ name: 'crm' })).toEqual(['legacy-crm']);
    expect(isSimulatorFilterActive({ ...EMPTY_SIMULATOR_FILTER, name: 'x' })).toBe(true);
  });

  it('should filter by several statuses, assigned user, notes, license and kind', () => {
    expect(names({ statuses: ['ready', 'requested'] })).toEqual(['shop', 'legacy-crm', 'billing']);
    expect(names({ assignedUserId: 7 })).toEqual(['shop']);
    expect(names({ notes: 'checkout' })).toEqual(['shop']);
    expect(names({ license: 'Apache-2.0' })).toEqual(['mail']);
    expect(names({ kind: 'proxy' })).toEqual(['legacy-crm']);
    expect(names({ kind: 'app' })).toEqual(['shop', 'mail', 'billing']);
  });

  it('should treat Docker apps and built-in apps as App', () => {
    expect(simulatorKind('docker_app')).toBe('app');
    expect(simulatorKind('app')).toBe('app');
    expect(simulatorKind('proxy')).toBe('proxy');
  });

  it('should list distinct licenses alphabetically', () => {
    expect(simulatorLicenses(list)).toEqual(['Apache-2.0', 'MIT']);
  });
});

describe('labels', () => {
  it('should generate the job name of 001 §9', () => {
    expect(jobNameFor('my-shop 2')).toBe('MYSHOP2Job');
  });

  it('should show reasoning levels as L1..L5 and nothing for others', () => {
    expect(levelLabel('level_1')).toBe('L1');
    expect(levelLabel('level_5')).toBe('L5');
    expect(levelLabel('level_6')).toBeNull();
    expect(levelLabel(null)).toBeNull();
  });

  it('should turn vocabulary into words', () => {
    expect(vocabularyLabel('iframe_and_shadow_dom')).toBe('Iframe and shadow dom');
  });

  it('should show averages and durations, or a dash when there are none', () => {
    expect(formatAverageSteps(null)).toBe('—');
    expect(formatAverageSteps(12)).toBe('12');
    expect(formatAverageSteps(7.25)).toBe('7.3');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(3600)).toBe('1h 0m 0s');
    expect(formatDuration(3725.4)).toBe('1h 2m 5s');
  });
});

describe('scoring badges', () => {
  const base = { isSample: false, defaultScoringConfig: {}, outputSchema: {} };

  it('should show mutations with the sessions used once generated', () => {
    expect(scoringBadges({ ...base, scoringTypes: ['mutations'] })).toEqual([
      { label: 'Mutations', muted: false, tooltip: undefined },
    ]);
    const generated = scoringBadges({
      ...base,
      scoringTypes: ['mutations'],
      defaultScoringConfig: { num_sessions_used: 3 },
    });
    expect(generated[0]?.label).toBe('Mutations [3]');
  });

  it('should not count sessions for expectations that come from a reference solution', () => {
    const [badge] = scoringBadges({
      ...base,
      scoringTypes: ['mutations'],
      defaultScoringConfig: { source: REFERENCE_SOLUTION_SOURCE, mutations: [] },
    });
    expect(badge).toEqual({
      label: 'Mutations',
      muted: false,
      tooltip: 'Expected mutations of the reference solution',
    });
  });

  it('should show JSON Schema for output scored against a schema with properties', () => {
    const schema = { type: 'object', properties: { total: { type: 'number' } } };
    expect(scoringBadges({ ...base, scoringTypes: ['output'], outputSchema: schema })[0]?.label).toBe(
      'JSON Schema',
    );
    expect(scoringBadges({ ...base, scoringTypes: ['output'] })[0]?.label).toBe('Output');
  });

  it('should mark samples and grey out the types of a human-in-the-loop case', () => {
    const badges = scoringBadges({
      ...base,
      isSample: true,
      scoringTypes: ['output', 'mutations'],
      defaultScoringConfig: { type: 'human_in_the_loop' },
    });
    expect(badges.map((b) => [b.label, b.muted])).toEqual([
      ['Sample', false],
      ['Output', true],
      ['Mutations', true],
      ['Human', false],
    ]);
    const generated = scoringBadges({
      ...base,
      scoringTypes: ['output', 'mutations'],
      defaultScoringConfig: { type: 'human_in_the_loop', num_sessions_used: 2 },
    });
    expect(generated.map((b) => [b.label, b.muted])).toEqual([
      ['Output', true],
      ['Mutations [2]', false],
      ['Human', false],
    ]);
    expect(badges[1]?.tooltip).toBe(SCORING_CONFIG_NOT_GENERATED);
  });
});

describe('dataset favicons', () => {
  const of = (id: number | null) => ({
    simulator: id === null ? null : { id, name: `sim${id}`, imgUrl: `/icons/${id}.svg` },
  });

  it('should list distinct simulators up to the limit and count the rest', () => {
    const testCases = [1, 2, 2, 3, null, 4, 5, 6, 7, 8, 9, 1].map(of);
    const { favicons, overflow } = datasetFavicons(testCases, 7);
    expect(favicons.map((f) => f.name)).toEqual(['sim1', 'sim2', 'sim3', 'sim4', 'sim5', 'sim6', 'sim7']);
    expect(overflow).toBe(2);
  });

  it('should have no overflow under the limit', () => {
    expect(datasetFavicons([of(1), of(1)], 7)).toEqual({
      favicons: [{ key: '1', name: 'sim1', imgUrl: '/icons/1.svg', domain: null }],
      overflow: 0,
    });
  });

  it("should show a web start page's site by its host, once, and a simulator's path as the simulator", () => {
    const { favicons } = datasetFavicons(
      [
        { startUrl: 'https://shop.example.com/cart', ...of(1) },
        { startUrl: 'https://shop.example.com/', ...of(2) },
        { startUrl: '/inbox', ...of(3) },
        { startUrl: 'javascript:alert(1)', ...of(4) },
      ],
      7,
    );
    expect(favicons).toEqual([
      { key: 'site:shop.example.com', name: 'shop.example.com', imgUrl: null, domain: 'shop.example.com' },
      { key: '3', name: 'sim3', imgUrl: '/icons/3.svg', domain: null },
      { key: '4', name: 'sim4', imgUrl: '/icons/4.svg', domain: null },
    ]);
  });
});

describe('blank test case count', () => {
  it('should accept whole numbers from 1 to the maximum and make anything else 1', () => {
    expect(blankCountFrom('5', 100)).toBe(5);
    expect(blankCountFrom(100, 100)).toBe(100);
    for (const invalid of ['', 'abc', '0', '-3', '2.5', '101', ' '])
      expect(blankCountFrom(invalid, 100)).toBe(1);
  });
});

describe('who may edit a test case or dataset', () => {
  const user = (create_test_cases: boolean, is_admin: boolean) => ({
    organizationId: 4,
    permissions: { create_test_cases, is_admin },
  });

  it("should let authors edit their organization's items and admins the public ones", () => {
    expect(canEditCatalogueItem(user(true, false), 4)).toBe(true);
    expect(canEditCatalogueItem(user(true, false), null)).toBe(false);
    expect(canEditCatalogueItem(user(true, true), null)).toBe(true);
    expect(canEditCatalogueItem(user(true, true), 5)).toBe(false);
    expect(canEditCatalogueItem(user(false, true), 4)).toBe(false);
  });
});

describe('the rescore notification', () => {
  it('should say how many test cases were rescored, skipped and failed, in words that agree with the counts', () => {
    expect(rescoreSummary({ rescored_count: 3, skipped_count: 2, error_count: 0 })).toBe(
      '3 test cases rescored, 2 skipped, 0 errors',
    );
    expect(rescoreSummary({ rescored_count: 1, skipped_count: 0, error_count: 1 })).toBe(
      '1 test case rescored, 0 skipped, 1 error',
    );
  });
});

describe('success rates', () => {
  it('should give the 95% Wilson interval, inside [0, 1] even at the edges', () => {
    // Reference values: Newcombe (1998), Table I (Wilson score method).
    const a = successRate(81, 263);
    expect(a.low).toBeCloseTo(0.2553, 3);
    expect(a.high).toBeCloseTo(0.3662, 3);
    const b = successRate(15, 148);
    expect(b.low).toBeCloseTo(0.0624, 3);
    expect(b.high).toBeCloseTo(0.1605, 3);
    const none = successRate(0, 20);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.1611, 3);
    const all = successRate(3, 3);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.4385, 3);
  });

  it('should say so when there is no sample, and read as a user sees it', () => {
    expect(successRate(0, 0)).toEqual({ passed: 0, total: 0, rate: null, low: null, high: null });
    expect(formatSuccessRate(successRate(0, 0))).toBe('no scored sessions');
    expect(formatSuccessRate(successRate(12, 20))).toBe('60% (95% CI 39–78%, n = 20)');
  });
});

describe('who may rescore sessions', () => {
  it('should let platform admins, account admins and test authors rescore, and nobody else', () => {
    const holding = (...flags: Array<keyof ReturnType<typeof noPermissions>>) => ({
      ...noPermissions(),
      ...Object.fromEntries(flags.map((flag) => [flag, true])),
    });
    expect(mayRescoreSessions(holding('is_admin'))).toBe(true);
    expect(mayRescoreSessions(holding('is_account_admin'))).toBe(true);
    expect(mayRescoreSessions(holding('create_test_cases'))).toBe(true);
    expect(mayRescoreSessions(holding('dashboard_access', 'record_testcases', 'is_super_scorer'))).toBe(
      false,
    );
  });
});
