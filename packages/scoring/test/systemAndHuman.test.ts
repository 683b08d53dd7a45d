import { describe, expect, it } from 'vitest';
import { AUTO_FAILED_NO_MUTATIONS, needsHumanReview, runScoreType, type ScoreResult } from '../src/index';
import { session, update } from './support/session';

describe('system_scoring', () => {
  it('should auto-fail a state task whose session changed nothing that counts', async () => {
    const ignoredOnly = [update('activity', '1', { id: 1, n: 1 }, { id: 1, n: 2 })];
    const simulatorConfig = {
      ignore_tables: ['activity'],
      ignore_columns: {},
      ignore_tables_with_column_values: {},
    };
    const outcome = await runScoreType(
      'system_scoring',
      {},
      session({ mutations: ignoredOnly, simulatorConfig }),
    );
    expect(outcome).toEqual({
      status: 'scored',
      type: 'system_scoring',
      result: { type: 'system_scoring', correct: false, reason: AUTO_FAILED_NO_MUTATIONS },
    });
  });

  it('should not apply to a session with mutations or to an output task', async () => {
    const changed = session({ mutations: [update('tasks', '1', { s: 'a' }, { s: 'b' })] });
    expect(await runScoreType('system_scoring', {}, changed)).toMatchObject({ status: 'not_applicable' });
    const output = session({ testCase: { scoringTypes: ['output'], correctOutputs: [], outputSchema: {} } });
    expect(await runScoreType('system_scoring', {}, output)).toMatchObject({ status: 'not_applicable' });
  });
});

describe('human_in_the_loop', () => {
  it("should record a person's assessment, and not apply without one", async () => {
    expect(
      await runScoreType(
        'human_in_the_loop',
        {},
        session({ assessment: { correct: false, reason: ' wrong row ' } }),
      ),
    ).toEqual({
      status: 'scored',
      type: 'human_in_the_loop',
      result: { type: 'human_in_the_loop', correct: false, reason: 'wrong row' },
    });
    expect(await runScoreType('human_in_the_loop', {}, session())).toMatchObject({
      status: 'not_applicable',
    });
    expect(await runScoreType('human_in_the_loop', { review_threshold: 2 }, session())).toMatchObject({
      status: 'error',
    });
  });

  it('should leave to people the sessions whose automatic results stay below the review threshold (0.7)', () => {
    const r = (type: string, correct: boolean | null, similarity?: number): ScoreResult => ({
      type,
      correct,
      reason: '',
      ...(similarity === undefined ? {} : { similarity }),
    });
    const config = { review_threshold: 0.7 };
    expect(needsHumanReview([r('state_mutation_match', true, 1)], config)).toBe(false);
    expect(needsHumanReview([r('state_mutation_match', false, 0.75)], config)).toBe(false);
    expect(needsHumanReview([r('state_mutation_match', false, 0.5)], config)).toBe(true);
    expect(needsHumanReview([r('json_schema', false)], config)).toBe(true);
    expect(needsHumanReview([r('json_schema', true), r('criteria', null)], config)).toBe(true);
    expect(needsHumanReview([r('system_scoring', false)], config)).toBe(true);
    expect(needsHumanReview([], config)).toBe(true);
  });
});
