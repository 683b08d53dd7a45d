import { noPermissions, type Permissions } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { sql } from 'drizzle-orm';
import { classifyUnclassified } from '../../apps/server/src/scoring/classification';

/**
 * An install whose annotators have been busy, written with a few `insert … select generate_series` statements:
 * an organization owning TEST_CASES test cases over the built-in simulators (5% samples); one annotator
 * organization of MEMBERS people (the first its account admin) assigned every one of them (3 to 5 recordings
 * asked each, 8% completed, 1% archived); two other annotator organizations assigned 2,000 each; SESSIONS
 * sessions (85% the measured organization's, its members' recordings of its assigned test cases, some test
 * cases recorded much more than others; the rest the others') over 60 days, each finished one with an
 * automatic score and 0 to 5 human scores by other members of its organization, mostly agreeing; then
 * classified as the server classifies sessions (consensus, counts, needs human scoring).
 */
export interface AnnotatorSeed {
  testCases: number;
  sessions: number;
  members: number;
}

export interface SeededInstall {
  /** The measured annotator organization and its members (the first is its account admin). */
  organizationId: number;
  memberIds: number[];
  otherOrganizationIds: number[];
  sessions: number;
  humanScores: number;
  automaticScores: number;
  ms: number;
  classifyMs: number;
  /** Of `ms`: rebuilding the rollups from the loaded rows, as their migrations do. */
  rebuildMs: number;
}

type Rows<T> = { rows: T[] };
const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Statuses of the seeded sessions, most ended and recorded; some failed, cancelled or still running. */
const STATUSES = [
  'scoring_completed',
  'scoring_completed',
  'scoring_completed',
  'postprocessing_completed',
  'run_completed',
  'scoring_completed',
  'run_failed',
  'cancelled',
  'scoring_completed',
  'scoring_completed',
  'scoring_completed',
  'postprocessing_completed',
  'scoring_completed',
  'scoring_completed',
  'scoring_completed',
  'scoring_completed',
  'scoring_completed',
  'scoring_completed',
  'scoring_completed',
  'run_started',
];
const OWN_SHARE = 0.85;
/** Triggers that keep rollups (migrations 0015, 0019 and 0021), off while loading; the rollups rebuilt after. */
const ROLLUP_TRIGGERS = [
  'sessions.sessions_usage_rollup',
  'sessions.sessions_assignment_progress',
  'sessions.sessions_annotator_figures',
  'scores.scores_annotator_figures',
];
const toggleTriggers = async (db: Database, on: boolean) => {
  for (const name of ROLLUP_TRIGGERS) {
    const [table, trigger] = name.split('.');
    await db.execute(sql.raw(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${trigger}`));
  }
};
const OTHER_ASSIGNED = 2000;
const OTHER_MEMBERS = 10;

const permissions = (flags: Partial<Permissions>) =>
  JSON.stringify({ ...noPermissions(), is_human_recorder: true, playground_access: true, ...flags });

/** A pseudo-random 32-bit integer of an expression, the same every run. */
const hash = (salt: string, of: string) =>
  sql.raw(`('x' || substr(md5('${salt}-' || ${of}), 1, 8))::bit(32)::bigint`);

export async function seedAnnotators(db: Database, seed: AnnotatorSeed): Promise<SeededInstall> {
  const started = performance.now();
  const tag = Date.now().toString(36);
  // Loaded as a migration finds existing sessions: the rollups' triggers off, then the rollups rebuilt from them.
  await toggleTriggers(db, false);
  const organizations = await rows<{ id: number; is_annotator: boolean }>(
    db,
    // Each on the plan a new organization gets: every built-in simulator.
    sql`insert into organizations (public_id, name, purpose, is_annotator, api_key, plan)
      select md5('bench-ann-org-' || ${tag}::text || i), case when i = 0 then 'Bench owner' else 'Bench annotators ' || i end,
        'benchmark', i > 0, md5('bench-ann-key-' || ${tag}::text || i),
        jsonb_build_object('allowed_simulators', (select coalesce(jsonb_agg(id order by id), '[]') from simulators))
      from generate_series(0, 3) i order by i
      returning id, is_annotator`,
  );
  const [owner, measured, ...others] = organizations.map((row) => Number(row.id)) as [
    number,
    number,
    ...number[],
  ];
  const orgIds = sql.raw(`array[${measured}, ${others.join(', ')}]::int[]`);

  // Members: the measured organization's MEMBERS (the first its account admin), OTHER_MEMBERS in each other one.
  await db.execute(sql`
    insert into users (public_id, email, name, organization_id, permissions)
    select md5('bench-ann-user-' || ${tag}::text || o || '-' || i), 'bench.annotator.' || ${tag}::text || '.' || o || '.' || i || '@example.test',
      'Annotator ' || lpad(i::text, 3, '0') || ' of ' || o,
      (${orgIds})[o],
      case when i = 1 then ${permissions({ is_account_admin: true })}::jsonb else ${permissions({})}::jsonb end
    from generate_series(1, ${1 + others.length}::int) o,
      generate_series(1, case when o = 1 then ${seed.members}::int else ${OTHER_MEMBERS}::int end) i`);
  const members = await rows<{ id: number; organization_id: number }>(
    db,
    sql`select id, organization_id from users where organization_id = any(${orgIds}) order by organization_id, id`,
  );
  const memberIds = members.filter((m) => Number(m.organization_id) === measured).map((m) => Number(m.id));

  await db.execute(sql`
    with sims as (select array_agg(id order by id) ids from simulators)
    insert into test_cases (public_id, organization_id, simulator_id, name, description, prompt, start_url, is_sample,
      created_at)
    select md5('bench-ann-case-' || ${tag}::text || g), ${owner}::int, sims.ids[1 + g % cardinality(sims.ids)],
      'Bench task ' || g, 'A task to record', 'Do task ' || g || ' in the app', '/', g % 20 = 0,
      now() - interval '90 days' + g * interval '1 second'
    from generate_series(1, ${seed.testCases}::int) g, sims`);
  const caseIds = sql`(select array_agg(id order by id) ids from test_cases where organization_id = ${owner}::int)`;

  // Every test case to the measured organization; the first OTHER_ASSIGNED to each other one in turn (fewer in a
  // small install).
  const otherAssigned = Math.min(OTHER_ASSIGNED, Math.floor(seed.testCases / others.length));
  await db.execute(sql`
    with cases as ${caseIds}
    insert into organization_test_cases (organization_id, test_case_id, requested_recording_count, completed,
      archived, created_at)
    select ${measured}::int, cases.ids[g], 3 + g % 3, g % 25 < 2, g % 100 = 99,
      now() - interval '60 days' + g * interval '1 minute'
    from generate_series(1, ${seed.testCases}::int) g, cases
    union all
    select (${orgIds})[2 + (g - 1) / ${otherAssigned}::int], cases.ids[g], 3, g % 10 = 0, false,
      now() - interval '60 days'
    from generate_series(1, ${otherAssigned * others.length}::int) g, cases`);

  // Sessions: a test case of its organization's assignments (skewed: low ids are recorded far more), a member
  // of it, a status, a time in the last 60 days.
  const own = Math.round(seed.sessions * OWN_SHARE);
  const memberArray = (organizationId: number) =>
    `array[${members
      .filter((m) => Number(m.organization_id) === organizationId)
      .map((m) => Number(m.id))
      .join(', ')}]::int[]`;
  const statuses = sql.raw(`(array[${STATUSES.map((status) => `'${status}'`).join(', ')}]::text[])`);
  const insertSessions = async (
    count: number,
    organizationId: number,
    cases: { from: number; span: number },
    label: string,
  ) => {
    const people = sql.raw(`(${memberArray(organizationId)})`);
    const h = hash(`bench-ann-s-${label}`, 'g');
    await db.execute(sql`
      with cases as ${caseIds}
      insert into sessions (public_id, status, organization_id, user_id, simulator_id, test_case_id, job_group_id,
        simulator_config, session_duration, archived, created_at, ended_at)
      select md5('bench-ann-session-' || ${tag}::text || ${label}::text || g)::uuid::text,
        ${statuses}[1 + g % ${STATUSES.length}::int], ${organizationId}::int,
        ${people}[1 + g % cardinality(${people})],
        tc.simulator_id, tc.id, md5('bench-ann-job-' || ${tag}::text || ${label}::text || g)::uuid::text,
        '{"type": "app", "env_id": "shop", "source": "human"}'::jsonb,
        0.02 + (${h} % 400) / 1000.0, g % 97 = 0,
        now() - (${h} % 5184000) * interval '1 second',
        case when ${statuses}[1 + g % ${STATUSES.length}::int] = 'run_started' then null
          else now() - (${h} % 5184000) * interval '1 second' + interval '10 minutes' end
      from generate_series(1, ${count}::int) g, cases
      join lateral (select id, simulator_id from test_cases
        where id = cases.ids[${cases.from}::int + 1 + floor(${cases.span}::int * power((${hash(`bench-ann-c-${label}`, 'g')}) / 4294967296.0, 4))::int]) tc on true`);
  };
  await insertSessions(own, measured, { from: 0, span: seed.testCases }, 'own');
  const rest = seed.sessions - own;
  for (const [i, other] of others.entries())
    await insertSessions(
      Math.floor(rest / others.length),
      other,
      { from: i * otherAssigned, span: otherAssigned },
      `other${i}`,
    );

  // An automatic score on every finished session; human scores by other members of its organization, the
  // first an hour after the session, the next ones an hour apart (none in the future), mostly agreeing.
  const [automatic] = await rows<{ n: string }>(
    db,
    sql`with inserted as (
      insert into scores (session_id, type, config, result, created_at)
      select s.id, 'state_mutation_match', '{"type": "state_mutation_match"}'::jsonb,
        jsonb_build_object('type', 'state_mutation_match', 'correct', s.id % 3 <> 0), s.ended_at
      from sessions s where s.organization_id = any(${orgIds}) and s.ended_at is not null
        and s.status not in ('cancelled', 'run_failed')
      returning 1)
    select count(*) n from inserted`,
  );
  const peopleOf = sql.raw(
    `(case ${[measured, ...others].map((id) => `when s.organization_id = ${id} then ${memberArray(id)}`).join(' ')} end)`,
  );
  const [human] = await rows<{ n: string }>(
    db,
    sql`with inserted as (
      insert into scores (session_id, user_id, type, config, result, created_at)
      select s.id, people[1 + (array_position(people, s.user_id) - 1 + j * 7) % cardinality(people)],
        'human_in_the_loop', '{"type": "human_in_the_loop", "is_super_scorer": false}'::jsonb,
        jsonb_build_object('type', 'human_in_the_loop',
          'correct', case when s.id % 13 = 0 and j = 2 then s.id % 4 = 0 else s.id % 4 <> 0 end,
          'reason', '', 'session_time', 20 + (s.id * j) % 400),
        least(now(), s.ended_at + j * interval '1 hour')
      from (select s.*, ${peopleOf} people from sessions s
        where s.organization_id = any(${orgIds}) and s.ended_at is not null
          and s.status not in ('cancelled', 'run_failed')) s,
        generate_series(1, case when s.id % 10 < 4 then 0 else 1 + s.id % 5 end) j
      returning 1)
    select count(*) n from inserted`,
  );
  const classifyStarted = performance.now();
  await classifyUnclassified(db);
  const classifyMs = performance.now() - classifyStarted;
  await toggleTriggers(db, true);
  const rebuildStarted = performance.now();
  await db.execute(sql`select usage_rebuild_rollup()`);
  await db.execute(sql`select assignment_rebuild_progress()`);
  await db.execute(sql`select annotator_rebuild_figures()`);
  const rebuildMs = performance.now() - rebuildStarted;
  for (const table of [
    'sessions',
    'scores',
    'test_cases',
    'organization_test_cases',
    'users',
    'assignment_progress',
    'annotator_daily_figures',
  ])
    await db.execute(sql.raw(`analyze ${table}`));
  return {
    organizationId: measured,
    memberIds,
    otherOrganizationIds: others,
    sessions: seed.sessions,
    humanScores: Number(human?.n ?? 0),
    automaticScores: Number(automatic?.n ?? 0),
    ms: performance.now() - started,
    classifyMs,
    rebuildMs,
  };
}
