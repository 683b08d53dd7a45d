import type { ConvertTextResponse } from '@proctor/contracts';
import { compileOutputSchema, type JsonValue, outputSchemaViolations } from '@proctor/scoring';
import { z } from 'zod';
import type { ServerConfig } from '../kernel/config';
import { badRequest } from '../kernel/http/errors';
import { askAuthoringModel } from './authoringModel';

/** The model answers inside an object: JSON mode needs one, and the output itself may be a list or a string. */
const Answer = z.object({ output: z.unknown() });

/**
 * The settings the spec gives this call (002 §7.11, "structured input"), which it made through a separate agent
 * service; Proctor asks the configured model itself. A value longer than the limit is answered 502 saying so.
 */
const MODEL_SETTINGS = { temperature: 0.2, maxTokens: 250 } as const;

const SYSTEM = [
  'You turn what a person wrote as the answer to a task into structured data.',
  'Answer with a JSON object {"output": <value>}, where <value> is the JSON value the text states.',
  'Keep the facts, numbers and names exactly as written; invent nothing that the text does not say.',
].join(' ');

/**
 * The recorder's Format: free text to the JSON value it describes, through the configured authoring model.
 * The value is held to the test case's output schema by the same validator the scoring uses, and the breaches
 * come back with it, for the person to see and fix, rather than being hidden or made up away.
 */
export async function convertTextToStructuredData(
  config: ServerConfig,
  text: string,
  outputSchema: Record<string, unknown> | null | undefined,
): Promise<ConvertTextResponse> {
  if (outputSchema) {
    // A schema the validator cannot compile (an unknown $ref, a refused pattern) is refused before the model is asked.
    try {
      compileOutputSchema(outputSchema);
    } catch (error) {
      throw badRequest(`The output schema cannot be used: ${(error as Error).message}`);
    }
  }
  const user = outputSchema
    ? `The value must follow this JSON Schema:\n${JSON.stringify(outputSchema)}\n\nThe text:\n${text}`
    : `The text:\n${text}`;
  const { output } = await askAuthoringModel(config, {
    system: SYSTEM,
    user,
    answer: Answer,
    ...MODEL_SETTINGS,
  });
  const value = (output ?? null) as JsonValue;
  return { output: value, schema_errors: outputSchema ? outputSchemaViolations(value, outputSchema) : [] };
}
