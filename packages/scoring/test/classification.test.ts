import { describe, expect, it } from 'vitest';
import { classifySession, combinedVerdict, type ScoreRecordLike } from '../src/index';

let nextId = 1;
const record = (
  type: string,
  correct: boolean | null,
  at: number,
  user: number | null = null,
  extra = {},
): ScoreRecordLike => ({
  id: nextId++,
  createdAt: new Date(Date.UTC(2026, 10, 1, 9, at)),
  user_id: user,
  config: { type },
  result: { correct, reason: `${type} at ${at}` },
  ...extra,
});

describe('classifySession', () => {
  it('should badge the latest automatic score, never a human or system one', () => {
    const c = classifySession([
      record('state_mutation_match', false, 1),
      record('json_schema', true, 2),
      record('human_in_the_loop', false, 3, 1),
      record('system_scoring', false, 4),
    ]);
    expect(c).toMatchObject({ scoringBadge: 'pass', badgeReason: 'json_schema at 2' });
    expect(classifySession([record('human_in_the_loop', true, 1, 1)]).scoringBadge).toBe('none');
    expect(classifySession([record('criteria', null, 1)]).scoringBadge).toBe('none');
    expect(classifySession([]).scoringBadge).toBe('none');
  });

  it('should read the records one scoring wrote together as one verdict: any fail fails, all passes pass', () => {
    const together = (a: boolean | null, b: boolean | null) =>
      classifySession([
        record('state_mutation_match', true, 0),
        record('state_mutation_match', a, 5),
        record('json_schema', b, 5),
        record('system_scoring', true, 5),
      ]);
    expect(together(false, true)).toMatchObject({
      scoringBadge: 'fail',
      badgeReason: 'state_mutation_match at 5',
    });
    expect(together(true, false)).toMatchObject({ scoringBadge: 'fail', badgeReason: 'json_schema at 5' });
    expect(together(true, true).scoringBadge).toBe('pass');
    expect(together(true, null).scoringBadge).toBe('none');
  });

  it('should need human scoring with an automatic score and no, too few or conflicting human scores', () => {
    const auto = record('state_mutation_match', true, 0);
    expect(classifySession([auto]).needsHumanScoring).toBe(true);
    expect(classifySession([auto, record('human_in_the_loop', true, 1, 1)]).needsHumanScoring).toBe(true);
    const conflict = [1, 2, 3].map((u) => record('human_in_the_loop', u !== 3, u, u));
    expect(classifySession([auto, ...conflict]).needsHumanScoring).toBe(true);
    const agreed = [1, 2, 3].map((u) => record('human_in_the_loop', true, u, u));
    expect(classifySession([auto, ...agreed]).needsHumanScoring).toBe(false);
    expect(classifySession(agreed).needsHumanScoring).toBe(false);
    // Auto-marked incorrect: decided by the platform, not sent to people.
    expect(classifySession([auto, record('system_scoring', false, 1)]).needsHumanScoring).toBe(false);
  });

  it('should flag a disagreement between the latest automatic verdict and the latest human score', () => {
    const c = classifySession([
      record('state_mutation_match', true, 0),
      record('human_in_the_loop', true, 1, 1),
      record('human_in_the_loop', false, 2, 2),
    ]);
    expect(c.humanDisagreement).toBe(true);
    expect(
      classifySession([record('state_mutation_match', true, 0), record('human_in_the_loop', true, 1, 1)])
        .humanDisagreement,
    ).toBe(false);
    expect(classifySession([record('human_in_the_loop', false, 1, 1)]).humanDisagreement).toBe(false);
  });

  it('should pass on clear human results first, else on the latest automatic verdict', () => {
    const failedByPeople = [1, 2, 3].map((u) => record('human_in_the_loop', false, u, u));
    expect(classifySession([record('state_mutation_match', true, 0), ...failedByPeople]).passed).toBe(false);
    expect(
      classifySession([record('state_mutation_match', true, 0), record('human_in_the_loop', false, 1, 1)])
        .passed,
    ).toBe(true);
    expect(classifySession([record('state_mutation_match', false, 0)]).passed).toBe(false);
  });

  it('should leave auto-marked incorrect sessions out of success rates', () => {
    const c = classifySession([record('state_mutation_match', false, 0), record('system_scoring', false, 0)]);
    expect(c).toMatchObject({
      excludedFromSuccessRates: true,
      passed: false,
      humanResults: { auto_marked_incorrect: true },
    });
  });
});

describe('combinedVerdict', () => {
  it('should fail on any fail, pass only when every type passed, and say nothing otherwise', () => {
    expect(combinedVerdict([true, false, null])).toBe(false);
    expect(combinedVerdict([true, true])).toBe(true);
    expect(combinedVerdict([true, null])).toBeNull();
    expect(combinedVerdict([])).toBeNull();
  });
});
