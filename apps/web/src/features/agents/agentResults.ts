import {
  type AgentResultsResponse,
  type AgentTestCaseResult,
  formatSuccessRate,
  MAX_SESSION_PAGE_SIZE,
  PAGE_SIZE,
} from '@proctor/contracts';

/** How an agent's results read (001 §2.8, §9): the success bar, pass@k, the summary line. Pure. */

/** The success-rate bar: green at 50% or more, else red (001 §9). */
export const SUCCESS_BAR_THRESHOLD = 0.5;

export type SuccessBarColor = 'green' | 'red';

export function successBarColor(rate: number): SuccessBarColor {
  return rate >= SUCCESS_BAR_THRESHOLD ? 'green' : 'red';
}

/**
 * The session lists of an agent (Needs Human Scoring, Human Disagreements) ask for the agent results page
 * size (001 §9), but never more than the sessions list serves in one page.
 */
export const AGENT_SESSIONS_PAGE_SIZE = Math.min(PAGE_SIZE.agentResults, MAX_SESSION_PAGE_SIZE);

type PassAtK = Pick<AgentTestCaseResult, 'scored' | 'passAtK' | 'passHatK'>;

/**
 * "pass@2 0.67 · pass^2 0.33", one line per k, smallest first: the chance that at least one of k runs passes
 * and that all k pass. None for fewer than two scored runs, where both are just the success rate.
 */
export function passAtKLines(result: PassAtK): string[] {
  if (result.scored <= 1) return [];
  return Object.entries(result.passAtK)
    .map(([k, atK]) => ({ k: Number(k), atK, hatK: result.passHatK[k] }))
    .filter(
      (entry): entry is { k: number; atK: number; hatK: number } =>
        Number.isInteger(entry.k) && entry.k > 1 && entry.hatK !== undefined,
    )
    .sort((a, b) => a.k - b.k)
    .map(({ k, atK, hatK }) => `pass@${k} ${atK.toFixed(2)} · pass^${k} ${hatK.toFixed(2)}`);
}

/** The line of the largest k the test case's scored runs allow ("pass@3 0.88 · pass^3 0.41"), or null. */
export function passAtKText(result: PassAtK): string | null {
  return passAtKLines(result).at(-1) ?? null;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * "3 passed of 5 scored · 60% (95% CI 23–88%, n = 5) · 1 infrastructure failure": the agent's rate, always
 * with its certainty, and the runs that failed for reasons other than the agent.
 */
export function agentSummaryLine(summary: AgentResultsResponse['summary']): string {
  const rate = formatSuccessRate(summary.successRate);
  return [
    `${summary.passed} passed of ${summary.scored} scored`,
    ...(summary.successRate.rate === null ? [] : [rate]),
    counted(summary.infrastructureFailures, 'infrastructure failure', 'infrastructure failures'),
  ].join(' · ');
}
