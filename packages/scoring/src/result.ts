import type {
  Mutation,
  MutationIgnoreRules,
  RecordedStep,
  ScoreType,
  TestCaseScoringType,
} from '@proctor/contracts';
import { z } from 'zod';
import type { JsonValue } from './json';

/**
 * What one score type says about one session: the `result` of a score record (000 §3 Score record). Defined
 * here until the score APIs arrive; then it belongs in @proctor/contracts.
 */

/** How one expected mutation fared (000 §3 Mutation diff). */
export const MUTATION_DIFF_TYPES = [
  'correct_mutation_match',
  /** Nothing of that action and table happened. */
  'missing_mutation',
  /** A change of that action and table happened, with other values or on another row. */
  'mismatched_mutation',
  /** A change nobody expected: a side effect. */
  'unexpected_mutation',
] as const;
export const MutationDiffType = z.enum(MUTATION_DIFF_TYPES);
export type MutationDiffType = z.infer<typeof MutationDiffType>;

const JsonRecord = z.record(z.string(), z.unknown());

export const MutationDiff = z.object({
  type: MutationDiffType,
  reason: z.string(),
  /** The session's net change (action, table_name, pk, before, after, changes), or null when missing. */
  actual_mutation: JsonRecord.nullable(),
  /** The expected mutation, or null for an unexpected change. */
  expected_generated_mutation: JsonRecord.nullable(),
});
export type MutationDiff = z.infer<typeof MutationDiff>;

/** One value of the final page that differs from the expected one (000 §3 State diff). */
export const StateDiff = z.object({
  xpath: z.string(),
  correct_value: z.string(),
  /** null: no element at that path. */
  actual_value: z.string().nullable(),
});
export type StateDiff = z.infer<typeof StateDiff>;

/** One position of an action comparison where the session and the expectation part ways. */
export const ActionDiff = z.object({
  /** Position in the compared sequence (0-based). */
  step: z.number().int(),
  expected: z.string().nullable(),
  actual: z.string().nullable(),
  reason: z.string(),
});
export type ActionDiff = z.infer<typeof ActionDiff>;

export const CriterionScore = z.object({
  name: z.string(),
  /** 0 (not met at all) to 1 (fully met). */
  score: z.number().min(0).max(1),
  explanation: z.string(),
});
export type CriterionScore = z.infer<typeof CriterionScore>;

export const ScoreResult = z.object({
  type: z.string(),
  /** null: no verdict (nothing to judge with, or people must decide). */
  correct: z.boolean().nullable(),
  /** How close the session came, 0 to 1; shown to 2 decimals. */
  similarity: z.number().min(0).max(1).optional(),
  score: z.number().optional(),
  reason: z.string(),
  criteria_scores: z.array(CriterionScore).optional(),
  diffs: z.array(z.union([MutationDiff, StateDiff, ActionDiff])).optional(),
  mutations: z.array(JsonRecord).optional(),
  output: z.unknown().optional(),
  reference_output: z.unknown().optional(),
  errors: z.array(z.string()).optional(),
  name: z.string().optional(),
  session_time: z.number().optional(),
});
export type ScoreResult = z.infer<typeof ScoreResult>;

/**
 * Why a score type could not judge. None of these is the agent's fault, so none is ever a `correct: false`:
 * - `invalid_config`: the test case's configuration for the type is wrong or incomplete;
 * - `missing_input`: the session lacks what the type reads (a reference session, a final page state);
 * - `unavailable`: an outside service failed (an endpoint down, a timeout, an answer that is not a verdict);
 * - `internal`: a bug in the scorer.
 */
export const SCORING_ERROR_KINDS = ['invalid_config', 'missing_input', 'unavailable', 'internal'] as const;
export type ScoringErrorKind = (typeof SCORING_ERROR_KINDS)[number];

/** Thrown by a score type that cannot judge; `runScoreType` turns it into an `error` outcome. */
export class ScoringError extends Error {
  constructor(
    readonly kind: ScoringErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ScoringError';
  }
}

/** A type that does not apply to this session (no score record is written): e.g. no human assessment yet. */
export interface NotApplicable {
  notApplicable: string;
}
export const notApplicable = (reason: string): NotApplicable => ({ notApplicable: reason });

/**
 * What running one score type on one session gave. Only `scored` is a verdict on the agent; `error` is kept on
 * the session (scoring_failed) and never counts against it.
 */
export type ScoreOutcome =
  | { status: 'scored'; type: ScoreType; result: ScoreResult }
  | { status: 'not_applicable'; type: ScoreType; reason: string }
  | { status: 'error'; type: ScoreType; error: { kind: ScoringErrorKind; message: string } };

/** The values of the final page at the paths a test case checks, read by the caller from the live DOM. */
export interface FinalPageState {
  url?: string;
  /** XPath to the element's text (form fields: their value); null when no element is at that path. */
  values: Record<string, string | null>;
}

/** A person's Correct / Fail with an optional reason (000 §2.6 Human score dialog). */
export interface HumanAssessment {
  correct: boolean;
  reason?: string | null;
}

/** Everything a score type may read about a finished session. Types read what they need and say what is missing. */
export interface ScoringInput {
  sessionId: string;
  task: { prompt: string; testCasePublicId?: string | null; name?: string | null };
  /** The session's test case, for its scoring types, correct outputs and output schema; null for free runs. */
  testCase: {
    scoringTypes: readonly TestCaseScoringType[];
    correctOutputs: readonly unknown[];
    outputSchema: Record<string, unknown>;
  } | null;
  /** The simulator's filters (ignore_tables, ignore_columns, ignore_tables_with_column_values). */
  simulatorConfig: MutationIgnoreRules;
  /**
   * A session of a multi-simulator environment (its mutations tagged `simulator`): the session's own simulator's
   * name and each other app's ignore rules by name. Absent: one simulator, as before.
   */
  simulators?: { own: string; filters: Readonly<Record<string, MutationIgnoreRules>> };
  /** The instance's mutation log since the reset, in order; filtering is applied by the score types. */
  mutations: readonly Mutation[];
  /** The agent's answer; undefined when it gave none. */
  output: JsonValue | undefined;
  steps: readonly RecordedStep[];
  finalState?: FinalPageState;
  /** The reference session a step-by-step type compares with. */
  reference?: { sessionId: string; steps: readonly RecordedStep[] };
  /** For human_in_the_loop: the assessment a person just gave. */
  assessment?: HumanAssessment;
}

/** A part of a user message as OpenAI-compatible chat APIs take it: text, or an image by URL (a data: URL too). */
export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ChatContentPart[];
}

export interface ChatCompletionRequest {
  messages: ChatMessage[];
  /** Overrides the service's default model. */
  model?: string;
  /** Ask for a JSON object answer (OpenAI's `response_format: {type: 'json_object'}`). */
  json?: boolean;
  /** 0 (the judge's repeatable answers) unless a call says otherwise. */
  temperature?: number;
  /** The answer's length limit (`max_tokens`); none by default. An answer cut at it is an error, never a half. */
  maxTokens?: number;
}

export interface JsonResponse {
  status: number;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
}

/**
 * What the caller lends to the types that reach outside. Each implementation enforces its own timeout and
 * throws on failure; the server's go through its outbound URL guard.
 */
export interface ScoringServices {
  /** An OpenAI-compatible chat completion; resolves to the assistant message's content. */
  chatCompletion?: (request: ChatCompletionRequest) => Promise<string>;
  /** POST a JSON body to a user-supplied URL. */
  postJson?: (url: string, body: unknown, headers: Record<string, string>) => Promise<JsonResponse>;
}
