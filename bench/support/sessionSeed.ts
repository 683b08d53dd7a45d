import type { Database } from '@proctor/db';
import { type SQL, sql } from 'drizzle-orm';
import { classifyUnclassified } from '../../apps/server/src/scoring/classification';

/**
 * Many sessions at once for the sessions list figure, each group in one `insert … select generate_series`
 * statement that writes its scores too: an organization's sessions spread over the built-in simulators, their
 * test cases, the statuses a run ends in and the months behind, some automatically scored (pass or fail), a
 * few with human or system scores; and other organizations' sessions around them. No steps: a list row only
 * counts them.
 */
export interface SessionSeed {
  organizationId: number;
  sessions: number;
  otherOrganizations: number;
  otherSessions: number;
}

export interface SeededSessions {
  sessions: number;
  scores: number;
  ms: number;
  /** Of `ms`: classifying the scored sessions as the server does at start (scoring/classification.ts). */
  classifyMs: number;
}

/** How the seeded sessions ended, in rough proportion to a busy organization's list. */
const STATUSES = [
  'run_completed',
  'run_completed',
  'run_completed',
  'run_failed',
  'scoring_completed',
  'postprocessing_completed',
  'run_completed',
  'cancelled',
];

type Rows<T> = { rows: T[] };

export async function seedSessions(db: Database, seed: SessionSeed): Promise<SeededSessions> {
  const started = performance.now();
  const statuses = sql.raw(`array[${STATUSES.map((status) => `'${status}'`).join(', ')}]`);
  const { rows: others } = (await db.execute(sql`
    insert into organizations (public_id, name, api_key)
    select md5('bench-org-' || i || '-' || ${seed.organizationId}::int), 'Other organization ' || i,
      md5('bench-key-' || i || '-' || ${seed.organizationId}::int)
    from generate_series(1, ${seed.otherOrganizations}::int) i
    returning id`)) as unknown as Rows<{ id: number }>;
  const otherIds = sql.raw(`array[${others.map((row) => Number(row.id)).join(', ')}]::int[]`);

  // Sessions a minute apart, newest first, a quarter without a test case; of those that ran, 40% scored
  // automatically (a third of those fail; half of them judged on their answer too, by a score written with
  // the first), 5% with a human score, 4% with a system score.
  const insertSessions = async (count: number, organization: SQL, tag: string) => {
    const { rows } = (await db.execute(sql`
      with sims as (select array_agg(id order by id) ids from simulators),
      cases as (select array_agg(id order by id) ids from test_cases),
      inserted as (
        insert into sessions (public_id, status, organization_id, simulator_id, test_case_id, job_group_id,
          simulator_config, session_duration, created_at, ended_at)
        select md5(${tag}::text || '-' || g)::uuid::text,
          (${statuses})[1 + g % ${STATUSES.length}::int],
          ${organization},
          sims.ids[1 + g % cardinality(sims.ids)],
          case when g % 4 = 0 then null else cases.ids[1 + (g * 7) % cardinality(cases.ids)] end,
          md5('job-' || ${tag}::text || '-' || g)::uuid::text,
          '{"type": "app", "env_id": "shop", "source": "sdk"}'::jsonb,
          0.05,
          now() - g * interval '1 minute',
          now() - g * interval '1 minute' + interval '3 minutes'
        from generate_series(1, ${count}::int) g, sims, cases
        returning id, status, created_at
      ),
      automatic as (
        insert into scores (session_id, type, result, created_at)
        select id, 'state_mutation_match', jsonb_build_object('correct', id % 3 <> 0), created_at + interval '4 minutes'
        from inserted where status <> 'cancelled' and id % 10 < 4
        returning 1
      ),
      answer as (
        insert into scores (session_id, type, result, created_at)
        select id, 'json_schema', jsonb_build_object('correct', id % 7 <> 0), created_at + interval '4 minutes'
        from inserted where status <> 'cancelled' and id % 10 < 2
        returning 1
      ),
      human as (
        insert into scores (session_id, type, result, created_at)
        select id, 'human_in_the_loop', jsonb_build_object('correct', id % 2 = 0), created_at + interval '1 hour'
        from inserted where status <> 'cancelled' and id % 20 = 0
        returning 1
      ),
      system as (
        insert into scores (session_id, type, result, created_at)
        select id, 'system_scoring', jsonb_build_object('correct', false), created_at + interval '5 minutes'
        from inserted where status <> 'cancelled' and id % 25 = 0
        returning 1
      )
      select (select count(*) from automatic) + (select count(*) from answer) + (select count(*) from human)
        + (select count(*) from system)
        as scores`)) as unknown as Rows<{ scores: string | number }>;
    return Number(rows[0]?.scores ?? 0);
  };
  const scores =
    (await insertSessions(seed.sessions, sql`${seed.organizationId}::int`, `bench-${seed.organizationId}`)) +
    (await insertSessions(
      seed.otherSessions,
      sql`(${otherIds})[1 + g % ${others.length}::int]`,
      `bench-others-${seed.organizationId}`,
    ));
  // Scores written straight to the table are classified as a server classifies old ones at start.
  const classifyStarted = performance.now();
  await classifyUnclassified(db);
  const classifyMs = performance.now() - classifyStarted;
  // As autovacuum would shortly after such a load: the planner sees the tables as they are.
  await db.execute(sql`analyze sessions`);
  await db.execute(sql`analyze scores`);
  return {
    sessions: seed.sessions + seed.otherSessions,
    scores,
    ms: performance.now() - started,
    classifyMs,
  };
}
