import { IN_PROGRESS_SESSION_STATUSES } from '@proctor/contracts';
import { type Executor, sessions, usageEnvironmentHours, usageEnvironmentMinutes } from '@proctor/db';
import { and, count, eq, gte, sql } from 'drizzle-orm';

/** An organization's scored sessions per UTC day since `since`, oldest first (days without any are left out). */
export async function scoredSessionsPerDay(db: Executor, organizationId: number, since: Date) {
  const day = sql<string>`to_char(${sessions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, sessions: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.organizationId, organizationId),
        eq(sessions.status, 'scoring_completed'),
        gte(sessions.createdAt, since),
      ),
    )
    .groupBy(day)
    .orderBy(day);
  return rows.map((row) => ({ day: row.day, sessions: Number(row.sessions) }));
}

/**
 * The most environments an organization had open at once in each of `buckets` equal slices of [start, end),
 * from its sessions' start and end times (a session made with an environment starts with it, and ends with it).
 * One scan of the sessions open at some point of the window and one sort of their starts (+1) and ends (−1): a
 * bucket's peak is the highest running level after any of its events, or the level it starts with. At one
 * instant an end counts before a start, so back-to-back sessions are not concurrent. Reads sessions_org_ended_idx.
 * This is the definition; usage-v2 reads peakOpenEnvironmentsFromRollup, which test/usageRollup.test.ts holds to it.
 */
export async function peakOpenEnvironments(
  db: Executor,
  organizationId: number,
  window: { start: Date; end: Date; buckets: number },
): Promise<number[]> {
  const { start, end, buckets } = window;
  const bucketSeconds = (end.getTime() - start.getTime()) / 1000 / buckets;
  const startAt = start.toISOString();
  const endAt = end.toISOString();
  const inProgress = sql.join(
    IN_PROGRESS_SESSION_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with open_sessions as (
      select created_at, ended_at from ${sessions}
      where organization_id = ${organizationId}
        and job_group_id is not null
        and created_at < ${endAt}::timestamptz
        and (ended_at > ${startAt}::timestamptz or (ended_at is null and status in (${inProgress})))
    ),
    events as (
      select e.at, e.change from open_sessions s
      cross join lateral (values (greatest(s.created_at, ${startAt}::timestamptz), 1), (s.ended_at, -1)) as e(at, change)
      where e.change = 1 or s.ended_at < ${endAt}::timestamptz
    ),
    running as (
      select at, change, sum(change) over (order by at, change rows unbounded preceding) as level from events
    ),
    per_bucket as (
      select least(floor(extract(epoch from (at - ${startAt}::timestamptz)) / ${bucketSeconds})::int, ${buckets - 1})
          as bucket,
        max(level) as top, sum(change) as net
      from running group by 1
    )
    select b as bucket,
      greatest(
        coalesce(p.top, 0),
        coalesce(sum(p.net) over (order by b rows between unbounded preceding and 1 preceding), 0)
      )::int as peak
    from generate_series(0, ${buckets - 1}) as b left join per_bucket p on p.bucket = b
    order by b
  `);
  // Both drivers (node-postgres, PGlite) answer raw SQL with its rows under `rows`.
  return (result as unknown as { rows: { peak: number | string }[] }).rows.map((row) => Number(row.peak));
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;
const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;

/** A stretch of time folded into one: the net change in open environments, and the highest rise after its start. */
interface Piece {
  at: number;
  net: number;
  rise: number;
}

/**
 * peakOpenEnvironments from the per-minute and per-hour rollup (usage_environment_minutes and _hours, kept by a
 * trigger on sessions in the same transaction as every session write: packages/db/src/schema/usage.ts), reading
 * a few hundred rows instead of every session of the window. Each bucket folds its whole hours and the minutes
 * around them in time order; the level a bucket starts at is the sum of every change before it.
 *
 * The window must start and end on whole minutes and split into buckets of whole minutes. Undefined when a
 * session counted ended exactly at the window's start (the direct computation leaves it out from the start; the
 * rollup cannot tell it from one ending later in that minute): the caller computes directly then.
 */
export async function peakOpenEnvironmentsFromRollup(
  db: Executor,
  organizationId: number,
  window: { start: Date; end: Date; buckets: number },
): Promise<number[] | undefined> {
  const startMs = window.start.getTime();
  const endMs = window.end.getTime();
  const bucketMs = (endMs - startMs) / window.buckets;
  if (startMs % MINUTE_MS !== 0 || bucketMs % MINUTE_MS !== 0 || bucketMs <= 0)
    throw new Error('A rollup window starts and ends on whole minutes, in buckets of whole minutes');

  // Per bucket: minutes up to its first whole hour, its whole hours, minutes after its last whole hour.
  const minuteRanges: { f: string; t: string }[] = [];
  const hourSpans: { from: number; to: number }[] = [];
  for (let i = 0; i < window.buckets; i++) {
    const from = startMs + i * bucketMs;
    const to = from + bucketMs;
    const firstHour = ceilTo(from, HOUR_MS);
    const lastHour = floorTo(to, HOUR_MS);
    const range = (f: number, t: number) => {
      if (t > f) minuteRanges.push({ f: new Date(f).toISOString(), t: new Date(t).toISOString() });
    };
    if (firstHour < lastHour) {
      range(from, firstHour);
      range(lastHour, to);
      hourSpans.push({ from: firstHour, to: lastHour });
    } else {
      range(from, to);
    }
  }
  // One statement, so one snapshot: a session written meanwhile is counted by every part or by none. Kinds: 0, a
  // session that ended exactly at the start; 1, changes before the start; 2, the window's minutes; 3, its hours.
  const startHour = new Date(floorTo(startMs, HOUR_MS)).toISOString();
  const start = window.start.toISOString();
  const hoursFrom = new Date(hourSpans[0]?.from ?? startMs).toISOString();
  const hoursTo = new Date(hourSpans.at(-1)?.to ?? startMs).toISOString();
  const result = await db.execute(sql`
    select 0 as kind, 0::float8 as at, count(*)::int as net, 0 as rise from (
      select 1 from ${sessions} where organization_id = ${organizationId} and ended_at = ${start}::timestamptz
        and job_group_id is not null limit 1
    ) ended
    union all
    select 1, 0, coalesce(sum(net_change), 0)::int, 0 from ${usageEnvironmentHours}
    where organization_id = ${organizationId} and hour < ${startHour}::timestamptz
    union all
    select 1, 0, coalesce(sum(net_change), 0)::int, 0 from ${usageEnvironmentMinutes}
    where organization_id = ${organizationId} and minute >= ${startHour}::timestamptz and minute < ${start}::timestamptz
    union all
    select 2, extract(epoch from m.minute)::float8 * 1000, m.net_change, m.peak_rise
    from jsonb_to_recordset(${JSON.stringify(minuteRanges)}::jsonb) as r(f timestamptz, t timestamptz)
    join ${usageEnvironmentMinutes} m on m.organization_id = ${organizationId} and m.minute >= r.f and m.minute < r.t
    union all
    select 3, extract(epoch from hour)::float8 * 1000, net_change, peak_rise from ${usageEnvironmentHours}
    where organization_id = ${organizationId} and hour >= ${hoursFrom}::timestamptz and hour < ${hoursTo}::timestamptz
  `);
  // Both drivers (node-postgres, PGlite) answer raw SQL with its rows under `rows`.
  const rows = (result as unknown as { rows: { kind: number; at: number; net: number; rise: number }[] })
    .rows;

  let level = 0;
  const perBucket: Piece[][] = Array.from({ length: window.buckets }, () => []);
  const bucketOf = (at: number) => Math.floor((at - startMs) / bucketMs);
  for (const row of rows) {
    const at = Number(row.at);
    const piece = { at, net: Number(row.net), rise: Number(row.rise) };
    if (row.kind === 0 && piece.net > 0) return undefined;
    if (row.kind === 1) level += piece.net;
    if (row.kind === 2) perBucket[bucketOf(at)]!.push(piece);
    // Hours straddling a bucket's edge are read as minutes instead.
    if (row.kind === 3 && hourSpans.some((span) => at >= span.from && at < span.to))
      perBucket[bucketOf(at)]!.push(piece);
  }
  return perBucket.map((pieces) => {
    pieces.sort((a, b) => a.at - b.at);
    let rise = 0;
    let running = 0;
    for (const piece of pieces) {
      rise = Math.max(rise, running + piece.rise);
      running += piece.net;
    }
    const peak = level + rise;
    level += running;
    return peak;
  });
}
