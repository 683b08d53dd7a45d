import type { SessionStatus } from '@proctor/contracts';
import { type Database, sessionLogs, sessions } from '@proctor/db';
import type { ScoringServices } from '@proctor/scoring';
import { and, asc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { JobHandler } from '../kernel/queue/catalog';
import type { JobQueue } from '../kernel/queue/queue';
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
      const failed = await db
        .update(sessions)
        .set({ status: 'scoring_failed' satisfies SessionStatus })
        .where(and(eq(sessions.id, sessionId), inArray(sessions.status, [...AWAITING_SCORING_STATUSES])))
        .returning({ id: sessions.id });
      if (failed.length > 0)
        await db.insert(sessionLogs).values({
          sessionId,
          source: 'scoring',
          logData: {
            type: 'scoring_failed',
            message: `Scoring did not finish: ${reason}`,
            source: 'scoring',
          },
        });
    },
  };
}

/**
 * At start: every ended session with a test case still waiting for its scoring (its process died between the
 * end of the run and the final status, or before its job was added) gets its score-session job again. A session
 * whose job is still on its way (Redis) may be scored twice; the second scoring finds it scored and writes nothing.
 */
export async function requeueUnscoredSessions(db: Database, queue: JobQueue): Promise<number> {
  let after = 0;
  let added = 0;
  for (;;) {
    const page = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          inArray(sessions.status, [...AWAITING_SCORING_STATUSES]),
          isNotNull(sessions.testCaseId),
          gt(sessions.id, after),
        ),
      )
      .orderBy(asc(sessions.id))
      .limit(REQUEUE_PAGE_SIZE);
    for (const { id } of page) await queue.add('scoreSession', { sessionId: id });
    added += page.length;
    if (page.length < REQUEUE_PAGE_SIZE) return added;
    after = page.at(-1)!.id;
  }
}
