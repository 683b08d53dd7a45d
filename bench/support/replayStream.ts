/**
 * The DOM replay's answer (GET /api/session/{id}/rrweb-events) for a long session, measured as a client receives
 * it: time to its first byte and to its last, and how much the answering process's memory grew meanwhile.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type Database, sessionEvents, sessions } from '@proctor/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  EVENT_KIND,
  insertSessionEvents,
  recordedRrwebChunks,
  type SessionEventRow,
} from '../../apps/server/src/repositories/recordings';
import { copySession } from './sessionCopy';
import { type Latency, latency } from './stats';

export interface ReplayStreamFigure {
  firstByte: Latency;
  lastByte: Latency;
  /**
   * How far the answering process's resident memory rose over where it was once listening (after a full
   * collection): for its first answer, and for all of them.
   */
  peakGrowthBytes: { first: number; all: number };
  bytes: number;
}

/**
 * Migration 0039 on a copy of the long session whose rrweb chunks lack the columns the replay selects them by (as
 * rows written before migration 0034): how long its statement took, how many rows it filled, and whether it
 * filled them with what the recording writer stored for the same chunks.
 */
export interface BackfillFigure {
  rows: number;
  ms: number;
  sameAsWritten: boolean;
}

export interface LongReplayFigures {
  /** How many times the recorded session's DOM events are repeated (times shifted) to make the long one. */
  copies: number;
  chunks: number;
  events: number;
  /** Chunks selected by their columns and streamed as read. */
  streamed: ReplayStreamFigure;
  backfill: BackfillFigure;
  /** With `--replay-heap-mib`: whether the answer comes from a server whose V8 old space is capped so. */
  cappedHeap?: { heapMiB: number; streamed: string };
}

const READS_PER_INSERT = 50;

const MIGRATION_0039 = readFileSync(
  fileURLToPath(
    new URL('../../packages/db/migrations/0039_session_events_replay_columns.sql', import.meta.url),
  ),
  'utf8',
);

/** A session's rrweb chunks' replay columns, in order. */
const replayColumns = (db: Database, sessionId: number) =>
  db
    .select({
      page: sessionEvents.page,
      endsAt: sessionEvents.endsAt,
      fullSnapshot: sessionEvents.fullSnapshot,
    })
    .from(sessionEvents)
    .where(and(eq(sessionEvents.sessionId, sessionId), eq(sessionEvents.kind, EVENT_KIND.rrweb)))
    .orderBy(asc(sessionEvents.seq));

/**
 * A copy of a recorded session whose DOM events are the source's `copies` times over, each repetition's times
 * shifted past the last, its chunks written as the recorder writes them.
 */
async function longReplaySession(
  db: Database,
  sourceId: number,
  owner: { organizationId: number; userId: number | null },
  copies: number,
) {
  const chunks = await recordedRrwebChunks(db, sourceId);
  const times = chunks.flatMap((chunk) =>
    chunk.events.flatMap((event) => {
      const at = (event as { timestamp?: unknown }).timestamp;
      return typeof at === 'number' ? [at] : [];
    }),
  );
  const span = Math.max(...times) - Math.min(...times) + 1_000;
  const copy = await copySession(db, db, sourceId, owner);
  await db
    .delete(sessionEvents)
    .where(and(eq(sessionEvents.sessionId, copy.id), eq(sessionEvents.kind, EVENT_KIND.rrweb)));
  let seq = 0;
  let rows: SessionEventRow[] = [];
  for (let repetition = 0; repetition < copies; repetition++) {
    for (const chunk of chunks) {
      const events = chunk.events.map((event) => {
        const at = (event as { timestamp?: unknown }).timestamp;
        return typeof at === 'number' ? { ...(event as object), timestamp: at + repetition * span } : event;
      });
      rows.push({ kind: EVENT_KIND.rrweb, seq: seq++, payload: { ...chunk, events } });
      if (rows.length === READS_PER_INSERT) {
        await insertSessionEvents(db, copy.id, rows);
        rows = [];
      }
    }
  }
  await insertSessionEvents(db, copy.id, rows);
  return {
    ...copy,
    chunks: chunks.length * copies,
    events: chunks.reduce((sum, chunk) => sum + chunk.events.length, 0) * copies,
  };
}

/**
 * Migration 0039 timed on a copy of `long`'s rows without their replay columns (as every rrweb chunk was stored
 * before migration 0034; the only such rows in the database), its result compared with `long`'s columns as
 * written. The copy is deleted after.
 */
async function backfillFigure(
  db: Database,
  long: { id: number },
  owner: { organizationId: number; userId: number | null },
): Promise<BackfillFigure> {
  const copy = await copySession(db, db, long.id, owner);
  await db
    .update(sessionEvents)
    .set({ page: null, endsAt: null, fullSnapshot: false })
    .where(and(eq(sessionEvents.sessionId, copy.id), eq(sessionEvents.kind, EVENT_KIND.rrweb)));
  const started = performance.now();
  const result = await db.execute(sql.raw(MIGRATION_0039));
  const ms = performance.now() - started;
  const rows =
    (result as { rowCount?: number | null; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    Number.NaN;
  const [written, filled] = await Promise.all([replayColumns(db, long.id), replayColumns(db, copy.id)]);
  await db.delete(sessions).where(eq(sessions.id, copy.id));
  return { rows, ms, sameAsWritten: JSON.stringify(written) === JSON.stringify(filled) };
}

const statusBytes = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const kib = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) * 1024;
};

/** Where the Proctor that answers a figure finds its database: a PostgreSQL URL or a PGlite dump's file. */
export type ReplayServerSpec = { postgresUrl: string } | { pgliteDump: string };

const SERVER_SCRIPT = fileURLToPath(new URL('./replayServer.ts', import.meta.url));

/** A Proctor in a process of its own (support/replayServer.ts), listening; `stop` ends it. */
async function startReplayServer(spec: ReplayServerSpec, dataDir: string, heapMiB?: number) {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      ...(heapMiB === undefined ? [] : [`--max-old-space-size=${heapMiB}`]),
      '--import',
      'tsx',
      SERVER_SCRIPT,
      JSON.stringify({ ...spec, dataDir }),
    ],
    // A server that runs out of heap says so on stderr: kept out of the report.
    { stdio: ['pipe', 'pipe', heapMiB === undefined ? 'inherit' : 'ignore'] },
  );
  const exited = once(child, 'exit');
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout! }), 'line'),
    exited.then(([code]) => {
      throw new Error(`The replay server exited (${code}) before listening`);
    }),
  ])) as [string];
  const { port } = JSON.parse(line) as { port: number };
  return {
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin!.end();
      await exited;
    },
  };
}

/** One GET read to its last byte as it arrives (counted, not kept). */
async function timedRead(url: string, apiKey: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'x-api-key': apiKey } });
  if (!response.ok || !response.body) throw new Error(`GET ${url} answered ${response.status}`);
  let firstByte = Number.NaN;
  let bytes = 0;
  for await (const part of response.body) {
    if (bytes === 0) firstByte = performance.now() - started;
    bytes += part.byteLength;
  }
  return { firstByte, lastByte: performance.now() - started, bytes };
}

/**
 * The replay's answer from a Proctor started for it: its first answer's memory (how far the process's resident
 * memory rose over where it was once listening, after a full collection: VmHWM over VmRSS), then `requests` more
 * for the times, each read to its last byte as it arrives.
 */
export async function replayStreamFigure(
  spec: ReplayServerSpec,
  dataDir: string,
  path: string,
  apiKey: string,
  requests: number,
): Promise<ReplayStreamFigure> {
  const server = await startReplayServer(spec, dataDir);
  try {
    const before = statusBytes(server.pid, 'VmRSS');
    const first = await timedRead(`${server.baseUrl}${path}`, apiKey);
    const firstGrowth = statusBytes(server.pid, 'VmHWM') - before;
    const firstBytes: number[] = [];
    const lastBytes: number[] = [];
    for (let i = 0; i < requests; i++) {
      const read = await timedRead(`${server.baseUrl}${path}`, apiKey);
      firstBytes.push(read.firstByte);
      lastBytes.push(read.lastByte);
    }
    return {
      firstByte: latency(firstBytes),
      lastByte: latency(lastBytes),
      peakGrowthBytes: { first: firstGrowth, all: statusBytes(server.pid, 'VmHWM') - before },
      bytes: first.bytes,
    };
  } finally {
    await server.stop();
  }
}

/**
 * Whether a Proctor whose V8 old space is capped at `heapMiB` answers `path` whole: 'answered', or how its process
 * ended (a server out of heap aborts).
 */
async function answersWithin(
  spec: ReplayServerSpec,
  dataDir: string,
  path: string,
  apiKey: string,
  heapMiB: number,
) {
  const server = await startReplayServer(spec, dataDir, heapMiB);
  try {
    await timedRead(`${server.baseUrl}${path}`, apiKey);
    return 'answered';
  } catch {
    const [code, signal] = await server.exited;
    return `failed: the server ended (${signal ?? `exit code ${code}`})`;
  } finally {
    await server.stop();
  }
}

/**
 * The long session's answer from a Proctor started for it on `db`'s data, and migration 0039 timed on a copy of
 * its rows.
 */
export async function longReplayFigures(
  db: Database,
  kind: 'pglite' | 'postgres',
  postgresUrl: string | undefined,
  dataDir: string,
  account: { apiKey: string; organizationId: number; userId: number | null },
  sourceId: number,
  options: { copies: number; requests: number; heapMiB?: number; progress: (line: string) => void },
): Promise<LongReplayFigures> {
  const long = await longReplaySession(db, sourceId, account, options.copies);
  options.progress(
    `  migration 0039 on a copy of the session ${options.copies}x as long (${long.chunks} chunks) without its replay columns…`,
  );
  const backfill = await backfillFigure(db, long, account);
  let spec: ReplayServerSpec;
  if (kind === 'postgres') spec = { postgresUrl: postgresUrl! };
  else {
    // The server under test opens a copy of this PGlite database: a process of its own shows its own memory.
    const dump = join(dataDir, `replay-${kind}.tar`);
    const client = (db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } })
      .$client;
    writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    spec = { pgliteDump: dump };
  }
  options.progress(
    `  the replay's events of a session ${options.copies}x as long (${long.chunks} chunks, ${long.events} events), from a Proctor of its own (${options.requests})…`,
  );
  const serverDir = join(dataDir, `replay-server-${kind}`);
  const path = `/api/session/${long.publicId}/rrweb-events`;
  const streamed = await replayStreamFigure(spec, serverDir, path, account.apiKey, options.requests);
  let cappedHeap: LongReplayFigures['cappedHeap'];
  if (options.heapMiB !== undefined) {
    options.progress(`  answered once more by a Proctor whose heap is capped at ${options.heapMiB} MiB…`);
    cappedHeap = {
      heapMiB: options.heapMiB,
      streamed: await answersWithin(spec, serverDir, path, account.apiKey, options.heapMiB),
    };
  }
  return {
    copies: options.copies,
    chunks: long.chunks,
    events: long.events,
    streamed,
    backfill,
    cappedHeap,
  };
}
