import { MUTATION_GENERATION_MESSAGES, MutationGenerationResult, type TestCase } from '@proctor/contracts';
import { isApiError } from '../../api';

/** The Mutation Conflict tab's empty text (001 §2.2). */
export const NO_SESSIONS_TO_COMPARE = 'No sessions available for mutation comparison';
export const MERGED_MUTATIONS_FAILED = 'Failed to fetch merged mutations';

/**
 * The test case's last generation as the server keeps it; null when there has been none, or when what is
 * stored predates this shape (it is then not ours to interpret).
 */
export function lastGenerationOf(
  testCase: Pick<TestCase, 'lastScoringGenerationResult'>,
): MutationGenerationResult | null {
  if (!testCase.lastScoringGenerationResult) return null;
  return MutationGenerationResult.safeParse(testCase.lastScoringGenerationResult).data ?? null;
}

/** The comparison was refused because the test case has no correct sessions: not a failure, nothing to show. */
export function isNoSessionsError(error: unknown): boolean {
  return (
    isApiError(error) && error.status === 404 && error.detail === MUTATION_GENERATION_MESSAGES.noSessions
  );
}
