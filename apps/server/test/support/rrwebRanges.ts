import { endpoints } from '@proctor/contracts';
import { sessionEvents } from '@proctor/db';
import { and, eq } from 'drizzle-orm';
import { EVENT_KIND } from '../../src/repositories/recordings';
import type { Actor, TestProctor } from './proctor';

type Query = { page?: string; from?: number; to?: number };

/**
 * Every tab's answer of GET …/rrweb-events for each range of `moments` (ms from the session's start; open ends
 * too), read as chunks that name their tab are read (by their columns, streamed), then again after the
 * session's chunks lose their tab column, as every chunk was read before (whole, then sliced): the two lists
 * of answers must be equal. The session's rows are left without their columns.
 */
export async function rrwebAnswersBeforeAndAfter(
  proctor: TestProctor,
  session: { id: number; publicId: string },
  as: Actor,
  moments: readonly number[],
): Promise<{ streamed: unknown[]; whole: unknown[] }> {
  const read = async (query: Query) => {
    const response = await proctor.call(endpoints.sessionRrwebEvents, {
      params: { id: session.publicId },
      query,
      as,
    });
    return { query, status: response.status, body: response.body };
  };
  const first = await read({});
  const pages = (first.body as { pages: string[] }).pages;
  const bounds = [undefined, ...moments];
  const queries: Query[] = [];
  for (const page of pages)
    for (const from of bounds)
      for (const to of bounds)
        if (from === undefined || to === undefined || to > from) queries.push({ page, from, to });
  const streamed = [];
  for (const query of queries) streamed.push(await read(query));
  await proctor.ctx.db
    .update(sessionEvents)
    .set({ page: null, endsAt: null, fullSnapshot: false })
    .where(and(eq(sessionEvents.sessionId, session.id), eq(sessionEvents.kind, EVENT_KIND.rrweb)));
  const whole = [];
  for (const query of queries) whole.push(await read(query));
  return { streamed, whole };
}
