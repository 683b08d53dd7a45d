import { endpoints, type RescoreResult, type SessionStatus, type StateMutation } from '@proctor/contracts';
import { scores, sessions } from '@proctor/db';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { recordScores } from '../src/scoring/classification';
import { rescoreSimulator } from '../src/services/rescore';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase } from './support/proctor';
import { cartInsert, mugs, shop, storedSession } from './support/storedSessions';

const BEFORE_RESCORE = new Date('2026-01-01T10:00:00Z');

/**
 * POST /api/env/simulators/{id}/rescore (001 §2.6, §3 Rescore result): the ended sessions of a simulator's test
 * cases are judged again from what was stored for them, with new score records beside the old ones.
 */
describeEachDatabase('rescoring a simulator', (proctor) => {
  const make = catalog(proctor);

  /** A simulator with the shop's filters and a private copy of the built-in mugs task, in `owner`'s plan. */
  async function shopLike(owner: Actor) {
    const simulator = await make.simulator({ config: { ...shop.config } });
    await make.allow(owner.organization, simulator.id);
    const task = await make.testCase({
      simulatorId: simulator.id,
      organizationId: owner.organization!.id,
      prompt: mugs.prompt,
      scoringTypes: ['mutations'],
      defaultScoringConfig: { type: 'state_mutation_match', mutations: mugs.expectedMutations },
    });
    return { simulator, task };
  }

  /** A session as an environment leaves it: its status, and the instance's mutations in its recording. */
  async function session(
    testCase: { id: number; simulatorId: number | null },
    organizationId: number,
    status: SessionStatus,
    mutations: StateMutation[],
    values: Partial<typeof sessions.$inferInsert> = {},
  ) {
    return storedSession(
      proctor().ctx.db,
      {
        testCaseId: testCase.id,
        simulatorId: testCase.simulatorId,
        organizationId,
        status,
        createdAt: BEFORE_RESCORE,
        ...values,
      },
      mutations,
    );
  }

  const rescore = (simulatorId: number, as: Actor) =>
    proctor().call(endpoints.rescoreSimulator, { params: { id: simulatorId }, as });

  async function rescored(simulatorId: number, as: Actor): Promise<RescoreResult> {
    const response = await rescore(simulatorId, as);
    expect(response.status, response.body.detail).toBe(200);
    return response.body;
  }

  const scoresOf = (sessionId: number) =>
    proctor()
      .ctx.db.select()
      .from(scores)
      .where(eq(scores.sessionId, sessionId))
      .orderBy(asc(scores.createdAt), asc(scores.id));
  const statusOf = async (sessionId: number) =>
    (await proctor().ctx.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0]!.status;

  it("should judge the organization's ended sessions again: Pass, Fail, and the rest untouched", async () => {
    const author = await proctor().actor({
      permissions: { create_test_cases: true, dashboard_access: true },
    });
    const stranger = await proctor().actor();
    const { simulator, task } = await shopLike(author);
    const unscored = await make.testCase({
      simulatorId: simulator.id,
      organizationId: author.organization!.id,
      scoringTypes: [],
    });
    const neverRun = await make.testCase({
      simulatorId: simulator.id,
      organizationId: author.organization!.id,
      scoringTypes: ['mutations'],
      defaultScoringConfig: { mutations: mugs.expectedMutations },
    });
    const orgId = author.organization!.id;

    // Judged before with an older config that failed it, and scored by a person since.
    const solved = await session(task, orgId, 'scoring_completed', [cartInsert(2)]);
    const { db } = proctor().ctx;
    await recordScores(db, [
      {
        sessionId: solved.id,
        type: 'state_mutation_match',
        result: { type: 'state_mutation_match', correct: false, reason: 'old config' },
        createdAt: BEFORE_RESCORE,
      },
      {
        sessionId: solved.id,
        userId: author.user.id,
        type: 'human_in_the_loop',
        result: { type: 'human_in_the_loop', correct: true, reason: 'Looks right' },
        createdAt: BEFORE_RESCORE,
      },
    ]);
    const wrongSize = await session(task, orgId, 'run_completed', [cartInsert(1)]);
    const untouched = [
      await session(task, orgId, 'run_started', [cartInsert(2)]),
      await session(task, orgId, 'scoring_started', [cartInsert(2)]),
      await session(task, orgId, 'run_failed', [cartInsert(2)]),
      await session(task, orgId, 'scoring_completed', [cartInsert(2)], { archived: true }),
      await session(task, stranger.organization!.id, 'run_completed', [cartInsert(2)]),
    ];

    const result = await rescored(simulator.id, author);
    expect(result).toEqual({
      total_test_cases: 3,
      rescored_count: 1,
      error_count: 0,
      skipped_count: 2,
      results: [
        {
          test_case_id: task.id,
          test_case_name: task.name,
          status: 'success',
          error: null,
          reason: null,
          result: { sessions: 2, passed: 1, failed: 1, errors: 0 },
        },
        {
          test_case_id: unscored.id,
          test_case_name: unscored.name,
          status: 'skipped',
          error: null,
          reason: 'No scoring is configured for this test case',
          result: null,
        },
        {
          test_case_id: neverRun.id,
          test_case_name: neverRun.name,
          status: 'skipped',
          error: null,
          reason: 'No ended sessions to rescore',
          result: null,
        },
      ],
    });

    // New verdicts beside the old ones; the person's score is still there.
    const solvedScores = await scoresOf(solved.id);
    expect(solvedScores.map((s) => [s.type, (s.result as { correct: boolean }).correct])).toEqual([
      ['state_mutation_match', false],
      ['human_in_the_loop', true],
      ['state_mutation_match', true],
    ]);
    expect(solvedScores[2]!.config).toMatchObject({ mutations: mugs.expectedMutations });
    expect(await statusOf(solved.id)).toBe('scoring_completed');
    const wrongScores = await scoresOf(wrongSize.id);
    expect(wrongScores.map((s) => [s.type, (s.result as { correct: boolean }).correct])).toEqual([
      ['state_mutation_match', false],
    ]);
    expect(await statusOf(wrongSize.id)).toBe('scoring_completed');

    // The list's badge follows the latest set of verdicts.
    const listed = (
      await proctor().call(endpoints.listSessions, {
        query: { simulatorIds: String(simulator.id) },
        as: author,
      })
    ).body;
    const badge = (id: number) => listed.sessions.find((s) => s.id === id)?.scoringBadge;
    expect([badge(solved.id), badge(wrongSize.id)]).toEqual(['pass', 'fail']);

    for (const row of untouched) {
      expect(await scoresOf(row.id)).toEqual([]);
      expect(await statusOf(row.id)).toBe(row.status);
    }
  });

  it('should rescore every organization\'s sessions for platform admins, and say "Auto Failed: No Mutations" again', async () => {
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const owner = await proctor().actor({ permissions: { is_account_admin: true } });
    const other = await proctor().actor();
    const { simulator, task } = await shopLike(owner);
    // A public copy too: platform admins see it, as the organizations running it do.
    const publicTask = await make.testCase({
      simulatorId: simulator.id,
      scoringTypes: ['mutations'],
      defaultScoringConfig: { mutations: mugs.expectedMutations },
    });
    const mine = await session(task, owner.organization!.id, 'scoring_failed', [cartInsert(2)]);
    const idle = await session(publicTask, other.organization!.id, 'postprocessing_failed', []);

    const result = await rescored(simulator.id, admin);
    expect(result.results.map((r) => [r.test_case_id, r.status, r.result])).toEqual([
      [task.id, 'success', { sessions: 1, passed: 1, failed: 0, errors: 0 }],
      [publicTask.id, 'success', { sessions: 1, passed: 0, failed: 1, errors: 0 }],
    ]);
    expect(await statusOf(mine.id)).toBe('scoring_completed');
    const idleScores = await scoresOf(idle.id);
    expect(
      Object.fromEntries(idleScores.map((s) => [s.type, (s.result as { reason: string }).reason])),
    ).toEqual({
      state_mutation_match: expect.any(String),
      system_scoring: 'Auto Failed: No Mutations',
    });

    // The account admin rescores their own organization's sessions only.
    const own = await rescored(simulator.id, owner);
    expect(own.results.map((r) => [r.test_case_id, r.status, r.result?.sessions ?? r.reason])).toEqual([
      [task.id, 'success', 1],
      [publicTask.id, 'skipped', 'No ended sessions to rescore'],
    ]);
  });

  it('should report a test case whose scoring cannot judge as an error, never as a Fail', async () => {
    const author = await proctor().actor({ permissions: { create_test_cases: true } });
    const { simulator, task } = await shopLike(author);
    const broken = await make.testCase({
      simulatorId: simulator.id,
      organizationId: author.organization!.id,
      scoringTypes: ['mutations'],
      defaultScoringConfig: { mutations: 'every cart line' },
    });
    await session(task, author.organization!.id, 'scoring_completed', [cartInsert(2)]);
    const judged = await session(broken, author.organization!.id, 'scoring_completed', [cartInsert(2)]);

    const result = await rescored(simulator.id, author);
    expect(result).toMatchObject({
      total_test_cases: 2,
      rescored_count: 1,
      error_count: 1,
      skipped_count: 0,
    });
    const failed = result.results.find((r) => r.test_case_id === broken.id)!;
    expect(failed).toMatchObject({
      status: 'error',
      reason: null,
      result: { sessions: 1, passed: 0, failed: 0, errors: 1 },
    });
    expect(failed.error).toMatch(
      /^1 of 1 sessions could not be scored; the first: state_mutation_match: invalid_config: /,
    );
    expect(await statusOf(judged.id)).toBe('scoring_failed');
    // No verdict against the agent: the scorer that could not judge wrote nothing.
    expect((await scoresOf(judged.id)).map((s) => s.type)).toEqual([]);
  });

  it('should work through the sessions page by page, each once', async () => {
    const author = await proctor().actor({ permissions: { create_test_cases: true } });
    const { simulator, task } = await shopLike(author);
    for (let i = 0; i < 5; i++)
      await session(task, author.organization!.id, 'run_completed', [cartInsert(i % 2 === 0 ? 2 : 1)]);
    const viewer = {
      organizationId: author.organization!.id,
      isAdmin: false,
      allowedSimulatorIds: [simulator.id],
      userId: author.user.id,
    };
    const result = await rescoreSimulator(proctor().ctx.db, viewer, simulator.id, { pageSize: 2 });
    expect(result.results[0]!.result).toEqual({ sessions: 5, passed: 3, failed: 2, errors: 0 });
  });

  it('should answer 404 for an unknown simulator or one outside the plan, and 403 to a member who cannot author', async () => {
    const author = await proctor().actor({ permissions: { create_test_cases: true } });
    const { simulator } = await shopLike(author);
    const unseen = await make.simulator();
    expect((await rescore(999_999, author)).status).toBe(404);
    expect((await rescore(unseen.id, author)).status).toBe(404);

    const member = await proctor().actor({
      organization: author.organization,
      permissions: { dashboard_access: true },
    });
    const refused = await rescore(simulator.id, member);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/create_test_cases/);
  });
});
