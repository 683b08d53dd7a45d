import { describe, expect, it } from 'vitest';
import {
  builtInCrossAppTestCases,
  builtInSimulators,
  type CrossAppTestCaseDefinition,
  crossAppContext,
  crossAppTestCaseProblems,
  prepareSimulator,
  simulatorOfOrigin,
} from '../../src/index';

describe('the built-in test cases across apps', () => {
  it('should be well formed: built-in apps, each expectation tagged with one of them, keys unique', () => {
    expect(builtInCrossAppTestCases.flatMap((t) => crossAppTestCaseProblems(t, builtInSimulators))).toEqual(
      [],
    );
    const keys = builtInCrossAppTestCases.map((testCase) => testCase.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('should expect mutations only of tables and columns that exist in the app they name', () => {
    const tables = new Map(
      builtInSimulators.map((simulator) => [
        simulator.name,
        new Map(prepareSimulator(simulator).tables.map((t) => [t.name, t.columns.map((c) => c.name)])),
      ]),
    );
    const problems = builtInCrossAppTestCases.flatMap((testCase) =>
      (testCase.expectedMutations ?? []).flatMap((expected) => {
        const columns = tables.get(expected.simulator ?? '')?.get(expected.table_name);
        if (!columns) return [`${testCase.key}: no table ${expected.simulator}.${expected.table_name}`];
        return Object.keys(expected.changes ?? {})
          .filter((column) => !columns.includes(column))
          .map((column) => `${testCase.key}: no column ${expected.table_name}.${column}`);
      }),
    );
    expect(problems).toEqual([]);
  });

  it('should span at least three cases per pair of apps', () => {
    const pairs = new Map<string, number>();
    for (const testCase of builtInCrossAppTestCases) {
      const pair = testCase.simulators.join(' → ');
      pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
    }
    for (const [pair, count] of pairs) expect(count, pair).toBeGreaterThanOrEqual(3);
  });
});

describe('crossAppTestCaseProblems', () => {
  const base = builtInCrossAppTestCases[0]!;
  const problemsOf = (change: Partial<CrossAppTestCaseDefinition>) =>
    crossAppTestCaseProblems({ ...base, ...change }, builtInSimulators);

  it('should name an app that is not built in, a repeated app, and expectations without or outside its apps', () => {
    expect(problemsOf({ simulators: ['mail', 'ledger'] })).toContain(
      `${base.key}: no built-in simulator ledger`,
    );
    expect(problemsOf({ simulators: ['mail', 'mail'] })).toContain(`${base.key}: a simulator is named twice`);
    expect(problemsOf({ expectedMutations: [{ action: 'INSERT', table_name: 'events' }] })).toContain(
      `${base.key}: the expected INSERT events names no simulator`,
    );
    expect(
      problemsOf({ expectedMutations: [{ simulator: 'bank', action: 'INSERT', table_name: 'events' }] }),
    ).toContain(`${base.key}: the expected INSERT events names bank, not one of its apps`);
  });
});

describe('crossAppContext', () => {
  it('should give each app its origin and sign-in by name, the primary also at the top level', () => {
    const origins = { mail: 'http://e1.mail.localhost:4000', calendar: 'http://e1.calendar.localhost:4000' };
    const ctx = crossAppContext({ key: 'k', simulators: ['mail', 'calendar'] }, builtInSimulators, origins);
    const calendar = builtInSimulators.find((simulator) => simulator.name === 'calendar')!;
    expect(ctx.origin).toBe(origins.mail);
    expect(ctx.apps.calendar!.url('/calendar/week')).toBe('http://e1.calendar.localhost:4000/calendar/week');
    expect(ctx.apps.calendar!.auth.user).toBe(calendar.auth.user);
    expect(Object.keys(origins).map((name) => simulatorOfOrigin(origins[name as 'mail']))).toEqual([
      'mail',
      'calendar',
    ]);
    expect(() =>
      crossAppContext({ key: 'k', simulators: ['mail', 'chat'] }, builtInSimulators, origins),
    ).toThrow('k: no chat app in this environment');
  });
});
