import { endpoints } from '@proctor/contracts';
import { runSessionBatches, sessionLogs, sessions, simulators, testCases } from '@proctor/db';
import { builtInSimulators } from '@proctor/simulators';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInRegistrations } from '../src/kernel/builtIns';
import { INFRASTRUCTURE_FAILURE_STATUSES } from '../src/repositories/sessions';
import { testDatabases } from './support/databases';
import { type Actor, startTestProctor, type TestProctor } from './support/proctor';
import { until } from './support/until';

/** Where a run's session stops: scored, or failed by the infrastructure. */
const LAST_STATUSES = ['scoring_completed', ...INFRASTRUCTURE_FAILURE_STATUSES] as string[];

/** Every simulator's sample, both agents, on a busy 2-core machine (the first test waits for all of them). */
const SIMULATOR_TIMEOUT_MS = 20 * 60_000;

/**
 * The built-in benchmark through Proctor itself (issue 9), as a user starts one (POST
 * /api/benchmarker/benchmark): for every built-in simulator, one of its test cases (judged by changes or by an
 * answer, alternately) benchmarked with the oracle agent and with the wrong agent: queued runs, an environment
 * with its own Chromium each, the session recorded, the script driving the page over CDP, the end of the run
 * scoring it. Every oracle run must pass and every wrong run must be scored and
 * judged incorrect, by the verdict stored on the session, never failed by the infrastructure.
 *
 * Every test case's two scripts are proven on the kit in Chromium (packages/simulators/test/browser/
 * builtInTestCases.test.ts); the whole benchmark through Proctor is `npm run bench:benchmark` (a run here costs a
 * browser launch and a recording, and 400 of them would take CI past its time on two cores).
 *
 * One database (PGlite): the runs are the subject; their records are the inserts and updates the other API
 * tests run on both engines.
 */
describe('the built-in benchmark', () => {
  let proctor: TestProctor;
  let runner: Actor;
  let signedInAt = 0;

  /**
   * The runner, signed in again every ten minutes: the whole benchmark takes longer than an access token lives
   * (15 minutes), as a person's dashboard would refresh its token.
   */
  async function signedIn(): Promise<Actor> {
    if (performance.now() - signedInAt > 10 * 60_000) {
      const { access_token } = await proctor.ctx.tokens.issue(runner.user.id);
      runner = { ...runner, token: access_token, headers: { authorization: `Bearer ${access_token}` } };
      signedInAt = performance.now();
    }
    return runner;
  }

  beforeAll(async () => {
    proctor = await startTestProctor(testDatabases()[0]!, {
      builtInSimulators: builtInRegistrations(),
      // One organization benchmarks here: it may use every slot.
      env: { BROWSER_POOL_SIZE: '2', MAX_ENVIRONMENTS: '4', MAX_ENVIRONMENTS_PER_ORGANIZATION: '4' },
    });
    const allowed = await proctor.ctx.db.select({ id: simulators.id }).from(simulators);
    runner = await proctor.actor({
      permissions: { record_testcases: true },
      plan: { allowed_simulators: allowed.map((row) => row.id) },
    });
    signedInAt = performance.now();
  });
  afterAll(() => proctor?.close());

  async function benchmark(agent: string, testCaseIds: string[], concurrency: number): Promise<string> {
    const response = await proctor.call(endpoints.startBenchmark, {
      as: await signedIn(),
      body: { testcase_ids: testCaseIds, agent, runs: 1, concurrency },
    });
    expect(response.status, response.body.detail).toBe(200);
    return response.body.batch_id;
  }

  /**
   * The group has finished and every run's session has come to its last status: scored, or failed by the
   * infrastructure. (The group's `scored` count leaves out sessions auto-marked incorrect, such as a wrong
   * variant that changed nothing: those are scored all the same.)
   */
  const ended = (groupId: string) =>
    until(
      async () => {
        const { runGroup } = (
          await proctor.call(endpoints.runGroup, { params: { id: groupId }, as: await signedIn() })
        ).body;
        const runs = await verdicts(groupId);
        return { finished: runGroup.finished, total: runGroup.total, runs };
      },
      ({ finished, total, runs }) =>
        finished && runs.length === total && runs.every((run) => LAST_STATUSES.includes(run.status)),
      `run group ${groupId} to end and be scored`,
      SIMULATOR_TIMEOUT_MS,
    );

  /** Each run of the group: its test case's key, whether it passed, and what its session says about it. */
  async function verdicts(groupId: string) {
    const rows = await proctor.ctx.db
      .select({
        id: sessions.id,
        key: testCases.builtInKey,
        status: sessions.status,
        passed: sessions.passed,
        badge: sessions.scoringBadge,
        reason: sessions.badgeReason,
        failure: sessions.failureReason,
      })
      .from(sessions)
      .innerJoin(runSessionBatches, eq(runSessionBatches.id, sessions.runSessionBatchId))
      .innerJoin(testCases, eq(testCases.id, sessions.testCaseId))
      .where(eq(runSessionBatches.publicId, groupId));
    // What the agent itself said went wrong (a script's failed step), so that a failure here names its cause.
    const logs = await proctor.ctx.db
      .select({ sessionId: sessionLogs.sessionId, log: sessionLogs.logData })
      .from(sessionLogs)
      .where(
        inArray(
          sessionLogs.sessionId,
          rows.map((row) => row.id),
        ),
      );
    return rows.map(({ id, ...row }) => ({
      ...row,
      agent: logs
        .filter((entry) => entry.sessionId === id && /^agent_/.test(String(entry.log.type)))
        .map((entry) => String(entry.log.message)),
    }));
  }
  type Verdict = Awaited<ReturnType<typeof verdicts>>[number];

  // One test case a simulator, judged by changes on every other simulator and by an answer on the rest, so both
  // verdict paths run on five simulators each (20 runs; the kit proves the scripts).
  const samples = builtInSimulators.map((simulator, index) => {
    const byChanges = simulator.testCases.find((testCase) => testCase.scoringTypes.includes('mutations'));
    const byAnswer = simulator.testCases.find(
      (testCase) => testCase !== byChanges && testCase.scoringTypes.includes('output'),
    );
    const chosen = index % 2 === 0 ? (byChanges ?? byAnswer) : (byAnswer ?? byChanges);
    return { simulator, key: chosen!.key };
  });

  /**
   * Both agents' benchmarks of every simulator's sample at once, as two batches sharing the environments' four
   * slots: a simulator at a time left the slots idle while each pair of runs was scored. Each simulator's test
   * below reads its own runs' verdicts.
   */
  let runs: Promise<{ solved: Verdict[]; mistaken: Verdict[] }> | undefined;
  function benchmarkAll() {
    runs ??= (async () => {
      const cases = await proctor.ctx.db
        .select({ publicId: testCases.publicId, key: testCases.builtInKey, simulator: simulators.name })
        .from(testCases)
        .innerJoin(simulators, eq(simulators.id, testCases.simulatorId))
        .where(isNotNull(testCases.builtInKey));
      const ids = samples.map(({ simulator, key }) => {
        const row = cases.find((candidate) => candidate.key === `${simulator.name}/${key}`);
        if (!row) throw new Error(`the built-in test case ${simulator.name}/${key} was not registered`);
        return row.publicId;
      });
      const [oracle, wrong] = await Promise.all([
        benchmark('oracle', ids, 2),
        benchmark('oracle-wrong', ids, 2),
      ]);
      await Promise.all([ended(oracle), ended(wrong)]);
      return { solved: await verdicts(oracle), mistaken: await verdicts(wrong) };
    })();
    return runs;
  }

  for (const { simulator, key } of samples) {
    it(
      `${simulator.name}: the oracle passes ${key}, the wrong agent fails it`,
      async () => {
        const registered = await proctor.ctx.db
          .select({ id: testCases.id })
          .from(testCases)
          .innerJoin(simulators, eq(simulators.id, testCases.simulatorId))
          .where(and(eq(simulators.name, simulator.name), isNotNull(testCases.builtInKey)));
        expect(registered.length).toBe(simulator.testCases.length);
        const { solved, mistaken } = await benchmarkAll();
        const own = (verdicts: Verdict[]) => verdicts.filter((run) => run.key === `${simulator.name}/${key}`);
        expect(own(solved)).toHaveLength(1);
        expect(own(solved).filter((run) => !run.passed)).toEqual([]);
        expect(own(mistaken)).toHaveLength(1);
        // Failed by its verdict, never by the infrastructure: a wrong run must be scored and judged incorrect.
        expect(own(mistaken).filter((run) => run.passed || run.badge !== 'fail')).toEqual([]);
      },
      SIMULATOR_TIMEOUT_MS,
    );
  }
});
