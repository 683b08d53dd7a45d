import {
  AUTO_FAILED_NO_MUTATIONS,
  NO_FIGURE,
  type ScoreRecord,
  type ScoreRecordResult,
  type SessionScoringBadge,
  type SessionStatus,
} from '@proctor/contracts';

/**
 * How a session's score records read on its page (000 §2.5 Scores, §2.6 Score detail dialog). The contract
 * keeps a result's lists as unknown (each score type fills them its own way), so they are narrowed here to
 * the shapes @proctor/scoring writes (`CriterionScore`, `MutationDiff`, `StateDiff`, `ActionDiff`); whatever
 * fits none of them is still shown, as JSON.
 */

/** The statuses in which the session's score records are still being written. */
const SCORING_STATUSES: readonly SessionStatus[] = ['postprocessing_started', 'scoring_started'];

export const isBeingScored = (status: SessionStatus): boolean => SCORING_STATUSES.includes(status);

/** Score types whose humanised name would read wrong. */
const TYPE_NAMES: Record<string, string> = {
  state_mutation_match: 'State mutation match',
  system_scoring: 'System scoring',
  offline_exact_output_match: 'Exact output match',
  json_schema: 'JSON schema',
  human_in_the_loop: 'Human',
  api: 'API',
};

/** snake_case as a sentence: offline_exact_state_match → "Offline exact state match". */
function humanise(value: string): string {
  const words = value
    .split(/[_\s]+/)
    .filter(Boolean)
    .join(' ');
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}

/** A score type's readable name; types this screen does not know yet are humanised. */
export const scoreTypeName = (type: string): string => TYPE_NAMES[type] ?? humanise(type);

/** The type of a record: the server keys it by config.type (result.type repeats it). */
export const scoreRecordType = (record: Pick<ScoreRecord, 'config'>): string => record.config.type;

export type ScoreVerdict = 'pass' | 'fail' | 'auto_fail' | 'none';

export const SCORE_VERDICTS: Record<ScoreVerdict, { label: string; badge: SessionScoringBadge }> = {
  pass: { label: 'Pass', badge: 'pass' },
  fail: { label: 'Fail', badge: 'fail' },
  auto_fail: { label: 'Auto-Fail', badge: 'fail' },
  none: { label: 'No verdict', badge: 'none' },
};

/** A record's verdict: its result's correct, with the system's no-mutations failure told apart. */
export function scoreVerdict(record: Pick<ScoreRecord, 'config' | 'result'>): ScoreVerdict {
  const { correct, reason } = record.result;
  if (correct === null) return 'none';
  if (correct) return 'pass';
  return scoreRecordType(record) === 'system_scoring' && reason === AUTO_FAILED_NO_MUTATIONS
    ? 'auto_fail'
    : 'fail';
}

/** Newest first; records made in the same instant by the order they were written. */
export function newestFirst<T extends Pick<ScoreRecord, 'id' | 'createdAt'>>(records: readonly T[]): T[] {
  return [...records].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}

/** Similarity and criterion scores (0..1) to 2 decimals (000 §2.6). */
export function formatSimilarity(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : NO_FIGURE;
}

/** A score as it was given, rounded to 4 decimals so a ratio does not run on. */
export function formatScore(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(Number(value.toFixed(4))) : NO_FIGURE;
}

export const formatCorrect = (correct: boolean | null): string =>
  correct === null ? 'No verdict' : correct ? 'Yes' : 'No';

export interface CriterionRow {
  criterion: string;
  score: number | null;
  explanation: string;
}

export interface MutationDiffRow {
  type: string;
  reason: string;
  actual_mutation: unknown;
  expected_generated_mutation: unknown;
}

export interface StateDiffRow {
  xpath: string;
  correct_value: string;
  /** null: no element at that path. */
  actual_value: string | null;
}

export interface ActionDiffRow {
  step: number;
  expected: string | null;
  actual: string | null;
  reason: string;
}

/** The parts of a result beyond its facts, in the order the dialog shows them; only those the record has. */
export type ScoreDetailSection =
  | { kind: 'criteria'; rows: CriterionRow[] }
  | { kind: 'mutation_diffs'; rows: MutationDiffRow[] }
  | { kind: 'state_diffs'; rows: StateDiffRow[] }
  | { kind: 'action_diffs'; rows: ActionDiffRow[] }
  | { kind: 'other_diffs'; diffs: unknown[] }
  | { kind: 'mutations'; mutations: unknown[] }
  | { kind: 'output'; value: unknown }
  | { kind: 'reference_output'; value: unknown }
  | { kind: 'errors'; errors: string[] };

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A criterion score; older records name the criterion `criterion`, @proctor/scoring names it `name`. */
function criterionRow(entry: unknown): CriterionRow {
  if (!isObject(entry)) return { criterion: '', score: null, explanation: JSON.stringify(entry) };
  return {
    criterion: text(entry.criterion) || text(entry.name),
    score: typeof entry.score === 'number' ? entry.score : null,
    explanation: text(entry.explanation),
  };
}

const isMutationDiff = (diff: JsonObject) =>
  typeof diff.type === 'string' && ('actual_mutation' in diff || 'expected_generated_mutation' in diff);
const isStateDiff = (diff: JsonObject) => typeof diff.xpath === 'string';
const isActionDiff = (diff: JsonObject) =>
  typeof diff.step === 'number' && ('expected' in diff || 'actual' in diff);

function diffSections(diffs: readonly unknown[]): ScoreDetailSection[] {
  const mutation: MutationDiffRow[] = [];
  const state: StateDiffRow[] = [];
  const action: ActionDiffRow[] = [];
  const other: unknown[] = [];
  for (const diff of diffs) {
    if (isObject(diff) && isMutationDiff(diff))
      mutation.push({
        type: text(diff.type),
        reason: text(diff.reason),
        actual_mutation: diff.actual_mutation ?? null,
        expected_generated_mutation: diff.expected_generated_mutation ?? null,
      });
    else if (isObject(diff) && isStateDiff(diff))
      state.push({
        xpath: text(diff.xpath),
        correct_value: text(diff.correct_value),
        actual_value: textOrNull(diff.actual_value),
      });
    else if (isObject(diff) && isActionDiff(diff))
      action.push({
        step: diff.step as number,
        expected: textOrNull(diff.expected),
        actual: textOrNull(diff.actual),
        reason: text(diff.reason),
      });
    else other.push(diff);
  }
  const sections: ScoreDetailSection[] = [];
  if (mutation.length > 0) sections.push({ kind: 'mutation_diffs', rows: mutation });
  if (state.length > 0) sections.push({ kind: 'state_diffs', rows: state });
  if (action.length > 0) sections.push({ kind: 'action_diffs', rows: action });
  if (other.length > 0) sections.push({ kind: 'other_diffs', diffs: other });
  return sections;
}

/**
 * The parts a result has: lists that are present and not empty, and output / reference output when they are
 * present at all (null is an answer too: the session gave none).
 */
export function scoreDetailSections(result: ScoreRecordResult): ScoreDetailSection[] {
  const sections: ScoreDetailSection[] = [];
  if (result.criteria_scores && result.criteria_scores.length > 0)
    sections.push({ kind: 'criteria', rows: result.criteria_scores.map(criterionRow) });
  if (result.diffs) sections.push(...diffSections(result.diffs));
  if (result.mutations && result.mutations.length > 0)
    sections.push({ kind: 'mutations', mutations: result.mutations });
  if (result.output !== undefined) sections.push({ kind: 'output', value: result.output });
  if (result.reference_output !== undefined)
    sections.push({ kind: 'reference_output', value: result.reference_output });
  if (result.errors && result.errors.length > 0) sections.push({ kind: 'errors', errors: result.errors });
  return sections;
}

/** How each kind of mutation diff reads (@proctor/scoring's MUTATION_DIFF_TYPES); others are humanised. */
const MUTATION_DIFF_NAMES: Record<string, string> = {
  correct_mutation_match: 'Match',
  missing_mutation: 'Missing',
  mismatched_mutation: 'Mismatched',
  unexpected_mutation: 'Unexpected',
};

export const mutationDiffName = (type: string): string => MUTATION_DIFF_NAMES[type] ?? humanise(type);
