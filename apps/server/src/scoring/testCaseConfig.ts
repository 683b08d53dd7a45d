import { keptSecretProblem, MASKED_SECRET, SCORING_CONFIG_SECRETS, type TestCase } from '@proctor/contracts';
import { scoreTypeDefinition } from '@proctor/scoring';
import { badRequest } from '../kernel/http/errors';
import { checkOutboundUrl, OutboundError, type OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import { CONFIGURABLE_SCORE_TYPES } from './pipeline';

/** A test case's scoring configuration (its defaultScoringConfig). */
type Config = TestCase['defaultScoringConfig'];

/** A scoring configuration as people read it: secrets masked (they are write-only). */
export function maskScoringSecrets(config: Config): Config {
  const masked = { ...config };
  for (const key of SCORING_CONFIG_SECRETS)
    if (typeof masked[key] === 'string' && masked[key] !== '') masked[key] = MASKED_SECRET;
  return masked;
}

/**
 * A configuration being saved: a secret sent back masked keeps the stored one, as long as the URL it is sent
 * to is unchanged (400 otherwise: the secret must be given again for a new URL).
 */
export function keepMaskedSecrets(incoming: Config, stored: Config): Config {
  const problem = keptSecretProblem(incoming, stored);
  if (problem) throw badRequest(problem);
  const merged = { ...incoming };
  for (const key of SCORING_CONFIG_SECRETS)
    if (merged[key] === MASKED_SECRET) merged[key] = stored[key] ?? '';
  return merged;
}

/**
 * Types whose configuration is checked on save: those the pipeline runs from it, and human_in_the_loop, whose
 * review threshold a person sets (the dataset flow's Create Test Case, 001 §5) and its schema bounds.
 */
const CHECKED_ON_SAVE: readonly string[] = [...CONFIGURABLE_SCORE_TYPES, 'human_in_the_loop'];

/**
 * Checks the score type a test case's scoring configuration names before it is saved, so that a mistake is
 * told to its author rather than found when sessions fail to be scored: a type no scorer knows is refused; the
 * type's own config rules (an API scorer's endpoint, a criteria list, thresholds, a review threshold), and an
 * API scorer's endpoint against the outbound guard (loopback, private and link-local addresses are refused,
 * after resolving the name). The configurations of types the pipeline derives itself (state_mutation_match,
 * system_scoring…) are left as they are; a configuration without a type is too.
 */
export async function checkScoringConfig(
  config: Config | undefined,
  guard: OutboundGuardOptions,
): Promise<void> {
  const type = config?.type;
  if (type === undefined) return;
  const definition = typeof type === 'string' ? scoreTypeDefinition(type) : undefined;
  if (!definition) throw badRequest(`Invalid scoring config: unknown type ${JSON.stringify(type)}`);
  if (!CHECKED_ON_SAVE.includes(definition.type)) return;
  const parsed = definition.configSchema.safeParse(config);
  if (!parsed.success)
    throw badRequest(
      `Invalid scoring config: ${parsed.error.issues
        .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
        .join('; ')}`,
    );
  if (type === 'api') {
    try {
      await checkOutboundUrl(String(config!.endpoint), guard);
    } catch (error) {
      if (error instanceof OutboundError)
        throw badRequest(`The API endpoint cannot be used: ${error.message}`);
      throw error;
    }
  }
}
