import { endpoints } from '@proctor/contracts';
import { newPublicId, sessions } from '@proctor/db';
import { expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The annotator admin (000 §2.10): an annotator organization's account admins see each member's last 30 days
 * of sessions and scores, and one member's activity ledger, from the rows themselves.
 */
describeEachDatabase('annotator admin', (proctor) => {
  const make = catalog(proctor);
  const db = () => proctor().ctx.db;

  async function session(owner: Actor, values: Partial<typeof sessions.$inferInsert>) {
    const [row] = await db()
      .insert(sessions)
      .values({
        publicId: newPublicId(),
        status: 'scoring_completed',
        organizationId: owner.organization!.id,
        userId: owner.user.id,
        ...values,
      })
      .returning();
    return row!;
  }

  const score = (as: Actor, publicId: string, correct: boolean, seconds: number, reason?: string) =>
    proctor()
      .call(endpoints.scoreSessionAsHuman, {
        params: { id: publicId },
        body: { correct, session_time: seconds, reason },
        as,
      })
      .then((response) => expect(response.status).toBe(200));

  /** An annotator organization with its account admin and two annotators, and work of theirs. */
  async function team() {
    const admin = await proctor().actor({ annotator: true, permissions: { is_account_admin: true } });
    const organization = admin.organization!;
    const ana = await proctor().actor({ organization, name: 'Ana Annotator' });
    const bob = await proctor().actor({ organization, name: 'Bob Annotator' });
    const simulator = await make.simulator();
    const testCase = await make.testCase({ simulatorId: simulator.id, name: 'Buy the mugs' });
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * 60_000);

    const anaFirst = await session(ana, {
      testCaseId: testCase.id,
      sessionDuration: 0.5,
      createdAt: ago(120),
      status: 'run_failed',
      failureReason: 'Browser closed',
    });
    const anaSecond = await session(ana, {
      testCaseId: testCase.id,
      sessionDuration: 0.25,
      createdAt: ago(60),
    });
    // Older than the window: in the ledger, not in the figures. Archived: nowhere.
    const anaOld = await session(ana, {
      testCaseId: testCase.id,
      sessionDuration: 2,
      createdAt: ago(40 * 1440),
    });
    await session(ana, { testCaseId: testCase.id, sessionDuration: 1, createdAt: ago(30), archived: true });
    const bobFirst = await session(bob, { testCaseId: testCase.id, createdAt: ago(50) });
    const bobSecond = await session(bob, { createdAt: ago(40) });
    await score(ana, bobFirst.publicId, true, 120, 'All there');
    await score(ana, bobSecond.publicId, false, 60, 'Wrong size');
    return { admin, ana, bob, testCase, anaFirst, anaSecond, anaOld, bobFirst, bobSecond };
  }

  it("should show each member's 30-day figures from their sessions and scores, and no one else's", async () => {
    const { admin, ana, bob } = await team();
    // Another annotator organization's people and work never appear.
    const stranger = await proctor().actor({ annotator: true, name: 'Eve Elsewhere' });
    await session(stranger, { sessionDuration: 1, createdAt: new Date() });

    const response = await proctor().call(endpoints.annotatorAdminUsers, { as: admin });
    expect(response.status).toBe(200);
    expect(response.body.window_days).toBe(30);
    const users = response.body.users;
    expect(users.map((user) => user.publicId).sort()).toEqual(
      [admin.user.publicId, ana.user.publicId, bob.user.publicId].sort(),
    );
    const of = (actor: Actor) => users.find((user) => user.publicId === actor.user.publicId)!;
    expect(of(ana)).toMatchObject({
      name: 'Ana Annotator',
      email: ana.user.email,
      role: 'Annotator',
      total_sessions: 2,
      scored_sessions: 2,
      avg_session_minutes: 22.5,
      avg_scoring_minutes: 1.5,
      success_rate: 50,
    });
    // Ana's scores are her latest work.
    expect(Date.now() - Date.parse(of(ana).last_active!)).toBeLessThan(DAY_MS);
    expect(of(bob)).toMatchObject({
      role: 'Annotator',
      total_sessions: 2,
      scored_sessions: 0,
      avg_session_minutes: null,
      avg_scoring_minutes: null,
      success_rate: null,
    });
    expect(of(admin)).toMatchObject({
      role: 'Admin',
      total_sessions: 0,
      scored_sessions: 0,
      success_rate: null,
    });
  });

  it("should list a member's sessions created and scores added, newest first, in pages", async () => {
    const { admin, ana, testCase, anaFirst, anaSecond, anaOld, bobFirst, bobSecond } = await team();
    const response = await proctor().call(endpoints.annotatorAdminActivity, {
      params: { userPublicId: ana.user.publicId },
      as: admin,
    });
    expect(response.body.detail).toBeUndefined();
    const { user, activity, pagination } = response.body;
    expect(user).toEqual({
      publicId: ana.user.publicId,
      name: 'Ana Annotator',
      email: ana.user.email,
      role: 'Annotator',
    });
    expect(pagination.total_count).toBe(5);
    expect(activity.map((entry) => [entry.activity, entry.session.publicId])).toEqual([
      ['score_added', bobSecond.publicId],
      ['score_added', bobFirst.publicId],
      ['session_created', anaSecond.publicId],
      ['session_created', anaFirst.publicId],
      ['session_created', anaOld.publicId],
    ]);
    expect(activity[0]).toMatchObject({
      test_case: null,
      result: 'incorrect',
      duration_seconds: 60,
      reason: 'Wrong size',
    });
    expect(activity[1]).toMatchObject({
      test_case: { publicId: testCase.publicId, name: 'Buy the mugs' },
      result: 'correct',
      duration_seconds: 120,
      reason: 'All there',
    });
    expect(activity[3]).toMatchObject({
      session: { publicId: anaFirst.publicId, status: 'run_failed' },
      test_case: { publicId: testCase.publicId, name: 'Buy the mugs' },
      result: null,
      duration_seconds: 1800,
      reason: 'Browser closed',
      time: anaFirst.createdAt.toISOString(),
    });

    const second = await proctor().call(endpoints.annotatorAdminActivity, {
      params: { userPublicId: ana.user.publicId },
      query: { page: 2, page_size: 2 },
      as: admin,
    });
    expect(second.body.activity.map((entry) => entry.session.publicId)).toEqual([
      anaSecond.publicId,
      anaFirst.publicId,
    ]);
    expect(second.body.pagination).toEqual({ page: 2, page_size: 2, total_count: 5, total_pages: 3 });
  });

  it("should not find another organization's member, nor an unknown one", async () => {
    const { admin } = await team();
    const stranger = await proctor().actor({ annotator: true });
    for (const userPublicId of [stranger.user.publicId, 'no-such-user']) {
      const response = await proctor().call(endpoints.annotatorAdminActivity, {
        params: { userPublicId },
        as: admin,
      });
      expect(response.status).toBe(404);
      expect(response.body.detail).toBe('User not found');
    }
  });

  it('should refuse annotators who are not account admins and account admins of other organizations', async () => {
    const { ana, bob } = await team();
    const otherAdmin = await proctor().actor({ permissions: { is_account_admin: true } });
    const platformAdmin = await proctor().actor({ permissions: { is_admin: true, is_account_admin: true } });
    for (const caller of [ana, otherAdmin, platformAdmin]) {
      const users = await proctor().call(endpoints.annotatorAdminUsers, { as: caller });
      expect(users.status).toBe(403);
      const activity = await proctor().call(endpoints.annotatorAdminActivity, {
        params: { userPublicId: bob.user.publicId },
        as: caller,
      });
      expect(activity.status).toBe(403);
    }
    const annotatorsOnly = await proctor().call(endpoints.annotatorAdminUsers, { as: otherAdmin });
    expect(annotatorsOnly.body.detail).toBe('This page is only available to annotator organizations.');
  });
});
