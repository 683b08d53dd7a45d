import type { EvaluatorCheck, EvaluatorHealth } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkingText,
  EVALUATOR_CHECK_LABELS,
  evaluatorBadge,
  formatCheckedAt,
  healthSummary,
  verdictLabel,
} from '../../src/features/tests/evaluatorHealth';

const checkedAt = new Date(2026, 10, 30, 14, 7).toISOString();

const reference = (status: EvaluatorCheck['status']): EvaluatorCheck => ({
  check: 'reference_passes',
  status,
  detail:
    status === 'ok'
      ? 'The reference solution passes'
      : 'The reference solution does not pass: state_mutation_match: quantity 2, expected 3',
});
const wrongVariant = (status: EvaluatorCheck['status']): EvaluatorCheck => ({
  check: 'wrong_variant_fails',
  status,
  detail:
    status === 'ok' ? 'The wrong variant fails (state_mutation_match: no match)' : 'The wrong variant passes',
});
const agreement = (status: EvaluatorCheck['status']): EvaluatorCheck => ({
  check: 'human_agreement',
  status,
  detail: status === 'not_checked' ? 'No session has a clear human verdict yet' : 'Disagrees with people',
  judged: status === 'not_checked' ? 0 : 3,
  disagreeing: status === 'broken' ? [{ sessionId: 's1', human: 'pass', automatic: 'fail' }] : [],
});

const health = (status: EvaluatorHealth['status'], checks: EvaluatorCheck[]): EvaluatorHealth => ({
  status,
  checked_at: checkedAt,
  checks,
});

describe('evaluator health on the test case page', () => {
  it('should name every check in words', () => {
    expect(EVALUATOR_CHECK_LABELS).toEqual({
      reference_passes: 'Reference solution passes',
      wrong_variant_fails: 'Wrong variant fails',
      human_agreement: "Agrees with people's scores",
    });
  });

  it('should show no badge before the first check', () => {
    expect(evaluatorBadge(null)).toBeNull();
  });

  it("should show a red badge with the broken checks' details when the evaluator is broken", () => {
    const broken = health('broken', [reference('broken'), wrongVariant('ok'), agreement('broken')]);
    expect(evaluatorBadge(broken)).toEqual({
      status: 'broken',
      label: 'Evaluator broken',
      color: 'red',
      tooltip: [
        'The reference solution does not pass: state_mutation_match: quantity 2, expected 3',
        'Disagrees with people',
        'Checked Nov 30, 2026 02:07 pm',
      ],
    });
  });

  it('should show a green badge with the date when the evaluator is healthy', () => {
    const healthy = health('healthy', [reference('ok'), wrongVariant('ok'), agreement('not_checked')]);
    expect(evaluatorBadge(healthy)).toEqual({
      status: 'healthy',
      label: 'Evaluator checked',
      color: 'green',
      tooltip: ['Checked Nov 30, 2026 02:07 pm'],
    });
  });

  it('should show a grey badge when there was nothing to check the evaluator with', () => {
    const unknown = health('unknown', [
      reference('not_checked'),
      wrongVariant('not_checked'),
      agreement('not_checked'),
    ]);
    expect(evaluatorBadge(unknown)).toMatchObject({
      status: 'unknown',
      label: 'Evaluator unverified',
      color: 'gray',
    });
  });

  it('should say in one sentence what is broken', () => {
    expect(healthSummary(health('broken', [reference('broken'), wrongVariant('ok'), agreement('ok')]))).toBe(
      'The evaluator is broken: the reference solution does not pass.',
    );
    expect(
      healthSummary(health('broken', [reference('broken'), wrongVariant('broken'), agreement('broken')])),
    ).toBe(
      "The evaluator is broken: the reference solution does not pass, the wrong variant does not fail and it disagrees with people's scores.",
    );
  });

  it('should say how far a healthy evaluator could be checked', () => {
    expect(healthSummary(health('healthy', [reference('ok'), wrongVariant('ok'), agreement('ok')]))).toBe(
      'The evaluator can be trusted: every check passed.',
    );
    expect(
      healthSummary(health('healthy', [reference('ok'), wrongVariant('ok'), agreement('not_checked')])),
    ).toBe(
      'The evaluator can be trusted as far as it could be checked: 2 checks passed, 1 check had nothing to check with.',
    );
    expect(
      healthSummary(
        health('unknown', [reference('not_checked'), wrongVariant('not_checked'), agreement('not_checked')]),
      ),
    ).toBe('The evaluator could not be checked yet: no check had anything to check it with.');
  });

  it('should say what runs while a check is under way', () => {
    expect(checkingText({ builtIn: true })).toMatch(/^Running the reference solution/);
    expect(checkingText({ builtIn: false })).toMatch(/^Judging the sessions people scored again/);
  });

  it('should show verdicts and dates in words', () => {
    expect(verdictLabel('pass')).toBe('Pass');
    expect(verdictLabel('fail')).toBe('Fail');
    expect(verdictLabel('error')).toBe('error');
    expect(formatCheckedAt(checkedAt)).toBe('Nov 30, 2026 02:07 pm');
  });
});
