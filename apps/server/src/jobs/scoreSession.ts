import type { Database } from '@proctor/db';
import type { ScoringServices } from '@proctor/scoring';
import type { JobHandler } from '../kernel/queue/catalog';
import type { JobQueue } from '../kernel/queue/queue';
import { moveSessionStatus, sessionIdPages } from '../repositories/sessionScoring';
import { logToSession } from '../repositories/sessions';
import { AWAITING_SCORING_STATUSES, scoreEndedSession } from '../scoring/pipeline';

/** Sessions read at a time when re-queueing at start. */
const REQUEUE_PAGE_SIZE = 500;

/** The score-session job: post-processing and scoring of an ended session (scoring/pipeline.ts). */
export function scoreSessionHandler(db: Database, services: ScoringServices): JobHandler<'scoreSession'> {
  return {
    async run({ sessionId }) {
      await scoreEndedSession(db, sessionId, services);
    },
    async failed({ sessionId }, reason) {
      if (await moveSessionStatus(db, sessionId, 'scoring_failed', AWAITING_SCORING_STATUSES))
        await logToSession(
          db,
          sessionId,
          {
            type: 'scoring_failed',
            message: `Scoring did not finish: ${reason}`,
          },
          'scoring',
        );
    },
  };
}

/**
 * At start: every ended session with a test case still waiting for its scoring (its process died between the
 * end of the run and the final status, or before its job was added) gets its score-session job again. A session
 * whose job is still on its way (Redis) may be scored twice; the second scoring finds it scored and writes nothing.
 */
export async function requeueUnscoredSessions(db: Database, queue: JobQueue): Promise<number> {
  let added = 0;
  const pages = sessionIdPages(
    db,
    { statuses: AWAITING_SCORING_STATUSES, withTestCase: true },
    REQUEUE_PAGE_SIZE,
  );
  for await (const page of pages) {
    for (const sessionId of page) await queue.add('scoreSession', { sessionId });
    added += page.length;
  }
  return added;
}
