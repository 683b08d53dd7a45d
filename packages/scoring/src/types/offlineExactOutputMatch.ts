import { z } from 'zod';
import { OUTPUT_MESSAGES } from '../constants';
import { configBase, defineScoreType } from '../definition';
import { canonicalJson, type JsonValue, jsonEqual } from '../json';
import { ScoringError } from '../result';

export const OfflineExactOutputMatchConfig = z.object({
  ...configBase,
  /** The answer expected; when absent, any of the test case's correct outputs. */
  expected_output: z.json().optional(),
});
export type OfflineExactOutputMatchConfig = z.infer<typeof OfflineExactOutputMatchConfig>;

const shown = (value: JsonValue) => {
  const text = canonicalJson(value);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
};

/**
 * An answer given as JSON text is read as the JSON it holds when a structured answer is expected, so that
 * '{"count": 2}' and {count: 2} are the same answer.
 */
function asJson(output: JsonValue, expected: readonly JsonValue[]): JsonValue {
  if (typeof output !== 'string' || expected.every((e) => typeof e === 'string')) return output;
  try {
    return JSON.parse(output) as JsonValue;
  } catch {
    return output;
  }
}

/**
 * The answer equals an expected output as JSON: object key order does not matter, array order and every
 * character of a string do (the kit's checkOutput semantics).
 */
export const offlineExactOutputMatch = defineScoreType({
  type: 'offline_exact_output_match',
  label: 'Offline exact output match',
  configSchema: OfflineExactOutputMatchConfig,
  score(input, config) {
    const expected: JsonValue[] =
      config.expected_output !== undefined
        ? [config.expected_output]
        : ((input.testCase?.correctOutputs ?? []) as JsonValue[]);
    if (expected.length === 0)
      throw new ScoringError(
        'invalid_config',
        "No expected output: set expected_output in the scoring config or the test case's correct outputs",
      );
    const reference = expected[0] as JsonValue;
    if (input.output === undefined)
      return {
        type: 'offline_exact_output_match',
        correct: false,
        reason: `No output: ${OUTPUT_MESSAGES.required}`,
        reference_output: reference,
      };
    const output = asJson(input.output, expected);
    const matched = expected.find((e) => jsonEqual(output, e));
    return {
      type: 'offline_exact_output_match',
      correct: matched !== undefined,
      reason:
        matched !== undefined
          ? 'The output matches the expected output'
          : `The output differs from the expected output: expected ${shown(reference)}, got ${shown(output)}`,
      output,
      reference_output: matched ?? reference,
    };
  },
});
