import {
  CONSENSUS_MIN_ASSESSMENTS,
  HUMAN_CONSENSUS,
  HUMAN_SCORES_PER_SESSION,
  type HumanConsensus,
  INSUFFICIENT_ASSESSMENTS_MESSAGE,
} from '@proctor/contracts';
import { AUTO_FAILED_NO_MUTATIONS, CONSENSUS_SUPERMAJORITY } from './constants';
import { chronological, type ScoreRecordLike } from './records';

/** The consensus dialog's values (000 §2.6, §4.2); their labels are HUMAN_CONSENSUS_LABELS of the contracts. */
export const HUMAN_CONSENSUS_VALUES = HUMAN_CONSENSUS;

/** The human results of a session (000 §3 Human results), derived from its score records. */
export interface HumanResults<R extends ScoreRecordLike = ScoreRecordLike> {
  correct: boolean | null;
  conflict: boolean;
  insufficient_data: boolean;
  /** The super scorer's score that decided, if any. */
  override_score: R | null;
  /** system_scoring failed the session ("Auto Failed: No Mutations"). */
  auto_marked_incorrect: boolean;
  reason: string;
  correct_count: number;
  incorrect_count: number;
  total_count: number;
  /** The assessments counted: each person's latest human score, oldest first. */
  scores: { score: R; is_super_scorer: boolean }[];
  consensus: HumanConsensus;
}

const isHuman = (record: ScoreRecordLike) =>
  record.config.type === 'human_in_the_loop' && record.result !== null && record.result.correct !== null;

/** Each person's latest human score (a person who scores again changes their assessment), oldest first. */
export function humanAssessments<R extends ScoreRecordLike>(records: readonly R[]): R[] {
  const latest = new Map<string, R>();
  for (const record of chronological(records).filter(isHuman))
    latest.set(record.user_id === null ? `record ${record.id}` : `user ${record.user_id}`, record);
  return chronological([...latest.values()]);
}

/**
 * Human consensus (000 §2.6): a super scorer decides, then auto-marked incorrect, insufficient data, unanimity,
 * conflict, a two-thirds majority (the order: "People" in the package README). Each person counts once, by their
 * latest score, and the order of `records` does not matter.
 */
export function humanResults<R extends ScoreRecordLike>(records: readonly R[]): HumanResults<R> {
  const assessments = humanAssessments(records);
  const correct_count = assessments.filter((a) => a.result?.correct === true).length;
  const incorrect_count = assessments.length - correct_count;
  const total_count = assessments.length;
  const override = assessments.filter((a) => a.is_super_scorer === true).at(-1) ?? null;
  const system = chronological(
    records.filter((r) => r.config.type === 'system_scoring' && r.result !== null),
  ).at(-1);
  const auto_marked_incorrect = system?.result?.correct === false;

  const base = {
    override_score: override,
    auto_marked_incorrect,
    correct_count,
    incorrect_count,
    total_count,
    scores: assessments.map((score) => ({ score, is_super_scorer: score.is_super_scorer === true })),
  };
  const decided = (correct: boolean, reason: string): HumanResults<R> => ({
    ...base,
    correct,
    conflict: false,
    insufficient_data: false,
    reason,
    consensus: correct ? 'pass' : 'fail',
  });
  const undecided = (
    consensus: 'insufficient_data' | 'conflict' | 'no_consensus',
    reason: string,
  ): HumanResults<R> => ({
    ...base,
    correct: null,
    conflict: consensus === 'conflict',
    insufficient_data: consensus === 'insufficient_data',
    reason,
    consensus,
  });

  if (override) {
    const correct = override.result?.correct === true;
    return decided(
      correct,
      override.result?.reason?.trim() || `Decided by a super scorer: ${correct ? 'Pass' : 'Fail'}`,
    );
  }
  if (auto_marked_incorrect) return decided(false, AUTO_FAILED_NO_MUTATIONS);
  if (total_count < CONSENSUS_MIN_ASSESSMENTS)
    return undecided('insufficient_data', INSUFFICIENT_ASSESSMENTS_MESSAGE);
  const tally = `${correct_count} correct, ${incorrect_count} incorrect`;
  if (incorrect_count === 0) return decided(true, `All ${total_count} assessments say correct`);
  if (correct_count === 0) return decided(false, `All ${total_count} assessments say incorrect`);
  if (total_count < HUMAN_SCORES_PER_SESSION)
    return undecided('conflict', `The assessments disagree (${tally}): more are needed`);
  const majority = Math.max(correct_count, incorrect_count);
  const { numerator, denominator } = CONSENSUS_SUPERMAJORITY;
  if (majority * denominator >= total_count * numerator)
    return decided(
      correct_count > incorrect_count,
      `${majority} of ${total_count} assessments agree (${tally})`,
    );
  return undecided('no_consensus', `No consensus (${tally}): a super scorer must decide`);
}
