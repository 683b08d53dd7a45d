import {
  AUTO_FAILED_NO_MUTATIONS,
  CONSENSUS_MIN_ASSESSMENTS,
  HUMAN_CONSENSUS_LABELS,
  HUMAN_SCORES_PER_SESSION,
  type HumanConsensus,
  type HumanResultsView,
  INSUFFICIENT_ASSESSMENTS_MESSAGE,
} from '@proctor/contracts';

/**
 * How a session's human results read (000 §2.6 Human consensus dialog). The server derives them; this only
 * words them, with the labels and the message of the contracts.
 */

export const HUMAN_CONSENSUS_COLORS: Record<HumanConsensus, string> = {
  insufficient_data: 'gray',
  conflict: 'orange',
  no_consensus: 'yellow',
  pass: 'green',
  fail: 'red',
};

/** The badge system_scoring's no-mutations failure shows (000 §2.6). */
export const AUTO_FAIL_LABEL = 'Auto-Fail';

export interface HumanConsensusSummary {
  label: string;
  color: string;
  /** "2 correct / 1 incorrect". */
  tally: string;
  /** "3/5": assessments counted of those requested per session. */
  assessments: string;
  /** Too few assessments for a reliable consensus: the message to show, else null. */
  insufficientMessage: string | null;
  /** The session failed automatically ("Auto Failed: No Mutations"), else null. */
  autoFailed: { label: string; reason: string } | null;
  /** The super scorer whose score decided, else null. */
  decidedBy: { name: string; correct: boolean; reason: string } | null;
  /** Why the results are what they are, unless that repeats one of the parts above. */
  reason: string | null;
}

export function summarizeHumanConsensus(results: HumanResultsView): HumanConsensusSummary {
  const insufficient = results.total_count < CONSENSUS_MIN_ASSESSMENTS;
  const override = results.override_score;
  const reason = results.reason.trim();
  const shownElsewhere = [
    insufficient ? INSUFFICIENT_ASSESSMENTS_MESSAGE : null,
    results.auto_marked_incorrect ? AUTO_FAILED_NO_MUTATIONS : null,
    override?.result.reason.trim() ?? null,
  ];
  return {
    label: HUMAN_CONSENSUS_LABELS[results.consensus],
    color: HUMAN_CONSENSUS_COLORS[results.consensus],
    tally: `${results.correct_count} correct / ${results.incorrect_count} incorrect`,
    assessments: `${results.total_count}/${HUMAN_SCORES_PER_SESSION}`,
    insufficientMessage: insufficient ? INSUFFICIENT_ASSESSMENTS_MESSAGE : null,
    autoFailed: results.auto_marked_incorrect
      ? { label: AUTO_FAIL_LABEL, reason: AUTO_FAILED_NO_MUTATIONS }
      : null,
    decidedBy: override
      ? {
          name: override.user?.name ?? 'A super scorer',
          correct: override.result.correct === true,
          reason: override.result.reason.trim(),
        }
      : null,
    reason: reason && !shownElsewhere.includes(reason) ? reason : null,
  };
}
