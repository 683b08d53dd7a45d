import {
  DATE_TIME_FORMAT,
  type EVALUATOR_CHECKS,
  type EvaluatorCheck,
  type EvaluatorHealth,
} from '@proctor/contracts';
import dayjs from 'dayjs';

/**
 * What the test case page says about a test case's evaluator health check (issue 8 §6): the checks in words,
 * the overall verdict as a sentence, and which badge the header shows. Pure, so that the dialog and the badge
 * only render it.
 */

type CheckName = (typeof EVALUATOR_CHECKS)[number];

export const EVALUATOR_CHECK_LABELS: Record<CheckName, string> = {
  reference_passes: 'Reference solution passes',
  wrong_variant_fails: 'Wrong variant fails',
  human_agreement: "Agrees with people's scores",
};

export interface Tone {
  label: string;
  /** A Mantine colour. */
  color: 'green' | 'red' | 'gray';
}

export const CHECK_STATUS_TONES: Record<EvaluatorCheck['status'], Tone> = {
  ok: { label: 'OK', color: 'green' },
  broken: { label: 'Broken', color: 'red' },
  not_checked: { label: 'Not checked', color: 'gray' },
};

export const HEALTH_STATUS_TONES: Record<EvaluatorHealth['status'], Tone> = {
  healthy: { label: 'Healthy', color: 'green' },
  broken: { label: 'Broken', color: 'red' },
  unknown: { label: 'Unknown', color: 'gray' },
};

export function formatCheckedAt(checkedAt: string): string {
  return dayjs(checkedAt).format(DATE_TIME_FORMAT);
}

/** A broken check as part of a sentence. */
const BROKEN_PHRASES: Record<CheckName, string> = {
  reference_passes: 'the reference solution does not pass',
  wrong_variant_fails: 'the wrong variant does not fail',
  human_agreement: "it disagrees with people's scores",
};

const checkCount = (count: number) => `${count} ${count === 1 ? 'check' : 'checks'}`;

/** The overall verdict as one sentence, saying what is broken. */
export function healthSummary(health: EvaluatorHealth): string {
  const broken = health.checks.filter((check) => check.status === 'broken');
  const passed = health.checks.filter((check) => check.status === 'ok').length;
  const skipped = health.checks.length - broken.length - passed;
  if (health.status === 'broken') {
    const phrases = broken.map((check) => BROKEN_PHRASES[check.check]);
    const listed =
      phrases.length > 1 ? `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}` : (phrases[0] ?? '');
    return listed ? `The evaluator is broken: ${listed}.` : 'The evaluator is broken.';
  }
  if (health.status === 'healthy')
    return skipped === 0
      ? 'The evaluator can be trusted: every check passed.'
      : `The evaluator can be trusted as far as it could be checked: ${checkCount(passed)} passed, ${checkCount(skipped)} had nothing to check with.`;
  // Each check's detail says what it lacked: no reference solution, no session people judged, no verdict.
  return 'The evaluator could not be checked yet: no check had anything to check it with.';
}

/** While the check runs (one request, no progress events): what it is doing, from what the test case has. */
export function checkingText(testCase: { builtIn: boolean }): string {
  return testCase.builtIn
    ? 'Running the reference solution and its wrong variant in a browser, then judging the sessions people scored again… This takes about 10 seconds.'
    : 'Judging the sessions people scored again with the current scoring…';
}

/** A verdict ("pass" / "fail") as a word. */
export function verdictLabel(verdict: string): string {
  if (verdict === 'pass') return 'Pass';
  if (verdict === 'fail') return 'Fail';
  return verdict;
}

export interface HealthBadge {
  status: EvaluatorHealth['status'];
  label: string;
  color: Tone['color'];
  /** One line each. */
  tooltip: string[];
}

/**
 * The header badge of the last check: red when it found the evaluator broken (its tooltip: what is broken),
 * green when healthy (when it was checked), none before the first check.
 * An "unknown" result (nothing to check with) gets a grey badge rather than none: the check did run, and
 * without a badge an author would run it again expecting something to appear.
 */
export function evaluatorBadge(health: EvaluatorHealth | null): HealthBadge | null {
  if (!health) return null;
  const checked = `Checked ${formatCheckedAt(health.checked_at)}`;
  switch (health.status) {
    case 'broken':
      return {
        status: health.status,
        label: 'Evaluator broken',
        color: 'red',
        tooltip: [
          ...health.checks.filter((check) => check.status === 'broken').map((check) => check.detail),
          checked,
        ],
      };
    case 'healthy':
      return { status: health.status, label: 'Evaluator checked', color: 'green', tooltip: [checked] };
    case 'unknown':
      return {
        status: health.status,
        label: 'Evaluator unverified',
        color: 'gray',
        tooltip: ['Nothing to check the evaluator with yet', checked],
      };
  }
}
