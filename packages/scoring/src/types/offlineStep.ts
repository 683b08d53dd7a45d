import { z } from 'zod';
import { comparableActions, describeAction, sameAction } from '../actions';
import { OFFLINE_STEP_DEFAULTS } from '../constants';
import { configBase, defineScoreType } from '../definition';
import { type ActionDiff, ScoringError } from '../result';

export const OfflineStepConfig = z.object({
  ...configBase,
  /** The share of matching steps that passes. */
  threshold: z.number().min(0).max(1).default(OFFLINE_STEP_DEFAULTS.threshold),
  /** How many steps (from the first) are compared. */
  max_steps: z.number().int().min(1).default(OFFLINE_STEP_DEFAULTS.max_steps),
});
export type OfflineStepConfig = z.infer<typeof OfflineStepConfig>;

/**
 * Step by step against the reference session: the first `max_steps` actions of each (mouse moves, scrolls
 * and the platform's own navigation left out) compared position by position with `sameAction`.
 * Similarity: matching positions / the longer of the two (capped at max_steps); correct at the threshold.
 */
export const offlineStep = defineScoreType({
  type: 'offline_step',
  label: 'Offline step',
  configSchema: OfflineStepConfig,
  score(input, config) {
    if (!input.reference) throw new ScoringError('missing_input', 'No reference session to compare with');
    const reference = comparableActions(input.reference.steps).slice(0, config.max_steps);
    if (reference.length === 0)
      throw new ScoringError(
        'missing_input',
        `The reference session ${input.reference.sessionId} has no steps`,
      );
    const actual = comparableActions(input.steps).slice(0, config.max_steps);
    const length = Math.max(reference.length, actual.length);
    const diffs: ActionDiff[] = [];
    for (let step = 0; step < length; step++) {
      const want = reference[step];
      const got = actual[step];
      if (want && got && sameAction(want, got)) continue;
      diffs.push({
        step,
        expected: want ? describeAction(want) : null,
        actual: got ? describeAction(got) : null,
        reason: !want ? 'an extra step' : !got ? 'no step here' : 'a different step',
      });
    }
    const similarity = (length - diffs.length) / length;
    const correct = similarity >= config.threshold;
    return {
      type: 'offline_step',
      correct,
      similarity,
      reason: `${length - diffs.length} of ${length} steps match the reference session (${correct ? 'at or above' : 'below'} the threshold ${config.threshold})`,
      diffs,
    };
  },
});
