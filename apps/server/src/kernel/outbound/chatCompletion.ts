import type { ChatCompletionRequest } from '@proctor/scoring';
import { z } from 'zod';
import { guardedRequest, type OutboundGuardOptions } from './outboundGuard';

/**
 * A client of any OpenAI-compatible chat completions endpoint (OpenAI, Azure's compatible route, vLLM,
 * Ollama, LM Studio, a gateway): the `chatCompletion` service of @proctor/scoring, used by the criteria judge.
 * It goes through the outbound guard like every other request; a model served on this machine or the LAN
 * needs the guard's allowance.
 */
export interface ChatCompletionSettings {
  /** As the OpenAI SDKs take it, with the version: `https://api.openai.com/v1`; requests go to `{baseUrl}/chat/completions`. */
  baseUrl: string;
  apiKey?: string;
  /** The model asked for unless a request names another. */
  model: string;
  /** A judge reads a whole session: give it longer than a plain request. */
  timeoutMs?: number;
  guard?: OutboundGuardOptions;
}

export const CHAT_COMPLETION_TIMEOUT_MS = 60_000;

const Completion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({ content: z.string().nullable().optional() }),
        finish_reason: z.string().nullable().optional(),
      }),
    )
    .min(1),
});

const ErrorBody = z.object({ error: z.object({ message: z.string() }) });

export class ChatCompletionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChatCompletionError';
  }
}

/** `chatCompletion(request)` resolves to the assistant message's text, or throws a ChatCompletionError. */
export function chatCompletionClient(
  settings: ChatCompletionSettings,
): (request: ChatCompletionRequest) => Promise<string> {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return async (request) => {
    const body = {
      model: request.model ?? settings.model,
      messages: request.messages,
      temperature: request.temperature ?? 0,
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
      ...(request.json ? { response_format: { type: 'json_object' } } : {}),
    };
    let response: Awaited<ReturnType<typeof guardedRequest>>;
    try {
      response = await guardedRequest(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
        },
        {
          ...settings.guard,
          timeoutMs: settings.timeoutMs ?? settings.guard?.timeoutMs ?? CHAT_COMPLETION_TIMEOUT_MS,
        },
      );
    } catch (error) {
      throw new ChatCompletionError((error as Error).message, { cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(response.body.toString('utf8'));
    } catch {
      json = undefined;
    }
    if (response.status < 200 || response.status > 299) {
      const detail = ErrorBody.safeParse(json);
      throw new ChatCompletionError(
        `The model endpoint answered HTTP ${response.status}${detail.success ? `: ${detail.data.error.message}` : ''}`,
      );
    }
    const completion = Completion.safeParse(json);
    const choice = completion.success ? completion.data.choices[0] : undefined;
    const content = choice?.message.content;
    if (choice?.finish_reason === 'length')
      throw new ChatCompletionError(
        request.maxTokens === undefined
          ? "The model's answer was cut off at the endpoint's length limit"
          : `The model's answer was cut off at its limit of ${request.maxTokens} tokens`,
      );
    if (typeof content !== 'string')
      throw new ChatCompletionError('The model endpoint did not answer a chat completion with a message');
    return content;
  };
}
