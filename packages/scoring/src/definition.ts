import type { ScoreType } from '@proctor/contracts';
import { z } from 'zod';
import type { NotApplicable, ScoreResult, ScoringInput, ScoringServices } from './result';

/**
 * One score type: its name, the schema of its configuration (a test case's scoring config for that type)
 * and how it judges a session. `score` returns a result, says the type does not apply, or throws a
 * `ScoringError` when it cannot judge; it never turns a failure of its own into `correct: false`.
 */
export interface ScoreTypeDefinition<Config = unknown> {
  type: ScoreType;
  /** The name shown in the dashboard. */
  label: string;
  configSchema: z.ZodType<Config>;
  score(
    input: ScoringInput,
    config: Config,
    services: ScoringServices,
  ): ScoreResult | NotApplicable | Promise<ScoreResult | NotApplicable>;
}

/** Keeps the config type of `score` tied to the schema. */
export function defineScoreType<Schema extends z.ZodType>(definition: {
  type: ScoreType;
  label: string;
  configSchema: Schema;
  score: ScoreTypeDefinition<z.output<Schema>>['score'];
}): ScoreTypeDefinition<z.output<Schema>> {
  return definition as ScoreTypeDefinition<z.output<Schema>>;
}

/**
 * Fields every type's config may carry (001 §3: every type carries a version, which defaults to latest).
 * Stored configs also hold `type` and bookkeeping (`source`, `num_sessions_used`): object schemas strip
 * what they do not name.
 */
export const configBase = {
  version: z.string().default('latest'),
};
