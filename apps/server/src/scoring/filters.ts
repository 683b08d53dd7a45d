import type { Mutation, MutationIgnoreRules, SimulatorConfig } from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import type { ScoringInput } from '@proctor/scoring';
import { findSimulator, findSimulatorByName } from '../repositories/simulators';
import type { TestCaseRow } from '../repositories/testCases';

/** The mutation filters kept in a simulator's config (admins may have edited them since registration). */
export function simulatorFilters(config: SimulatorConfig): MutationIgnoreRules {
  return {
    ignore_tables: config.ignore_tables ?? [],
    ignore_columns: config.ignore_columns ?? {},
    ignore_tables_with_column_values: config.ignore_tables_with_column_values ?? {},
  };
}

/**
 * What scoring needs of a session that spans several apps (ScoringInput.simulators): the test case's own
 * simulator's name and every other app's ignore rules, for the apps its mutations and its expectations name.
 * Undefined when neither names one: a session of one simulator, scored as before. An app no longer registered
 * keeps its mutations unfiltered.
 */
export async function simulatorsOfSession(
  db: Executor,
  testCase: Pick<TestCaseRow, 'simulatorId' | 'defaultScoringConfig'>,
  mutations: readonly Mutation[],
): Promise<ScoringInput['simulators']> {
  const expected = Array.isArray(testCase.defaultScoringConfig.mutations)
    ? (testCase.defaultScoringConfig.mutations as { simulator?: unknown }[])
    : [];
  const names = new Set([
    ...mutations.flatMap((mutation) => (mutation.simulator ? [mutation.simulator] : [])),
    ...expected.flatMap((mutation) => (typeof mutation?.simulator === 'string' ? [mutation.simulator] : [])),
  ]);
  if (names.size === 0) return undefined;
  const own = testCase.simulatorId === null ? undefined : await findSimulator(db, testCase.simulatorId);
  const filters: Record<string, MutationIgnoreRules> = {};
  for (const name of names) {
    if (name === own?.name) continue;
    const simulator = await findSimulatorByName(db, name);
    filters[name] = simulatorFilters(simulator?.config ?? {});
  }
  return { own: own?.name ?? '', filters };
}
