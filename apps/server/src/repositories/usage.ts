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
 * One scan of the sessions open at some point of the window and one sort of their starts (+1) and ends (−1): a
 * bucket's peak is the highest running level after any of its events, or the level it starts with. At one
 * instant an end counts before a start, so back-to-back sessions are not concurrent. Reads sessions_org_ended_idx.
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
