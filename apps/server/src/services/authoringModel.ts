import type { ChatContentPart } from '@proctor/scoring';
import type { z } from 'zod';
import type { ServerConfig } from '../kernel/config';
import { HttpError } from '../kernel/http/errors';
import { ChatCompletionError, chatCompletionClient } from '../kernel/outbound/chatCompletion';

/**
 * The one way the authoring helpers ask a language model (the recorder's Format, test case proposals from a
 * prompt, steps or a screenshot, label analysis): a system instruction and a user message in, a JSON object
 * out, held to a schema. The model is any OpenAI-compatible endpoint (AUTHORING_LLM_*, else SCORING_LLM_*),
 * reached through the outbound guard. Without one the caller gets 503 with a sentence the dashboard shows as
 * it is; a failing or rambling model gets 502, never a made-up answer.
 */
export const AUTHORING_MODEL_MISSING =
  'No language model is configured: set AUTHORING_LLM_URL and AUTHORING_LLM_MODEL (or SCORING_LLM_URL and SCORING_LLM_MODEL)';

export interface AuthoringQuestion<T> {
  /** What the model is for and the JSON shape it must answer with. */
  system: string;
  user: string | ChatContentPart[];
  answer: z.ZodType<T>;
  /** As the call needs it (002 §7.11 gives the recorder's Format 0.2 and 250 tokens); 0 and no limit by default. */
  temperature?: number;
  maxTokens?: number;
}

export function authoringModelConfigured(config: ServerConfig): boolean {
  return config.authoringLlm !== undefined;
}

export async function askAuthoringModel<T>(config: ServerConfig, question: AuthoringQuestion<T>): Promise<T> {
  const llm = config.authoringLlm;
  if (!llm) throw new HttpError(503, AUTHORING_MODEL_MISSING);
  const complete = chatCompletionClient({
    baseUrl: llm.baseUrl,
    apiKey: llm.apiKey,
    model: llm.model,
    guard: { allowedAddresses: config.scoring.allowedAddresses },
  });
  let text: string;
  try {
    text = await complete({
      json: true,
      temperature: question.temperature,
      maxTokens: question.maxTokens,
      messages: [
        { role: 'system', content: question.system },
        { role: 'user', content: question.user },
      ],
    });
  } catch (error) {
    if (error instanceof ChatCompletionError)
      throw new HttpError(502, `The language model failed: ${error.message}`);
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(502, 'The language model did not answer with JSON');
  }
  const answer = question.answer.safeParse(parsed);
  if (!answer.success)
    throw new HttpError(
      502,
      `The language model's answer did not have the expected shape: ${answer.error.issues[0]?.message ?? ''}`,
    );
  return answer.data;
}
