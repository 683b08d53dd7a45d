import { type EndpointBody, type EndpointQuery, endpoints } from '@proctor/contracts';
import { agentArtifacts, newPublicId, scores, sessions, users } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { classifyUnclassified, recordScores } from '../src/scoring/classification';
import { type Actor, describeEachDatabase } from './support/proctor';

/**
 * People's scores (000 §2.6, §4.2, §7.2): giving one, the consensus of several, a super scorer's decision,
 * what annotators see, one person's scores, and the next session that needs a score.
 */
describeEachDatabase('human scores', (proctor) => {
  let clock = Date.parse('2026-03-01T08:00:00Z');
  /** Sessions and automatic scores made in order, a minute apart, so "oldest first" is well defined. */
  const tick = () => {
    clock += 60_000;
    return new Date(clock);
  };

  async function endedSession(owner: Actor, values: Partial<typeof sessions.$inferInsert> = {}) {
    const [session] = await proctor()
      .ctx.db.insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'scoring_completed',
        organizationId: owner.organization!.id,
        userId: owner.user.id,
        createdAt: tick(),
        ...values,
      })
      .returning();
    return session!;
  }

  async function automaticScore(sessionId: number, correct: boolean) {
    await recordScores(proctor().ctx.db, {
      sessionId,
      type: 'state_mutation_match',
      result: { correct, reason: correct ? 'All expected changes were made' : 'A change is missing' },
      createdAt: tick(),
    });
  }

  const score = (
    as: Actor | { headers: Record<string, string> } | undefined,
    publicId: string,
    body: EndpointBody<typeof endpoints.scoreSessionAsHuman>,
  ) => proctor().call(endpoints.scoreSessionAsHuman, { params: { id: publicId }, body, as });

  async function detail(publicId: string, as: Actor, adminView = false) {
    const response = await proctor().call(endpoints.getSession, {
      params: { id: publicId },
      query: adminView ? { admin_view: 'true' } : {},
      as,
    });
    expect(response.status).toBe(200);
    return response.body;
  }

  it("records a person's score of an ended session of their organization, with reason and time", async () => {
    const member = await proctor().actor({ name: 'Rita Reviewer' });
    const session = await endedSession(member);
    const response = await score(member, session.publicId, {
      correct: false,
      reason: '  Ordered the wrong size  ',
      session_time: 74.5,
      snapshot_id: session.publicId,
    });
    expect(response.status).toBe(200);
    const record = response.body;
    expect(record).toMatchObject({
      sessionId: session.publicId,
      config: { type: 'human_in_the_loop', is_super_scorer: false, snapshot_id: session.publicId },
      user: { id: member.user.id, name: 'Rita Reviewer' },
      user_id: member.user.id,
      result: {
        type: 'human_in_the_loop',
        correct: false,
        reason: 'Ordered the wrong size',
        session_time: 74.5,
      },
    });
    const listed = (
      await proctor().call(endpoints.sessionScores, { params: { id: session.publicId }, as: member })
    ).body;
    expect(listed.map((r) => r.id)).toEqual([record.id]);
  });

  it('refuses bad scores, sessions still running, other organizations, keys and strangers, and keeps nothing', async () => {
    const member = await proctor().actor();
    const stranger = await proctor().actor();
    const session = await endedSession(member);
    const running = await endedSession(member, { status: 'run_setup_completed' });

    // Without a verdict, and with one that is not a boolean: bodies the contract's type does not allow.
    const missing = await score(member, session.publicId, { reason: 'no verdict' } as never);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('Choose Correct or Fail');
    expect((await score(member, session.publicId, { correct: 'yes' } as never)).status).toBe(400);
    expect((await score(member, session.publicId, { correct: true, reason: 'x'.repeat(5_001) })).status).toBe(
      400,
    );
    expect((await score(member, session.publicId, { correct: true, session_time: -1 })).status).toBe(400);
    const malformed = await proctor().request({
      method: 'PUT',
      url: `/api/evals/scoring/human_in_the_loop/${session.publicId}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"correct": tru',
      as: member,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('detail');

    const early = await score(member, running.publicId, { correct: true });
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/not ended/);
    expect((await score(stranger, session.publicId, { correct: true })).status).toBe(404);
    expect((await score(member, 'no-such-session', { correct: true })).status).toBe(404);
    expect((await score(undefined, session.publicId, { correct: true })).status).toBe(401);
    const key = await score({ headers: { 'x-api-key': member.organization!.apiKey } }, session.publicId, {
      correct: true,
    });
    expect(key.status).toBe(403);

    const kept = await proctor().ctx.db.select().from(scores).where(eq(scores.sessionId, session.id));
    expect(kept).toEqual([]);
  });

  it('shows the consensus as people score; each person counts once; a super scorer decides', async () => {
    const organization = await proctor().organization();
    const [ana, ben, cy] = await Promise.all(
      ['Ana', 'Ben', 'Cy'].map((name) => proctor().actor({ organization, name })),
    );
    const boss = await proctor().actor({
      organization,
      name: 'Sue Perscorer',
      permissions: { is_super_scorer: true },
    });
    const session = await endedSession(ana!);
    await automaticScore(session.id, true);
    const consensus = async () => (await detail(session.publicId, ana!)).human_results!;

    expect(await consensus()).toMatchObject({
      consensus: 'insufficient_data',
      total_count: 0,
      correct: null,
    });
    expect((await score(ana, session.publicId, { correct: true })).status).toBe(200);
    expect((await score(ben, session.publicId, { correct: true })).status).toBe(200);
    expect(await consensus()).toMatchObject({
      consensus: 'insufficient_data',
      insufficient_data: true,
      reason: 'At least 3 human assessments are needed for reliable consensus',
      correct_count: 2,
      total_count: 2,
    });
    expect((await score(cy, session.publicId, { correct: false, reason: 'Wrong colour' })).status).toBe(200);
    expect(await consensus()).toMatchObject({
      consensus: 'conflict',
      conflict: true,
      correct: null,
      correct_count: 2,
      incorrect_count: 1,
      total_count: 3,
    });

    // Cy changes their mind: still three people, now unanimous.
    expect((await score(cy, session.publicId, { correct: true })).status).toBe(200);
    expect(await consensus()).toMatchObject({
      consensus: 'pass',
      correct: true,
      total_count: 3,
      correct_count: 3,
    });

    const decision = (
      await score(boss, session.publicId, { correct: false, reason: 'The order has no gift note' })
    ).body;
    expect(decision.config.is_super_scorer).toBe(true);
    const decided = await consensus();
    expect(decided).toMatchObject({
      consensus: 'fail',
      correct: false,
      reason: 'The order has no gift note',
      override_score: { id: decision.id, user: { name: 'Sue Perscorer' } },
      total_count: 4,
    });
    expect(decided.scores.map((s) => [s.score.user?.name, s.is_super_scorer])).toEqual([
      ['Ana', false],
      ['Ben', false],
      ['Cy', false],
      ['Sue Perscorer', true],
    ]);

    // A decision stands as it was given, even once the scorer is no longer a super scorer.
    await proctor()
      .ctx.db.update(users)
      .set({ permissions: { ...boss.user.permissions, is_super_scorer: false } })
      .where(eq(users.id, boss.user.id));
    expect((await consensus()).consensus).toBe('fail');
  });

  it('says when the system failed a session that changed nothing', async () => {
    const member = await proctor().actor();
    const session = await endedSession(member);
    await recordScores(proctor().ctx.db, {
      sessionId: session.id,
      type: 'system_scoring',
      result: { correct: false, reason: 'Auto Failed: No Mutations' },
    });
    expect((await detail(session.publicId, member)).human_results).toMatchObject({
      consensus: 'fail',
      auto_marked_incorrect: true,
      reason: 'Auto Failed: No Mutations',
    });
  });

  it('shows annotators only their own scores and no consensus, unless an account admin asks for admin view', async () => {
    const organization = await proctor().organization({ annotator: true });
    const annotator = await proctor().actor({ organization, name: 'Ann' });
    const colleague = await proctor().actor({ organization, name: 'Col' });
    const lead = await proctor().actor({
      organization,
      name: 'Lead',
      permissions: { is_account_admin: true },
    });
    const session = await endedSession(lead);
    await automaticScore(session.id, true);
    await score(annotator, session.publicId, { correct: true });
    await score(colleague, session.publicId, { correct: false });
    const scorers = async (as: Actor, adminView: boolean) =>
      (
        await proctor().call(endpoints.sessionScores, {
          params: { id: session.publicId },
          query: { admin_view: `${adminView}` },
          as,
        })
      ).body.flatMap((r) => (r.user ? [r.user.name] : []));

    expect(await scorers(annotator, true)).toEqual(['Ann']);
    expect((await detail(session.publicId, annotator, true)).human_results).toBeNull();
    expect(await scorers(lead, false)).toEqual([]);
    expect((await detail(session.publicId, lead)).human_results).toBeNull();
    expect(await scorers(lead, true)).toEqual(['Ann', 'Col']);
    expect((await detail(session.publicId, lead, true)).human_results).toMatchObject({
      consensus: 'insufficient_data',
      total_count: 2,
    });
  });

  it("lists one person's scores: your own, a member's for account admins, anyone's for platform admins", async () => {
    const organization = await proctor().organization();
    const member = await proctor().actor({ organization });
    const peer = await proctor().actor({ organization });
    const lead = await proctor().actor({ organization, permissions: { is_account_admin: true } });
    const outsider = await proctor().actor({ permissions: { is_account_admin: true } });
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const first = await endedSession(member);
    const second = await endedSession(member);
    await score(member, first.publicId, { correct: true });
    await score(member, second.publicId, { correct: false });
    const read = async (as: Actor, userId?: number) =>
      proctor().call(endpoints.userScores, { query: { user_id: userId }, as });

    const own = (await read(member)).body;
    expect(own.map((r) => [r.sessionId, r.result.correct])).toEqual([
      [second.publicId, false],
      [first.publicId, true],
    ]);
    expect((await read(lead, member.user.id)).body).toHaveLength(2);
    expect((await read(admin, member.user.id)).body).toHaveLength(2);
    expect((await read(peer, member.user.id)).status).toBe(403);
    expect((await read(outsider, member.user.id)).status).toBe(404);
    expect((await read(member, 2_000_000_000)).status).toBe(404);
    const none = await read(peer);
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('hands an annotator the oldest session that still needs their score, then says there is none', async () => {
    const organization = await proctor().organization({ annotator: true });
    const annotator = await proctor().actor({ organization });
    const others = await Promise.all([0, 1, 2].map(() => proctor().actor({ organization })));
    const [agent] = await proctor()
      .ctx.db.insert(agentArtifacts)
      .values({
        alias: `own-agent-${newPublicId()}`,
        userId: annotator.user.id,
        organizationId: organization.id,
      })
      .returning();

    const unscored = async (values: Partial<typeof sessions.$inferInsert> = {}) => {
      const session = await endedSession(others[0]!, values);
      await automaticScore(session.id, true);
      return session;
    };
    await unscored({ status: 'run_setup_completed' });
    await unscored({ agentArtifactId: agent!.id });
    await endedSession(others[0]!);
    const decided = await unscored();
    for (const other of others) await score(other, decided.publicId, { correct: true });
    const first = await unscored();
    const conflicted = await unscored();
    await score(others[0], conflicted.publicId, { correct: true });
    await score(others[1], conflicted.publicId, { correct: true });
    await score(others[2], conflicted.publicId, { correct: false });
    await unscored({ archived: true });
    const stranger = await proctor().actor({ annotator: true });
    await unscored({ organizationId: stranger.organization!.id });

    const next = async (exclude?: string) =>
      (
        await proctor().call(endpoints.nextForAnnotator, {
          query: { exclude_session_id: exclude },
          as: annotator,
        })
      ).body;
    expect(await next()).toEqual({ found: true, session: { sessionId: first.publicId } });
    expect(await next(first.publicId)).toEqual({ found: true, session: { sessionId: conflicted.publicId } });
    await score(annotator, first.publicId, { correct: true });
    await score(annotator, conflicted.publicId, { correct: true });
    // What is left is running, their own agent's, without an automatic score, decided, archived or another
    // organization's: none of it is theirs to score.
    expect(await next()).toEqual({ found: false, session: null });
  });

  it('classifies, at start, sessions whose scores were written before their classification was stored', async () => {
    const member = await proctor().actor();
    const session = await endedSession(member);
    const { db } = proctor().ctx;
    // Written straight to the table, as rows from before the classification columns existed.
    await db
      .insert(scores)
      .values({ sessionId: session.id, type: 'state_mutation_match', result: { correct: false } });
    const read = async () => (await db.select().from(sessions).where(eq(sessions.id, session.id)))[0]!;
    expect(await read()).toMatchObject({ scoringBadge: 'none', classifiedAt: null });
    expect(await classifyUnclassified(db)).toBeGreaterThanOrEqual(1);
    expect(await read()).toMatchObject({ scoringBadge: 'fail', needsHumanScoring: true, passed: false });
    expect(await classifyUnclassified(db)).toBe(0);
  });

  it('lists the sessions that need a human score and those where people disagree with the verdict', async () => {
    const organization = await proctor().organization();
    const [ana, ben, cy] = await Promise.all([0, 1, 2].map(() => proctor().actor({ organization })));
    const unscored = await endedSession(ana!);
    await automaticScore(unscored.id, true);
    const agreed = await endedSession(ana!);
    await automaticScore(agreed.id, true);
    for (const person of [ana, ben, cy]) await score(person, agreed.publicId, { correct: true });
    const disputed = await endedSession(ana!);
    await automaticScore(disputed.id, true);
    for (const person of [ana, ben, cy]) await score(person, disputed.publicId, { correct: false });
    const list = async (filter: EndpointQuery<typeof endpoints.listSessions>['humanScoreFilter']) =>
      (await proctor().call(endpoints.listSessions, { query: { humanScoreFilter: filter }, as: ana })).body
        .sessions;

    const needing = await list('needs_human_scoring');
    expect(needing.map((s) => s.sessionId)).toEqual([unscored.publicId]);
    expect(needing[0]).toMatchObject({ scoringBadge: 'pass', humanConsensus: null, humanScoreCount: 0 });
    const disagreeing = await list('human_disagreement');
    expect(disagreeing.map((s) => s.sessionId)).toEqual([disputed.publicId]);
    expect(disagreeing[0]).toMatchObject({
      humanConsensus: 'fail',
      humanScoreCount: 3,
      humanDisagreement: true,
    });
    // By people's verdict (the test case's Sessions tab): Pass, Fail, or no decision yet.
    expect((await list('correct')).map((s) => s.sessionId)).toEqual([agreed.publicId]);
    expect((await list('incorrect')).map((s) => s.sessionId)).toEqual([disputed.publicId]);
    expect((await list('none')).map((s) => s.sessionId)).toEqual([unscored.publicId]);
    const bad = await proctor().call(endpoints.listSessions, {
      // A filter the contract does not name: the server must refuse it, not list everything.
      query: { humanScoreFilter: 'maybe' } as never,
      as: ana,
    });
    expect(bad.status).toBe(400);
  });
});
