import { USAGE_TIME_FRAMES, UsageV2Response } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { sql } from 'drizzle-orm';
import {
  peakOpenEnvironments,
  peakOpenEnvironmentsFromRollup,
} from '../../apps/server/src/repositories/usage';
import { signUp } from '../support/accounts';
import { type Section, type SectionContext, timedGet } from '../support/section';
import { type Latency, latency, ms, pair } from '../support/stats';
import { createThrowawayDatabase } from '../support/throwawayDatabase';

/** The issue's goal for usage-v2 over 1M sessions. */
const GOAL_P95_MS = 200;
const SESSIONS = 1_000_000;
/** Of them, the measured organization's; the rest go to OTHER_ORGANIZATIONS others around it. */
const OWN_SHARE = 0.9;
const OTHER_ORGANIZATIONS = 3;
const SPREAD_DAYS = 180;
const BUCKETS = 60;
const WARMUP = 2;
const DAY_MS = 24 * 3600 * 1000;
/** A window as the dashboard writes it in the query. */
const daysParam = (days: number) => (days < 1 ? '1/24' : String(days));

interface WindowFigures {
  days: number;
  /** The route as a dashboard calls it, over HTTP. */
  route: Latency;
  /** The direct computation over every session open in the window (repositories/usage.ts). */
  direct: Latency;
  peak: number;
  /** The rollup and the direct computation gave the same peaks on the same window. */
  same: boolean;
}

interface UsageFigures {
  seeded: { sessions: number; ms: number; rollupMs: number; minuteRows: number; hourRows: number };
  /** One session's start (insert) and end (update), each its own statement, with and without the rollup trigger. */
  writes: { withRollup: { start: Latency; end: Latency }; without: { start: Latency; end: Latency } };
  windows: WindowFigures[];
}

/**
 * 1M sessions in one `insert … select generate_series` (90% in one organization, the rest in three others),
 * started over the last 180 days at pseudo-random times (the same every run), each open 1 to 30 minutes; 5%
 * without an environment (no job group); the newest few hundred still running (no end, an in-progress status).
 */
export async function seed(db: Database, organizationId: number, others: number[]): Promise<void> {
  const otherIds = sql.raw(`array[${others.join(', ')}]::int[]`);
  await db.execute(sql`
    with sims as (select array_agg(id order by id) ids from simulators),
    shaped as (
      select g,
        ('x' || substr(md5('usage-' || g), 1, 8))::bit(32)::bigint as h,
        now() - (('x' || substr(md5('usage-at-' || g), 1, 8))::bit(32)::bigint / 4294967296.0)
          * interval '${sql.raw(String(SPREAD_DAYS))} days' as started
      from generate_series(1, ${SESSIONS}::int) g
    )
    insert into sessions (public_id, status, organization_id, simulator_id, job_group_id, simulator_config,
      created_at, ended_at)
    select md5('bench-usage-' || g)::uuid::text,
      case when started > now() - interval '40 minutes' and h % 3 = 0 then 'run_started' else 'run_completed' end,
      case when g % 100 < ${Math.round(OWN_SHARE * 100)}::int then ${organizationId}::int
        else (${otherIds})[1 + g % ${others.length}::int] end,
      sims.ids[1 + g % cardinality(sims.ids)],
      case when h % 20 = 0 then null else md5('bench-usage-job-' || g)::uuid::text end,
      '{"type": "app", "env_id": "shop", "source": "sdk"}'::jsonb,
      started,
      case when started > now() - interval '40 minutes' and h % 3 = 0 then null
        else started + (1 + h % 30) * interval '1 minute' + (h % 60) * interval '1 second' end
    from shaped, sims`);
}

async function timedDirect(db: Database, organizationId: number, days: number, samples: number) {
  const times: number[] = [];
  let peak = 0;
  for (let i = 0; i < samples + WARMUP; i++) {
    const end = new Date();
    const started = performance.now();
    const peaks = await peakOpenEnvironments(db, organizationId, {
      start: new Date(end.getTime() - days * DAY_MS),
      end,
      buckets: BUCKETS,
    });
    if (i >= WARMUP) times.push(performance.now() - started);
    peak = Math.max(...peaks);
  }
  return { latency: latency(times), peak };
}

/** The rollup against the direct computation on the window the route reads now (its end as the route rounds it). */
async function samePeaks(db: Database, organizationId: number, days: number): Promise<boolean> {
  const length = Math.round((days * DAY_MS) / 60_000) * 60_000;
  const unit = (length / BUCKETS) % 3_600_000 === 0 ? 3_600_000 : 60_000;
  const end = new Date(Math.ceil(Date.now() / unit) * unit);
  const window = { start: new Date(end.getTime() - length), end, buckets: BUCKETS };
  const fast = await peakOpenEnvironmentsFromRollup(db, organizationId, window);
  const direct = await peakOpenEnvironments(db, organizationId, window);
  return JSON.stringify(fast) === JSON.stringify(direct);
}

/** Sessions started and ended one statement at a time, as the server writes them. */
async function timedWrites(db: Database, organizationId: number, count: number, tag: string) {
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < count; i++) {
    let started = performance.now();
    const { rows } = (await db.execute(sql`
      insert into sessions (public_id, status, organization_id, job_group_id)
      values (md5(${`bench-write-${tag}-${i}`})::uuid::text, 'run_started', ${organizationId}, ${`job-${tag}-${i}`})
      returning id`)) as unknown as { rows: { id: number }[] };
    starts.push(performance.now() - started);
    started = performance.now();
    await db.execute(
      sql`update sessions set status = 'run_completed', ended_at = now() where id = ${rows[0]!.id}`,
    );
    ends.push(performance.now() - started);
  }
  return { start: latency(starts), end: latency(ends) };
}

async function timedRoute(ctx: SectionContext, baseUrl: string, accessToken: string, days: number) {
  const times: number[] = [];
  let peak = 0;
  for (let i = 0; i < ctx.requests + WARMUP; i++) {
    const answer = await timedGet(
      `${baseUrl}/api/user/organization/usage-v2?days=${encodeURIComponent(daysParam(days))}`,
      accessToken,
    );
    if (answer.status !== 200)
      throw new Error(`usage-v2?days=${daysParam(days)} answered ${answer.status}: ${answer.body}`);
    if (i >= WARMUP) times.push(answer.ms);
    peak = Math.max(
      ...UsageV2Response.parse(JSON.parse(answer.body)).data.map((point) => point.active_count),
    );
  }
  return { latency: latency(times), peak };
}

/** usage-v2 per window over 1M sessions on PostgreSQL: the route, and the direct computation beside it. */
export const usageSection: Section = {
  key: 'usage',
  title: `Usage v2 over ${SESSIONS.toLocaleString('en')} sessions (GET /api/user/organization/usage-v2, PostgreSQL)`,
  async run(ctx) {
    if (!ctx.postgresAdminUrl) {
      ctx.progress('DATABASE_URL is not set: the usage figures are skipped.');
      return {
        figures: undefined,
        rows: [['usage-v2', 'not measured (set DATABASE_URL)', `p95 ≤ ${GOAL_P95_MS} ms`]],
        goals: [
          { goal: `usage-v2 p95 ≤ ${GOAL_P95_MS} ms over 1M sessions`, measured: 'not measured', met: false },
        ],
      };
    }
    const database = await createThrowawayDatabase(ctx.postgresAdminUrl, 'proctor_bench_operating');
    ctx.teardown.add(`database ${database.name}`, () => database.drop());
    ctx.progress(`Throwaway database ${database.name}, a Proctor on it (no browsers)…`);
    const { proctor, baseUrl } = await ctx.startProctor('usage', { kind: 'postgres', url: database.url });
    await signUp(baseUrl, 'admin');
    const member = await signUp(baseUrl, 'usage');
    const others: number[] = [];
    for (let i = 0; i < OTHER_ORGANIZATIONS; i++)
      others.push((await signUp(baseUrl, `other${i}`)).organizationId);
    const { db } = proctor.ctx;

    ctx.progress(`Seeding ${SESSIONS.toLocaleString('en')} sessions over ${SPREAD_DAYS} days…`);
    // Loaded as a migration finds existing sessions: the trigger off, then the rollup rebuilt from them.
    await db.execute(sql`alter table sessions disable trigger sessions_usage_rollup`);
    const seedStarted = performance.now();
    await seed(db, member.organizationId, others);
    const seedMs = performance.now() - seedStarted;
    // Session writes timed without the trigger while it is off (the rebuild below counts them)…
    const writes = ctx.requests * 5;
    ctx.progress(
      `What the trigger adds to a session's start and end (${writes} of each, without then with)…`,
    );
    const without = await timedWrites(db, member.organizationId, writes, 'without');
    await db.execute(sql`alter table sessions enable trigger sessions_usage_rollup`);
    ctx.progress(`  in ${(seedMs / 1000).toFixed(1)} s; rebuilding the rollup from them…`);
    const rollupStarted = performance.now();
    await db.execute(sql`select usage_rebuild_rollup()`);
    const rollupMs = performance.now() - rollupStarted;
    const [counts] = (
      (await db.execute(sql`select (select count(*) from usage_environment_minutes) as minutes,
        (select count(*) from usage_environment_hours) as hours`)) as unknown as {
        rows: { minutes: string; hours: string }[];
      }
    ).rows;
    const seeded = {
      sessions: SESSIONS,
      ms: seedMs,
      rollupMs,
      minuteRows: Number(counts?.minutes),
      hourRows: Number(counts?.hours),
    };
    ctx.progress(
      `  in ${(rollupMs / 1000).toFixed(1)} s: ${seeded.minuteRows} minute rows, ${seeded.hourRows} hour rows`,
    );

    // … and with it, after the rebuild.
    const withRollup = await timedWrites(db, member.organizationId, writes, 'with');
    // As autovacuum would shortly after such a load: the planner sees the tables as they are.
    await db.execute(sql`vacuum analyze sessions, usage_environment_minutes, usage_environment_hours`);

    const windows: WindowFigures[] = [];
    for (const { days } of USAGE_TIME_FRAMES) {
      ctx.progress(
        `usage-v2?days=${daysParam(days)}: the route and the direct computation (${ctx.requests} each)…`,
      );
      const route = await timedRoute(ctx, baseUrl, member.accessToken, days);
      const direct = await timedDirect(db, member.organizationId, days, ctx.requests);
      const same = await samePeaks(db, member.organizationId, days);
      windows.push({ days, route: route.latency, direct: direct.latency, peak: route.peak, same });
    }
    const figures: UsageFigures = { seeded, writes: { withRollup, without }, windows };
    const worst = Math.max(...windows.map((window) => window.route.p95));
    return {
      figures,
      rows: [
        ['Seeding (one insert … select, trigger off)', `${(seeded.ms / 1000).toFixed(1)} s`, ''],
        [
          'Rebuilding the rollup from them (as the migration does)',
          `${(seeded.rollupMs / 1000).toFixed(1)} s: ${seeded.minuteRows} minute rows, ${seeded.hourRows} hour rows`,
          '',
        ],
        ['Session start (insert), with the trigger (p50 / p95)', pair(withRollup.start), ''],
        ['  without it', pair(without.start), ''],
        ['Session end (update), with the trigger (p50 / p95)', pair(withRollup.end), ''],
        ['  without it', pair(without.end), ''],
        ...windows.flatMap((window) => [
          [
            `days=${daysParam(window.days)}: route, from the rollup (p50 / p95)`,
            pair(window.route),
            `p95 ≤ ${GOAL_P95_MS} ms`,
          ],
          ['  before: direct computation over the sessions (p50 / p95)', pair(window.direct), ''],
          ['  highest peak; rollup = direct', `${window.peak}; ${window.same ? 'yes' : 'NO'}`, ''],
        ]),
      ],
      goals: [
        {
          goal: `usage-v2 p95 ≤ ${GOAL_P95_MS} ms over 1M sessions, every window`,
          measured: `${ms(worst)} ms at worst`,
          met: worst <= GOAL_P95_MS,
        },
        {
          goal: 'The rollup gives the peaks the direct computation gives, every window',
          measured: windows.every((window) => window.same) ? 'same' : 'different',
          met: windows.every((window) => window.same),
        },
      ],
      notes: [
        `${Math.round(OWN_SHARE * 100)}% of the sessions in the measured organization, over ${SPREAD_DAYS} days; ${BUCKETS} buckets per window.`,
      ],
    };
  },
};
