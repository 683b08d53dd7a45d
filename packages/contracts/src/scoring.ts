import { z } from 'zod';
import { QueryBoolean, RecordIdInUrl, Timestamp } from './common';
import { CONSENSUS_MIN_ASSESSMENTS } from './constants';

/** The result of system_scoring for a state task whose session changed nothing (000 §2.6), shown as "Auto-Fail". */
export const AUTO_FAILED_NO_MUTATIONS = 'Auto Failed: No Mutations';

/** offline_step (001 §3 Scoring configuration types): the share of matching steps that passes, and how many steps are compared. */
export const OFFLINE_STEP_DEFAULTS = { threshold: 0.8, max_steps: 10 } as const;

/** human_in_the_loop (001 §3): the similarity automatic types must reach for a session not to need review. */
export const HUMAN_REVIEW_THRESHOLD = 0.7;

/** A score record's result (000 §3 Score record): what one score type said about the session. */
export const ScoreRecordResult = z
  .object({
    type: z.string(),
    /** null: no verdict (nothing to judge with, or people must decide). */
    correct: z.boolean().nullable(),
    similarity: z.number().optional(),
    score: z.number().optional(),
    reason: z.string(),
    criteria_scores: z.array(z.unknown()).optional(),
    diffs: z.array(z.unknown()).optional(),
    mutations: z.array(z.unknown()).optional(),
    output: z.unknown().optional(),
    reference_output: z.unknown().optional(),
    errors: z.array(z.string()).optional(),
    name: z.string().optional(),
    session_time: z.number().optional(),
  })
  .loose();
export type ScoreRecordResult = z.infer<typeof ScoreRecordResult>;

/**
 * A score record's config as stored: the settings its score type ran with; a human score's says whether its
 * scorer was a super scorer. The record's own type column names the type.
 */
export const StoredScoreConfig = z.looseObject({
  type: z.string().optional(),
  is_super_scorer: z.boolean().optional(),
});
export type StoredScoreConfig = z.infer<typeof StoredScoreConfig>;

/** A score record's result as stored: the type is the record's own column, and older records may lack a reason. */
export const StoredScoreResult = ScoreRecordResult.partial({ type: true, reason: true });
export type StoredScoreResult = z.infer<typeof StoredScoreResult>;

/** One score record (000 §3): an automatic score type's verdict, or a person's. */
export const ScoreRecord = z.object({
  id: z.number().int(),
  sessionId: z.string(),
  /** is_super_scorer: a human score given by a super scorer (as the person was when they scored). */
  config: z.object({ type: z.string(), is_super_scorer: z.boolean().optional() }).loose(),
  user: z.object({ id: z.number().int(), name: z.string(), image_url: z.string().nullable() }).nullable(),
  user_id: z.number().int().nullable(),
  createdAt: Timestamp,
  result: ScoreRecordResult,
});
export type ScoreRecord = z.infer<typeof ScoreRecord>;

/** GET /api/evals/scoring/{id}: the session's score records, oldest first. */
export const SessionScoresResponse = z.array(ScoreRecord);

/** Longest reason a person may give with a human score. */
export const MAX_HUMAN_SCORE_REASON = 5_000;

/**
 * PUT /api/evals/scoring/human_in_the_loop/{id} (000 §7.2): a person's assessment of a session. Scoring again
 * replaces the person's earlier assessment in the consensus (each person counts once, by their latest score).
 */
export const HumanScoreRequest = z.object({
  correct: z.boolean({ error: 'Choose Correct or Fail' }),
  /** The recording the person judged (the session page's snapshot id); kept with the score. */
  snapshot_id: z.string().max(100).nullish(),
  reason: z.string().max(MAX_HUMAN_SCORE_REASON).optional(),
  /** Seconds the person spent on the session before saving (the annotator's timer). */
  session_time: z
    .number()
    .nonnegative()
    .max(31 * 24 * 3600)
    .nullish(),
});
export type HumanScoreRequest = z.input<typeof HumanScoreRequest>;

export const HUMAN_CONSENSUS = ['insufficient_data', 'conflict', 'no_consensus', 'pass', 'fail'] as const;
export const HumanConsensus = z.enum(HUMAN_CONSENSUS);
export type HumanConsensus = z.infer<typeof HumanConsensus>;

/** The consensus dialog's values as people read them (000 §2.6, §4.2). */
export const HUMAN_CONSENSUS_LABELS: Record<HumanConsensus, string> = {
  insufficient_data: 'Insufficient Data',
  conflict: 'Conflict',
  no_consensus: 'No Consensus',
  pass: 'Pass',
  fail: 'Fail',
};

export const INSUFFICIENT_ASSESSMENTS_MESSAGE = `At least ${CONSENSUS_MIN_ASSESSMENTS} human assessments are needed for reliable consensus`;

/**
 * A session's human results (000 §3 Human results), derived from its score records each time they are read:
 * never stored, so they cannot disagree with the scores they summarise.
 */
export const HumanResultsView = z.object({
  /** null: no decision (too few assessments, a conflict, or no consensus). */
  correct: z.boolean().nullable(),
  conflict: z.boolean(),
  insufficient_data: z.boolean(),
  /** The super scorer's score that decided, if any. */
  override_score: ScoreRecord.nullable(),
  /** system_scoring failed the session ("Auto Failed: No Mutations"). */
  auto_marked_incorrect: z.boolean(),
  reason: z.string(),
  correct_count: z.number().int(),
  incorrect_count: z.number().int(),
  total_count: z.number().int(),
  /** The assessments counted: each person's latest human score, oldest first. */
  scores: z.array(z.object({ score: ScoreRecord, is_super_scorer: z.boolean() })),
  consensus: HumanConsensus,
});
export type HumanResultsView = z.infer<typeof HumanResultsView>;

/** Admin view (000 §2.5): account admins of annotator organizations see every person's scores and the consensus. */
export const AdminViewQuery = z.object({ admin_view: QueryBoolean.optional() });

/** GET /api/evals/scores (000 §7.2): one person's human scores, newest first. */
export const UserScoresQuery = z.object({ user_id: RecordIdInUrl.optional() });
/** The most score records GET /api/evals/scores answers with (the newest). */
export const USER_SCORES_LIMIT = 1_000;
export const UserScoresResponse = z.array(ScoreRecord);

/** GET /api/session/next-for-annotator (000 §7.2). */
export const NextForAnnotatorQuery = z.object({ exclude_session_id: z.string().trim().max(100).optional() });
export const NextForAnnotatorResponse = z.object({
  found: z.boolean(),
  session: z.object({ sessionId: z.string() }).nullable(),
});
export type NextForAnnotatorResponse = z.infer<typeof NextForAnnotatorResponse>;

/** The Next-session control's text when nothing is left to score (000 §2.7). */
export const NO_SESSIONS_FOR_SCORING = 'No sessions available for scoring';

/** POST /api/env/simulators/{id}/rescore (001 §3 Rescore result). */
export const RescoreResult = z.object({
  total_test_cases: z.number().int(),
  rescored_count: z.number().int(),
  error_count: z.number().int(),
  skipped_count: z.number().int(),
  results: z.array(
    z.object({
      test_case_id: z.number().int(),
      test_case_name: z.string(),
      status: z.enum(['success', 'error', 'skipped']),
      error: z.string().nullable(),
      reason: z.string().nullable(),
      /** What rescoring the test case's sessions found (with an error too: one session says nothing of the others); null when skipped. */
      result: z
        .object({
          sessions: z.number().int(),
          passed: z.number().int(),
          failed: z.number().int(),
          errors: z.number().int(),
        })
        .nullable(),
    }),
  ),
});
export type RescoreResult = z.infer<typeof RescoreResult>;
