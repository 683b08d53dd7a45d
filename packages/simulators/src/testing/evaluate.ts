import { Ajv } from 'ajv';
import { canonicalJson, type JsonValue, jsonEqual } from '../mutations/json';
import { describeMutationMatch, type MutationMatchResult, matchMutations } from '../mutations/match';
import type { Mutation, SimulatorConfig } from '../mutations/types';
import type { TestCaseDefinition } from './testCase';

export interface OutputCheck {
  /** The answer equals the expected output (as JSON) and validates against the output schema. */
  passed: boolean;
  matchesExpected: boolean;
  schemaErrors: string[];
}

export interface TestCaseEvaluation {
  /** Every scoring type of the test case passed. */
  passed: boolean;
  mutations?: MutationMatchResult;
  output?: OutputCheck;
  /** Why it failed, readable; empty when it passed. */
  explanation: string;
}

// One validator for the process: compiling is the costly part and ajv caches compiled schemas by identity.
const ajv = new Ajv({ allErrors: true, strict: false });

/** Validates an answer against a JSON Schema; messages as "/path must be ...". */
export function outputSchemaErrors(
  output: JsonValue | undefined,
  schema: Record<string, JsonValue>,
): string[] {
  const validate = ajv.compile(schema);
  if (validate(output ?? null)) return [];
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath || '(answer)'} ${error.message ?? 'is invalid'}`,
  );
}

export function checkOutput(
  output: JsonValue | undefined,
  expected: JsonValue,
  schema: Record<string, JsonValue>,
): OutputCheck {
  const matchesExpected = output !== undefined && jsonEqual(output, expected);
  const schemaErrors = outputSchemaErrors(output, schema);
  return { passed: matchesExpected && schemaErrors.length === 0, matchesExpected, schemaErrors };
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
