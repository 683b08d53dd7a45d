/** Types that people or the platform itself score, as opposed to the automatic ones. */
export const NON_AUTOMATIC_SCORE_TYPES: readonly string[] = ['human_in_the_loop', 'system_scoring'];

/**
 * A score record as consensus and classification read it (000 §3 Score record): only the fields they use,
 * so the server's rows and the API's payloads both fit. `is_super_scorer`: whether the person who gave a
 * human score was a super scorer.
 */
export interface ScoreRecordLike {
  id: number;
  createdAt: string | Date;
  user_id: number | null;
  is_super_scorer?: boolean;
  config: { type: string };
  result: { correct: boolean | null; reason?: string } | null;
}

const time = (value: string | Date) => (value instanceof Date ? value.getTime() : Date.parse(value));

/** Oldest first, by creation time then id: the same order whatever order the records came in. */
export function chronological<R extends ScoreRecordLike>(records: readonly R[]): R[] {
  return [...records].sort((a, b) => time(a.createdAt) - time(b.createdAt) || a.id - b.id);
}

/**
 * The verdict of several score types that judged one session at once (one scoring's records): it fails when any
 * of them fails, passes when all of them pass, and has no verdict otherwise (none judged, or one could not say).
 * The badge, rescoring's counts and the evaluator check all read a scoring this way.
 */
export function combinedVerdict(verdicts: readonly (boolean | null)[]): boolean | null {
  if (verdicts.includes(false)) return false;
  return verdicts.length > 0 && verdicts.every((verdict) => verdict === true) ? true : null;
}
