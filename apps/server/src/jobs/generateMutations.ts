import type { Database } from '@proctor/db';
import type { JobHandler } from '../kernel/queue/catalog';
import { generateMutations } from '../services/mutationGeneration';

/** The generate-mutations job: its progress is what the generation routes stream. */
export function generateMutationsHandler(db: Database): JobHandler<'generateMutations'> {
  return {
    run: (request, job) => generateMutations(db, request, job.progress),
    // The route that waits says why; each test case keeps its last generation result.
    failed: async () => undefined,
  };
}
