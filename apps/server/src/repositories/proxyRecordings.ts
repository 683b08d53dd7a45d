/** Proxy simulators' recordings: versions, and the exchanges replay answers from. */
import { type Executor, proxyExchanges, proxyRecordings } from '@proctor/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';

export type ProxyRecordingRow = typeof proxyRecordings.$inferSelect;
export type ProxyExchangeRow = typeof proxyExchanges.$inferSelect;
export type NewProxyExchange = Omit<typeof proxyExchanges.$inferInsert, 'id' | 'recordingId'>;

/** Rows one insert writes: an exchange has 16 columns, far below PostgreSQL's 65,535 parameters. */
const WRITE_BATCH = 500;

/** The simulator's next recording version, numbered after its latest. */
export async function insertRecording(
  db: Executor,
  recording: {
    simulatorId: number;
    source: 'environment' | 'har';
    sessionPublicId: string | null;
    createdBy: number | null;
  },
): Promise<ProxyRecordingRow> {
  const [row] = await db
    .insert(proxyRecordings)
    .values({
      ...recording,
      version: sql`(select coalesce(max(${proxyRecordings.version}), 0) + 1 from ${proxyRecordings} where ${proxyRecordings.simulatorId} = ${recording.simulatorId})`,
    })
    .returning();
  return row as ProxyRecordingRow;
}

export async function insertExchanges(
  db: Executor,
  recordingId: number,
  exchanges: readonly NewProxyExchange[],
): Promise<void> {
  for (let at = 0; at < exchanges.length; at += WRITE_BATCH)
    await db
      .insert(proxyExchanges)
      .values(exchanges.slice(at, at + WRITE_BATCH).map((exchange) => ({ ...exchange, recordingId })));
}

/** Done: replay may answer from it; its count of exchanges is taken from what was written. */
export async function finishRecording(db: Executor, recordingId: number): Promise<void> {
  await db
    .update(proxyRecordings)
    .set({
      status: 'finished',
      finishedAt: new Date(),
      exchangeCount: sql`(select count(*) from ${proxyExchanges} where ${proxyExchanges.recordingId} = ${recordingId})`,
    })
    .where(eq(proxyRecordings.id, recordingId));
}

export async function deleteRecording(db: Executor, recordingId: number): Promise<void> {
  await db.delete(proxyRecordings).where(eq(proxyRecordings.id, recordingId));
}

/** The recording replay answers from: the simulator's latest finished one. */
export async function latestFinishedRecording(
  db: Executor,
  simulatorId: number,
): Promise<ProxyRecordingRow | undefined> {
  const [row] = await db
    .select()
    .from(proxyRecordings)
    .where(and(eq(proxyRecordings.simulatorId, simulatorId), eq(proxyRecordings.status, 'finished')))
    .orderBy(desc(proxyRecordings.version))
    .limit(1);
  return row;
}

export async function recordingExchanges(db: Executor, recordingId: number): Promise<ProxyExchangeRow[]> {
  return db
    .select()
    .from(proxyExchanges)
    .where(eq(proxyExchanges.recordingId, recordingId))
    .orderBy(asc(proxyExchanges.seq));
}

/** The last seq of a recording, so exchanges added later (a HAR) come after it; -1 when it has none. */
export async function lastExchangeSeq(db: Executor, recordingId: number): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number | null>`max(${proxyExchanges.seq})` })
    .from(proxyExchanges)
    .where(eq(proxyExchanges.recordingId, recordingId));
  return row?.seq ?? -1;
}

/** A new version starts as a copy of an older one's exchanges (versions never change once finished). */
export async function copyExchanges(
  db: Executor,
  fromRecordingId: number,
  toRecordingId: number,
): Promise<void> {
  await db.execute(sql`
    insert into ${proxyExchanges} (recording_id, seq, method, url, host, path, query, request_body_hash,
      request_body_keys, request_headers, status, response_headers, response_body_hash, truncated, recorded_at)
    select ${toRecordingId}, seq, method, url, host, path, query, request_body_hash, request_body_keys,
      request_headers, status, response_headers, response_body_hash, truncated, recorded_at
    from ${proxyExchanges} where recording_id = ${fromRecordingId}`);
}
