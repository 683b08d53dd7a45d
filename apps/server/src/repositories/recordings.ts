/** What a session recorded: steps, DOM events, network requests. */
import { RECORDING_FORMAT_VERSION, type RecordedRequest, type RecordedStep } from '@proctor/contracts';
import { type BlobRange, type Executor, networkRequests, sessionEvents, sessionSteps } from '@proctor/db';
import { modernizeStep } from '@proctor/recording';
import type { Mutation } from '@proctor/simulators';
import { and, asc, eq } from 'drizzle-orm';

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

/** Chunks of either kind in one statement; a chunk already written (the same kind and seq) is left as it is. */
export async function insertSessionEvents(
  db: Executor,
  sessionId: number,
  rows: readonly SessionEventRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(sessionEvents)
    .values(rows.map((row) => ({ sessionId, ...row })))
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
