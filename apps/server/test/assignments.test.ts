import { type AnnotatorStage, endpoints } from '@proctor/contracts';
import { organizationTestCases, type sessions } from '@proctor/db';
import { expect, it } from 'vitest';
import {
  countOrganizationAssignmentsByStage,
  listOrganizationAssignments,
} from '../src/repositories/assignments';
import { recordScores } from '../src/scoring/classification';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';

/**
 * Test cases given to annotator organizations to record (001 §2.13, §7), where each stands (000 §2.7), and
 * simulator work for them (000 §2.9).
 */
describeEachDatabase('assignments to annotator organizations', (proctor) => {
  const make = catalog(proctor);
  const db = () => proctor().ctx.db;

  async function assign(testCaseId: number, organizationId: number, requested: number, completed = false) {
    await db()
      .insert(organizationTestCases)
      .values({ testCaseId, organizationId, requestedRecordingCount: requested, completed });
  }

  /** A super scorer's verdict decides a session's human consensus on its own. */
  async function superScore(session: typeof sessions.$inferSelect, scorer: Actor, correct: boolean) {
    await recordScores(db(), {
      sessionId: session.id,
      userId: scorer.user.id,
      type: 'human_in_the_loop',
      config: { is_super_scorer: true },
      result: { correct, reason: correct ? 'Done' : 'Not done' },
    });
  }

  it('should put each assigned test case in the stages its sessions and scores give it', async () => {
    const annotator = await proctor().actor({ annotator: true });
    const elsewhere = await proctor().actor({ annotator: true });
    const org = annotator.organization!.id;
    const simulator = await make.simulator();
    const testCase = (isSample = false) => make.testCase({ simulatorId: simulator.id, isSample });

    // One session not scored yet, two asked for: more recording and some scoring.
    const recordingAndScoring = await testCase();
    await assign(recordingAndScoring.id, org, 2);
    await make.session(recordingAndScoring, { organizationId: org });

    // As many passed as asked for: review.
    const review = await testCase();
    await assign(review.id, org, 1);
    await superScore(await make.session(review, { organizationId: org }), annotator, true);

    // Asked for one, recorded one that failed: nothing left in any stage (recorded enough, none to score).
    const failedOnce = await testCase();
    await assign(failedOnce.id, org, 1);
    await superScore(await make.session(failedOnce, { organizationId: org }), annotator, false);

    // A sample with a session needs labelling; one without needs recording.
    const sample = await testCase(true);
    await assign(sample.id, org, 1);
    await make.session(sample, { organizationId: org });
    const emptySample = await testCase(true);
    await assign(emptySample.id, org, 1);

    // Completed whatever its sessions say.
    const completed = await testCase();
    await assign(completed.id, org, 1, true);
    await make.session(completed, { organizationId: org });

    // Sessions that do not count: unfinished, another organization's.
    const notRecorded = await testCase();
    await assign(notRecorded.id, org, 1);
    await make.session(notRecorded, { organizationId: org, finished: false });
    await make.session(notRecorded, { organizationId: elsewhere.organization!.id });

    const rows = await listOrganizationAssignments(db(), { assignedTo: org }, 100);
    const of = (id: number) => rows.find((row) => row.testCaseId === id)!;
    const stagesOf = (id: number) => of(id).stages;
    expect(stagesOf(recordingAndScoring.id)).toEqual(['NEEDS_RECORDING', 'NEEDS_SCORING']);
    expect(stagesOf(review.id)).toEqual(['REVIEW']);
    expect(stagesOf(failedOnce.id)).toEqual([]);
    expect(stagesOf(sample.id)).toEqual(['NEEDS_LABELLING']);
    expect(stagesOf(emptySample.id)).toEqual(['NEEDS_RECORDING']);
    expect(stagesOf(completed.id)).toEqual(['COMPLETED']);
    expect(stagesOf(notRecorded.id)).toEqual(['NEEDS_RECORDING']);
    expect(of(notRecorded.id)).toMatchObject({ recordedCount: 0, passedCount: 0, unmarkedCount: 0 });
    expect(of(review.id)).toMatchObject({ recordedCount: 1, passedCount: 1, unmarkedCount: 0 });
    expect(of(recordingAndScoring.id)).toMatchObject({ recordedCount: 1, passedCount: 0, unmarkedCount: 1 });

    // The same conditions filter and count.
    const inStage = async (stage: AnnotatorStage) =>
      (await listOrganizationAssignments(db(), { assignedTo: org, stage }, 100)).map((row) => row.testCaseId);
    expect(await inStage('NEEDS_RECORDING')).toEqual([
      recordingAndScoring.id,
      emptySample.id,
      notRecorded.id,
    ]);
    expect(await inStage('REVIEW')).toEqual([review.id]);
    const counts = await countOrganizationAssignmentsByStage(db(), org);
    expect(counts.sort((a, b) => a.stage.localeCompare(b.stage))).toEqual([
      { stage: 'COMPLETED', simulatorId: simulator.id, count: 1 },
      { stage: 'NEEDS_LABELLING', simulatorId: simulator.id, count: 1 },
      { stage: 'NEEDS_RECORDING', simulatorId: simulator.id, count: 3 },
      { stage: 'NEEDS_SCORING', simulatorId: simulator.id, count: 1 },
      { stage: 'REVIEW', simulatorId: simulator.id, count: 1 },
    ]);
    expect(await listOrganizationAssignments(db(), { assignedTo: elsewhere.organization!.id }, 100)).toEqual(
      [],
    );
  });

  it('should let a platform admin assign a test case to annotator organizations and change the count', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const annotators = await proctor().organization({ annotator: true });
    const customer = await proctor().organization();
    const simulator = await make.simulator();
    const testCase = await make.testCase({
      simulatorId: simulator.id,
      organizationId: admin.organization!.id,
    });
    const assign = (organization_ids: number[], requested_recording_count: number) =>
      proctor().call(endpoints.assignTestCaseToOrganizations, {
        params: { id: testCase.publicId },
        body: { organization_ids, requested_recording_count },
        as: admin,
      });

    const assigned = await assign([annotators.id], 5);
    expect(assigned.status).toBe(200);
    expect(assigned.body.assignments).toEqual([
      expect.objectContaining({
        organization: { id: annotators.id, name: annotators.name },
        test_case: expect.objectContaining({ id: testCase.id, publicId: testCase.publicId }),
        requested_recording_count: 5,
        recorded_count: 0,
        stages: ['NEEDS_RECORDING'],
      }),
    ]);
    const organizations = await proctor().call(endpoints.adminOrganizations, {
      query: { test_case_id: testCase.id },
      as: admin,
    });
    const flag = (id: number) =>
      organizations.body.organizations.find((o) => o.id === id)?.is_assigned_to_test_case;
    expect([flag(annotators.id), flag(customer.id)]).toEqual([true, false]);

    const again = await assign([annotators.id], 3);
    expect(again.body.assignments.map((a) => a.requested_recording_count)).toEqual([3]);

    expect((await assign([customer.id], 1)).body).toEqual({
      detail: `Not an annotator organization: ${customer.id}`,
    });
    expect((await assign([999_999], 1)).status).toBe(404);
    for (const count of [0, 101, 2.5]) expect((await assign([annotators.id], count)).status).toBe(400);
    expect((await assign([], 1)).status).toBe(400);
    const unknown = await proctor().call(endpoints.assignTestCaseToOrganizations, {
      params: { id: 'no-such-test-case' },
      body: { organization_ids: [annotators.id], requested_recording_count: 1 },
      as: admin,
    });
    expect(unknown.status).toBe(404);
  });

  it("should never show an annotator organization another organization's assignments", async () => {
    const owner = await proctor().actor();
    const first = await proctor().actor({ annotator: true });
    const second = await proctor().actor({ annotator: true });
    const bystander = await proctor().actor();
    const simulator = await make.simulator();
    const forFirst = await make.testCase({
      simulatorId: simulator.id,
      organizationId: owner.organization!.id,
    });
    const forSecond = await make.testCase({
      simulatorId: simulator.id,
      organizationId: owner.organization!.id,
    });
    await assign(forFirst.id, first.organization!.id, 2);
    await assign(forSecond.id, second.organization!.id, 2);

    const listed = async (as: Actor) => {
      const response = await proctor().call(endpoints.organizationAssignments, {
        query: { simulator_id: simulator.id },
        as,
      });
      expect(response.status).toBe(200);
      return response.body.assignments.map((a) => [a.organization.id, a.test_case.id]);
    };
    expect(await listed(first)).toEqual([[first.organization!.id, forFirst.id]]);
    expect(await listed(second)).toEqual([[second.organization!.id, forSecond.id]]);
    // The owner sees who was asked to record its test cases; an unrelated organization sees nothing.
    expect(await listed(owner)).toEqual([
      [first.organization!.id, forFirst.id],
      [second.organization!.id, forSecond.id],
    ]);
    expect(await listed(bystander)).toEqual([]);
  });

  it("should let an annotator organization's members move only their own simulator work", async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const annotator = await proctor().actor({ annotator: true });
    const other = await proctor().actor({ annotator: true });
    const simulator = await make.simulator();
    const create = (organization_id: number, simulator_id = simulator.id) =>
      proctor().call(endpoints.createAnnotatorAssignment, {
        body: { assignment_type: 'data_creation', organization_id, simulator_id },
        as: admin,
      });

    const created = await create(annotator.organization!.id);
    expect(created.status).toBe(201);
    const assignment = created.body.assignment;
    expect(assignment).toMatchObject({
      type: 'data_creation',
      stage: 'needs_data_creation',
      organization_id: annotator.organization!.id,
      simulator: { id: simulator.id, name: simulator.name },
      test_case: null,
    });
    expect((await create(admin.organization!.id)).status).toBe(400);
    expect((await create(annotator.organization!.id, 999_999)).body).toEqual({
      detail: 'Simulator not found',
    });

    const list = (as: Actor) =>
      proctor()
        .call(endpoints.annotatorAssignments, { query: { assignment_type: 'data_creation' }, as })
        .then((response) => response.body.assignments.map((a) => a.assignment_id));
    expect(await list(annotator)).toEqual([assignment.assignment_id]);
    expect(await list(other)).toEqual([]);

    const move = (as: Actor, stage: 'completed' | 'needs_data_creation') =>
      proctor().call(endpoints.annotatorAssignmentStage, {
        params: { id: assignment.assignment_id },
        body: { stage },
        as,
      });
    expect((await move(other, 'completed')).body).toEqual({ detail: 'Assignment not found' });
    const done = await move(annotator, 'completed');
    expect(done.body.assignment.stage).toBe('completed');
    expect((await move(annotator, 'needs_data_creation')).body.assignment.stage).toBe('needs_data_creation');
    const [stored] = await proctor()
      .call(endpoints.annotatorAssignments, { as: annotator })
      .then((response) => response.body.assignments);
    expect(stored!.stage).toBe('needs_data_creation');
    const refused = await proctor().call(endpoints.annotatorAssignments, { as: admin });
    expect(refused.body).toEqual({ detail: 'This page is only available to annotator organizations.' });
  });
});
