/**
 * The organization's captured requests filtered over many rows (issue 31: p95 ≤ 200 ms at 1M rows), on PGlite
 * and, with DATABASE_URL, on PostgreSQL: network_requests filled with SQL (`insert … select … generate_series`)
 * as rows from before the recorder stored their origin, migration 0037 (the origin's backfill and indexes)
 * timed on them, then `GET /api/sites/requests` and `/api/sites/responses` called over HTTP on a Proctor started on
 * that database, with each filter alone and with none; last, what the url filter's trigram index costs the
 * recorder's inserts.
 */
import { readFileSync } from 'node:fs';
import { type RecordedRequest, SITE_PAGE_SIZE, SITE_REQUESTS_COUNT_MAX } from '@proctor/contracts';
import type { Database, DatabaseConfig } from '@proctor/db';
import { sql } from 'drizzle-orm';
import { insertRequests } from '../../apps/server/src/repositories/recordings';
import { signUp } from '../support/accounts';
import type { Goal } from '../support/main';
import { type Section, type SectionContext, timedGet } from '../support/section';
import { type Latency, latency, ms, pair } from '../support/stats';
import { createThrowawayDatabase } from '../support/throwawayDatabase';

const GOAL_P95_MS = 200;
const GOAL_ROWS = 1_000_000;
/** Without `--rows`: the default run stays a few minutes (at 1M rows a PGlite call with a filter takes seconds). */
const DEFAULT_ROWS = 100_000;
/** Requests a session captured: a few thousand sessions at 1M rows. */
const ROWS_PER_SESSION = 250;
/** Every 10th session is another organization's, around the measured one's. */
const OTHER_EVERY = 10;
/** Rows per insert statement: one statement of 1M rows is too heavy for PGlite's memory. */
const BATCH = 100_000;
const WARMUP = 2;
/** The recorder writes a session's requests in batches of 100 (recordingWriter's WRITE_BATCH). */
const INSERT_BATCH = 100;
const INSERT_BATCHES = 100;
const ORIGIN_MIGRATION = new URL(
  '../../packages/db/migrations/0037_network_requests_origin.sql',
  import.meta.url,
);
const TRIGRAM_INDEX = 'network_requests_url_trgm_idx';

/** The filters as the site-requests page sends them, each alone; the session is filled in once it exists. */
function filterCases(sessionPublicId: string): { name: string; query: Record<string, string> }[] {
  return [
    { name: 'no filter', query: {} },
    { name: 'originUrl (20% of rows)', query: { originUrl: 'https://cdn.shop.example.net' } },
    { name: 'url contains /orders/ (10%)', query: { url: '/orders/' } },
    { name: 'url contains a rare text (1 row)', query: { url: 'order-7f3a' } },
    { name: 'method POST (30%)', query: { method: 'POST' } },
    { name: 'contentType json (60%)', query: { contentType: 'json' } },
    { name: `sessionPublicId (${ROWS_PER_SESSION} rows)`, query: { sessionPublicId } },
  ];
}

/**
 * `rows` requests in sessions of ROWS_PER_SESSION (ids in capture order, a session's together), of ten kinds:
 * API reads and writes (JSON bodies), pages, scripts, images, a token call and analytics beacons, on five origins.
 * origin_url is left empty, as the recorder left it before migration 0037: the migration's backfill fills it.
 */
async function fill(db: Database, ownOrganizationId: number, otherOrganizationId: number, rows: number) {
  const sessionCount = Math.ceil(rows / ROWS_PER_SESSION);
  await db.execute(sql`
    insert into sessions (public_id, status, organization_id, created_at, ended_at)
    select md5('bench-flows-session-' || g)::uuid::text, 'run_completed',
      case when g % ${OTHER_EVERY}::int = 0 then ${otherOrganizationId}::int else ${ownOrganizationId}::int end,
      now() - (${sessionCount}::int - g) * interval '10 minutes',
      now() - (${sessionCount}::int - g) * interval '10 minutes' + interval '5 minutes'
    from generate_series(1, ${sessionCount}::int) g`);
  for (let from = 1; from <= rows; from += BATCH) {
    const to = Math.min(rows, from + BATCH - 1);
    await db.execute(sql`
      with session_ids as (
        select array_agg(id order by id) ids from sessions where organization_id in (${ownOrganizationId}::int, ${otherOrganizationId}::int)
      ),
      shaped as (
        select g, g % 10 as kind, md5('bench-flows-' || g) as h,
          ids[1 + (g - 1) / ${ROWS_PER_SESSION}::int] as session_id
        from generate_series(${from}::int, ${to}::int) g, session_ids
      )
      insert into network_requests (session_id, method, url, content_type, request_body, request_headers,
        response_body, response_headers, status, resource_type, started_at, duration_ms)
      select session_id,
        case when kind in (3, 8, 9) then 'POST' else 'GET' end,
        case kind
          when 0 then 'https://api.shop.example.com/api/v2/products/' || (g % 5000) || '?include=reviews&page=' || (g % 7)
          when 1 then 'https://api.shop.example.com/api/v2/products?category=' || (g % 40) || '&sort=price'
          when 2 then 'https://api.shop.example.com/api/v2/users/' || (g % 90000) || '/cart'
          when 3 then 'https://api.shop.example.com/api/v2/cart/items'
          when 4 then 'https://api.shop.example.com/api/v2/orders/' || h::uuid::text
          when 5 then 'https://www.shop.example.com/products/linen-sheets-' || (g % 300)
          when 6 then 'https://cdn.shop.example.net/static/js/main.' || substr(h, 1, 8) || '.chunk.js'
          when 7 then 'https://cdn.shop.example.net/images/' || h || '.webp'
          when 8 then 'https://auth.example.com/oauth/token'
          else 'https://analytics.example.io/collect?v=2&tid=G-' || substr(h, 1, 10)
        end,
        case when kind <= 4 then 'application/json; charset=utf-8'
          when kind = 5 then 'text/html; charset=utf-8'
          when kind = 6 then 'application/javascript'
          when kind = 7 then 'image/webp'
          when kind = 8 then 'application/json'
          else 'text/plain;charset=UTF-8' end,
        case kind
          when 3 then '{"productId":' || (g % 5000) || ',"quantity":' || (1 + g % 3) || '}'
          when 8 then 'grant_type=refresh_token&refresh_token=redacted:' || substr(h, 1, 16)
          when 9 then '{"events":[{"name":"page_view","params":{"page_location":"/products/' || (g % 300) || '"}}]}'
        end,
        jsonb_build_object('accept', case when kind <= 4 then 'application/json' else '*/*' end,
          'user-agent', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36'),
        case when kind <= 4 or kind = 8 then encode(convert_to('{"id":' || (g % 5000) || ',"name":"Linen sheets ' || (g % 300)
            || '","price":' || (g % 200) || '.99,"currency":"USD","stock":' || (g % 17) || ',"tags":["bedding","linen"],"etag":"' || h || '"}', 'UTF8'), 'base64')
          when kind = 5 then encode(convert_to('<!doctype html><title>Linen sheets ' || (g % 300) || '</title><main>' || repeat('<p>Soft linen.</p>', 8) || '</main>', 'UTF8'), 'base64')
        end,
        jsonb_build_object('content-type', case when kind <= 4 then 'application/json; charset=utf-8' else 'text/plain' end,
          'cache-control', 'no-store', 'date', 'Sun, 29 Nov 2026 18:00:00 GMT'),
        case when g % 97 = 0 then 404 when kind = 3 then 201 else 200 end,
        case when kind <= 4 or kind >= 8 then 'fetch' when kind = 5 then 'document' when kind = 6 then 'script' else 'image' end,
        1764400000000 + g * 40.0,
        20 + (g % 180)
      from shaped`);
  }
  // One rare URL, as a search for a particular order finds it.
  await db.execute(sql`
    update network_requests set url = 'https://api.shop.example.com/api/v2/orders/order-7f3a'
    where id = (select max(id) - ${Math.floor(rows / 3)}::int from network_requests)`);
}

interface FilterFigures {
  name: string;
  requests: Latency;
  responses: Latency;
  totalCount: number;
}

interface InsertFigures {
  /** Recorder-sized batches (INSERT_BATCH rows) inserted into the filled table, ms each. */
  withTrigram: Latency;
  withoutTrigram: Latency;
}

interface DatabaseFigures {
  database: 'PGlite' | 'PostgreSQL';
  rows: number;
  fillMs: number;
  /** Migration 0037 on the filled rows: the origin's backfill, the trigram index rebuilt, the origin's index. */
  originMigrationMs: number;
  filters: FilterFigures[];
  /** Null where the trigram index does not exist (pg_trgm could not be created). */
  inserts: InsertFigures | null;
  /** network_requests' indexes on this database (the trigram one only where pg_trgm could be created). */
  indexes: string[];
}

async function timedRoute(
  ctx: SectionContext,
  url: string,
  accessToken: string,
): Promise<{ latency: Latency; totalCount: number }> {
  const times: number[] = [];
  let totalCount = 0;
  for (let i = 0; i < ctx.requests + WARMUP; i++) {
    const answer = await timedGet(url, accessToken);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${answer.body}`);
    if (i >= WARMUP) times.push(answer.ms);
    const { pagination } = JSON.parse(answer.body) as {
      pagination: { total_count: number; total_count_capped: boolean };
    };
    // A capped count (more than SITE_REQUESTS_COUNT_MAX match) as one more than the cap: the table says "10,000+".
    totalCount = pagination.total_count + (pagination.total_count_capped ? 1 : 0);
  }
  return { latency: latency(times), totalCount };
}

const matchText = (totalCount: number) =>
  totalCount > SITE_REQUESTS_COUNT_MAX
    ? `${SITE_REQUESTS_COUNT_MAX.toLocaleString('en')}+`
    : totalCount.toLocaleString('en');

/**
 * Migration 0037 as an upgrade runs it on rows without an origin (the url trigram index dropped, the backfill,
 * the trigram and origin indexes built); the origin index, made on the empty table at start, is dropped first.
 */
async function runOriginMigration(db: Database): Promise<number> {
  await db.execute(sql`drop index network_requests_origin_idx`);
  const statements = readFileSync(ORIGIN_MIGRATION, 'utf8').split('--> statement-breakpoint');
  const started = performance.now();
  for (const statement of statements) await db.execute(sql.raw(statement));
  return performance.now() - started;
}

/** A recorder's batch of requests, as insertRequests writes them. */
function recorderBatch(batch: number): RecordedRequest[] {
  return Array.from({ length: INSERT_BATCH }, (_, at) => {
    const n = batch * INSERT_BATCH + at;
    return {
      request_id: `bench-${n}`,
      method: n % 3 === 0 ? 'POST' : 'GET',
      url: `https://api.shop.example.com/api/v2/orders/${n.toString(16).padStart(8, '0')}-${batch}?expand=items&page=${n % 7}`,
      resource_type: 'fetch',
      status: 200,
      content_type: 'application/json; charset=utf-8',
      request_headers: { accept: 'application/json' },
      response_headers: { 'content-type': 'application/json; charset=utf-8' },
      request_body: n % 3 === 0 ? `{"productId":${n % 5000}}` : null,
      response_body: Buffer.from(`{"id":${n},"status":"paid"}`).toString('base64'),
      truncated: false,
      started_at: 1_764_400_000_000 + n,
      duration_ms: 40,
      failed: null,
      step_idx: null,
    };
  });
}

/**
 * What the url filter's trigram index costs the recorder: INSERT_BATCHES batches into the filled table with the
 * index, then as many with it dropped (it is the last thing measured). Null where the index does not exist.
 */
async function measureInserts(db: Database, sessionId: number): Promise<InsertFigures | null> {
  const found = (
    (await db.execute(sql`select 1 from pg_indexes where indexname = ${TRIGRAM_INDEX}`)) as unknown as {
      rows: unknown[];
    }
  ).rows;
  if (found.length === 0) return null;
  const timeBatches = async (from: number) => {
    const times: number[] = [];
    for (let batch = from; batch < from + INSERT_BATCHES; batch++) {
      const requests = recorderBatch(batch);
      const started = performance.now();
      await insertRequests(db, sessionId, requests);
      times.push(performance.now() - started);
    }
    return latency(times);
  };
  const withTrigram = await timeBatches(0);
  await db.execute(sql.raw(`drop index ${TRIGRAM_INDEX}`));
  const withoutTrigram = await timeBatches(INSERT_BATCHES);
  return { withTrigram, withoutTrigram };
}

async function measure(
  ctx: SectionContext,
  label: DatabaseFigures['database'],
  database: DatabaseConfig,
  rows: number,
): Promise<DatabaseFigures> {
  ctx.progress(`${label}: a Proctor (no browsers), ${rows.toLocaleString('en')} captured requests…`);
  const { proctor, baseUrl } = await ctx.startProctor(`requests-${label}`, database);
  await signUp(baseUrl, 'admin');
  const member = await signUp(baseUrl, 'requests');
  const other = await signUp(baseUrl, 'other');
  const { db } = proctor.ctx;
  const started = performance.now();
  await fill(db, member.organizationId, other.organizationId, rows);
  await db.execute(sql`vacuum analyze network_requests`);
  await db.execute(sql`vacuum analyze sessions`);
  const fillMs = performance.now() - started;
  ctx.progress(
    `  filled in ${(fillMs / 1000).toFixed(1)} s; migration 0037 (the origin's backfill and indexes)…`,
  );
  const originMigrationMs = await runOriginMigration(db);
  ctx.progress(`  migrated in ${(originMigrationMs / 1000).toFixed(1)} s`);
  // As autovacuum would shortly after: the backfill's old row versions gone, the planner sees the table as it is.
  await db.execute(sql`vacuum analyze network_requests`);
  const [session] = (
    (await db.execute(sql`
      select id, public_id from sessions where organization_id = ${member.organizationId}
      order by id desc limit 1 offset 3`)) as unknown as { rows: { id: number; public_id: string }[] }
  ).rows;
  // PGlite holds the event loop through the fill and the migration (minutes at 1M rows): the keep-alive
  // connection the sign-ups left may have been closed by the server meanwhile. A call that may fail opens a new one.
  await timedGet(`${baseUrl}/api/sites/requests?page_size=1`, member.accessToken).catch(() => undefined);
  const filters: FilterFigures[] = [];
  for (const { name, query } of filterCases(session!.public_id)) {
    ctx.progress(`  ${name} (${ctx.requests} calls of each route)…`);
    const search = new URLSearchParams(query).toString();
    const requests = await timedRoute(ctx, `${baseUrl}/api/sites/requests?${search}`, member.accessToken);
    const responses = await timedRoute(ctx, `${baseUrl}/api/sites/responses?${search}`, member.accessToken);
    filters.push({
      name,
      requests: requests.latency,
      responses: responses.latency,
      totalCount: requests.totalCount,
    });
  }
  const indexes = (
    (await db.execute(sql`
      select indexname from pg_indexes where tablename = 'network_requests' order by indexname`)) as unknown as {
      rows: { indexname: string }[];
    }
  ).rows.map((row) => row.indexname);
  ctx.progress(
    `  the recorder's inserts with and without the trigram index (${INSERT_BATCHES} batches each)…`,
  );
  const inserts = await measureInserts(db, session!.id);
  return { database: label, rows, fillMs, originMigrationMs, filters, inserts, indexes };
}

export const siteRequestsSection: Section = {
  key: 'requests',
  title: 'Site requests filtered (GET /api/sites/requests and /responses, first page, over HTTP)',
  async run(ctx) {
    const rows = Math.max(10_000, Number(ctx.options.rows) || DEFAULT_ROWS);
    if (rows !== GOAL_ROWS)
      ctx.progress(
        `${rows.toLocaleString('en')} rows per database (the goal is at ${GOAL_ROWS.toLocaleString('en')}: --rows ${GOAL_ROWS})`,
      );
    const databases = String(ctx.options.databases ?? 'pglite,postgres').split(',');
    const measured: DatabaseFigures[] = [];
    if (databases.includes('pglite'))
      measured.push(
        await measure(
          ctx,
          'PGlite',
          { kind: 'pglite', dataDir: `${ctx.dataDir}/requests-pglite-data` },
          rows,
        ),
      );
    if (!databases.includes('postgres')) ctx.progress('PostgreSQL is not measured (--databases).');
    else if (ctx.postgresAdminUrl) {
      const database = await createThrowawayDatabase(ctx.postgresAdminUrl, 'proctor_bench_flows');
      ctx.teardown.add(`database ${database.name}`, () => database.drop());
      measured.push(await measure(ctx, 'PostgreSQL', { kind: 'postgres', url: database.url }, rows));
    } else ctx.progress('DATABASE_URL is not set: PostgreSQL is not measured.');

    const goals: Goal[] = measured.map((figures) => {
      const worst = Math.max(
        ...figures.filters.flatMap((filter) => [filter.requests.p95, filter.responses.p95]),
      );
      const atGoal = figures.rows >= GOAL_ROWS;
      return {
        goal: `${figures.database}: site requests p95 ≤ ${GOAL_P95_MS} ms at ${GOAL_ROWS.toLocaleString('en')} rows, every filter`,
        measured: `${ms(worst)} ms at worst over ${figures.rows.toLocaleString('en')} rows${atGoal ? '' : ' (not at 1M: --rows 1000000)'}`,
        met: atGoal && worst <= GOAL_P95_MS,
      };
    });
    if (databases.includes('postgres') && !ctx.postgresAdminUrl)
      goals.push({
        goal: `PostgreSQL: site requests p95 ≤ ${GOAL_P95_MS} ms at 1M rows`,
        measured: 'not measured (set DATABASE_URL)',
        met: false,
      });
    return {
      figures: measured,
      rows: measured.flatMap((figures) => [
        [
          `${figures.database}: ${figures.rows.toLocaleString('en')} rows filled and analyzed`,
          `${(figures.fillMs / 1000).toFixed(1)} s`,
          '',
        ],
        [
          '  migration 0037 (origin backfill + indexes)',
          `${(figures.originMigrationMs / 1000).toFixed(1)} s`,
          '',
        ],
        ...figures.filters.flatMap((filter) => [
          [
            `  ${filter.name}: requests (${matchText(filter.totalCount)} match)`,
            pair(filter.requests),
            `p95 ≤ ${GOAL_P95_MS} ms`,
          ],
          ['    responses', pair(filter.responses), `p95 ≤ ${GOAL_P95_MS} ms`],
        ]),
        ...(figures.inserts
          ? [
              [
                `  recorder insert of ${INSERT_BATCH} rows, with the trigram index`,
                pair(figures.inserts.withTrigram),
                '',
              ],
              ['    without it', pair(figures.inserts.withoutTrigram), ''],
            ]
          : [['  recorder inserts', 'no trigram index here', '']]),
      ]),
      goals,
      notes: [
        `p50 / p95 of ${ctx.requests} calls after ${WARMUP} unmeasured; the first page (${SITE_PAGE_SIZE.default} rows) and the total counted up to ${SITE_REQUESTS_COUNT_MAX.toLocaleString('en')}.`,
        `Inserts: p50 / p95 of ${INSERT_BATCHES} batches of ${INSERT_BATCH} requests (the recorder's batch) into the filled table.`,
        `Sessions of ${ROWS_PER_SESSION} requests; every ${OTHER_EVERY}th session another organization's.`,
        ...measured.map((figures) => `${figures.database}: indexes ${figures.indexes.join(', ')}.`),
      ],
    };
  },
};
