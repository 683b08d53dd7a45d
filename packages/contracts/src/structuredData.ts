import { z } from 'zod';
import { OutputSchemaInput } from './testCase';

/** The longest free text the recorder's Format sends to the model: a long answer, not a document. */
export const STRUCTURED_DATA_TEXT_MAX = 20_000;

/** The recorder's words about the output a person types (000 §5, §8). */
export const RECORDER_OUTPUT_MESSAGES = {
  required: 'Output value is required for output scoring type',
  invalidJson: (message: string) => `Invalid JSON format: ${message}`,
  validationErrors: (errors: readonly string[]) => `Output validation errors: ${errors.join('; ')}`,
  formatNeedsText: 'Please enter some text in the output value field first',
  formatFailed: 'Failed to convert text to structured data',
} as const;

/** POST /api/testcases/convert-text-to-structured-data: free text in, the JSON value it describes out. */
export const ConvertTextRequest = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: RECORDER_OUTPUT_MESSAGES.formatNeedsText })
    .max(STRUCTURED_DATA_TEXT_MAX, {
      error: `The text is too long: at most ${STRUCTURED_DATA_TEXT_MAX} characters`,
    }),
  /** The test case's output schema; the answer is held to it when given. */
  outputSchema: OutputSchemaInput.nullable().optional(),
});
export type ConvertTextRequest = z.input<typeof ConvertTextRequest>;

export const ConvertTextResponse = z.object({
  /** The value the model read from the text. */
  output: z.unknown(),
  /** Where it breaks the output schema, in the spec's words; empty when it follows it (or there is none). */
  schema_errors: z.array(z.string()),
});
export type ConvertTextResponse = z.infer<typeof ConvertTextResponse>;
