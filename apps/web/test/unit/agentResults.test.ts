import { successRate } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import {
  AGENT_SESSIONS_PAGE_SIZE,
  agentSummaryLine,
  passAtKLines,
  passAtKText,
  successBarColor,
} from '../../src/features/agents/agentResults';

describe("an agent's results", () => {
  it('should colour the success bar green from 50% and red below', () => {
    expect(successBarColor(0.5)).toBe('green');
    expect(successBarColor(1)).toBe('green');
    expect(successBarColor(0.4999)).toBe('red');
    expect(successBarColor(0)).toBe('red');
  });

  it('should show pass@k and pass^k for the largest k, and every k for the tooltip', () => {
    const result = {
      scored: 3,
      passAtK: { '1': 0.67, '2': 1, '3': 0.875 },
      passHatK: { '1': 0.67, '2': 0.333, '3': 0.4149 },
    };
    expect(passAtKText(result)).toBe('pass@3 0.88 · pass^3 0.41');
    expect(passAtKLines(result)).toEqual(['pass@2 1.00 · pass^2 0.33', 'pass@3 0.88 · pass^3 0.41']);
  });

  it('should show no pass@k for a single scored run, nor for a k missing from either map', () => {
    expect(passAtKText({ scored: 1, passAtK: { '1': 1 }, passHatK: { '1': 1 } })).toBeNull();
    expect(passAtKText({ scored: 0, passAtK: {}, passHatK: {} })).toBeNull();
    expect(passAtKText({ scored: 2, passAtK: { '2': 0.5 }, passHatK: {} })).toBeNull();
    // k = 10 sorts after k = 2 as a number, not as text.
    expect(
      passAtKText({ scored: 10, passAtK: { '2': 0.5, '10': 0.9 }, passHatK: { '2': 0.2, '10': 0.01 } }),
    ).toBe('pass@10 0.90 · pass^10 0.01');
  });

  it('should say the summary with its interval and the infrastructure failures apart', () => {
    const summary = (passed: number, scored: number, infrastructureFailures: number) => ({
      total: scored + infrastructureFailures,
      scored,
      passed,
      infrastructureFailures,
      needsHumanScoring: 0,
      humanDisagreements: 0,
      successRate: successRate(passed, scored),
    });
    expect(agentSummaryLine(summary(3, 5, 1))).toBe(
      '3 passed of 5 scored · 60% (95% CI 23–88%, n = 5) · 1 infrastructure failure',
    );
    expect(agentSummaryLine(summary(0, 0, 2))).toBe('0 passed of 0 scored · 2 infrastructure failures');
  });

  it('should ask for the session lists no more than the sessions list serves', () => {
    expect(AGENT_SESSIONS_PAGE_SIZE).toBeLessThanOrEqual(500);
  });
});
