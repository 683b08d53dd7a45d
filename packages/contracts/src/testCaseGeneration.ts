import { z } from 'zod';
import { MAX_JSON_BODY_BYTES } from './constants';
import { SessionIdParam } from './session';
import { outputSchemaProblem } from './testCase';

/**
 * Test cases proposed by the configured language model from people's work (001 §7): from a prompt and a task,
 * from a session's numbered screenshots and actions, or from a screenshot of the outcome. A proposal fills a
 * form; nothing is saved until the author creates the test case with POST /api/testcases.
 */

/** The scoring types of a step test case (001 §5), with the labels the form shows. */
export const STEP_TEST_SCORING_TYPES = {
  page_action_sequence: 'Action Sequence',
  offline_exact_state_match: 'Offline Exact State Match',
  offline_exact_action_match: 'Offline Exact Action Match',
  offline_exact_output_match: 'Offline Exact Output Match',
  human_in_the_loop: 'Human in the Loop',
} as const;
export type StepTestScoringType = keyof typeof STEP_TEST_SCORING_TYPES;
export const INVALID_SCORING_TYPE = 'Invalid scoring type';
export const StepTestScoringType = z.enum(
  Object.keys(STEP_TEST_SCORING_TYPES) as [StepTestScoringType, ...StepTestScoringType[]],
  { error: INVALID_SCORING_TYPE },
);

/** At most this many of a session's screenshots go to the model (evenly spread, the last one always). */
export const MAX_PREDICTION_SCREENSHOTS = 8;
/** At most this many of a session's actions are listed to the model (the last ones). */
export const MAX_PREDICTION_ACTIONS = 200;
/**
 * The largest screenshot the outcome-schema call takes, as a data URL's characters; a larger request body is
 * refused before (413, MAX_JSON_BODY_BYTES).
 */
export const MAX_OUTCOME_IMAGE_CHARS = MAX_JSON_BODY_BYTES - 64 * 1024;
export const OUTCOME_IMAGE_TOO_LARGE = `The screenshot is too large: at most ${MAX_OUTCOME_IMAGE_CHARS} characters as a data URL`;
export const OUTCOME_IMAGE_NOT_DATA_URL = 'img must be a PNG, JPEG or WebP image as a base64 data URL';

const Task = z
  .string()
  .trim()
  .min(1, { error: 'Task is required' })
  .max(50_000, { error: 'The task is longer than 50000 characters' });

/** POST /api/testcases/generate-prediction: an author's description of the check, and the task it is about. */
export const GeneratePredictionRequest = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, { error: 'Prompt is required' })
    .max(50_000, { error: 'The prompt is longer than 50000 characters' }),
  task: Task,
});
export type GeneratePredictionRequest = z.infer<typeof GeneratePredictionRequest>;

/**
 * POST /api/testcases/generate-prediction-from-steps: the server reads the session's steps itself (the caller's
 * organization's sessions only) and sends the model its numbered screenshots and actions, up to `last_step`
 * (1-based, the step a step test case replays to; all steps when absent).
 */
export const GeneratePredictionFromStepsRequest = z.object({
  session_id: SessionIdParam.shape.id,
  last_step: z.number().int().min(1, { error: 'last_step counts from 1' }).optional(),
});
export type GeneratePredictionFromStepsRequest = z.infer<typeof GeneratePredictionFromStepsRequest>;

/** A proposed test case: its name, its task prompt and how it should be judged. */
export const Prediction = z.object({
  name: z.string().trim().min(1).max(500),
  prompt: z.string().trim().min(1).max(50_000),
  evaluation_mode: StepTestScoringType,
});
export type Prediction = z.infer<typeof Prediction>;
export const PredictionResponse = z.object({ prediction: Prediction });
export type PredictionResponse = z.infer<typeof PredictionResponse>;

const DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/;

/** POST /api/testcases/generate-outcome-schema: the task and a screenshot of its outcome (a data URL). */
export const GenerateOutcomeSchemaRequest = z.object({
  task: Task,
  img: z
    .string()
    .max(MAX_OUTCOME_IMAGE_CHARS, { error: OUTCOME_IMAGE_TOO_LARGE })
    .regex(DATA_URL, { error: OUTCOME_IMAGE_NOT_DATA_URL }),
});
export type GenerateOutcomeSchemaRequest = z.infer<typeof GenerateOutcomeSchemaRequest>;

/** A JSON Schema the output check can use (`outputSchemaProblem`). */
export const ProposedOutputSchema = z.record(z.string(), z.unknown()).superRefine((schema, ctx) => {
  const problem = outputSchemaProblem(schema);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A proposed output test: name and task prompt, and the schema of the answer the screenshot shows. */
export const OutcomeSchemaResponse = z.object({
  prediction: z.object({
    name: z.string().trim().min(1).max(500),
    prompt: z.string().trim().min(1).max(50_000),
    schema: ProposedOutputSchema,
  }),
});
export type OutcomeSchemaResponse = z.infer<typeof OutcomeSchemaResponse>;
