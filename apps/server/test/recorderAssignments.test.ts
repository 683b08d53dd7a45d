import { endpoints } from '@proctor/contracts';
import { organizationTestCases, sessions } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { describeEachDatabase } from './support/proctor';

/**
 * What the recorder reads off the organization's assignments: how many sessions were recorded of each test
 * case, and how many of those by the person asking (a case they recorded counts as done for them).
 */
describeEachDatabase('assignments as the recorder reads them', (proctor) => {
  const make = catalog(proctor);

  it('should count the sessions the caller recorded apart from the organization’s', async () => {
    const me = await proctor().actor({ annotator: true, permissions: { playground_access: true } });
    const colleague = await proctor().actor({ organization: me.organization });
    const org = me.organization!.id;
    const simulator = await make.simulator();
    const mine = await make.testCase({ simulatorId: simulator.id });
    const theirs = await make.testCase({ simulatorId: simulator.id });
    await proctor()
      .ctx.db.insert(organizationTestCases)
      .values([
        { testCaseId: mine.id, organizationId: org, requestedRecordingCount: 3 },
        { testCaseId: theirs.id, organizationId: org, requestedRecordingCount: 3 },
      ]);
    const recordBy = async (testCase: typeof mine, userId: number) => {
      const session = await make.session(testCase, { organizationId: org });
      await proctor().ctx.db.update(sessions).set({ userId }).where(eq(sessions.id, session.id));
    };
    await recordBy(mine, me.user.id);
    await recordBy(theirs, colleague.user.id);
    await recordBy(theirs, colleague.user.id);

    const response = await proctor().call(endpoints.organizationAssignments, { as: me });
    expect(response.status, response.body.detail).toBe(200);
    const of = (id: number) => response.body.assignments.find((row) => row.test_case.id === id);
    expect(of(mine.id)).toMatchObject({ recorded_count: 1, recorded_by_you_count: 1 });
    expect(of(theirs.id)).toMatchObject({ recorded_count: 2, recorded_by_you_count: 0 });

    const asColleague = await proctor().call(endpoints.organizationAssignments, { as: colleague });
    const theirsForThem = asColleague.body.assignments.find((row) => row.test_case.id === theirs.id);
    expect(theirsForThem).toMatchObject({ recorded_count: 2, recorded_by_you_count: 2 });
  });
});

describeEachDatabase('who may record', (proctor) => {
  it('should let is_human_recorder alone through to the environment calls and Format, and neither flag not', async () => {
    const recorder = await proctor().actor({
      annotator: true,
      permissions: { is_human_recorder: true, playground_access: false },
    });
    const outsider = await proctor().actor({
      annotator: true,
      permissions: { is_human_recorder: false, playground_access: false },
    });
    const status = (as: typeof recorder) =>
      proctor().call(endpoints.environmentStatus, { params: { id: 'env_unknown' }, as });
    const format = (as: typeof recorder) =>
      proctor().call(endpoints.convertTextToStructuredData, { body: { text: '   ' }, as });
    // Past the permission check: an unknown environment, blank text.
    expect((await status(recorder)).status).toBe(404);
    expect((await format(recorder)).status).toBe(400);
    expect((await status(outsider)).status).toBe(403);
    expect((await format(outsider)).status).toBe(403);
  });
});
