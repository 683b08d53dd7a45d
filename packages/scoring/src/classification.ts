import type { SessionScoringBadge } from '@proctor/contracts';
import { type HumanResults, humanResults } from './consensus';
import { chronological, combinedVerdict, NON_AUTOMATIC_SCORE_TYPES, type ScoreRecordLike } from './records';

/** Where a session stands, for every list that shows or filters sessions (000 §2.4, 001 §4.3). */
export interface SessionClassification<R extends ScoreRecordLike = ScoreRecordLike> {
  /** Pass or Fail of the latest automatic score; none without one (or when it gave no verdict). */
  scoringBadge: SessionScoringBadge;
  /** The reason of that score: the badge's tooltip. */
  badgeReason: string | null;
  needsHumanScoring: boolean;
  humanDisagreement: boolean;
  passed: boolean;
  /** Auto-marked incorrect sessions do not count in benchmark success rates. */
  excludedFromSuccessRates: boolean;
  humanResults: HumanResults<R>;
}

const time = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * Classifies a session from its score records, in one place for every list (the server stores the result on
 * the session each time its records change, and lists read that). The rules for the badge, needs human scoring,
 * human disagreement and passed: "People" in the package README.
 */
export function classifySession<R extends ScoreRecordLike>(records: readonly R[]): SessionClassification<R> {
  const ordered = chronological(records);
  const automaticRecords = ordered.filter(
    (r) => r.result !== null && !NON_AUTOMATIC_SCORE_TYPES.includes(r.config.type),
  );
  const newest = automaticRecords.at(-1);
  const latestSet = newest
    ? automaticRecords.filter((r) => time(r.createdAt) === time(newest.createdAt))
    : [];
  const automaticCorrect =
    latestSet.length === 0 ? null : combinedVerdict(latestSet.map((r) => r.result?.correct ?? null));
  // The badge's tooltip: why it failed, else what the newest verdict said.
  const automatic = latestSet.find((r) => r.result?.correct === false) ?? newest;
  const latestHuman = ordered
    .filter((r) => r.config.type === 'human_in_the_loop' && r.result !== null && r.result.correct !== null)
    .at(-1);
  const human = humanResults(records);

  const noHumanResults = human.total_count === 0 && !human.auto_marked_incorrect;
  const clearHuman = human.correct !== null && !human.insufficient_data && !human.conflict;
  return {
    scoringBadge: automaticCorrect === null ? 'none' : automaticCorrect ? 'pass' : 'fail',
    badgeReason: automatic?.result?.reason ?? null,
    needsHumanScoring:
      automatic !== undefined && (noHumanResults || human.insufficient_data || human.conflict),
    humanDisagreement:
      automaticCorrect !== null &&
      latestHuman !== undefined &&
      latestHuman.result?.correct !== automaticCorrect,
    passed: clearHuman ? human.correct === true : automaticCorrect === true,
    excludedFromSuccessRates: human.auto_marked_incorrect,
    humanResults: human,
  };
}
