import type { ScoringServices } from '@proctor/scoring';
import type { ScoringConfig } from '../kernel/config/models';
import { chatCompletionClient } from '../kernel/outbound/chatCompletion';
import { guardedPostJson, type OutboundGuardOptions } from '../kernel/outbound/outboundGuard';

/**
 * What the scorers that reach outside are lent: API scorers POST through the outbound guard, and the criteria
 * judge asks the configured OpenAI-compatible model, through the same guard. Without a model, criteria scoring
 * answers that none is configured (an infrastructure error, never a verdict on the agent).
 */
export function scoringServices(config: ScoringConfig): ScoringServices {
  const guard: OutboundGuardOptions = { allowedAddresses: config.allowedAddresses };
  return {
    postJson: guardedPostJson(guard),
    ...(config.llm
      ? {
          chatCompletion: chatCompletionClient({
            baseUrl: config.llm.baseUrl,
            apiKey: config.llm.apiKey,
            model: config.llm.model,
            guard,
          }),
        }
      : {}),
  };
}
