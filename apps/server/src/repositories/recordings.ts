/** What a session recorded: steps, DOM events, network requests. */
import {
  originOf,
  RECORDING_FORMAT_VERSION,
  type RecordedRequest,
  type RecordedStep,
} from '@proctor/contracts';
import { type BlobRange, type Executor, networkRequests, sessionEvents, sessionSteps } from '@proctor/db';
import { modernizeStep } from '@proctor/recording';
import type { Mutation } from '@proctor/simulators';
import { and, asc, desc, eq, gte, isNotNull, lt, lte, min, type SQL, sql } from 'drizzle-orm';

/** The session_events kinds a recording writes. */
export const EVENT_KIND = { rrweb: 'rrweb', mutations: 'mutations' } as const;

/** A stored chunk of rrweb events: which tab (CDP target id) and document they came from. */
export interface RrwebChunk {
  page: string;
  url: string;
  events: unknown[];
}

type StepRow = typeof sessionSteps.$inferSelect;
export type NewStepRow = typeof sessionSteps.$inferInsert;

/**
 * A stored step in the current recording format. Rows keep the format they were written in; older ones are
 * modernized on read by @proctor/recording, one version at a time, so no migration rewrites recordings.
 * (Screenshots an old format kept inline come back as attachments; rows written by this server never have any.)
 */
function upgradeStoredStep(row: StepRow): RecordedStep {
  const stored = {
    idx: row.idx,
    action: row.action,
    before_state: row.beforeState,
    after_state: row.afterState,
    mutations: { before: row.mutationsBefore, after: row.mutationsAfter },
    ...(row.page === null ? {} : { page: row.page }),
  };
  if (row.formatVersion === RECORDING_FORMAT_VERSION) return stored;
  return modernizeStep(stored, row.formatVersion).step;
}

/** The session's steps in order, each in the current recording format whatever format it was stored in. */
export async function recordedSteps(db: Executor, sessionId: number): Promise<RecordedStep[]> {
  const rows = await db
    .select()
    .from(sessionSteps)
    .where(eq(sessionSteps.sessionId, sessionId))
    .orderBy(asc(sessionSteps.idx));
  return rows.map(upgradeStoredStep);
}

/** The payloads of the session's events of one kind, in order. */
function eventPayloads(db: Executor, sessionId: number, kind: string) {
  return db
    .select({ payload: sessionEvents.payload })
    .from(sessionEvents)
    .where(and(eq(sessionEvents.sessionId, sessionId), eq(sessionEvents.kind, kind)))
    .orderBy(asc(sessionEvents.seq));
}

/** Every mutation the session's instance logged, unfiltered, in order (written step by step as it ran). */
export async function recordedMutations(db: Executor, sessionId: number): Promise<Mutation[]> {
  const chunks = await eventPayloads(db, sessionId, EVENT_KIND.mutations);
  // The kind says what a payload holds: a mutations chunk is written as an array of the instance's mutations.
  return chunks.flatMap((chunk) => chunk.payload as Mutation[]);
}

/** The session's rrweb chunks, in the order they were written. */
export async function recordedRrwebChunks(db: Executor, sessionId: number): Promise<RrwebChunk[]> {
  const chunks = await eventPayloads(db, sessionId, EVENT_KIND.rrweb);
  return chunks.map((chunk) => chunk.payload as RrwebChunk);
}

/**
 * The session's recorded tabs, each with the seq of its first rrweb chunk, in that order. Every rrweb chunk names
 * its tab (written so, or filled from its payload by migration 0039); one whose payload named none is no tab's.
 */
export async function recordedRrwebTabs(
  db: Executor,
  sessionId: number,
): Promise<{ page: string; firstSeq: number }[]> {
  const firstSeq = min(sessionEvents.seq);
  const rows = await db
    .select({ page: sessionEvents.page, firstSeq })
    .from(sessionEvents)
    .where(
      and(
        eq(sessionEvents.sessionId, sessionId),
        eq(sessionEvents.kind, EVENT_KIND.rrweb),
        isNotNull(sessionEvents.page),
      ),
    )
    .groupBy(sessionEvents.page)
    .orderBy(asc(firstSeq));
  return rows.map((row) => ({ page: row.page!, firstSeq: Number(row.firstSeq) }));
}

/** One tab's rrweb chunks (rows that name their tab). */
const tabChunks = (sessionId: number, page: string, ...more: (SQL | undefined)[]) =>
  and(
    eq(sessionEvents.sessionId, sessionId),
    eq(sessionEvents.kind, EVENT_KIND.rrweb),
    eq(sessionEvents.page, page),
    ...more,
  );

/** A chunk holds an event at or after `ms` (events without a time are never a range's bound: rrwebEvents.ts). */
const reaches = (ms: number) => gte(sessionEvents.endsAt, ms);

/**
 * Where in a tab's chunks a replay range lies, from the chunks' columns alone: the first chunk with an event not
 * before `fromMs` (and whether it holds a full snapshot), the last chunk before it with a full snapshot, and the
 * first chunk with an event not before `toMs`. Null where there is none (or no bound was given).
 */
export async function rrwebRangeChunks(
  db: Executor,
  sessionId: number,
  page: string,
  range: { fromMs?: number; toMs?: number },
): Promise<{
  reachesFrom: { seq: number; fullSnapshot: boolean } | null;
  snapshotBefore: number | null;
  reachesTo: number | null;
}> {
  const first = (where: SQL | undefined) =>
    db
      .select({ seq: sessionEvents.seq, fullSnapshot: sessionEvents.fullSnapshot })
      .from(sessionEvents)
      .where(where)
      .orderBy(asc(sessionEvents.seq))
      .limit(1)
      .then((rows) => rows[0] ?? null);
  const [reachesFrom, reachesTo] = await Promise.all([
    range.fromMs === undefined ? null : first(tabChunks(sessionId, page, reaches(range.fromMs))),
    range.toMs === undefined ? null : first(tabChunks(sessionId, page, reaches(range.toMs))),
  ]);
  let snapshotBefore: number | null = null;
  if (range.fromMs !== undefined) {
    const [row] = await db
      .select({ seq: sessionEvents.seq })
      .from(sessionEvents)
      .where(
        tabChunks(
          sessionId,
          page,
          eq(sessionEvents.fullSnapshot, true),
          reachesFrom ? lt(sessionEvents.seq, reachesFrom.seq) : undefined,
        ),
      )
      .orderBy(desc(sessionEvents.seq))
      .limit(1);
    snapshotBefore = row?.seq ?? null;
  }
  return { reachesFrom, snapshotBefore, reachesTo: reachesTo?.seq ?? null };
}

/**
 * A tab's chunks from `fromSeq` on (to `toSeq` included when given), at most `limit`, each with its events as the
 * JSON text they were stored as: the replay's answer passes most of them on without parsing them.
 */
export function rrwebChunkTexts(
  db: Executor,
  sessionId: number,
  page: string,
  range: { fromSeq: number; toSeq: number | null; limit: number },
): Promise<{ seq: number; events: string }[]> {
  return db
    .select({ seq: sessionEvents.seq, events: sql<string>`(${sessionEvents.payload} -> 'events')::text` })
    .from(sessionEvents)
    .where(
      tabChunks(
        sessionId,
        page,
        gte(sessionEvents.seq, range.fromSeq),
        range.toSeq === null ? undefined : lte(sessionEvents.seq, range.toSeq),
      ),
    )
    .orderBy(asc(sessionEvents.seq))
    .limit(range.limit);
}

/** The last event of the tab's chunk before `seq`, as JSON text (null when there is none). */
export async function lastRrwebEventBefore(
  db: Executor,
  sessionId: number,
  page: string,
  seq: number,
): Promise<string | null> {
  const [row] = await db
    .select({ event: sql<string | null>`(${sessionEvents.payload} -> 'events' -> -1)::text` })
    .from(sessionEvents)
    .where(tabChunks(sessionId, page, lt(sessionEvents.seq, seq)))
    .orderBy(desc(sessionEvents.seq))
    .limit(1);
  return row?.event ?? null;
}

/** Whether the session recorded any DOM (rrweb) events, without reading them. */
export async function hasRrwebChunks(db: Executor, sessionId: number): Promise<boolean> {
  const [any] = await db
    .select({ id: sessionEvents.id })
    .from(sessionEvents)
    .where(and(eq(sessionEvents.sessionId, sessionId), eq(sessionEvents.kind, EVENT_KIND.rrweb)))
    .limit(1);
  return any !== undefined;
}

/** The session's network requests in the order they were recorded, bodies included. */
export function recordedRequests(db: Executor, sessionId: number) {
  return db
    .select()
    .from(networkRequests)
    .where(eq(networkRequests.sessionId, sessionId))
    .orderBy(asc(networkRequests.id));
}

/** The same without their headers and bodies (the session page's summary). */
export function recordedRequestSummaries(db: Executor, sessionId: number) {
  return db
    .select({
      id: networkRequests.id,
      method: networkRequests.method,
      url: networkRequests.url,
      status: networkRequests.status,
      stepIdx: networkRequests.stepIdx,
      startedAt: networkRequests.startedAt,
      durationMs: networkRequests.durationMs,
    })
    .from(networkRequests)
    .where(eq(networkRequests.sessionId, sessionId))
    .orderBy(asc(networkRequests.id));
}

/** Steps already written (the same session and idx) are left as they are. */
export async function insertSteps(db: Executor, rows: NewStepRow[]): Promise<void> {
  await db.insert(sessionSteps).values(rows).onConflictDoNothing();
}

/** One session_events row: a chunk of rrweb events of one tab, or of the instance's mutations from its `seq`-th. */
export type SessionEventRow =
  | { kind: typeof EVENT_KIND.rrweb; seq: number; payload: RrwebChunk }
  | { kind: typeof EVENT_KIND.mutations; seq: number; payload: readonly Mutation[] };

/** rrweb's event type of a full snapshot, which a replay starts from. */
export const RRWEB_FULL_SNAPSHOT = 2;

/**
 * What the replay's reads select an rrweb chunk by (the session_events columns beside its payload). Migration 0039
 * computes the same in SQL for the rows written before the columns: change one, change the other.
 */
export function rrwebChunkColumns(chunk: RrwebChunk): {
  page: string;
  endsAt: number | null;
  fullSnapshot: boolean;
} {
  let endsAt = Number.NEGATIVE_INFINITY;
  let fullSnapshot = false;
  for (const event of chunk.events) {
    // Recorded by the page: anything may be there. An event without a time is no range's bound, so it does not
    // count here: the chunk ends at its latest timed event (null: it has none).
    const { timestamp, type } = (event ?? {}) as { timestamp?: unknown; type?: unknown };
    if (typeof timestamp === 'number' && !Number.isNaN(timestamp)) endsAt = Math.max(endsAt, timestamp);
    if (type === RRWEB_FULL_SNAPSHOT) fullSnapshot = true;
  }
  return { page: chunk.page, endsAt: endsAt === Number.NEGATIVE_INFINITY ? null : endsAt, fullSnapshot };
}

/** Chunks of either kind in one statement; a chunk already written (the same kind and seq) is left as it is. */
export async function insertSessionEvents(
  db: Executor,
  sessionId: number,
  rows: readonly SessionEventRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(sessionEvents)
    .values(
      rows.map((row) => ({
        sessionId,
        ...row,
        ...(row.kind === EVENT_KIND.rrweb ? rrwebChunkColumns(row.payload) : {}),
      })),
    )
    .onConflictDoNothing();
}

/** `response_body_blob`: where the response body is in the blob store instead (an imported HAR's larger ones). */
export async function insertRequests(
  db: Executor,
  sessionId: number,
  requests: readonly (RecordedRequest & { response_body_blob?: BlobRange | null })[],
): Promise<void> {
  await db.insert(networkRequests).values(
    requests.map((request) => ({
      sessionId,
      method: request.method,
      url: request.url,
      // Stored so the origin filter (site requests, offline sessions) is an indexed equality.
      originUrl: originOf(request.url),
      contentType: request.content_type,
      requestBody: request.request_body,
      requestHeaders: request.request_headers,
      responseBody: request.response_body,
      responseBodyBlob: request.response_body_blob ?? null,
      responseHeaders: request.response_headers,
      status: request.status,
      resourceType: request.resource_type,
      startedAt: request.started_at,
      durationMs: request.duration_ms,
      failed: request.failed,
      truncated: request.truncated,
      stepIdx: request.step_idx,
    })),
  );
}

/** Whether the session recorded at least one step. */
export async function hasRecordedSteps(db: Executor, sessionId: number): Promise<boolean> {
  const [step] = await db
    .select({ id: sessionSteps.id })
    .from(sessionSteps)
    .where(eq(sessionSteps.sessionId, sessionId))
    .limit(1);
  return step !== undefined;
}
