import type { Database } from '@proctor/db';
import type { ScoringServices } from '@proctor/scoring';
import type { JobHandler } from '../kernel/queue/catalog';
import { rescoreSimulator } from '../services/rescore';

/** The rescore-simulator job: the route that added it waits for its result and answers with it. */
export function rescoreSimulatorHandler(
  db: Database,
  services: ScoringServices,
): JobHandler<'rescoreSimulator'> {
  return {
    run: ({ viewer, simulatorId }) => rescoreSimulator(db, viewer, simulatorId, { services }),
    // The route that waits says why; each session's own status already says how far it got.
    failed: async () => undefined,
  };
}
