import type { EvaluateEnvironmentResponse } from '@proctor/contracts';
import type { testCases } from '@proctor/db';
import {
  checkOutput,
  describeMutationMatch,
  type ExpectedMutation,
  type JsonValue,
  type Mutation,
  matchMutations,
  type SimulatorConfig,
} from '@proctor/simulators';

type TestCaseRow = typeof testCases.$inferSelect;

/** The mutation filters kept in a simulator's stored config (admins may have edited them since registration). */
export function simulatorFilters(config: Record<string, unknown>): SimulatorConfig {
  return {
    ignore_tables: (config.ignore_tables as string[] | undefined) ?? [],
    ignore_columns: (config.ignore_columns as SimulatorConfig['ignore_columns'] | undefined) ?? {},
    ignore_tables_with_column_values:
      (config.ignore_tables_with_column_values as
        | SimulatorConfig['ignore_tables_with_column_values']
        | undefined) ?? {},
  };
}

/**
 * Checks a run against its test case with the kit's matcher: the expected mutations kept in the test case's
 * default scoring config (state tasks), and the answer against its correct output and output schema (retrieval
 * tasks). The full scoring engine (every score type, human consensus) builds on this later.
 * Without a test case there is nothing to expect: the run fails, and says so.
 */
export function evaluateRun(
  testCase: TestCaseRow | null,
  run: { mutations: readonly Mutation[]; output: unknown },
  filters: SimulatorConfig,
): EvaluateEnvironmentResponse {
  if (!testCase) {
    return {
      passed: false,
      details: {
        test_case_public_id: null,
        explanation: 'No test case: reset the environment with one before evaluating',
        mutations: null,
        output: null,
      },
    };
  }
  const reasons: string[] = [];
  let mutations: EvaluateEnvironmentResponse['details']['mutations'] = null;
  let output: EvaluateEnvironmentResponse['details']['output'] = null;

  if (testCase.scoringTypes.includes('mutations')) {
    const expected = ((testCase.defaultScoringConfig as { mutations?: ExpectedMutation[] }).mutations ??
      []) as ExpectedMutation[];
    const result = matchMutations(run.mutations, expected, filters);
    if (!result.satisfied) reasons.push(describeMutationMatch(result));
    mutations = {
      satisfied: result.satisfied,
      matched: result.matched.length,
      missing: result.missing.map((m) => ({
        table_name: m.expected.table_name,
        action: m.expected.action,
        reason: m.reason,
      })),
      unexpected: result.unexpected.map((u) => ({ table_name: u.table_name, action: u.action, pk: u.pk })),
    };
  }
  if (testCase.scoringTypes.includes('output')) {
    const answer = run.output as JsonValue | undefined;
    const expected = (testCase.correctOutputs[0] ?? null) as JsonValue;
    const check = checkOutput(answer, expected, testCase.outputSchema as Record<string, JsonValue>);
    if (!check.matchesExpected) reasons.push('output: the answer does not match the expected output');
    for (const error of check.schemaErrors) reasons.push(`output schema: ${error}`);
    output = {
      passed: check.passed,
      matches_expected: check.matchesExpected,
      schema_errors: check.schemaErrors,
    };
  }
  return {
    passed: reasons.length === 0,
    details: { test_case_public_id: testCase.publicId, explanation: reasons.join('\n'), mutations, output },
  };
}
