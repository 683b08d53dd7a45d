import { readFileSync } from 'node:fs';
import { endpoints } from '@proctor/contracts';
import { newPublicId, sessionEvents, sessions } from '@proctor/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SessionRecordingWriter } from '../src/environments/recordingWriter';
import { EVENT_KIND, insertSessionEvents } from '../src/repositories/recordings';
import { type Actor, describeEachDatabase } from './support/proctor';
import { rrwebAnswersAndReference } from './support/rrwebRanges';

const META = 4;
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;

describeEachDatabase('a replay reads its DOM events by tab and range', (proctor) => {
  /** A session of `owner`'s whose tabs recorded these chunks, in this order, through the recording writer. */
  async function sessionWithChunks(
    owner: Actor,
    chunks: { page: string; events: (at: number) => unknown[] }[],
  ) {
    const { db } = proctor().ctx;
    const [session] = await db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'run_completed',
        organizationId: owner.organization!.id,
        userId: owner.user.id,
      })
      .returning();
    const startedAt = session!.createdAt.getTime();
    const writer = new SessionRecordingWriter(
      db,
      proctor().ctx.blobs,
      { id: session!.id, publicId: session!.publicId },
      () => [],
      undefined,
    );
    for (const chunk of chunks)
      writer.rrweb(chunk.events(startedAt), {
        pageId: chunk.page,
        url: `http://shop.localhost/${chunk.page}`,
      });
    await writer.finish();
    return session!;
  }

  const event =
    (type: number, ms: number | null, data: unknown = {}) =>
    (at: number) =>
      ms === null ? { type, data } : { type, timestamp: at + ms, data };
  const chunk = (page: string, ...events: ((at: number) => unknown)[]) => ({
    page,
    events: (at: number) => events.map((made) => made(at)),
  });

  /** Chunks of two tabs with every case a range meets. */
  const twoTabs = () => [
    chunk('tab-a', event(META, 100), event(FULL_SNAPSHOT, 100)),
    // A second tab that began without a full snapshot.
    chunk('tab-b', event(INCREMENTAL, 150)),
    chunk('tab-a', event(INCREMENTAL, 200), event(INCREMENTAL, 300)),
    chunk('tab-b', event(META, 250), event(FULL_SNAPSHOT, 250), event(INCREMENTAL, 260)),
    // A meta event that ends a chunk, its full snapshot opening the next.
    chunk('tab-a', event(META, 400)),
    chunk('tab-a', event(FULL_SNAPSHOT, 400), event(INCREMENTAL, 450)),
    chunk('tab-b', event(INCREMENTAL, 350)),
    // An event without a time among timed ones.
    chunk('tab-a', event(INCREMENTAL, 500), event(INCREMENTAL, null), event(INCREMENTAL, 600)),
    chunk(
      'tab-a',
      event(INCREMENTAL, 700),
      event(META, 800),
      event(FULL_SNAPSHOT, 800),
      event(INCREMENTAL, 900),
    ),
    // Times out of order within a chunk.
    chunk('tab-a', event(INCREMENTAL, 1000), event(INCREMENTAL, 980)),
  ];
  const moments = [0, 101, 250, 400, 401, 550, 800, 990, 5000];

  it('should answer every range with exactly the events the whole recording gives, each tab apart', async () => {
    const member = await proctor().actor();
    const session = await sessionWithChunks(member, twoTabs());
    const { answered, reference } = await rrwebAnswersAndReference(proctor(), session, member, moments);
    expect(answered.length).toBeGreaterThan(100);
    expect(answered).toEqual(reference);
    // Spot checks that the comparison has teeth: a range in the middle starts at the snapshot it builds on.
    const middle = answered.find(
      (answer) =>
        JSON.stringify((answer as { query: unknown }).query) === '{"page":"tab-a","from":401,"to":550}',
    ) as { body: { events: { type: number }[]; more: boolean } };
    // …and ends before 600, the event without a time going with 500's.
    expect(middle.body.events.map((e) => e.type)).toEqual([
      META,
      FULL_SNAPSHOT,
      INCREMENTAL,
      INCREMENTAL,
      INCREMENTAL,
    ]);
    expect(middle.body.more).toBe(true);
  });

  it("should fill a chunk's columns from its payload, in migration 0039, as the writer stores them", async () => {
    const member = await proctor().actor();
    const session = await sessionWithChunks(member, [
      ...twoTabs(),
      // What a page may record besides: fractional and equal times, a full snapshot without a time, types that
      // only look like a full snapshot's, events that are no objects.
      chunk('tab-b', event(INCREMENTAL, 700.25), event(META, 700.25), event(FULL_SNAPSHOT, 700.5)),
      chunk('tab-b', event(META, null), event(FULL_SNAPSHOT, null), event(INCREMENTAL, 760)),
      chunk('tab-a', event(2.0, 1100), event(INCREMENTAL, 1_000_000.125)),
      chunk(
        'tab-b',
        () => ({ type: '2', timestamp: '800' }),
        () => 7,
        () => null,
        () => [FULL_SNAPSHOT],
      ),
      chunk(
        'tab-b',
        () => ({ type: '2', timestamp: 810 }),
        () => ({ timestamp: 820 }),
      ),
    ]);
    const { db } = proctor().ctx;
    // The instance's mutations are no tab's.
    await insertSessionEvents(db, session.id, [{ kind: EVENT_KIND.mutations, seq: 0, payload: [] }]);
    const columns = () =>
      db
        .select({
          kind: sessionEvents.kind,
          seq: sessionEvents.seq,
          page: sessionEvents.page,
          endsAt: sessionEvents.endsAt,
          fullSnapshot: sessionEvents.fullSnapshot,
        })
        .from(sessionEvents)
        .where(eq(sessionEvents.sessionId, session.id))
        .orderBy(asc(sessionEvents.kind), asc(sessionEvents.seq));
    const written = await columns();
    expect(written).toHaveLength(16);
    // The cases are there: chunks with and without a time (an event without one counts for nothing: only the
    // chunk whose events have none has no end), with and without a full snapshot.
    expect(written.filter((row) => row.kind === EVENT_KIND.rrweb && row.endsAt === null)).toHaveLength(1);
    expect(written.filter((row) => row.fullSnapshot)).toHaveLength(7);
    expect(written.find((row) => row.kind === EVENT_KIND.rrweb && row.seq === 12)).toMatchObject({
      endsAt: session.createdAt.getTime() + 1_000_000.125,
      fullSnapshot: true,
    });
    const { answered, reference } = await rrwebAnswersAndReference(proctor(), session, member, moments);
    expect(answered).toEqual(reference);

    // As every rrweb chunk was stored before migration 0034.
    await db
      .update(sessionEvents)
      .set({ page: null, endsAt: null, fullSnapshot: false })
      .where(and(eq(sessionEvents.sessionId, session.id), eq(sessionEvents.kind, EVENT_KIND.rrweb)));
    const blanked = await proctor().call(endpoints.sessionRrwebEvents, {
      params: { id: session.publicId },
      as: member,
    });
    expect(blanked.body).toEqual({ pages: [], page: null, events: [], more: false });
    const otherSession = await sessionWithChunks(member, [
      chunk('tab-c', event(META, 5), event(FULL_SNAPSHOT, 5)),
    ]);
    const [other] = await db
      .update(sessionEvents)
      .set({ endsAt: -1 })
      .where(eq(sessionEvents.sessionId, otherSession.id))
      .returning({ id: sessionEvents.id });
    const migration = readFileSync(
      new URL('../../../packages/db/migrations/0039_session_events_replay_columns.sql', import.meta.url),
      'utf8',
    );
    expect(migration).toContain('"page" IS NULL');
    await db.execute(sql.raw(migration));
    expect(await columns()).toEqual(written);
    // Rows that have them are left as they are.
    const [kept] = await db
      .select({ endsAt: sessionEvents.endsAt })
      .from(sessionEvents)
      .where(eq(sessionEvents.id, other!.id));
    expect(kept!.endsAt).toBe(-1);
    expect(await rrwebAnswersAndReference(proctor(), session, member, moments)).toEqual({
      answered,
      reference,
    });
  });

  it('should answer 404 for a tab the session did not record and 400 for a range that ends before it begins or continues nothing', async () => {
    const member = await proctor().actor();
    const session = await sessionWithChunks(member, [
      chunk('tab-a', event(META, 1), event(FULL_SNAPSHOT, 1)),
    ]);
    const read = (query: { page?: string; from?: number; to?: number; continues?: 'true' }) =>
      proctor().call(endpoints.sessionRrwebEvents, { params: { id: session.publicId }, query, as: member });
    const continuesNothing = await read({ to: 500, continues: 'true' });
    expect(continuesNothing.status).toBe(400);
    expect(continuesNothing.body).toEqual({ detail: 'continues needs from' });
    const unknownTab = await read({ page: 'tab-z' });
    expect(unknownTab.status).toBe(404);
    expect(unknownTab.body).toEqual({ detail: "No such tab in this session's recording" });
    for (const range of [
      { from: 500, to: 500 },
      { from: 500, to: 100 },
    ]) {
      const backwards = await read(range);
      expect(backwards.status).toBe(400);
      expect(backwards.body).toEqual({ detail: 'to must be after from' });
    }
    const malformed = await proctor().request({
      method: 'GET',
      url: `/api/session/${session.publicId}/rrweb-events?from=soon`,
      as: member,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: expect.any(String) });
  });

  it('should send the first bytes of a long answer before its last chunks are read', async () => {
    const member = await proctor().actor();
    const CHUNKS = 100;
    // About 4 KB a chunk: far more than the streams between the database and the caller hold at once.
    const filler = 'x'.repeat(4_000);
    const session = await sessionWithChunks(member, [
      chunk('tab-a', event(META, 1), event(FULL_SNAPSHOT, 1, { filler })),
      ...Array.from({ length: CHUNKS - 1 }, (_, i) => chunk('tab-a', event(INCREMENTAL, 10 + i, { filler }))),
    ]);
    const response = await proctor().request({
      method: 'GET',
      url: `/api/session/${session.publicId}/rrweb-events`,
      as: member,
      payloadAsStream: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.stream()[Symbol.asyncIterator]();
    const first = await body.next();
    expect(first.done).toBe(false);
    // Once the first bytes are here, the last chunk changes: an answer read whole before it was sent would not see it.
    await proctor()
      .ctx.db.update(sessionEvents)
      .set({
        payload: { page: 'tab-a', url: 'http://shop.localhost/tab-a', events: [{ type: 5, data: 'later' }] },
      })
      .where(
        and(
          eq(sessionEvents.sessionId, session.id),
          eq(sessionEvents.kind, EVENT_KIND.rrweb),
          eq(sessionEvents.seq, CHUNKS - 1),
        ),
      );
    const parts: Buffer[] = [first.value as Buffer];
    for (let next = await body.next(); !next.done; next = await body.next()) parts.push(next.value as Buffer);
    const answer = JSON.parse(Buffer.concat(parts).toString('utf8')) as { events: unknown[]; more: boolean };
    expect(parts.length).toBeGreaterThan(1);
    expect(answer.events).toHaveLength(CHUNKS + 1);
    expect(answer.events.at(-1)).toEqual({ type: 5, data: 'later' });
    expect(answer.more).toBe(false);
  });
});
