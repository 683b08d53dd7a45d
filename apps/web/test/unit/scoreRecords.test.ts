import {
  AUTO_FAILED_NO_MUTATIONS,
  SCORE_TYPES,
  type ScoreRecord,
  type ScoreRecordResult,
  SESSION_STATUSES,
} from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  formatCorrect,
  formatScore,
  formatSimilarity,
  isBeingScored,
  mutationDiffName,
  newestFirst,
  SCORE_VERDICTS,
  scoreDetailSections,
  scoreTypeName,
  scoreVerdict,
} from '../../src/features/sessions/scoreRecords';

const record = (
  type: string,
  result: Partial<ScoreRecordResult>,
  at = '2025-06-01T10:00:00.000Z',
  id = 1,
): ScoreRecord => ({
  id,
  sessionId: 'session-1',
  config: { type },
  user: null,
  user_id: null,
  createdAt: at,
  result: { type, correct: null, reason: '', ...result },
});

describe('score record names', () => {
  it('should name the types the panel shows in the product words', () => {
    expect(scoreTypeName('state_mutation_match')).toBe('State mutation match');
    expect(scoreTypeName('system_scoring')).toBe('System scoring');
    expect(scoreTypeName('offline_exact_output_match')).toBe('Exact output match');
    expect(scoreTypeName('json_schema')).toBe('JSON schema');
    expect(scoreTypeName('human_in_the_loop')).toBe('Human');
    expect(scoreTypeName('api')).toBe('API');
  });

  it('should humanise the other types, known or not', () => {
    expect(scoreTypeName('offline_exact_state_match')).toBe('Offline exact state match');
    expect(scoreTypeName('page_action_sequence')).toBe('Page action sequence');
    expect(scoreTypeName('criteria')).toBe('Criteria');
    expect(scoreTypeName('brand_new_type')).toBe('Brand new type');
    for (const type of SCORE_TYPES) expect(scoreTypeName(type)).toMatch(/^[A-Z][A-Za-z ]+$/);
  });

  it('should name the kinds of mutation diff', () => {
    expect(mutationDiffName('correct_mutation_match')).toBe('Match');
    expect(mutationDiffName('missing_mutation')).toBe('Missing');
    expect(mutationDiffName('mismatched_mutation')).toBe('Mismatched');
    expect(mutationDiffName('unexpected_mutation')).toBe('Unexpected');
    expect(mutationDiffName('reordered_mutation')).toBe('Reordered mutation');
  });
});

describe('score record verdicts', () => {
  it('should read Pass, Fail and No verdict from correct', () => {
    expect(scoreVerdict(record('state_mutation_match', { correct: true }))).toBe('pass');
    expect(scoreVerdict(record('state_mutation_match', { correct: false }))).toBe('fail');
    expect(scoreVerdict(record('criteria', { correct: null }))).toBe('none');
    expect(SCORE_VERDICTS.none.label).toBe('No verdict');
  });

  it("should show the system's no-mutations failure as Auto-Fail, and only that one", () => {
    const autoFail = record('system_scoring', { correct: false, reason: AUTO_FAILED_NO_MUTATIONS });
    expect(scoreVerdict(autoFail)).toBe('auto_fail');
    expect(SCORE_VERDICTS.auto_fail).toEqual({ label: 'Auto-Fail', badge: 'fail' });
    expect(scoreVerdict(record('system_scoring', { correct: false, reason: 'Something else' }))).toBe('fail');
    expect(scoreVerdict(record('json_schema', { correct: false, reason: AUTO_FAILED_NO_MUTATIONS }))).toBe(
      'fail',
    );
  });
});

describe('score record order and figures', () => {
  it('should list the newest first, and records of one instant by the order they were written', () => {
    const records = [
      record('state_mutation_match', {}, '2025-06-01T10:00:00.000Z', 1),
      record('system_scoring', {}, '2025-06-01T10:00:00.000Z', 2),
      record('human_in_the_loop', {}, '2025-06-02T08:30:00.000Z', 3),
    ];
    expect(newestFirst(records).map((r) => r.id)).toEqual([3, 2, 1]);
    expect(records.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('should show similarity to 2 decimals and scores without a runaway tail', () => {
    expect(formatSimilarity(1)).toBe('1.00');
    expect(formatSimilarity(2 / 3)).toBe('0.67');
    expect(formatSimilarity(undefined)).toBe('—');
    expect(formatScore(1)).toBe('1');
    expect(formatScore(1 / 3)).toBe('0.3333');
    expect(formatScore(Number.NaN)).toBe('—');
    expect(formatCorrect(true)).toBe('Yes');
    expect(formatCorrect(false)).toBe('No');
    expect(formatCorrect(null)).toBe('No verdict');
  });

  it('should say scoring is under way only while the session is processed or scored', () => {
    expect(SESSION_STATUSES.filter(isBeingScored)).toEqual(['postprocessing_started', 'scoring_started']);
  });
});

describe('score detail sections', () => {
  it('should show nothing beyond the facts for a record without parts', () => {
    expect(scoreDetailSections(record('system_scoring', { correct: false }).result)).toEqual([]);
    expect(
      scoreDetailSections(
        record('state_mutation_match', { diffs: [], mutations: [], criteria_scores: [], errors: [] }).result,
      ),
    ).toEqual([]);
  });

  it('should table the criteria, whether the criterion is called name or criterion', () => {
    const result = record('criteria', {
      criteria_scores: [
        { name: 'Polite', score: 0.9, explanation: 'Said please' },
        { criterion: 'Brief', score: 0.5, explanation: 'Rambled a bit' },
      ],
    }).result;
    expect(scoreDetailSections(result)).toEqual([
      {
        kind: 'criteria',
        rows: [
          { criterion: 'Polite', score: 0.9, explanation: 'Said please' },
          { criterion: 'Brief', score: 0.5, explanation: 'Rambled a bit' },
        ],
      },
    ]);
  });

  it('should tell mutation, state and action diffs apart, and keep what fits none as it is', () => {
    const mutationDiff = {
      type: 'missing_mutation',
      reason: 'no INSERT on cart_items',
      actual_mutation: null,
      expected_generated_mutation: { action: 'INSERT', table_name: 'cart_items' },
    };
    const stateDiff = { xpath: '//h1', correct_value: 'Thanks', actual_value: null };
    const actionDiff = { step: 2, expected: 'click #buy', actual: 'click #back', reason: 'different target' };
    const sections = scoreDetailSections(
      record('state_mutation_match', { diffs: [mutationDiff, stateDiff, actionDiff, 'odd'] }).result,
    );
    expect(sections).toEqual([
      { kind: 'mutation_diffs', rows: [mutationDiff] },
      { kind: 'state_diffs', rows: [stateDiff] },
      { kind: 'action_diffs', rows: [actionDiff] },
      { kind: 'other_diffs', diffs: ['odd'] },
    ]);
  });

  it('should show mutations, output, reference output and errors in that order when present', () => {
    const result = record('offline_exact_output_match', {
      errors: ['Output validation errors: colour is required'],
      reference_output: { colour: 'blue' },
      output: null,
      mutations: [{ action: 'UPDATE', table_name: 'orders' }],
    }).result;
    expect(scoreDetailSections(result).map((section) => section.kind)).toEqual([
      'mutations',
      'output',
      'reference_output',
      'errors',
    ]);
    // null output is an answer (the session gave none), so it is shown; an absent one is not.
    expect(scoreDetailSections(result)).toContainEqual({ kind: 'output', value: null });
    expect(
      scoreDetailSections(record('json_schema', { reference_output: 'x' }).result).map((s) => s.kind),
    ).toEqual(['reference_output']);
  });
});
