import type { TestCase } from '@proctor/contracts';

/** The recorder's output checks before evaluation (000 §5); the server checks the output schema. */
export const OUTPUT_ERRORS = {
  required: 'Output value is required for output scoring type',
  invalidJson: (message: string) => `Invalid JSON format: ${message}`,
} as const;

/** Whether the test case scores what the agent (here, the person) answers. */
export const scoresOutput = (testCase: Pick<TestCase, 'scoringTypes'> | null): boolean =>
  testCase?.scoringTypes.includes('output') ?? false;

export type OutputValue = { ok: true; value: unknown } | { ok: false; error: string };

/** The output typed into the editor, as the JSON value to evaluate. */
export function parseOutputValue(text: string): OutputValue {
  if (!text.trim()) return { ok: false, error: OUTPUT_ERRORS.required };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: OUTPUT_ERRORS.invalidJson((error as Error).message) };
  }
}
