import { type EndpointQuery, endpoints, type StateMutation } from '@proctor/contracts';
import { newPublicId, runSessionBatches, sessions } from '@proctor/db';
import type { CapturedStep } from '@proctor/environments';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SessionRecordingWriter } from '../src/environments/recordingWriter';
import { recordScores } from '../src/scoring/classification';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';
import { clickAction } from './support/storedSessions';

/** A real 1x1 JPEG: what the recorder stores for a screenshot. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

const mutation = (pk: string, table = 'orders'): StateMutation => ({
  action: 'INSERT',
  table_name: table,
  pk,
  old: null,
  new: { id: pk, note: `row ${pk}` },
  action_timestamp: '2024-01-01T00:00:00.000Z',
});

describeEachDatabase('sessions', (proctor) => {
  const make = catalog(proctor);

  /** A session of `owner`'s organization, as an environment would have written it. */
  async function recordedSession(
    owner: Actor,
    values: Partial<typeof sessions.$inferInsert> = {},
    recording: { steps?: number; mutations?: StateMutation[]; rrweb?: unknown[] } = {},
  ) {
    const { db } = proctor().ctx;
    const [session] = await db
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'run_completed',
        organizationId: owner.organization!.id,
        userId: owner.user.id,
        sessionDuration: 0.01,
        ...values,
      })
      .returning();
    const mutations = recording.mutations ?? [];
    const writer = new SessionRecordingWriter(
      db,
      proctor().ctx.blobs,
      { id: session!.id, publicId: session!.publicId },
      (skip) => mutations.slice(skip),
      undefined,
    );
    const started = session!.createdAt.getTime();
    const steps = recording.steps ?? 0;
    for (let idx = 0; idx < steps; idx++) {
      const state = {
        current_url: `http://shop.localhost/page-${idx}`,
        screenshot: { data: JPEG, mime: 'image/jpeg' as const, width: 1, height: 1 },
        metadata: { bboxes: [{ x: 10, y: 50, width: 80, height: 24 }] },
      };
      const step: CapturedStep = {
        idx,
        action: clickAction(`a${idx}`, started + 1000 * (idx + 1)),
        before_state: state,
        after_state: state,
        // Every step makes one mutation, the last one all the rest.
        mutations: {
          before: idx,
          after: idx === steps - 1 ? mutations.length : Math.min(idx + 1, mutations.length),
        },
      };
      writer.step(step);
    }
    if (recording.rrweb) writer.rrweb(recording.rrweb, { pageId: 'tab-1', url: 'http://shop.localhost/' });
    // Another tab's events are kept, but the replay is of the first tab.
    if (recording.rrweb)
      writer.rrweb([{ type: 2, timestamp: 3 }], { pageId: 'tab-2', url: 'http://shop.localhost/popup' });
    writer.request({
      request_id: '1',
      method: 'POST',
      url: 'http://shop.localhost/api/cart',
      resource_type: 'Fetch',
      status: 201,
      content_type: 'application/json',
      request_headers: { authorization: '[redacted]', 'content-type': 'application/json' },
      response_headers: { 'content-type': 'application/json' },
      request_body: '{"sku":"A1"}',
      response_body: Buffer.from('{"ok":true}').toString('base64'),
      truncated: false,
      started_at: started + 1500,
      duration_ms: 12,
      failed: null,
      step_idx: 0,
    });
    await writer.finish();
    return session!;
  }

  type ListQuery = EndpointQuery<typeof endpoints.listSessions>;
  const list = async (as: Actor, query: ListQuery = {}) => {
    const response = await proctor().call(endpoints.listSessions, { query, as });
    expect(response.status, response.body.detail).toBe(200);
    return response.body;
  };
  const detail = async (id: string, as?: Actor) =>
    proctor().call(endpoints.getSession, { params: { id }, as });

  it("lists only the caller's organization's sessions, newest first, paged, with the summary", async () => {
    const member = await proctor().actor();
    const stranger = await proctor().actor();
    const first = await recordedSession(member, { createdAt: new Date('2026-01-01T10:00:00Z') });
    const second = await recordedSession(member, { createdAt: new Date('2026-01-02T10:00:00Z') });
    const third = await recordedSession(member, { createdAt: new Date('2026-01-03T10:00:00Z') });
    await recordedSession(stranger);
    const { db } = proctor().ctx;
    await recordScores(db, [
      { sessionId: third.id, type: 'state_mutation_match', result: { correct: true } },
      { sessionId: second.id, type: 'state_mutation_match', result: { correct: true } },
      // The latest automatic score decides the badge; human and system scores never do.
      { sessionId: second.id, type: 'state_mutation_match', result: { correct: false } },
      { sessionId: second.id, type: 'human_in_the_loop', result: { correct: true } },
      { sessionId: first.id, type: 'system_scoring', result: { correct: false } },
    ]);

    // Rescored: an old failing run of its scorers, then a newer one where every type passes.
    const fourth = await recordedSession(member, { createdAt: new Date('2026-01-04T10:00:00Z') });
    await recordScores(db, [
      {
        sessionId: fourth.id,
        type: 'state_mutation_match',
        result: { correct: false },
        createdAt: new Date('2026-01-04T11:00:00Z'),
      },
      {
        sessionId: fourth.id,
        type: 'state_mutation_match',
        result: { correct: true },
        createdAt: new Date('2026-01-04T12:00:00Z'),
      },
      {
        sessionId: fourth.id,
        type: 'json_schema',
        result: { correct: true },
        createdAt: new Date('2026-01-04T12:00:00Z'),
      },
    ]);

    const all = await list(member);
    expect(all.sessions.map((s) => s.sessionId)).toEqual([
      fourth.publicId,
      third.publicId,
      second.publicId,
      first.publicId,
    ]);
    expect(all.sessions.map((s) => s.scoringBadge)).toEqual(['pass', 'pass', 'fail', 'none']);
    expect(all.summary).toEqual({ runGroup: null, numPassed: 2, numScored: 3, totalCount: 4 });

    const page2 = await list(member, { pageSize: 3, page: 2 });
    expect(page2.sessions.map((s) => s.sessionId)).toEqual([first.publicId]);
    expect(page2.pagination).toEqual({ page: 2, page_size: 3, total_count: 4, total_pages: 2 });

    const oldestFirst = await list(member, { sortDirection: 'asc' });
    expect(oldestFirst.sessions[0]!.sessionId).toBe(first.publicId);
    expect((await list(member, { scoreFilter: 'fail' })).sessions.map((s) => s.sessionId)).toEqual([
      second.publicId,
    ]);
  });

  it('filters by simulator, status, test case, batch and replays; malformed filters answer 400', async () => {
    const member = await proctor().actor();
    const simulator = await make.simulator();
    const testCase = await make.testCase({
      simulatorId: simulator.id,
      name: `Find the order ${newPublicId()}`,
    });
    const [batch] = await proctor()
      .ctx.db.insert(runSessionBatches)
      .values({ publicId: newPublicId(), name: 'Nightly run', organizationId: member.organization!.id })
      .returning();
    const matching = await recordedSession(member, {
      simulatorId: simulator.id,
      testCaseId: testCase.id,
      status: 'run_failed',
      runSessionBatchId: batch!.id,
    });
    const original = await recordedSession(member, { status: 'run_completed' });
    const replay = await recordedSession(member, { replayOfSessionId: original.id });

    const ids = async (query: ListQuery) => (await list(member, query)).sessions.map((s) => s.sessionId);
    expect(await ids({ simulatorIds: `${simulator.id}` })).toEqual([matching.publicId]);
    expect(await ids({ statuses: 'run_failed' })).toEqual([matching.publicId]);
    expect(await ids({ testCaseNames: testCase.name })).toEqual([matching.publicId]);
    expect(await ids({ testCaseIds: testCase.publicId })).toEqual([matching.publicId]);
    const batchList = await list(member, { runSessionBatchId: batch!.publicId });
    expect(batchList.sessions.map((s) => s.sessionId)).toEqual([matching.publicId]);
    expect(batchList.summary.runGroup).toEqual({ name: 'Nightly run' });
    expect(await ids({})).not.toContain(replay.publicId);
    const withReplays = await list(member, { includeReplays: 'true' });
    expect(withReplays.sessions.find((s) => s.sessionId === replay.publicId)?.replayOfSessionId).toBe(
      original.publicId,
    );

    for (const bad of [
      { statuses: 'flying' },
      { simulatorIds: '0x10' },
      { simulatorIds: '1,-2' },
      { page: 0 },
      { pageSize: 100000 },
    ]) {
      const response = await proctor().call(endpoints.listSessions, { query: bad, as: member });
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect(response.body).toHaveProperty('detail');
    }
  });

  it('hides from annotators what they may not score (000 §2.4); platform admins see every organization', async () => {
    const annotatorOrg = await proctor().organization({ annotator: true });
    const annotator = await proctor().actor({ organization: annotatorOrg });
    const running = await recordedSession(annotator, { status: 'run_setup_completed' });
    const scoredByMe = await recordedSession(annotator);
    const autoFailed = await recordedSession(annotator);
    const toScore = await recordedSession(annotator);
    const { db } = proctor().ctx;
    await recordScores(db, [
      {
        sessionId: scoredByMe.id,
        userId: annotator.user.id,
        type: 'human_in_the_loop',
        result: { correct: true },
      },
      { sessionId: autoFailed.id, type: 'system_scoring', result: { correct: false } },
    ]);
    const seen = (await list(annotator)).sessions.map((s) => s.sessionId);
    expect(seen).toEqual([toScore.publicId]);
    expect(seen).not.toContain(running.publicId);

    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const across = await list(admin, { organizationIds: `${annotatorOrg.id}` });
    expect(across.sessions.map((s) => s.sessionId).sort()).toEqual(
      [running, scoredByMe, autoFailed, toScore].map((s) => s.publicId).sort(),
    );
    expect(across.sessions[0]!.organization?.name).toBe(annotatorOrg.name);
  });

  it("shows annotators' account admins every session in admin view; other annotators never", async () => {
    const annotatorOrg = await proctor().organization({ annotator: true });
    const annotator = await proctor().actor({ organization: annotatorOrg });
    const lead = await proctor().actor({
      organization: annotatorOrg,
      permissions: { is_account_admin: true },
    });
    const running = await recordedSession(annotator, { status: 'run_setup_completed' });
    const ended = await recordedSession(annotator);
    const ids = async (as: Actor, query: ListQuery = {}) =>
      (await list(as, query)).sessions.map((s) => s.sessionId).sort();
    expect(await ids(annotator, { adminView: 'true' })).toEqual([ended.publicId]);
    expect(await ids(lead)).toEqual([ended.publicId]);
    expect(await ids(lead, { adminView: 'true' })).toEqual([running.publicId, ended.publicId].sort());
  });

  it('shows a session with its steps, screenshots, mutations by step, logs and network; its DOM events apart, per tab', async () => {
    const member = await proctor().actor();
    const simulator = await make.simulator({ config: { ignore_tables: ['audit'] } });
    const session = await recordedSession(
      member,
      { simulatorId: simulator.id, output: { answer: 42 } },
      {
        steps: 3,
        mutations: [mutation('1'), mutation('a', 'audit'), mutation('2'), mutation('3')],
        rrweb: [
          { type: 4, timestamp: 1 },
          { type: 2, timestamp: 2 },
        ],
      },
    );
    const response = await detail(session.publicId, member);
    expect(response.status, response.body.detail).toBe(200);
    const { body } = response;
    expect(body.session.sessionId).toBe(session.publicId);
    expect(body.session.output).toEqual({ answer: 42 });
    expect(body.snapshot.snapshots.map((s) => s.action.id)).toEqual(['a0', 'a1', 'a2']);
    expect(body.snapshot.snapshots.map((s) => s.offset_ms)).toEqual([1000, 2000, 3000]);
    // The audit row is filtered out by the simulator's config; each step keeps the range it made.
    expect(body.state_mutations.map((m) => m.pk)).toEqual(['1', '2', '3']);
    expect(body.snapshot.snapshots.map((s) => s.mutation_range)).toEqual([
      [0, 1],
      [1, 1],
      [1, 3],
    ]);
    // The DOM events are left out of the page's first answer; the replay reads them per tab when it opens.
    expect(body.rrweb_events).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('"timestamp":2');
    const tab = (query: { page?: string; from?: number; to?: number } = {}) =>
      proctor().call(endpoints.sessionRrwebEvents, { params: { id: session.publicId }, query, as: member });
    expect((await tab()).body).toEqual({
      pages: ['tab-1', 'tab-2'],
      page: 'tab-1',
      events: [
        { type: 4, timestamp: 1 },
        { type: 2, timestamp: 2 },
      ],
      more: false,
    });
    // A range from a moment after every event: the full snapshot (and its meta event) a replay starts from.
    expect((await tab({ from: 5000, to: 6000 })).body).toMatchObject({
      events: [
        { type: 4, timestamp: 1 },
        { type: 2, timestamp: 2 },
      ],
      more: false,
    });
    const backwards = await tab({ from: 6000, to: 5000 });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({ detail: 'to must be after from' });
    expect((await tab({ page: 'tab-2' })).body).toMatchObject({
      page: 'tab-2',
      events: [{ type: 2, timestamp: 3 }],
    });
    const unknownTab = await tab({ page: 'tab-3' });
    expect(unknownTab.status).toBe(404);
    expect(unknownTab.body).toEqual({ detail: "No such tab in this session's recording" });
    // Clients that read the first tab's events from the session itself still can, by asking for them.
    const withEvents = await proctor().call(endpoints.getSession, {
      params: { id: session.publicId },
      query: { include: 'dom_events' },
      as: member,
    });
    expect(withEvents.body.rrweb_events).toEqual([
      { type: 4, timestamp: 1 },
      { type: 2, timestamp: 2 },
    ]);
    expect(body.network_summary).toEqual([
      expect.objectContaining({ method: 'POST', status: 201, step_idx: 0, offset_ms: 1500 }),
    ]);
    expect(body.recorded).toEqual({ steps: true, rrweb: true, network: true });

    const url = body.snapshot.snapshots[0]!.after_state!.screenshot_url!;
    const image = await proctor().request({ method: 'GET', url, as: member });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(JPEG)).toBe(true);
    // Identical screenshots are stored once.
    expect(new Set(body.snapshot.snapshots.map((s) => s.before_state!.screenshot_url)).size).toBe(1);

    const { body: actions } = await proctor().call(endpoints.sessionRrwebActions, {
      params: { id: session.publicId },
      as: member,
    });
    expect(actions.actions.map((a) => a.idx)).toEqual([0, 1, 2]);
    const { body: network } = await proctor().call(endpoints.sessionNetworkRequests, {
      params: { id: session.publicId },
      as: member,
    });
    expect(network.requests[0]).toMatchObject({
      request_body: '{"sku":"A1"}',
      request_headers: { authorization: '[redacted]' },
    });
  });

  it("answers 404 for another organization's session, its screenshots and network; public ones by link only", async () => {
    const member = await proctor().actor();
    const stranger = await proctor().actor();
    const session = await recordedSession(member, {}, { steps: 1 });
    const { body } = await detail(session.publicId, member);
    const screenshot = body.snapshot.snapshots[0]!.after_state!.screenshot_url!;
    const params = { id: session.publicId };
    const reads = {
      detail: (as?: Actor) => proctor().call(endpoints.getSession, { params, as }),
      network: (as?: Actor) => proctor().call(endpoints.sessionNetworkRequests, { params, as }),
      actions: (as?: Actor) => proctor().call(endpoints.sessionRrwebActions, { params, as }),
      domEvents: (as?: Actor) => proctor().call(endpoints.sessionRrwebEvents, { params, as }),
      // The screenshot's address is the one the session hands out, not an endpoint of the contract.
      screenshot: async (as?: Actor) => {
        const response = await proctor().request({ method: 'GET', url: screenshot, as });
        return { status: response.statusCode, body: response.statusCode === 200 ? null : response.json() };
      },
    };
    for (const [name, read] of Object.entries(reads)) {
      for (const as of [stranger, undefined]) {
        const response = await read(as);
        expect(response.status, name).toBe(404);
        expect(response.body).toEqual({ detail: expect.stringMatching(/not found/i) });
      }
    }
    expect((await list(stranger)).sessions.map((s) => s.sessionId)).not.toContain(session.publicId);

    // Only a platform admin makes it public; then anyone with the link reads it, signed in or not.
    const setPublic = (as: Actor, is_public: boolean) =>
      proctor().call(endpoints.setSessionPublic, { params, as, body: { is_public } });
    expect((await setPublic(member, true)).status).toBe(403);
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    expect((await setPublic(admin, true)).body).toEqual({ isPublic: true });
    for (const [name, read] of Object.entries(reads)) expect((await read()).status, name).toBe(200);
    expect((await list(stranger)).sessions.map((s) => s.sessionId)).not.toContain(session.publicId);
    expect((await list(stranger, { includePublic: 'true' })).sessions.map((s) => s.sessionId)).toContain(
      session.publicId,
    );
    await setPublic(admin, false);
    expect((await detail(session.publicId)).status).toBe(404);

    // A screenshot name is a file name, never a path (dot segments may already be resolved by the router).
    for (const key of ['..%2F..%2Fetc%2Fpasswd', '%2E%2E', 'a%2Fb.jpg', '.hidden']) {
      const response = await proctor().request({
        method: 'GET',
        url: `/api/session/${session.publicId}/screenshots/${key}`,
        as: member,
      });
      expect([400, 404], key).toContain(response.statusCode);
      expect(response.json()).toHaveProperty('detail');
    }
  });

  it("lists a session's score records; annotators see only their own human scores; others get 404", async () => {
    const annotatorOrg = await proctor().organization({ annotator: true });
    const annotator = await proctor().actor({ organization: annotatorOrg, name: 'Ann Otator' });
    const colleague = await proctor().actor({ organization: annotatorOrg });
    const stranger = await proctor().actor();
    const session = await recordedSession(annotator);
    await recordScores(proctor().ctx.db, [
      {
        sessionId: session.id,
        type: 'state_mutation_match',
        config: { mutations: [] },
        result: { correct: true, similarity: 1, reason: 'All expected changes were made' },
        createdAt: new Date('2026-02-01T10:00:00Z'),
      },
      {
        sessionId: session.id,
        userId: annotator.user.id,
        type: 'human_in_the_loop',
        result: { correct: true, reason: 'Looks right' },
        createdAt: new Date('2026-02-01T11:00:00Z'),
      },
      {
        sessionId: session.id,
        userId: colleague.user.id,
        type: 'human_in_the_loop',
        result: { correct: false, reason: 'Wrong size' },
        createdAt: new Date('2026-02-01T12:00:00Z'),
      },
    ]);
    const read = async (as?: Actor) =>
      proctor().call(endpoints.sessionScores, { params: { id: session.publicId }, as });
    const mine = (await read(annotator)).body;
    expect(mine.map((score) => [score.config.type, score.result.reason, score.user?.name ?? null])).toEqual([
      ['state_mutation_match', 'All expected changes were made', null],
      ['human_in_the_loop', 'Looks right', 'Ann Otator'],
    ]);
    expect(mine[0]).toMatchObject({ sessionId: session.publicId, result: { correct: true, similarity: 1 } });
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    expect((await read(admin)).body).toHaveLength(3);
    for (const outsider of [stranger, undefined]) expect((await read(outsider)).status).toBe(404);
  });

  it('archives a session for its organization only; it then leaves lists and links', async () => {
    const member = await proctor().actor();
    const stranger = await proctor().actor();
    const session = await recordedSession(member);
    const archive = (as: Actor) =>
      proctor().call(endpoints.archiveSession, { params: { id: session.publicId }, as });
    expect((await archive(stranger)).status).toBe(404);
    expect((await archive(member)).body).toEqual({ ok: true });
    expect((await list(member)).sessions.map((s) => s.sessionId)).not.toContain(session.publicId);
    expect((await detail(session.publicId, member)).status).toBe(404);
    const [row] = await proctor().ctx.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row!.archived).toBe(true);
  });
});
