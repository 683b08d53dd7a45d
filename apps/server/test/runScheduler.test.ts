import { randomUUID } from 'node:crypto';
import type { SessionStatus } from '@proctor/contracts';
import { runSessionBatches, sessions } from '@proctor/db';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { InProcessQueue, type JobQueue } from '../src/jobs/queue';
import { RunScheduler } from '../src/jobs/runs';
import { describeEachDatabase } from './support/proctor';
import { until } from './support/until';

/** The scheduler's own behaviour (jobs/runs.ts), with a queue of the test's making and no browser. */
describeEachDatabase('the run scheduler', (proctor) => {
  async function queuedGroup(runs: number, concurrency: number) {
    const { db } = proctor().ctx;
    const [group] = await db
      .insert(runSessionBatches)
      .values({ publicId: randomUUID(), name: 'scheduler test', kind: 'benchmark', runs, concurrency })
      .returning({ id: runSessionBatches.id });
    const made = await db
      .insert(sessions)
      .values(
        Array.from({ length: runs }, () => ({
          publicId: randomUUID(),
          status: 'run_queued' satisfies SessionStatus,
          runSessionBatchId: group!.id,
        })),
      )
      .returning({ id: sessions.id });
    return { groupId: group!.id, sessionIds: made.map((row) => row.id) };
  }

  it('hands a run over again when the queue refused it, and finishes the group once every run ran', async () => {
    const { db } = proctor().ctx;
    const { groupId, sessionIds } = await queuedGroup(3, 2);
    const inner = new InProcessQueue();
    const ran: number[] = [];
    inner.work({
      runSession: {
        async run({ sessionId }) {
          ran.push(sessionId);
          await db
            .update(sessions)
            .set({ status: 'run_completed' satisfies SessionStatus })
            .where(eq(sessions.id, sessionId));
        },
        async failed() {},
      },
    });
    let refusals = 0;
    // Redis unreachable for the first hand-over: add() throws.
    const flaky: JobQueue = {
      add: async (name, payload) => {
        if (refusals === 0) {
          refusals += 1;
          throw new Error('Connection is closed.');
        }
        return inner.add(name, payload);
      },
      work: (handlers, limits) => inner.work(handlers, limits),
      counts: (name) => inner.counts(name),
      close: () => inner.close(),
    };
    new RunScheduler(db, flaky, proctor().app.log).schedule(groupId, 2);

    const [finished] = await until(
      () => db.select().from(runSessionBatches).where(eq(runSessionBatches.id, groupId)),
      ([group]) => group?.finishedAt != null,
      'the run group to finish',
    );
    expect(finished?.finishedAt).not.toBeNull();
    expect(refusals).toBe(1);
    expect([...ran].sort((a, b) => a - b)).toEqual(sessionIds);
    const statuses = await db
      .select({ status: sessions.status })
      .from(sessions)
      .where(inArray(sessions.id, sessionIds));
    expect(statuses.map((row) => row.status)).toEqual(['run_completed', 'run_completed', 'run_completed']);
    await inner.close();
  });
});
