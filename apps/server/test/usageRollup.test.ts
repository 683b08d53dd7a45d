import { IN_PROGRESS_SESSION_STATUSES, SESSION_STATUSES } from '@proctor/contracts';
import { newPublicId, sessions, usageEnvironmentHours, usageEnvironmentMinutes } from '@proctor/db';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { peakOpenEnvironments, peakOpenEnvironmentsFromRollup } from '../src/repositories/usage';
import { describeEachDatabase } from './support/proctor';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** mulberry32: the same random sessions every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describeEachDatabase('usage rollup against the direct computation', (proctor) => {
  const db = () => proctor().ctx.db;

  /**
   * Random sessions over the three days before `end`: times on whole seconds (so that starts and ends share
   * instants and fall on minute and hour edges), open from none to six hours; some still open, some without an
   * environment, some ended without an end time (not counted).
   */
  const randomSessions = (organizationId: number, end: number, count: number, next: () => number) =>
    Array.from({ length: count }, () => {
      const createdAt = end - Math.floor((next() * 3 * DAY) / SECOND) * SECOND;
      const kind = next();
      const open = kind < 0.1;
      const lost = kind >= 0.1 && kind < 0.13;
      const edge = next() < 0.2;
      const length = edge
        ? Math.floor(next() * 5) * MINUTE
        : Math.floor((next() * 6 * HOUR) / SECOND) * SECOND;
      return {
        publicId: newPublicId(),
        organizationId,
        status: open ? 'run_started' : lost ? 'created' : 'run_completed',
        jobGroupId: next() < 0.05 ? null : newPublicId(),
        createdAt: new Date(edge ? Math.floor(createdAt / MINUTE) * MINUTE : createdAt),
        endedAt:
          open || lost
            ? null
            : new Date((edge ? Math.floor(createdAt / MINUTE) * MINUTE : createdAt) + length),
      };
    });

  /** Every window the route offers, ending on minute edges around `end`, rollup and direct side by side. */
  const compare = async (organizationId: number, end: number) => {
    let compared = 0;
    const hourEnd = Math.ceil(end / HOUR) * HOUR;
    const windows = [
      ...[1 / 24, 1, 7, 28].flatMap((days) =>
        [0, 7 * MINUTE, 61 * MINUTE, 26 * HOUR].map((shift) => ({ days, shift, last: end })),
      ),
      // The route's 30- and 180-day windows end on a whole hour and read hours only.
      ...[30, 180].flatMap((days) => [0, 5 * HOUR].map((shift) => ({ days, shift, last: hourEnd }))),
    ];
    for (const { days, shift, last } of windows) {
      const windowEnd = new Date(last - shift);
      const window = {
        start: new Date(windowEnd.getTime() - Math.round((days * DAY) / MINUTE) * MINUTE),
        end: windowEnd,
        buckets: 60,
      };
      const fast = await peakOpenEnvironmentsFromRollup(db(), organizationId, window);
      const direct = await peakOpenEnvironments(db(), organizationId, window);
      if (fast === undefined) continue;
      expect({ days, shift, peaks: fast }).toEqual({ days, shift, peaks: direct });
      compared += 1;
    }
    return compared;
  };

  const rollupRows = async (organizationId: number) => ({
    minutes: await db()
      .select()
      .from(usageEnvironmentMinutes)
      .where(eq(usageEnvironmentMinutes.organizationId, organizationId))
      .orderBy(asc(usageEnvironmentMinutes.minute)),
    hours: await db()
      .select()
      .from(usageEnvironmentHours)
      .where(eq(usageEnvironmentHours.organizationId, organizationId))
      .orderBy(asc(usageEnvironmentHours.hour)),
  });

  it('should give the peaks the direct computation gives, on random sessions, as they are written and changed', async () => {
    const next = random(26);
    const member = await proctor().actor();
    const organizationId = member.organization!.id;
    const end = Math.ceil(Date.now() / MINUTE) * MINUTE;
    const inserted = await db()
      .insert(sessions)
      .values(randomSessions(organizationId, end, 400, next))
      .returning({ id: sessions.id });
    expect(await compare(organizationId, end)).toBeGreaterThan(10);

    // Sessions end, are moved, lose their environment or are deleted: the trigger follows each write.
    const ids = inserted.map((row) => row.id);
    await db()
      .update(sessions)
      .set({ status: 'run_completed', endedAt: new Date(end - 90 * MINUTE) })
      .where(inArray(sessions.id, ids.slice(0, 40)));
    await db()
      .update(sessions)
      .set({ createdAt: sql`${sessions.createdAt} - interval '17 minutes 3 seconds'` })
      .where(inArray(sessions.id, ids.slice(40, 80)));
    await db()
      .update(sessions)
      .set({ jobGroupId: null })
      .where(inArray(sessions.id, ids.slice(80, 100)));
    await db()
      .update(sessions)
      .set({ status: 'run_queued' })
      .where(inArray(sessions.id, ids.slice(100, 140)));
    await db()
      .delete(sessions)
      .where(inArray(sessions.id, ids.slice(140, 200)));
    expect(await compare(organizationId, end)).toBeGreaterThan(10);

    // What the trigger kept is what a rebuild from the sessions makes.
    const kept = await rollupRows(organizationId);
    expect(kept.minutes.length).toBeGreaterThan(100);
    await db().execute(sql`select usage_rebuild_rollup()`);
    expect(await rollupRows(organizationId)).toEqual(kept);
  });

  it('should leave the window to the direct computation when a session ended exactly at its start', async () => {
    const member = await proctor().actor();
    const organizationId = member.organization!.id;
    const end = Math.ceil(Date.now() / MINUTE) * MINUTE;
    const start = end - HOUR;
    const ended = { organizationId, status: 'run_completed', jobGroupId: newPublicId() };
    await db()
      .insert(sessions)
      .values([
        {
          ...ended,
          publicId: newPublicId(),
          createdAt: new Date(start - 5 * MINUTE),
          endedAt: new Date(start),
        },
        {
          ...ended,
          publicId: newPublicId(),
          createdAt: new Date(start - 5 * MINUTE),
          endedAt: new Date(start + 30 * SECOND),
        },
      ]);
    const window = { start: new Date(start), end: new Date(end), buckets: 60 };
    expect(await peakOpenEnvironmentsFromRollup(db(), organizationId, window)).toBeUndefined();
    const direct = await peakOpenEnvironments(db(), organizationId, window);
    expect(direct[0]).toBe(1);
    // A minute later the same sessions are read from the rollup, and agree.
    const later = { start: new Date(start - MINUTE), end: new Date(end - MINUTE), buckets: 60 };
    expect(await peakOpenEnvironmentsFromRollup(db(), organizationId, later)).toEqual(
      await peakOpenEnvironments(db(), organizationId, later),
    );
  });

  it("should count as open the statuses the contracts call in progress (the trigger's own list)", async () => {
    for (const status of SESSION_STATUSES) {
      const result = (await db().execute(
        sql`select usage_session_counts(${status}, 'group', null) as counts`,
      )) as unknown as { rows: { counts: boolean }[] };
      expect({ status, counts: result.rows[0]!.counts }).toEqual({
        status,
        counts: IN_PROGRESS_SESSION_STATUSES.includes(status),
      });
    }
  });
});
