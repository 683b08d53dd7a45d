import type { ScoreType } from '@proctor/contracts';
import type { z } from 'zod';
import type { ScoreTypeDefinition } from './definition';
import { type ScoreOutcome, ScoringError, type ScoringInput, type ScoringServices } from './result';
import { api } from './types/api';
import { criteria } from './types/criteria';
import { humanInTheLoop } from './types/humanInTheLoop';
import { jsonSchema } from './types/jsonSchema';
import { offlineExactActionMatch } from './types/offlineExactActionMatch';
import { offlineExactOutputMatch } from './types/offlineExactOutputMatch';
import { offlineExactStateMatch } from './types/offlineExactStateMatch';
import { offlineStep } from './types/offlineStep';
import { pageActionSequence } from './types/pageActionSequence';
import { stateMutationMatch } from './types/stateMutationMatch';
import { systemScoring } from './types/systemScoring';

/** Every score type Proctor judges with, by name. Adding one: a file in ./types, a line here (README). */
export const SCORE_TYPE_DEFINITIONS = {
  state_mutation_match: stateMutationMatch,
  offline_exact_output_match: offlineExactOutputMatch,
  json_schema: jsonSchema,
  page_action_sequence: pageActionSequence,
  offline_exact_action_match: offlineExactActionMatch,
  offline_exact_state_match: offlineExactStateMatch,
  offline_step: offlineStep,
  criteria,
  api,
  system_scoring: systemScoring,
  human_in_the_loop: humanInTheLoop,
} satisfies Partial<Record<ScoreType, ScoreTypeDefinition>>;

export type ImplementedScoreType = keyof typeof SCORE_TYPE_DEFINITIONS;

export function scoreTypeDefinition(type: string): ScoreTypeDefinition | undefined {
  return Object.hasOwn(SCORE_TYPE_DEFINITIONS, type)
    ? (SCORE_TYPE_DEFINITIONS[type as ImplementedScoreType] as ScoreTypeDefinition)
    : undefined;
}

const issuesText = (error: z.ZodError) =>
  error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');

/**
 * Runs one score type on one session. The config is parsed with the type's schema first; whatever goes
 * wrong after that is an `error` outcome (never a `correct: false`), with the kind of the `ScoringError`
 * thrown, or `internal` for anything else.
 */
export async function scoreWith(
  definition: ScoreTypeDefinition,
  rawConfig: unknown,
  input: ScoringInput,
  services: ScoringServices = {},
): Promise<ScoreOutcome> {
  const type = definition.type;
  const config = definition.configSchema.safeParse(rawConfig ?? {});
  if (!config.success)
    return {
      status: 'error',
      type,
      error: { kind: 'invalid_config', message: `Invalid ${type} config: ${issuesText(config.error)}` },
    };
  try {
    const result = await definition.score(input, config.data, services);
    if ('notApplicable' in result) return { status: 'not_applicable', type, reason: result.notApplicable };
    return { status: 'scored', type, result };
  } catch (error) {
    const kind = error instanceof ScoringError ? error.kind : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    return { status: 'error', type, error: { kind, message } };
  }
}

/** Runs the registered score type of that name (see `scoreWith`); an unknown name is a config error. */
export function runScoreType(
  type: string,
  rawConfig: unknown,
  input: ScoringInput,
  services: ScoringServices = {},
): Promise<ScoreOutcome> {
  const definition = scoreTypeDefinition(type);
  if (!definition)
    return Promise.resolve({
      status: 'error',
      type: type as ScoreType,
      error: { kind: 'invalid_config', message: `Unknown score type "${type}"` },
    });
  return scoreWith(definition, rawConfig, input, services);
}

/** Runs every configured type on a session, concurrently; outcomes in the order of `configs`. */
export function scoreSession(
  input: ScoringInput,
  configs: readonly { type: string; config?: unknown }[],
  services: ScoringServices = {},
): Promise<ScoreOutcome[]> {
  return Promise.all(configs.map(({ type, config }) => runScoreType(type, config, input, services)));
}
