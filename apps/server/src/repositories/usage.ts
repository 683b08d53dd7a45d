import { IN_PROGRESS_SESSION_STATUSES } from '@proctor/contracts';
import { type Executor, sessions } from '@proctor/db';
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
 * One pass over the sessions open at some point of the window: each start is +1 and each end −1; a bucket's
 * peak is the level at its start plus the highest running sum of its own events. At one instant an end counts
 * before a start, so back-to-back sessions are not counted as concurrent. Reads sessions_org_ended_idx.
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
      select greatest(created_at, ${startAt}::timestamptz) as at, 1 as change from open_sessions
      union all
      select ended_at, -1 from open_sessions where ended_at < ${endAt}::timestamptz
    ),
    bucketed as (
      select least(floor(extract(epoch from (at - ${startAt}::timestamptz)) / ${bucketSeconds})::int, ${buckets - 1})
        as bucket, at, change
      from events
    ),
    running as (
      select bucket,
        sum(change) over (partition by bucket order by at, change rows unbounded preceding) as level,
        sum(change) over (partition by bucket) as net
      from bucketed
    ),
    per_bucket as (
      select bucket, max(level) as top, max(net) as net from running group by bucket
    ),
    every_bucket as (
      select b as bucket, coalesce(p.top, 0) as top, coalesce(p.net, 0) as net
      from generate_series(0, ${buckets - 1}) as b left join per_bucket p on p.bucket = b
    )
    select bucket,
      (coalesce(sum(net) over (order by bucket rows between unbounded preceding and 1 preceding), 0)
        + greatest(top, 0))::int as peak
    from every_bucket
    order by bucket
  `);
  // Both drivers (node-postgres, PGlite) answer raw SQL with its rows under `rows`.
  return (result as unknown as { rows: { peak: number | string }[] }).rows.map((row) => Number(row.peak));
}
