import { type AnnotatorStage, endpoints, HUMAN_RECORDER_MESSAGES } from '@proctor/contracts';
import { organizationTestCases, sessions } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { recordScores } from '../src/scoring/classification';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';

/**
 * The human recorder dashboard (000 §2.7, §7.3): an annotator organization's assigned test cases move between
 * the tabs as sessions are recorded and scored, and its account admins review and complete them.
 */
describeEachDatabase('human recorder dashboard', (proctor) => {
  const make = catalog(proctor);
  const db = () => proctor().ctx.db;

  async function assign(testCaseId: number, organizationId: number, requested: number) {
    await db()
      .insert(organizationTestCases)
      .values({ testCaseId, organizationId, requestedRecordingCount: requested });
  }

  /** A finished session recorded by `by` in their organization. */
  async function record(testCase: { id: number; simulatorId: number | null }, by: Actor) {
    const session = await make.session(testCase, { organizationId: by.organization!.id });
    await db().update(sessions).set({ userId: by.user.id }).where(eq(sessions.id, session.id));
    return session;
  }

  /** A super scorer's verdict decides a session's human consensus on its own. */
  async function superScore(sessionId: number, scorer: Actor, correct: boolean) {
    await recordScores(db(), {
      sessionId,
      userId: scorer.user.id,
      type: 'human_in_the_loop',
      config: { is_super_scorer: true },
      result: { correct, reason: correct ? 'Done' : 'Not done' },
    });
  }

  const listed = async (as: Actor, stage: AnnotatorStage, extra: { admin_view?: 'true' } = {}) => {
    const response = await proctor().call(endpoints.humanRecorderTestCases, {
      query: { stage, ...extra },
      as,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const names = async (as: Actor, stage: AnnotatorStage, adminView = false) =>
    (await listed(as, stage, adminView ? { admin_view: 'true' } : {})).testCases.map((t) => t.publicId);
  const tabCounts = async (as: Actor, adminView = false) => {
    const response = await proctor().call(endpoints.humanRecorderTabCounts, {
      query: adminView ? { admin_view: 'true' } : {},
      as,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('should keep a test case in Needs Scoring while its sessions have too few human scores to agree on', async () => {
    const annotator = await proctor().actor({ annotator: true });
    const testCase = await make.testCase({ simulatorId: (await make.simulator()).id });
    await assign(testCase.id, annotator.organization!.id, 2);
    const session = await record(testCase, annotator);
    // One person has scored it (the consensus needs three): as the classifier leaves such a session.
    await db()
      .update(sessions)
      .set({ humanScoreCount: 1, needsHumanScoring: true })
      .where(eq(sessions.id, session.id));
    expect(await names(annotator, 'NEEDS_SCORING')).toEqual([testCase.publicId]);
    // Settled (the consensus reached, nothing more asked of people): no longer.
    await db()
      .update(sessions)
      .set({ humanScoreCount: 3, needsHumanScoring: false, humanConsensus: 'fail' })
      .where(eq(sessions.id, session.id));
    expect(await names(annotator, 'NEEDS_SCORING')).toEqual([]);
  });

  it('should move a test case from recording to scoring to review to completed as its sessions and scores arrive', async () => {
    const admin = await proctor().actor({ annotator: true, permissions: { is_account_admin: true } });
    const annotator = await proctor().actor({ organization: admin.organization });
    const simulator = await make.simulator();
    const testCase = await make.testCase({ simulatorId: simulator.id });
    await assign(testCase.id, admin.organization!.id, 2);

    // Nothing recorded: it needs recording, and nothing needs scoring.
    expect(await names(annotator, 'NEEDS_RECORDING')).toEqual([testCase.publicId]);
    expect(await names(annotator, 'NEEDS_SCORING')).toEqual([]);
    expect((await tabCounts(annotator)).counts).toEqual({
      needLabelling: 0,
      needRecording: 1,
      needScoring: 0,
    });

    // One recorded, below the two requested, and nobody has scored it: both tabs.
    const first = await record(testCase, annotator);
    expect(await names(annotator, 'NEEDS_RECORDING')).toEqual([testCase.publicId]);
    expect(await names(annotator, 'NEEDS_SCORING')).toEqual([testCase.publicId]);
    const [row] = (await listed(annotator, 'NEEDS_SCORING')).testCases;
    expect(row).toMatchObject({
      id: testCase.id,
      name: testCase.name,
      prompt: testCase.prompt,
      simulator: { id: simulator.id, name: simulator.name },
      stages: ['NEEDS_RECORDING', 'NEEDS_SCORING'],
      organizationTestCase: {
        validSessionsRecorded: 1,
        requestedRecordingCount: 2,
        myRecordingCount: 1,
        passedSessionsCount: 0,
        containsUnmarkedSessions: true,
        completed: false,
      },
    });
    // The admin recorded none of them.
    expect((await listed(admin, 'NEEDS_SCORING')).testCases[0]!.organizationTestCase.myRecordingCount).toBe(
      0,
    );

    // Two recorded and one passed: recorded enough, one left to score.
    const second = await record(testCase, admin);
    await superScore(first.id, admin, true);
    expect(await names(annotator, 'NEEDS_RECORDING')).toEqual([]);
    expect(await names(annotator, 'NEEDS_SCORING')).toEqual([testCase.publicId]);

    // Both passed (as many as requested): review, which only admin view shows.
    await superScore(second.id, admin, true);
    expect(await names(annotator, 'NEEDS_SCORING')).toEqual([]);
    expect(await names(admin, 'REVIEW', true)).toEqual([testCase.publicId]);
    const counts = await tabCounts(admin, true);
    expect(counts.counts).toEqual({
      needLabelling: 0,
      needRecording: 0,
      needScoring: 0,
      review: 1,
      completed: 0,
    });
    expect(counts.simulatorBreakdown.review).toEqual({ [simulator.id]: 1 });
    expect(counts.simulators).toEqual([{ id: simulator.id, name: simulator.name }]);

    // The admin marks it complete (000 §2.7 Complete on Review).
    const completed = await proctor().call(endpoints.markOrganizationTestCaseCompleted, {
      params: { id: testCase.publicId },
      as: admin,
    });
    expect(completed.status).toBe(200);
    expect(completed.body.testCase).toMatchObject({
      stages: ['COMPLETED'],
      organizationTestCase: { completed: true, passedSessionsCount: 2, myPassedSessionsCount: 1 },
    });
    expect(await names(admin, 'REVIEW', true)).toEqual([]);
    expect(await names(admin, 'COMPLETED', true)).toEqual([testCase.publicId]);
    expect((await tabCounts(admin, true)).counts.completed).toBe(1);
  });

  it('should keep Review, Completed, Complete and Archive for account admins', async () => {
    const admin = await proctor().actor({ annotator: true, permissions: { is_account_admin: true } });
    const annotator = await proctor().actor({ organization: admin.organization });
    const testCase = await make.testCase({ simulatorId: (await make.simulator()).id });
    await assign(testCase.id, admin.organization!.id, 1);

    const refused = { detail: HUMAN_RECORDER_MESSAGES.adminViewOnly };
    for (const stage of ['REVIEW', 'COMPLETED'] as const) {
      const response = await proctor().call(endpoints.humanRecorderTestCases, {
        query: { stage },
        as: annotator,
      });
      expect([response.status, response.body]).toEqual([403, refused]);
      const filtered = await proctor().call(endpoints.humanRecorderFilter, {
        query: { stage },
        as: annotator,
      });
      expect(filtered.status).toBe(403);
    }
    const adminView = await proctor().call(endpoints.humanRecorderTabCounts, {
      query: { admin_view: 'true' },
      as: annotator,
    });
    expect([adminView.status, adminView.body]).toEqual([403, refused]);
    // Outside admin view the admin's counts leave those tabs out too.
    expect(Object.keys((await tabCounts(admin)).counts).sort()).toEqual([
      'needLabelling',
      'needRecording',
      'needScoring',
    ]);

    const complete = await proctor().call(endpoints.markOrganizationTestCaseCompleted, {
      params: { id: String(testCase.id) },
      as: annotator,
    });
    expect(complete.status).toBe(403);
    const archive = (as: Actor, test_case_id: number) =>
      proctor().call(endpoints.archiveOrganizationTestCase, { body: { test_case_id }, as });
    expect((await archive(annotator, testCase.id)).status).toBe(403);

    // Archived, it leaves every tab; unknown or unassigned test cases are not found.
    expect((await archive(admin, testCase.id)).body).toEqual({ ok: true });
    expect(await names(admin, 'NEEDS_RECORDING', true)).toEqual([]);
    expect((await tabCounts(admin, true)).counts.needRecording).toBe(0);
    expect((await archive(admin, testCase.id)).body).toEqual({ detail: HUMAN_RECORDER_MESSAGES.notAssigned });
    expect((await archive(admin, 999_999)).status).toBe(404);
  });

  it("should never show or change another organization's assignments", async () => {
    const ours = await proctor().actor({ annotator: true, permissions: { is_account_admin: true } });
    const theirs = await proctor().actor({ annotator: true, permissions: { is_account_admin: true } });
    const simulator = await make.simulator();
    const ourCase = await make.testCase({ simulatorId: simulator.id });
    const theirCase = await make.testCase({ simulatorId: simulator.id });
    await assign(ourCase.id, ours.organization!.id, 1);
    await assign(theirCase.id, theirs.organization!.id, 1);
    // Their sessions of our test case do not count for us.
    await record(ourCase, theirs);

    expect(await names(ours, 'NEEDS_RECORDING')).toEqual([ourCase.publicId]);
    expect(await names(theirs, 'NEEDS_RECORDING')).toEqual([theirCase.publicId]);
    const filtered = await proctor().call(endpoints.humanRecorderFilter, {
      query: { stage: 'NEEDS_RECORDING', sim: String(simulator.id) },
      as: ours,
    });
    expect(filtered.body.testCases.map((t) => t.publicId)).toEqual([ourCase.publicId]);
    expect(filtered.body.testCases[0]!.organizationTestCase.validSessionsRecorded).toBe(0);
    expect((await tabCounts(ours)).simulatorBreakdown.needRecording).toEqual({ [simulator.id]: 1 });

    const complete = await proctor().call(endpoints.markOrganizationTestCaseCompleted, {
      params: { id: theirCase.publicId },
      as: ours,
    });
    expect([complete.status, complete.body]).toEqual([404, { detail: HUMAN_RECORDER_MESSAGES.notAssigned }]);
    const archive = await proctor().call(endpoints.archiveOrganizationTestCase, {
      body: { test_case_id: theirCase.id },
      as: ours,
    });
    expect(archive.status).toBe(404);
    expect(await names(theirs, 'NEEDS_RECORDING')).toEqual([theirCase.publicId]);
  });

  it('should refuse organizations that are not annotators', async () => {
    const customer = await proctor().actor({ permissions: { is_account_admin: true } });
    const refused = { detail: 'This page is only available to annotator organizations.' };
    const calls = [
      proctor().call(endpoints.humanRecorderTestCases, { query: {}, as: customer }),
      proctor().call(endpoints.humanRecorderFilter, { query: {}, as: customer }),
      proctor().call(endpoints.humanRecorderTabCounts, { query: {}, as: customer }),
      proctor().call(endpoints.markOrganizationTestCaseCompleted, { params: { id: '1' }, as: customer }),
      proctor().call(endpoints.archiveOrganizationTestCase, { body: { test_case_id: 1 }, as: customer }),
    ];
    for (const response of await Promise.all(calls))
      expect([response.status, response.body]).toEqual([403, refused]);
  });

  it('should page 50 at a time, filter by simulator and by sample, and hide what samples ask', async () => {
    const admin = await proctor().actor({ annotator: true, permissions: { is_account_admin: true } });
    const annotator = await proctor().actor({ organization: admin.organization });
    const org = admin.organization!.id;
    const [one, two] = [await make.simulator(), await make.simulator()];
    const cases = [];
    for (let index = 0; index < 52; index++) {
      const testCase = await make.testCase({ simulatorId: index < 50 ? one.id : two.id });
      await assign(testCase.id, org, 1);
      cases.push(testCase);
    }
    const sample = await make.testCase({ simulatorId: two.id, isSample: true, prompt: 'Secret task' });
    await assign(sample.id, org, 1);
    await record(sample, annotator);

    const first = await listed(annotator, 'NEEDS_RECORDING');
    expect(first.testCases).toHaveLength(50);
    expect(first.pagination).toEqual({ page: 1, page_size: 50, total_count: 52, total_pages: 2 });
    const second = await proctor().call(endpoints.humanRecorderTestCases, {
      query: { stage: 'NEEDS_RECORDING', page: '2' },
      as: annotator,
    });
    expect(second.body.testCases.map((t) => t.id)).toEqual([cases[50]!.id, cases[51]!.id]);
    const past = await proctor().call(endpoints.humanRecorderTestCases, {
      query: { stage: 'NEEDS_RECORDING', page: '9' },
      as: annotator,
    });
    expect([past.body.testCases, past.body.pagination.total_count]).toEqual([[], 52]);

    const bySimulator = await proctor().call(endpoints.humanRecorderFilter, {
      query: { stage: 'NEEDS_RECORDING', sim: String(two.id) },
      as: annotator,
    });
    expect(bySimulator.body.testCases.map((t) => t.id)).toEqual([cases[50]!.id, cases[51]!.id]);
    const counts = await tabCounts(annotator);
    expect(counts.simulatorBreakdown.needRecording).toEqual({ [one.id]: 50, [two.id]: 2 });
    expect(counts.simulatorBreakdown.needLabelling).toEqual({ [two.id]: 1 });

    // Needs Labelling: the sample, whose task an annotator does not see and an account admin does.
    const labelling = await proctor().call(endpoints.humanRecorderTestCases, {
      query: { stage: 'NEEDS_LABELLING', is_sample: 'true' },
      as: annotator,
    });
    expect(labelling.body.testCases.map((t) => [t.id, t.name, t.prompt, t.startUrl])).toEqual([
      [sample.id, '', '', ''],
    ]);
    const [seen] = (await listed(admin, 'NEEDS_LABELLING')).testCases;
    expect([seen!.name, seen!.prompt]).toEqual([sample.name, 'Secret task']);
    const samples = await proctor().call(endpoints.humanRecorderTabCounts, {
      query: { is_sample: 'true' },
      as: annotator,
    });
    expect(samples.body.counts).toEqual({ needLabelling: 1, needRecording: 0, needScoring: 0 });

    for (const page_size of ['0', '1001', 'x']) {
      const bad = await proctor().call(endpoints.humanRecorderTestCases, {
        query: { page_size },
        as: annotator,
      });
      expect(bad.status).toBe(400);
    }
    const badStage = await proctor().request({
      method: 'GET',
      url: '/api/testcases/human-recorder-testcase?stage=EVERYTHING',
      as: annotator,
    });
    expect(badStage.statusCode).toBe(400);
  });
});
