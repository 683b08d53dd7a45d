import { outputSchemaProblem } from '@proctor/contracts';
import { z } from 'zod';
import { OUTPUT_MESSAGES } from '../constants';
import { configBase, defineScoreType } from '../definition';
import type { JsonValue } from '../json';
import { compileOutputSchema, outputSchemaViolations } from '../output';
import { ScoringError } from '../result';

export const JsonSchemaConfig = z.object({
  ...configBase,
  /** The JSON Schema the answer must follow; when absent, the test case's output schema. */
  schema: z.record(z.string(), z.unknown()).optional(),
});
export type JsonSchemaConfig = z.infer<typeof JsonSchemaConfig>;

function acceptsStrings(schema: Record<string, unknown>): boolean {
  const { type } = schema;
  if (type === undefined) return true;
  return Array.isArray(type) ? type.includes('string') : type === 'string';
}

/**
 * The answer validates against the output schema: first the schema itself (the light check of contracts:
 * a broken schema is the test case's fault, reported as invalid_config), then the answer with a full JSON
 * Schema validator (Ajv), worded as the spec's output messages (000 §5).
 */
export const jsonSchema = defineScoreType({
  type: 'json_schema',
  label: 'JSON schema',
  configSchema: JsonSchemaConfig,
  score(input, config) {
    const schema = config.schema ?? input.testCase?.outputSchema;
    if (!schema)
      throw new ScoringError('invalid_config', 'No output schema: set schema in the scoring config');
    const problem = outputSchemaProblem(schema);
    if (problem) throw new ScoringError('invalid_config', `The output schema is invalid: ${problem}`);
    try {
      compileOutputSchema(schema);
    } catch (error) {
      throw new ScoringError('invalid_config', `The output schema is invalid: ${(error as Error).message}`);
    }

    const fail = (reason: string, errors: string[]) => ({
      type: 'json_schema',
      correct: false,
      reason,
      errors,
      output: input.output,
    });
    if (input.output === undefined) return fail(OUTPUT_MESSAGES.required, [OUTPUT_MESSAGES.required]);
    let output: JsonValue = input.output;
    if (typeof output === 'string' && !acceptsStrings(schema)) {
      try {
        output = JSON.parse(output) as JsonValue;
      } catch (error) {
        const message = OUTPUT_MESSAGES.invalidJson((error as Error).message);
        return fail(message, [message]);
      }
    }
    const violations = outputSchemaViolations(output, schema);
    if (violations.length > 0) return fail(OUTPUT_MESSAGES.validationErrors(violations), violations);
    return { type: 'json_schema', correct: true, reason: 'The output matches the output schema', output };
  },
});
