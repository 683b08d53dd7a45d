import { z } from 'zod';
import { configBase, defineScoreType } from '../definition';
import { filterMutations } from '../mutations/filter';
import { netMutations } from '../mutations/match';
import { ScoringError, type ScoringInput } from '../result';

export const ApiConfig = z.object({
  ...configBase,
  /** Where the session is POSTed; must answer a verdict. Reached only through the caller's URL guard. */
  endpoint: z
    .string()
    .trim()
    .min(1, { error: 'The API endpoint is required' })
    .pipe(z.url({ protocol: /^https?$/, error: 'The API endpoint must be an http(s) URL' })),
  /** Sent as `Authorization: Bearer <api_key>` when set. */
  api_key: z.string().default(''),
});
export type ApiConfig = z.infer<typeof ApiConfig>;

/** What an API scorer must answer (2xx, JSON). */
export const ApiVerdict = z.object({
  correct: z.boolean().nullable(),
  reason: z.string().optional(),
  similarity: z.number().min(0).max(1).optional(),
  score: z.number().optional(),
});

/** The session as an API scorer receives it: the task, the answer, the net data changes, the actions. */
export function apiScorerPayload(input: ScoringInput) {
  return {
    session_id: input.sessionId,
    task: { prompt: input.task.prompt, test_case_public_id: input.task.testCasePublicId ?? null },
    output: input.output ?? null,
    mutations: netMutations(filterMutations(input.mutations, input.simulatorConfig)),
    steps: input.steps
      .filter((step) => step.action.type !== 'mouse_move')
      .map((step) => ({ idx: step.idx, action: step.action, url: step.after_state?.current_url ?? null })),
  };
}

const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

/**
 * A scorer of the test case author's own: the session is POSTed to their endpoint, which answers
 * `{correct, reason?, similarity?, score?}`. An endpoint that cannot be reached, answers an error status or
 * answers no verdict is an `unavailable` error, never a verdict on the agent.
 */
export const api = defineScoreType({
  type: 'api',
  label: 'API',
  configSchema: ApiConfig,
  async score(input, config, services) {
    if (!services.postJson)
      throw new ScoringError('unavailable', 'No outbound HTTP client is configured for the api score type');
    const headers: Record<string, string> = config.api_key
      ? { authorization: `Bearer ${config.api_key}` }
      : {};
    let response: Awaited<ReturnType<typeof services.postJson>>;
    try {
      response = await services.postJson(config.endpoint, apiScorerPayload(input), headers);
    } catch (error) {
      throw new ScoringError(
        'unavailable',
        `The API scorer could not be reached: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    if (response.status < 200 || response.status > 299)
      throw new ScoringError('unavailable', `The API scorer answered HTTP ${response.status}`);
    const verdict = ApiVerdict.safeParse(response.body);
    if (!verdict.success)
      throw new ScoringError(
        'unavailable',
        `The API scorer's answer is not a verdict ({correct, reason}): ${cut(JSON.stringify(response.body) ?? '')}`,
      );
    const { correct, reason, similarity, score } = verdict.data;
    return {
      type: 'api',
      correct,
      reason:
        reason ??
        (correct === null
          ? 'The API scorer gave no verdict'
          : correct
            ? 'Accepted by the API scorer'
            : 'Rejected by the API scorer'),
      ...(similarity === undefined ? {} : { similarity }),
      ...(score === undefined ? {} : { score }),
    };
  },
});
