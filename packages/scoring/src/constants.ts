/**
 * Scoring constants of the spec (001 §3 Scoring configuration types, §5, §9; 000 §2.6). They belong with the
 * other business constants in @proctor/contracts, where the test-case form needs them too; they live here
 * until that package takes them.
 */

/** offline_step: the share of matching steps that passes, and how many steps are compared. */
export const OFFLINE_STEP_DEFAULTS = { threshold: 0.8, max_steps: 10 } as const;

/** human_in_the_loop: the similarity automatic types must reach for a session not to need review. */
export const HUMAN_REVIEW_THRESHOLD = 0.7;

/** The result of system_scoring for a state task whose session changed nothing (000 §2.6). */
/** The consensus dialog's message below the minimum of assessments (000 §2.6). */
export { AUTO_FAILED_NO_MUTATIONS, INSUFFICIENT_ASSESSMENTS_MESSAGE } from '@proctor/contracts';

/**
 * Our choices where the spec is silent:
 * - criteria: the weighted mean of the criterion scores that passes;
 * - consensus: once every requested assessment is in, the share of one side that still makes a consensus
 *   (4 of 5, not 3 of 5).
 */
export const CRITERIA_DEFAULT_THRESHOLD = 0.8;
export const CONSENSUS_SUPERMAJORITY = { numerator: 2, denominator: 3 } as const;

/** The messages of the output checks (000 §5, Recorder output scoring). */
export const OUTPUT_MESSAGES = {
  required: 'Output value is required for output scoring type',
  invalidJson: (message: string) => `Invalid JSON format: ${message}`,
  validationErrors: (errors: readonly string[]) => `Output validation errors: ${errors.join('; ')}`,
} as const;
