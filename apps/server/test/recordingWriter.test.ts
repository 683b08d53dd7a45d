import type { StateMutation, UserAction } from '@proctor/contracts';
import { type Database, networkRequests, sessionEvents, sessionSteps } from '@proctor/db';
import type { CapturedStep } from '@proctor/environments';
import { asc, eq, getTableName, type Table } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { RECORDING_HOLD_MS, SessionRecordingWriter } from '../src/environments/recordingWriter';
import { EVENT_KIND } from '../src/repositories/recordings';
import { describeEachDatabase } from './support/proctor';
import { storedSession } from './support/storedSessions';

/**
 * The database, counting the INSERT statements made through it by table; the first insert into `failing` (if
 * named) is refused.
 */
function countingInserts(db: Database, failing?: string): { db: Database; inserts: string[] } {
  const inserts: string[] = [];
  let refused = false;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'insert')
        return (table: Table) => {
          const name = getTableName(table);
          inserts.push(name);
          if (name === failing && !refused) {
            refused = true;
            throw new Error('the database refused the insert');
          }
          return value.call(target, table);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: counted, inserts };
}

const click = (idx: number): UserAction => ({
  type: 'click',
  id: `a${idx}`,
  timestamp: Date.now(),
  is_simulator_action: false,
  metadata: { start_seq_id: idx + 1, end_seq_id: idx + 1 },
  x: 10,
  y: 10,
  button: 'left',
  target: null,
});

const step = (idx: number, mutationsAfter: number): CapturedStep => ({
  idx,
  action: click(idx),
  before_state: { current_url: 'http://shop.localhost/', screenshot: null, metadata: { bboxes: [] } },
  after_state: { current_url: 'http://shop.localhost/', screenshot: null, metadata: { bboxes: [] } },
  mutations: { before: Math.max(0, mutationsAfter - 1), after: mutationsAfter },
});

const mutation = (n: number): StateMutation => ({
  action: 'INSERT',
  table_name: 'cart_items',
  pk: String(n),
  old: null,
  new: { id: n },
  action_timestamp: new Date(Date.UTC(2026, 10, 27, 0, 0, n)).toISOString(),
});

describeEachDatabase('recording writer', (proctor) => {
  /** A running session of a new member's organization, as an environment starts one. */
  async function newSession() {
    const member = await proctor().actor();
    const session = await storedSession(proctor().ctx.db, {
      status: 'running',
      organizationId: member.organization!.id,
      userId: member.user.id,
    });
    return { id: session.id, publicId: session.publicId };
  }

  const stepIdxs = async (sessionId: number) =>
    (
      await proctor()
        .ctx.db.select({ idx: sessionSteps.idx })
        .from(sessionSteps)
        .where(eq(sessionSteps.sessionId, sessionId))
        .orderBy(asc(sessionSteps.idx))
    ).map((row) => row.idx);

  it('should lose only the steps of a statement that failed, and write the ones after it', async () => {
    const session = await newSession();
    const { db } = countingInserts(proctor().ctx.db, 'session_steps');
    const writer = new SessionRecordingWriter(db, proctor().ctx.blobs, session, () => [], undefined);
    for (let idx = 0; idx < 150; idx++) writer.step(step(idx, 0));
    await writer.flushed();
    writer.step(step(150, 0));
    await writer.finish();
    expect(await stepIdxs(session.id)).toEqual(Array.from({ length: 51 }, (_, n) => 100 + n));
  });

  it('should write what arrives together, one statement per kind, in order, the mutations with the DOM events', async () => {
    const session = await newSession();
    const { db: realDb, blobs } = proctor().ctx;
    const { db, inserts } = countingInserts(realDb);
    const mutations = Array.from({ length: 5 }, (_, n) => mutation(n));
    const writer = new SessionRecordingWriter(db, blobs, session, (skip) => mutations.slice(skip), undefined);
    // An agent faster than the database: 250 steps, three rrweb chunks and two requests before any write ran.
    for (let idx = 0; idx < 250; idx++) writer.step(step(idx, Math.min(5, Math.floor(idx / 50))));
    for (const n of [0, 1, 2])
      writer.rrweb([{ type: 3, timestamp: n, data: { n } }], {
        pageId: 'tab-1',
        url: 'http://shop.localhost/',
      });
    for (const id of ['1', '2'])
      writer.request({
        request_id: id,
        method: 'GET',
        url: `http://shop.localhost/api/${id}`,
        resource_type: 'Fetch',
        status: 200,
        content_type: 'application/json',
        request_headers: {},
        response_headers: {},
        request_body: null,
        response_body: null,
        truncated: false,
        started_at: Date.now(),
        duration_ms: 1,
        failed: null,
        step_idx: 0,
      });
    await writer.flushed();
    // At most 100 steps a statement (two written as each hundred arrived, the rest with the others).
    expect(inserts.filter((table) => table === 'session_steps')).toHaveLength(3);
    expect(inserts.filter((table) => table === 'network_requests')).toHaveLength(1);
    expect(await stepIdxs(session.id)).toEqual(Array.from({ length: 250 }, (_, idx) => idx));
    const events = await realDb
      .select({ seq: sessionEvents.seq, kind: sessionEvents.kind, payload: sessionEvents.payload })
      .from(sessionEvents)
      .where(eq(sessionEvents.sessionId, session.id))
      .orderBy(asc(sessionEvents.kind), asc(sessionEvents.seq));
    const rrweb = events.filter((event) => event.kind === EVENT_KIND.rrweb);
    expect(rrweb.map((event) => [event.seq, (event.payload as { events: unknown[] }).events])).toEqual([
      [0, [{ type: 3, timestamp: 0, data: { n: 0 } }]],
      [1, [{ type: 3, timestamp: 1, data: { n: 1 } }]],
      [2, [{ type: 3, timestamp: 2, data: { n: 2 } }]],
    ]);
    // One statement of events per write: the two hundreds' mutations, then the rrweb chunks with the rest's.
    expect(inserts.filter((table) => table === 'session_events')).toHaveLength(3);
    const written = events
      .filter((event) => event.kind === EVENT_KIND.mutations)
      .flatMap((event) => event.payload as StateMutation[]);
    expect(written).toEqual(mutations.slice(0, 4));
    const requests = await realDb
      .select({ url: networkRequests.url })
      .from(networkRequests)
      .where(eq(networkRequests.sessionId, session.id))
      .orderBy(asc(networkRequests.id));
    expect(requests.map((request) => request.url)).toEqual([
      'http://shop.localhost/api/1',
      'http://shop.localhost/api/2',
    ]);

    // The last step and the mutations made since, in one statement each at the end.
    const before = inserts.length;
    writer.step(step(250, 5));
    await writer.finish();
    expect(inserts.slice(before)).toEqual(['session_steps', 'session_events']);
    expect((await stepIdxs(session.id)).at(-1)).toBe(250);
    expect(
      (
        await realDb
          .select({ payload: sessionEvents.payload })
          .from(sessionEvents)
          .where(eq(sessionEvents.sessionId, session.id))
      ).flatMap((row) => (Array.isArray(row.payload) ? row.payload : [])),
    ).toEqual(mutations);
  });

  it('should hold what arrives for a moment and write it together, unasked', async () => {
    const session = await newSession();
    const { db, inserts } = countingInserts(proctor().ctx.db);
    const mutations = [mutation(0)];
    const writer = new SessionRecordingWriter(
      db,
      proctor().ctx.blobs,
      session,
      (skip) => mutations.slice(skip),
      undefined,
    );
    const held = performance.now();
    writer.step(step(0, 1));
    writer.rrweb([{ type: 3, timestamp: 0, data: {} }], { pageId: 'tab-1', url: 'http://shop.localhost/' });
    writer.step(step(1, 1));
    expect(inserts).toEqual([]);
    await vi.waitFor(async () => expect(await stepIdxs(session.id)).toEqual([0, 1]), {
      timeout: 30_000,
      interval: 50,
    });
    expect(performance.now() - held).toBeGreaterThanOrEqual(RECORDING_HOLD_MS - 5);
    await writer.finish();
    expect(inserts).toEqual(['session_steps', 'session_events']);
  });
});
