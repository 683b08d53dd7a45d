import { z } from 'zod';
import { HUMAN_REVIEW_THRESHOLD } from '../constants';
import { configBase, defineScoreType } from '../definition';
import { NON_AUTOMATIC_SCORE_TYPES } from '../records';
import { notApplicable, type ScoreResult } from '../result';

export const HumanInTheLoopConfig = z.object({
  ...configBase,
  /** The similarity the automatic types must reach for a session not to need a person's review. */
  review_threshold: z.number().min(0).max(1).default(HUMAN_REVIEW_THRESHOLD),
});
export type HumanInTheLoopConfig = z.infer<typeof HumanInTheLoopConfig>;

/**
 * Whether a session's automatic results leave it to a person: when there are none, or any of them has no
 * verdict, or falls below the review threshold (its similarity; a verdict without one counts as 1 or 0).
 */
export function needsHumanReview(
  results: readonly ScoreResult[],
  config: Pick<HumanInTheLoopConfig, 'review_threshold'>,
): boolean {
  const automatic = results.filter((r) => !NON_AUTOMATIC_SCORE_TYPES.includes(r.type));
  if (automatic.length === 0) return true;
  return automatic.some((result) => {
    if (result.correct === null) return true;
    const similarity = result.similarity ?? (result.correct ? 1 : 0);
    return similarity < config.review_threshold;
  });
}

/**
 * A person's Correct / Fail (000 §2.6). Nothing is computed: the type records the assessment given with
 * the input, and does not apply without one. Consensus over several people is `humanResults`.
 */
export const humanInTheLoop = defineScoreType({
  type: 'human_in_the_loop',
  label: 'Human in the loop',
  configSchema: HumanInTheLoopConfig,
  score(input) {
    if (!input.assessment) return notApplicable('Scored by people: no assessment was given');
    return {
      type: 'human_in_the_loop',
      correct: input.assessment.correct,
      reason: input.assessment.reason?.trim() ?? '',
    };
  },
});
