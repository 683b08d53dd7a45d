import type { EvaluateEnvironmentResponse } from '@proctor/contracts';
import type { testCases } from '@proctor/db';
import type { MutationDiff, ScoreOutcome, ScoreResult } from '@proctor/scoring';

type TestCaseRow = typeof testCases.$inferSelect;
type Details = EvaluateEnvironmentResponse['details'];

const scoredResult = (outcomes: readonly ScoreOutcome[], type: string): ScoreResult | undefined => {
  const outcome = outcomes.find((o) => o.type === type);
  return outcome?.status === 'scored' ? outcome.result : undefined;
};

const text = (record: Record<string, unknown> | null, key: string) => String(record?.[key] ?? '');

/** The app a diff's record names: present in sessions of several apps only, so one app's answer is as before. */
const app = (record: Record<string, unknown> | null) =>
  typeof record?.simulator === 'string' ? { simulator: record.simulator } : {};

/** The mutations section, read off state_mutation_match's diffs; null when it gave no verdict. */
function mutationDetails(outcomes: readonly ScoreOutcome[]): Details['mutations'] {
  const result = scoredResult(outcomes, 'state_mutation_match');
  if (!result) return null;
  const diffs = (result.diffs ?? []).filter((diff): diff is MutationDiff => 'type' in diff);
  return {
    satisfied: result.correct === true,
    matched: diffs.filter((diff) => diff.type === 'correct_mutation_match').length,
    missing: diffs
      .filter((diff) => diff.type === 'missing_mutation' || diff.type === 'mismatched_mutation')
      .map((diff) => ({
        table_name: text(diff.expected_generated_mutation, 'table_name'),
        action: text(diff.expected_generated_mutation, 'action'),
        reason: diff.reason,
        ...app(diff.expected_generated_mutation),
      })),
    unexpected: diffs
      .filter((diff) => diff.type === 'unexpected_mutation')
      .map((diff) => ({
        table_name: text(diff.actual_mutation, 'table_name'),
        action: text(diff.actual_mutation, 'action'),
        pk: text(diff.actual_mutation, 'pk'),
        ...app(diff.actual_mutation),
      })),
  };
}

/** The output section, read off the exact-output and JSON schema verdicts. */
function outputDetails(outcomes: readonly ScoreOutcome[]): Details['output'] {
  const exact = outcomes.find((o) => o.type === 'offline_exact_output_match');
  const schema = scoredResult(outcomes, 'json_schema');
  const outputTypes = outcomes.filter(
    (o) => o.type === 'offline_exact_output_match' || o.type === 'json_schema',
  );
  return {
    passed: outputTypes.every((o) => o.status === 'scored' && o.result.correct === true),
    // A test case without a correct output only checks the schema: there is nothing for the answer to differ from.
    matches_expected: exact === undefined || (exact.status === 'scored' && exact.result.correct === true),
    schema_errors: schema?.correct === false ? (schema.errors ?? [schema.reason]) : [],
  };
}

/**
 * What evaluate answers, from the scoring engine's outcomes on the run so far: passed when no score type failed
 * the run and every one could judge it. A type that could not judge (its config is wrong, a service is down)
 * is an infrastructure error: the run is not passed, and the explanation says the agent was not judged by it.
 * The mutations and output sections keep the shape agents read before the engine judged evaluate.
 * Without a test case there is nothing to expect: the run fails, and says so.
 */
export function presentEvaluation(
  testCase: TestCaseRow | null,
  outcomes: readonly ScoreOutcome[],
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
  const scores: NonNullable<Details['scores']> = [];
  for (const outcome of outcomes) {
    if (outcome.status === 'scored') {
      const { correct, reason } = outcome.result;
      scores.push({ type: outcome.type, correct, reason });
      if (correct === false) reasons.push(`${outcome.type}: ${reason}`);
    } else if (outcome.status === 'error') {
      const { kind, message } = outcome.error;
      scores.push({ type: outcome.type, correct: null, reason: message, error: kind });
      reasons.push(
        `${outcome.type} could not judge the run (${kind}: ${message}); this is not a verdict on the agent`,
      );
    }
  }
  return {
    passed: reasons.length === 0,
    details: {
      test_case_public_id: testCase.publicId,
      explanation: reasons.join('\n'),
      mutations: testCase.scoringTypes.includes('mutations') ? mutationDetails(outcomes) : null,
      output: testCase.scoringTypes.includes('output') ? outputDetails(outcomes) : null,
      scores,
    },
  };
}
