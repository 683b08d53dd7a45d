import { Readable } from 'node:stream';
import type { SessionRrwebEventsResponse } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { z } from 'zod';
import { badRequest, notFound } from '../kernel/http/errors';
import { StreamedJson } from '../kernel/http/streamedJson';
import {
  lastRrwebEventBefore,
  RRWEB_FULL_SNAPSHOT,
  type RrwebChunk,
  recordedRrwebTabs,
  rrwebChunkTexts,
  rrwebRangeChunks,
} from '../repositories/recordings';
import type { SessionRow } from '../repositories/sessions';
import { sessionStartedAt } from './sessions';

type RrwebEventsAnswer = z.output<typeof SessionRrwebEventsResponse>;

/** The recorded tabs (CDP target ids) in the order each was first recorded; the first is where the session began. */
export const recordedTabs = (chunks: readonly RrwebChunk[]) => [
  ...new Set(chunks.map((chunk) => chunk.page)),
];

/** One tab's rrweb events in order. */
export const eventsOfTab = (chunks: readonly RrwebChunk[], page: string | null) =>
  chunks.filter((chunk) => chunk.page === page).flatMap((chunk) => chunk.events);

/** rrweb's meta event (URL, size), recorded just before the full snapshot it describes. */
const RRWEB_META = 4;

// Recorded by the page: anything may be there, past the end too.
const typeOf = (event: unknown) => (event as { type?: unknown } | null | undefined)?.type;
/** Whether an event is before `limit` (one without a time is not). */
/**
 * Whether an event comes before `limit` (epoch ms) in a range's reading: an event without a time (a page records
 * what it likes) belongs with the one before it and is never where a range starts or ends, or a range after it
 * could never begin and `more` would stay true forever.
 */
const before = (event: unknown, limit: number) => {
  const at = (event as { timestamp?: unknown } | null | undefined)?.timestamp;
  return !(typeof at === 'number' && at >= limit);
};

/** Chunks read per statement while an answer streams: a few hundred KB of events at most, as recorded. */
const CHUNKS_PER_READ = 16;

/**
 * Where a range's answer starts: a chunk, and unless the whole chunk is sent as stored, its events (parsed to find
 * where the range starts in it), the first to send, and the meta event to send before them when it is the last
 * event of the chunk before.
 */
interface RangeStart {
  seq: number;
  within: { events: unknown[]; index: number; leadingMeta: unknown } | null;
}

const lastSnapshotAtOrBefore = (events: readonly unknown[], index: number) => {
  for (let at = Math.min(index, events.length - 1); at >= 0; at--)
    if (typeOf(events[at]) === RRWEB_FULL_SNAPSHOT) return at;
  return -1;
};

/**
 * Where a range starts in a tab's chunks for `fromMs`, reading at most the chunks it may start in: the
 * first chunk that reaches fromMs, and the last full snapshot before it (found by the chunks' columns), unless
 * the range `continues` one the client has read, which starts at its first event at or after fromMs.
 */
async function rangeStart(
  db: Database,
  sessionId: number,
  page: string,
  firstSeq: number,
  fromMs: number | undefined,
  continues: boolean,
  planned: Awaited<ReturnType<typeof rrwebRangeChunks>>,
): Promise<RangeStart | null> {
  if (fromMs === undefined) return { seq: firstSeq, within: null };
  const read = async (seq: number) => {
    const [chunk] = await rrwebChunkTexts(db, sessionId, page, { fromSeq: seq, toSeq: seq, limit: 1 });
    return JSON.parse(chunk!.events) as unknown[];
  };
  /** The snapshot at `index` of chunk `seq`, with its meta event (in the same chunk or the one before). */
  const atSnapshot = async (seq: number, events: unknown[], index: number): Promise<RangeStart> => {
    if (index > 0) {
      const meta = typeOf(events[index - 1]) === RRWEB_META;
      return { seq, within: { events, index: meta ? index - 1 : index, leadingMeta: undefined } };
    }
    const previous = seq === firstSeq ? null : await lastRrwebEventBefore(db, sessionId, page, seq);
    const event: unknown = previous === null ? undefined : JSON.parse(previous);
    return { seq, within: { events, index, leadingMeta: typeOf(event) === RRWEB_META ? event : undefined } };
  };

  const { reachesFrom, snapshotBefore } = planned;
  let reached: RangeStart | null = null;
  if (reachesFrom) {
    const events = await read(reachesFrom.seq);
    // The chunk's columns say it holds an event at or after fromMs.
    const index = events.findIndex((event) => !before(event, fromMs));
    reached = { seq: reachesFrom.seq, within: { events, index, leadingMeta: undefined } };
    if (continues) return reached;
    const snapshot = reachesFrom.fullSnapshot ? lastSnapshotAtOrBefore(events, index) : -1;
    if (snapshot >= 0) return atSnapshot(reachesFrom.seq, events, snapshot);
  }
  if (snapshotBefore !== null && !continues) {
    const events = await read(snapshotBefore);
    return atSnapshot(snapshotBefore, events, lastSnapshotAtOrBefore(events, events.length - 1));
  }
  // No full snapshot before the range: it starts at its first event (none when every event is before it).
  return reached;
}

/** A chunk's events as stored (a JSON array's text), without its brackets: '' for none. */
const inner = (arrayText: string) => arrayText.trim().slice(1, -1).trim();

/**
 * One tab's answer, written as its chunks are read: the start chunk, the chunks after it as their stored text,
 * and the chunk that reaches `toMs` parsed, to end at the range's end. Parts are never empty (an empty string
 * pushed to a byte stream ends its reading).
 */
async function* rangeText(
  db: Database,
  sessionId: number,
  head: { pages: string[]; page: string },
  start: RangeStart | null,
  toMs: number | undefined,
  reachesTo: number | null,
): AsyncGenerator<string> {
  yield `{"pages":${JSON.stringify(head.pages)},"page":${JSON.stringify(head.page)},"events":[`;
  let written = 0;
  const separated = (text: string) => (written++ === 0 ? text : `,${text}`);
  let ended = false;
  /** `events` up to the first not before toMs (where the range ends, if there is one), as text. */
  const upToEnd = (events: readonly unknown[]) => {
    const at = toMs === undefined ? -1 : events.findIndex((event) => !before(event, toMs));
    if (at >= 0) ended = true;
    return (at >= 0 ? events.slice(0, at) : events).map((event) => JSON.stringify(event)).join(',');
  };

  if (start) {
    if (start.within) {
      const { events, index, leadingMeta } = start.within;
      if (leadingMeta !== undefined) yield separated(JSON.stringify(leadingMeta));
      const text = upToEnd(events.slice(index));
      if (text !== '') yield separated(text);
    }
    let next = start.within ? start.seq + 1 : start.seq;
    while (!ended) {
      const chunks = await rrwebChunkTexts(db, sessionId, head.page, {
        fromSeq: next,
        toSeq: reachesTo,
        limit: CHUNKS_PER_READ,
      });
      for (const chunk of chunks) {
        // Chunks before the one that reaches toMs hold only earlier events: passed on as stored.
        const text =
          chunk.seq === reachesTo ? upToEnd(JSON.parse(chunk.events) as unknown[]) : inner(chunk.events);
        if (text !== '') yield separated(text);
        if (ended) break;
      }
      if (chunks.length < CHUNKS_PER_READ) break;
      next = chunks.at(-1)!.seq + 1;
    }
  }
  yield `],"more":${ended}}`;
}

/**
 * GET /api/session/{id}/rrweb-events: one tab's DOM events (the first tab's by default), read when the replay
 * opens; with `from`/`to` (ms from the session's start), the events of [from, to) (either open) preceded by what
 * they build on: the last full snapshot at or before `from` and the meta event just before it, so that a replay
 * can start at the range, or, with `continues`, nothing before `from` (the client read the range before it, and
 * a replay going on needs no snapshot again). Events without a time go with the event before them; `more` says
 * whether events follow the range. Streamed: only the tab's chunks from where the range starts are read (selected by the columns
 * session_events keeps beside each payload, filled for older rows by migration 0039), a few at a time, and each
 * is sent as it is read.
 */
export async function sessionRrwebEvents(
  db: Database,
  session: SessionRow,
  query: { page?: string; from?: number; to?: number; continues?: boolean },
): Promise<RrwebEventsAnswer | StreamedJson<RrwebEventsAnswer>> {
  const tabs = await recordedRrwebTabs(db, session.id);
  const pages = tabs.map((tab) => tab.page);
  if (query.page !== undefined && !pages.includes(query.page))
    throw notFound("No such tab in this session's recording");
  if (query.from !== undefined && query.to !== undefined && query.to <= query.from)
    throw badRequest('to must be after from');
  if (query.continues && query.from === undefined) throw badRequest('continues needs from');
  const shown = tabs.find((tab) => tab.page === (query.page ?? pages[0]));
  if (!shown) return { pages, page: null, events: [], more: false };
  const startedAtMs = sessionStartedAt(session).getTime();
  const fromMs = query.from === undefined ? undefined : startedAtMs + query.from;
  const toMs = query.to === undefined ? undefined : startedAtMs + query.to;
  const { page } = shown;
  const planned = await rrwebRangeChunks(db, session.id, page, { fromMs, toMs });
  const continues = query.continues ?? false;
  const start = await rangeStart(db, session.id, page, shown.firstSeq, fromMs, continues, planned);
  return new StreamedJson(
    Readable.from(rangeText(db, session.id, { pages, page }, start, toMs, planned.reachesTo), {
      objectMode: false,
    }),
  );
}
