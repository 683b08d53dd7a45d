import { describe, expect, it } from 'vitest';
import { humanResults, INSUFFICIENT_ASSESSMENTS_MESSAGE, type ScoreRecordLike } from '../src/index';
import { prng } from './support/prng';

let nextId = 1;
const minute = (n: number) => new Date(Date.UTC(2026, 10, 1, 9, n)).toISOString();
const human = (
  user: number,
  correct: boolean,
  at: number,
  extra: Partial<ScoreRecordLike> = {},
): ScoreRecordLike => ({
  id: nextId++,
  createdAt: minute(at),
  user_id: user,
  config: { type: 'human_in_the_loop' },
  result: { correct, reason: '' },
  ...extra,
});
const system = (correct: boolean, at = 0): ScoreRecordLike => ({
  id: nextId++,
  createdAt: minute(at),
  user_id: null,
  config: { type: 'system_scoring' },
  result: { correct, reason: 'Auto Failed: No Mutations' },
});
const automatic = (correct: boolean, at = 0): ScoreRecordLike => ({
  id: nextId++,
  createdAt: minute(at),
  user_id: null,
  config: { type: 'state_mutation_match' },
  result: { correct, reason: 'matched' },
});

describe('humanResults', () => {
  it('should need at least 3 assessments', () => {
    const results = humanResults([automatic(true), human(1, true, 1), human(2, true, 2)]);
    expect(results).toMatchObject({
      correct: null,
      insufficient_data: true,
      conflict: false,
      consensus: 'insufficient_data',
      reason: INSUFFICIENT_ASSESSMENTS_MESSAGE,
      correct_count: 2,
      total_count: 2,
    });
    expect(results.reason).toBe('At least 3 human assessments are needed for reliable consensus');
  });

  it('should pass or fail on agreement, counting each person once by their latest score', () => {
    expect(humanResults([human(1, true, 1), human(2, true, 2), human(3, true, 3)])).toMatchObject({
      correct: true,
      consensus: 'pass',
      total_count: 3,
    });
    const changedMind = humanResults([
      human(1, true, 1),
      human(2, false, 2),
      human(3, false, 3),
      human(1, false, 4),
    ]);
    expect(changedMind).toMatchObject({
      correct: false,
      consensus: 'fail',
      correct_count: 0,
      incorrect_count: 3,
    });
    expect(changedMind.scores.map((s) => s.score.user_id)).toEqual([2, 3, 1]);
  });

  it('should flag a conflict while fewer than the 5 requested assessments disagree', () => {
    expect(humanResults([human(1, true, 1), human(2, true, 2), human(3, false, 3)])).toMatchObject({
      correct: null,
      conflict: true,
      insufficient_data: false,
      consensus: 'conflict',
    });
  });

  it('should decide on a two-thirds majority of 5, and find no consensus on 3 to 2', () => {
    const four = [1, 2, 3, 4].map((u) => human(u, true, u));
    expect(humanResults([...four, human(5, false, 5)])).toMatchObject({
      correct: true,
      consensus: 'pass',
      conflict: false,
    });
    const split = humanResults([
      human(1, true, 1),
      human(2, true, 2),
      human(3, true, 3),
      human(4, false, 4),
      human(5, false, 5),
    ]);
    expect(split).toMatchObject({
      correct: null,
      consensus: 'no_consensus',
      conflict: false,
      insufficient_data: false,
    });
  });

  it("should let a super scorer's score decide, whatever the others say", () => {
    const override = human(9, false, 9, {
      is_super_scorer: true,
      result: { correct: false, reason: 'Wrong customer' },
    });
    const results = humanResults([
      human(1, true, 1),
      human(2, true, 2),
      human(3, true, 3),
      override,
      automatic(true),
    ]);
    expect(results).toMatchObject({
      correct: false,
      consensus: 'fail',
      reason: 'Wrong customer',
      total_count: 4,
    });
    expect(results.override_score).toBe(override);
    expect(results.scores.find((s) => s.score === override)?.is_super_scorer).toBe(true);
    expect(humanResults([human(9, true, 1, { is_super_scorer: true })])).toMatchObject({
      correct: true,
      insufficient_data: false,
      reason: 'Decided by a super scorer: Pass',
    });
  });

  it('should fail a session auto-marked incorrect, unless a super scorer decided otherwise', () => {
    expect(humanResults([system(false), automatic(false)])).toMatchObject({
      correct: false,
      auto_marked_incorrect: true,
      insufficient_data: false,
      reason: 'Auto Failed: No Mutations',
    });
    expect(humanResults([system(false), human(9, true, 5, { is_super_scorer: true })])).toMatchObject({
      correct: true,
      auto_marked_incorrect: true,
    });
  });

  it('should not depend on the order of the score records', () => {
    const rng = prng(42);
    for (let run = 0; run < 300; run++) {
      const records: ScoreRecordLike[] = [];
      const count = rng.int(0, 8);
      for (let i = 0; i < count; i++) {
        const kind = rng.next();
        // Same minutes on purpose: ties are broken by id.
        const at = rng.int(0, 5);
        if (kind < 0.75)
          records.push(human(rng.int(1, 6), rng.next() < 0.5, at, { is_super_scorer: rng.next() < 0.1 }));
        else if (kind < 0.85) records.push(system(rng.next() < 0.5, at));
        else records.push(automatic(rng.next() < 0.5, at));
      }
      const expected = humanResults(records);
      for (let shuffle = 0; shuffle < 3; shuffle++)
        expect(humanResults(rng.shuffle(records)), `run ${run}`).toEqual(expected);
    }
  });
});
