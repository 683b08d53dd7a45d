import { RECORDER_OUTPUT_MESSAGES, type TestCase } from '@proctor/contracts';

/** Whether the test case scores what the agent (here, the person) answers. */
export const scoresOutput = (testCase: Pick<TestCase, 'scoringTypes'> | null): boolean =>
  testCase?.scoringTypes.includes('output') ?? false;

export type OutputValue = { ok: true; value: unknown } | { ok: false; error: string };

/** The output typed into the editor, as the JSON value to evaluate (000 §5); the server checks the output schema. */
export function parseOutputValue(text: string): OutputValue {
  if (!text.trim()) return { ok: false, error: RECORDER_OUTPUT_MESSAGES.required };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: RECORDER_OUTPUT_MESSAGES.invalidJson((error as Error).message) };
  }
}
