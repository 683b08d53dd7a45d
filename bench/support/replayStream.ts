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
import { type Database, sessionEvents } from '@proctor/db';
import { and, eq } from 'drizzle-orm';
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

export interface LongReplayFigures {
  /** How many times the recorded session's DOM events are repeated (times shifted) to make the long one. */
  copies: number;
  chunks: number;
  events: number;
  /** Chunks read whole and sliced (the rows without the columns the replay reads by: the path before them). */
  whole: ReplayStreamFigure;
  /** Chunks selected by their columns and streamed as read. */
  streamed: ReplayStreamFigure;
  /** With `--replay-heap-mib`: whether each way answers from a server whose V8 old space is capped so. */
  cappedHeap?: { heapMiB: number; streamed: string; whole: string };
}

const READS_PER_INSERT = 50;

/**
 * Two copies of a recorded session whose DOM events are the source's `copies` times over, each repetition's times
 * shifted past the last: one with its chunks written as the recorder writes them, one whose chunks lack the
 * columns the replay selects by (as rows written before them), which the server answers by reading every chunk.
 */
export async function longReplaySessions(
  db: Database,
  sourceId: number,
  owner: { organizationId: number; userId: number | null },
  copies: number,
): Promise<{ streamed: { publicId: string }; whole: { publicId: string }; chunks: number; events: number }> {
  const chunks = await recordedRrwebChunks(db, sourceId);
  const times = chunks.flatMap((chunk) =>
    chunk.events.flatMap((event) => {
      const at = (event as { timestamp?: unknown }).timestamp;
      return typeof at === 'number' ? [at] : [];
    }),
  );
  const span = Math.max(...times) - Math.min(...times) + 1_000;
  const made = [];
  for (const withColumns of [true, false]) {
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
    if (!withColumns)
      await db
        .update(sessionEvents)
        .set({ page: null, endsAt: null, fullSnapshot: false })
        .where(and(eq(sessionEvents.sessionId, copy.id), eq(sessionEvents.kind, EVENT_KIND.rrweb)));
    made.push(copy);
  }
  return {
    streamed: made[0]!,
    whole: made[1]!,
    chunks: chunks.length * copies,
    events: chunks.reduce((sum, chunk) => sum + chunk.events.length, 0) * copies,
  };
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

/** Both ways of answering the long session, each from a Proctor started for it on `db`'s data. */
export async function longReplayFigures(
  db: Database,
  kind: 'pglite' | 'postgres',
  postgresUrl: string | undefined,
  dataDir: string,
  account: { apiKey: string; organizationId: number; userId: number | null },
  sourceId: number,
  options: { copies: number; requests: number; heapMiB?: number; progress: (line: string) => void },
): Promise<LongReplayFigures> {
  const sessions = await longReplaySessions(db, sourceId, account, options.copies);
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
  const path = (publicId: string) => `/api/session/${publicId}/rrweb-events`;
  options.progress(
    `  the replay's events of a session ${options.copies}x as long (${sessions.chunks} chunks, ${sessions.events} events), streamed and read whole, each from a Proctor of its own (${options.requests} each)…`,
  );
  const serverDir = join(dataDir, `replay-server-${kind}`);
  const streamed = await replayStreamFigure(
    spec,
    serverDir,
    path(sessions.streamed.publicId),
    account.apiKey,
    options.requests,
  );
  const whole = await replayStreamFigure(
    spec,
    serverDir,
    path(sessions.whole.publicId),
    account.apiKey,
    options.requests,
  );
  let cappedHeap: LongReplayFigures['cappedHeap'];
  if (options.heapMiB !== undefined) {
    options.progress(
      `  each answered once more by a Proctor whose heap is capped at ${options.heapMiB} MiB…`,
    );
    cappedHeap = {
      heapMiB: options.heapMiB,
      streamed: await answersWithin(
        spec,
        serverDir,
        path(sessions.streamed.publicId),
        account.apiKey,
        options.heapMiB,
      ),
      whole: await answersWithin(
        spec,
        serverDir,
        path(sessions.whole.publicId),
        account.apiKey,
        options.heapMiB,
      ),
    };
  }
  return {
    copies: options.copies,
    chunks: sessions.chunks,
    events: sessions.events,
    whole,
    streamed,
    cappedHeap,
  };
}
