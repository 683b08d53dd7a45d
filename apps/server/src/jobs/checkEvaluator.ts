import type { Database } from '@proctor/db';
import type { ScoringServices } from '@proctor/scoring';
import type { EnvironmentManager } from '../environments/manager';
import type { JobHandler } from '../kernel/queue/catalog';
import { checkEvaluator } from '../services/evaluatorHealth';

/** The check-evaluator job: the route that added it waits for its result and answers with it. */
export function checkEvaluatorHandler(
  db: Database,
  environments: EnvironmentManager,
  services: ScoringServices,
): JobHandler<'checkEvaluator'> {
  return {
    run: ({ viewer, testCaseId }) => checkEvaluator({ db, environments, services }, viewer, testCaseId),
    // The route that waits says why; the test case keeps its last health until a check finishes.
    failed: async () => undefined,
  };
}
