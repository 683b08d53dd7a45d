import { randomUUID } from 'node:crypto';
import type { SessionStatus } from '@proctor/contracts';
import { organizations, runSessionBatches, sessions } from '@proctor/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { JobHandlers } from '../src/kernel/queue/catalog';
import { InProcessQueue, type JobQueue } from '../src/kernel/queue/queue';
import { RunScheduler } from '../src/services/runScheduler';
import { describeEachDatabase } from './support/proctor';
import { until } from './support/until';

/** The scheduler's own behaviour (jobs/runs.ts), with a queue of the test's making and no browser. */
describeEachDatabase('the run scheduler', (proctor) => {
  async function queuedGroup(runs: number, concurrency: number, organizationId: number | null = null) {
    const { db } = proctor().ctx;
    const [group] = await db
      .insert(runSessionBatches)
      .values({
        publicId: randomUUID(),
        name: 'scheduler test',
        kind: 'benchmark',
        runs,
        concurrency,
        organizationId,
      })
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
      list: (page, pageSize) => inner.list(page, pageSize),
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

  /**
   * A queue whose runs take as long as the test says: each run is `run_started` until `finish()` ends every run
   * started so far. Counts the runs in progress across every queue made by one `lab()`.
   */
  function lab() {
    const { db } = proctor().ctx;
    const running = new Set<number>();
    const ran: Array<{ sessionId: number; by: string; at: number }> = [];
    let most = 0;
    const gates: Array<() => void> = [];
    const queue = (by: string) => {
      const inner = new InProcessQueue();
      const handlers: JobHandlers = {
        runSession: {
          async run({ sessionId }) {
            const claimed = await db
              .update(sessions)
              .set({ status: 'run_started' satisfies SessionStatus })
              .where(and(eq(sessions.id, sessionId), eq(sessions.status, 'run_queued')))
              .returning({ id: sessions.id });
            if (claimed.length === 0) return;
            running.add(sessionId);
            most = Math.max(most, running.size);
            ran.push({ sessionId, by, at: Date.now() });
            await new Promise<void>((resolve) => gates.push(resolve));
            running.delete(sessionId);
            await db
              .update(sessions)
              .set({ status: 'run_completed' satisfies SessionStatus })
              .where(eq(sessions.id, sessionId));
          },
          async failed() {},
        },
      };
      inner.work(handlers);
      return inner;
    };
    return {
      queue,
      ran,
      running: () => running.size,
      most: () => most,
      finish: () => {
        for (const open of gates.splice(0)) open();
      },
    };
  }

  const finished = (groupId: number) =>
    until(
      () => proctor().ctx.db.select().from(runSessionBatches).where(eq(runSessionBatches.id, groupId)),
      ([group]) => group?.finishedAt != null,
      'the run group to finish',
    );

  it('runs a group on one server of several: the one holding its lease; another takes it over when that one stops, within the concurrency', async () => {
    const { db } = proctor().ctx;
    const { groupId, sessionIds } = await queuedGroup(5, 2);
    const runs = lab();
    const [queueA, queueB] = [runs.queue('a'), runs.queue('b')];
    // a's lease outlasts any stall of a busy machine (it lets go by closing); b looks again every 200 ms.
    const a = new RunScheduler(db, queueA, proctor().app.log, { leaseMs: 5_000, pollMs: 50 });
    const b = new RunScheduler(db, queueB, proctor().app.log, { leaseMs: 400, pollMs: 50 });
    a.schedule(groupId, 2);
    await until(
      async () => runs.running(),
      (n) => n === 2,
      'server a to start two runs',
    );
    b.schedule(groupId, 2);
    // b has seen a's lease (its claim wrote nothing) and leaves the group to a, lease renewal after renewal.
    const [held] = await until(
      () => db.select().from(runSessionBatches).where(eq(runSessionBatches.id, groupId)),
      ([group]) => (group?.schedulerLeaseUntil?.getTime() ?? 0) > Date.now() + 3_000,
      "a's lease to be renewed",
    );
    expect(held?.schedulerId).toBe(a.id);
    runs.finish();
    await until(
      async () => runs.ran.length,
      (n) => n === 4,
      'the next two runs to start',
    );
    expect(runs.ran.map((run) => run.by)).toEqual(['a', 'a', 'a', 'a']);

    // a shuts down with two runs still going: b takes the group over and starts the fifth run only when one
    // of a's has ended, never three at once.
    await a.close();
    const [released] = await db.select().from(runSessionBatches).where(eq(runSessionBatches.id, groupId));
    expect(released?.schedulerId).toBeNull();
    await until(
      () => db.select().from(runSessionBatches).where(eq(runSessionBatches.id, groupId)),
      ([group]) => group?.schedulerId === b.id,
      'server b to take the group over',
    );
    expect(runs.ran).toHaveLength(4);
    runs.finish();
    await until(
      async () => runs.ran.length,
      (n) => n === 5,
      'the fifth run to start',
    );
    expect(runs.ran[4]).toMatchObject({ sessionId: sessionIds[4], by: 'b' });
    runs.finish();
    const [group] = await finished(groupId);
    expect(group?.schedulerId).toBeNull();
    expect(runs.most()).toBe(2);
    expect(runs.ran.map((run) => run.sessionId).sort((x, y) => x - y)).toEqual(sessionIds);
    await b.close();
    await Promise.all([queueA.close(), queueB.close()]);
  });

  it("hands over at most an organization's limit of its runs at once, so another organization's run is not queued behind them", async () => {
    const { db } = proctor().ctx;
    const [busy, other] = [await proctor().organization(), await proctor().organization()];
    const backlog = await queuedGroup(3, 3, busy.id);
    const single = await queuedGroup(1, 1, other.id);
    const runs = lab();
    const queue = runs.queue('a');
    const scheduler = new RunScheduler(db, queue, proctor().app.log, { environmentsPerOrganization: 1 });
    scheduler.schedule(backlog.groupId, 3);
    await until(
      async () => runs.running(),
      (n) => n >= 1,
      'the first run of the backlog to start',
    );
    scheduler.schedule(single.groupId, 1);
    await until(
      async () => runs.running(),
      (n) => n >= 2,
      "the other organization's run to start",
    );
    expect(runs.ran.map((run) => run.sessionId)).toEqual([backlog.sessionIds[0], single.sessionIds[0]]);

    // A plan's own limit stands in for the setting from the next hand-over on.
    await db
      .update(organizations)
      .set({ plan: { allowed_simulators: [], max_environments: 2 } })
      .where(eq(organizations.id, busy.id));
    runs.finish();
    await until(
      async () => runs.ran.length,
      (n) => n >= 4,
      'the rest of the backlog to start',
    );
    const rest = runs.ran.slice(2).map((run) => run.sessionId);
    expect(rest.sort((x, y) => x - y)).toEqual(backlog.sessionIds.slice(1));
    expect(runs.running()).toBe(2);
    runs.finish();
    await Promise.all([finished(backlog.groupId), finished(single.groupId)]);
    await scheduler.close();
    await queue.close();
  });

  it('takes over a group whose server died, once its lease has run out, and not before', async () => {
    const { db } = proctor().ctx;
    const { groupId, sessionIds } = await queuedGroup(2, 2);
    // The lease of a server that has just died: it is not renewed any more.
    await db
      .update(runSessionBatches)
      .set({ schedulerId: 'a-dead-server', schedulerLeaseUntil: sql`now() + interval '1 second'` })
      .where(eq(runSessionBatches.id, groupId));
    const [dead] = await db.select().from(runSessionBatches).where(eq(runSessionBatches.id, groupId));
    const runs = lab();
    const queue = runs.queue('b');
    const b = new RunScheduler(db, queue, proctor().app.log, { leaseMs: 400, pollMs: 50 });
    b.schedule(groupId, 2);
    await until(
      async () => runs.running(),
      (n) => n === 2,
      'server b to start the runs',
    );
    expect(Math.min(...runs.ran.map((run) => run.at))).toBeGreaterThanOrEqual(
      dead!.schedulerLeaseUntil!.getTime(),
    );
    const [group] = await db.select().from(runSessionBatches).where(eq(runSessionBatches.id, groupId));
    expect(group?.schedulerId).toBe(b.id);
    expect(runs.ran.map((run) => run.sessionId).sort((x, y) => x - y)).toEqual(sessionIds);
    runs.finish();
    await finished(groupId);
    await b.close();
    await queue.close();
  });
});
