import {
  canonicalJson,
  checkOutput,
  describeMutationMatch,
  type JsonValue,
  type Mutation,
  type MutationMatchResult,
  matchMutations,
  type OutputCheck,
  type SimulatorConfig,
} from '@proctor/scoring';
import type { TestCaseDefinition } from './testCase';

export interface TestCaseEvaluation {
  /** Every scoring type of the test case passed. */
  passed: boolean;
  mutations?: MutationMatchResult;
  output?: OutputCheck;
  /** Why it failed, readable; empty when it passed. */
  explanation: string;
}

/**
 * Scores one run of a test case: the instance's mutations (unfiltered: the config is applied here) and the
 * answer the run returned. Pure apart from compiling the schema.
 */
export function evaluateTestCase(
  testCase: TestCaseDefinition,
  run: { mutations: readonly Mutation[]; output: JsonValue | undefined },
  config: SimulatorConfig,
): TestCaseEvaluation {
  const evaluation: TestCaseEvaluation = { passed: true, explanation: '' };
  const reasons: string[] = [];
  if (testCase.scoringTypes.includes('mutations')) {
    const result = matchMutations(run.mutations, testCase.expectedMutations ?? [], config);
    evaluation.mutations = result;
    if (!result.satisfied) reasons.push(describeMutationMatch(result));
  }
  if (testCase.scoringTypes.includes('output')) {
    const check = checkOutput(run.output, testCase.expectedOutput ?? null, testCase.outputSchema ?? {});
    evaluation.output = check;
    if (!check.matchesExpected) {
      const got = run.output === undefined ? 'no answer' : canonicalJson(run.output);
      reasons.push(`output: expected ${canonicalJson(testCase.expectedOutput ?? null)}, got ${got}`);
    }
    for (const error of check.schemaErrors) reasons.push(`output schema: ${error}`);
  }
  evaluation.passed = reasons.length === 0;
  evaluation.explanation = reasons.join('\n');
  return evaluation;
}
