import { z } from 'zod';
import { AUTO_FAILED_NO_MUTATIONS } from '../constants';
import { configBase, defineScoreType } from '../definition';
import { filterMutationsByApp } from '../mutations/apps';
import { notApplicable } from '../result';

export const SystemScoringConfig = z.object({ ...configBase });
export type SystemScoringConfig = z.infer<typeof SystemScoringConfig>;

/**
 * The platform's own verdict: a session of a state task (its test case scores mutations) that changed
 * nothing that counts (after each app's own filters) fails as "Auto Failed: No Mutations". Otherwise it
 * does not apply and writes no score.
 */
export const systemScoring = defineScoreType({
  type: 'system_scoring',
  label: 'System scoring',
  configSchema: SystemScoringConfig,
  score(input) {
    if (!input.testCase?.scoringTypes.includes('mutations')) return notApplicable('Not a state task');
    if (filterMutationsByApp(input).length > 0) return notApplicable('The session changed the state');
    return { type: 'system_scoring', correct: false, reason: AUTO_FAILED_NO_MUTATIONS };
  },
});
