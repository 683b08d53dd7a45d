import { endpoints } from '@proctor/contracts';
import { sessions } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { recordedRrwebChunks } from '../../src/repositories/recordings';
import type { Actor, TestProctor } from './proctor';

type Query = { page?: string; from?: number; to?: number; continues?: 'true' };

const FULL_SNAPSHOT = 2;
const META = 4;
const typeOf = (event: unknown) => (event as { type?: unknown } | null | undefined)?.type;
/** An event without a time goes with the one before it: it never starts or ends a range. */
const before = (event: unknown, limit: number) => {
  const at = (event as { timestamp?: unknown } | null | undefined)?.timestamp;
  return !(typeof at === 'number' && at >= limit);
};

/**
 * The reference for GET …/rrweb-events' ranges, from a tab's events all in memory (what the route itself did
 * before it read chunks by their columns): the events of [fromMs, toMs) (epoch ms; either open), preceded by the
 * last full snapshot at or before fromMs and its meta event, unless the range `continues` the one before it;
 * events without a timestamp going with the event before them; `more`: whether events follow the range.
 */
export function rrwebRange(
  events: readonly unknown[],
  fromMs: number | undefined,
  toMs: number | undefined,
  continues = false,
): { events: unknown[]; more: boolean } {
  let start = 0;
  if (fromMs !== undefined) {
    start = events.findIndex((event) => !before(event, fromMs));
    if (start < 0) start = events.length;
  }
  if (fromMs !== undefined && !continues) {
    let snapshot = start;
    while (snapshot > 0 && typeOf(events[snapshot]) !== FULL_SNAPSHOT) snapshot -= 1;
    if (typeOf(events[snapshot]) === FULL_SNAPSHOT) {
      start = snapshot;
      if (start > 0 && typeOf(events[start - 1]) === META) start -= 1;
    }
  }
  let end = events.length;
  if (toMs !== undefined) {
    end = events.findIndex((event, index) => index >= start && !before(event, toMs));
    if (end < 0) end = events.length;
  }
  return { events: events.slice(start, Math.max(start, end)), more: end < events.length };
}

/**
 * Every tab's answer of GET …/rrweb-events for each range of `moments` (ms from the session's start; open ends
 * too; each range with a start also as the continuation of the one before), and what each should be: every rrweb
 * chunk of the session read, the tab's events sliced by rrwebRange.
 */
export async function rrwebAnswersAndReference(
  proctor: TestProctor,
  session: { id: number; publicId: string },
  as: Actor,
  moments: readonly number[],
): Promise<{ answered: unknown[]; reference: unknown[] }> {
  const { db } = proctor.ctx;
  const [row] = await db.select().from(sessions).where(eq(sessions.id, session.id));
  const startedAtMs = (row!.startedAt ?? row!.createdAt).getTime();
  const chunks = await recordedRrwebChunks(db, session.id);
  const pages = [...new Set(chunks.map((chunk) => chunk.page))];

  const bounds = [undefined, ...moments];
  const queries: Query[] = [{}];
  for (const page of pages)
    for (const from of bounds)
      for (const to of bounds)
        if (from === undefined || to === undefined || to > from) {
          queries.push({ page, from, to });
          if (from !== undefined) queries.push({ page, from, to, continues: 'true' });
        }
  const answered = [];
  const reference = [];
  for (const query of queries) {
    const response = await proctor.call(endpoints.sessionRrwebEvents, {
      params: { id: session.publicId },
      query,
      as,
    });
    answered.push({ query, status: response.status, body: response.body });
    const page = query.page ?? pages[0] ?? null;
    const events = chunks.filter((chunk) => chunk.page === page).flatMap((chunk) => chunk.events);
    const range = rrwebRange(
      events,
      query.from === undefined ? undefined : startedAtMs + query.from,
      query.to === undefined ? undefined : startedAtMs + query.to,
      query.continues === 'true',
    );
    reference.push({ query, status: 200, body: { pages, page, ...range } });
  }
  return { answered, reference };
}
