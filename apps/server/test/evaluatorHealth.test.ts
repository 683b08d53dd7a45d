import { endpoints, type StateMutation } from '@proctor/contracts';
import { expect, it } from 'vitest';
import { recordScores } from '../src/scoring/classification';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';
import { cartInsert, mugs, shop, storedSession } from './support/storedSessions';

/**
 * POST /api/testcases/{id}/evaluator-health (issue 8 §6): a built-in test case's reference solution and wrong
 * variant, run in a real browser, and the sessions people judged, judged again by the test case's scoring as it
 * stands; a broken evaluator is flagged, and the result is kept on the test case.
 */
describeEachDatabase('evaluator health', (proctor) => {
  const make = catalog(proctor);

  async function author() {
    const person = await proctor().actor({ permissions: { create_test_cases: true, is_super_scorer: true } });
    const simulator = await make.simulator({ config: { ...shop.config } });
    await make.allow(person.organization, simulator.id);
    return { person, simulator };
  }

  const checkHealth = (testCaseId: number, as: Actor) =>
    proctor().call(endpoints.evaluatorHealth, { params: { id: String(testCaseId) }, as });
  const check = async (testCaseId: number, as: Actor) => {
    const response = await checkHealth(testCaseId, as);
    expect(response.status, response.body.detail).toBe(200);
    return response.body.health;
  };
  const statuses = (health: Awaited<ReturnType<typeof check>>) =>
    Object.fromEntries(health.checks.map((c) => [c.check, c.status]));

  /** An ended session of the test case with these mutations, judged by a super scorer. */
  async function judgedSession(
    owner: Actor,
    testCaseId: number,
    mutations: StateMutation[],
    correct: boolean,
  ) {
    const { db } = proctor().ctx;
    const row = await storedSession(
      db,
      { status: 'scoring_completed', organizationId: owner.organization!.id, testCaseId },
      mutations,
    );
    await recordScores(db, {
      sessionId: row!.id,
      userId: owner.user.id,
      type: 'human_in_the_loop',
      config: { type: 'human_in_the_loop', is_super_scorer: true },
      result: { correct, reason: '' },
    });
    return row!;
  }

  it("runs a built-in test case's reference solution and wrong variant, and flags an expectation that breaks them", async () => {
    const { person, simulator } = await author();
    const testCase = await make.testCase({
      simulatorId: simulator.id,
      organizationId: person.organization!.id,
      builtInKey: `shop/${mugs.key}`,
      prompt: mugs.prompt,
      startUrl: mugs.startUrl,
      scoringTypes: ['mutations'],
      defaultScoringConfig: { mutations: mugs.expectedMutations },
    });
    const healthy = await check(testCase.id, person);
    expect(statuses(healthy)).toEqual({
      reference_passes: 'ok',
      wrong_variant_fails: 'ok',
      human_agreement: 'not_checked',
    });
    expect(healthy.status).toBe('healthy');

    // Someone edits the expectation to three mugs: the reference solution no longer passes.
    const edited = mugs.expectedMutations!.map((m) => ({ ...m, changes: { ...m.changes, quantity: 3 } }));
    const saved = await proctor().call(endpoints.updateTestCase, {
      params: { id: String(testCase.id) },
      body: { defaultScoringConfig: { mutations: edited } },
      as: person,
    });
    expect(saved.status, saved.body.detail).toBe(200);
    const broken = await check(testCase.id, person);
    expect(broken.status).toBe('broken');
    expect(broken.checks.find((c) => c.check === 'reference_passes')).toMatchObject({
      status: 'broken',
      detail: expect.stringMatching(/^The reference solution does not pass: state_mutation_match/),
    });
    const read = await proctor().call(endpoints.testCase, {
      params: { id: String(testCase.id) },
      as: person,
    });
    expect(read.body.testCase.evaluatorHealth).toMatchObject({ status: 'broken' });
  });

  it('judges the sessions people scored again, and lists those it now judges differently', async () => {
    const { person, simulator } = await author();
    const testCase = await make.testCase({
      simulatorId: simulator.id,
      organizationId: person.organization!.id,
      scoringTypes: ['mutations'],
      defaultScoringConfig: { mutations: mugs.expectedMutations },
    });
    await judgedSession(person, testCase.id, [cartInsert(2)], true);
    await judgedSession(person, testCase.id, [cartInsert(1)], false);
    const agreeing = await check(testCase.id, person);
    expect(agreeing.status).toBe('healthy');
    expect(agreeing.checks.find((c) => c.check === 'human_agreement')).toMatchObject({
      status: 'ok',
      judged: 2,
      disagreeing: [],
    });
    expect(agreeing.checks.find((c) => c.check === 'reference_passes')?.status).toBe('not_checked');

    // People say a single mug was right after all: the evaluator disagrees with them.
    const odd = await judgedSession(person, testCase.id, [cartInsert(1)], true);
    const disagreeing = await check(testCase.id, person);
    expect(disagreeing.status).toBe('broken');
    expect(disagreeing.checks.find((c) => c.check === 'human_agreement')).toMatchObject({
      status: 'broken',
      judged: 3,
      disagreeing: [{ sessionId: odd.publicId, human: 'pass', automatic: 'fail' }],
      detail: expect.stringMatching(/^Disagrees with people on 1 of 3 sessions \(agreement 67% \(95% CI/),
    });
  });

  it('is for those who may change the test case', async () => {
    const { person, simulator } = await author();
    const testCase = await make.testCase({
      simulatorId: simulator.id,
      organizationId: person.organization!.id,
    });
    const reader = await proctor().actor({ organization: person.organization });
    const stranger = await proctor().actor({ permissions: { create_test_cases: true } });
    expect((await checkHealth(testCase.id, reader)).status).toBe(403);
    expect((await checkHealth(testCase.id, stranger)).status).toBe(404);
  });
});
