/**
 * Scoring constants of the spec (001 §3 Scoring configuration types, §5, §9; 000 §2.6). They belong with the
 * other business constants in @proctor/contracts, where the test-case form needs them too; they live here
 * until that package takes them.
 */

/** offline_step's defaults and human_in_the_loop's review threshold: the dataset flow's form needs them too. */
/** The result of system_scoring for a state task whose session changed nothing (000 §2.6). */
/** The consensus dialog's message below the minimum of assessments (000 §2.6). */
export {
  AUTO_FAILED_NO_MUTATIONS,
  HUMAN_REVIEW_THRESHOLD,
  INSUFFICIENT_ASSESSMENTS_MESSAGE,
  OFFLINE_STEP_DEFAULTS,
} from '@proctor/contracts';

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
