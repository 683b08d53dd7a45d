import { endpoints } from '@proctor/contracts';
import {
  runSessionBatches,
  sessionLogs,
  sessions,
  simulators,
  testCaseSetItems,
  testCaseSets,
  testCases,
} from '@proctor/db';
import { builtInCrossAppTestCases } from '@proctor/simulators';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  builtInCrossAppRegistrations,
  builtInRegistrations,
  crossAppTestCaseKey,
} from '../src/kernel/builtIns';
import { INFRASTRUCTURE_FAILURE_STATUSES } from '../src/repositories/sessions';
import { CROSS_APP_SET_KEY, CROSS_APP_SET_NAME } from '../src/services/registration';
import { testDatabases } from './support/databases';
import { type Actor, describeEachDatabase, type TestProctor } from './support/proctor';
import { until } from './support/until';

/** Where a run's session stops: scored, or failed by the infrastructure. */
const LAST_STATUSES = ['scoring_completed', ...INFRASTRUCTURE_FAILURE_STATUSES] as string[];
/** Up to twelve runs of two apps each, two at a time, on a busy 2-core machine. */
const TIMEOUT_MS = 10 * 60_000;

/** The simulators the test cases across apps span: only those are registered, to keep the start short. */
const spanned = new Set(builtInCrossAppTestCases.flatMap((testCase) => testCase.simulators));

/** The first test case of each pair of apps: the kit proves every one of them (npm run prove -- cross). */
const firstOfEachPair = builtInCrossAppTestCases.filter(
  (testCase, index, all) =>
    all.findIndex((other) => other.simulators.join('/') === testCase.simulators.join('/')) === index,
);

/**
 * The pairs this database's Proctor runs: dealt in turn among the databases under test, so that together they run
 * every pair once (each run is two apps in a browser, a minute of a busy CI machine) and either database alone runs
 * them all. The scoring and the runs pipeline do not differ by database; what does (the rows) every pair exercises.
 */
function sampleFor(database: TestProctor['database']) {
  const names = testDatabases().map((candidate) => candidate.name);
  return firstOfEachPair.filter((_, index) => index % names.length === names.indexOf(database));
}

/**
 * The built-in test cases across apps through Proctor itself (issue 30), as a user benchmarks them (POST
 * /api/benchmarker/benchmark) with the oracle and the wrong agent: each queued run makes an environment holding
 * every app of its test case, the script drives the page across the apps' origins over CDP, and the end of the run
 * scores each app's changes. Every oracle run must pass and every wrong run must be judged incorrect by its verdict,
 * never failed by the infrastructure.
 */
describeEachDatabase(
  'the built-in test cases across apps',
  (proctor) => {
    let runner: Actor;

    beforeAll(async () => {
      const allowed = await proctor().ctx.db.select({ id: simulators.id }).from(simulators);
      runner = await proctor().actor({
        permissions: { record_testcases: true },
        plan: { allowed_simulators: allowed.map((row) => row.id) },
      });
    });

    /** The Proctor Cross-App dataset's test cases, in its order, with their simulators' names. */
    async function dataset() {
      const rows = await proctor()
        .ctx.db.select({
          set: testCaseSets.name,
          publicId: testCases.publicId,
          key: testCases.builtInKey,
          simulatorId: testCases.simulatorId,
          extraSimulatorIds: testCases.extraSimulatorIds,
        })
        .from(testCaseSetItems)
        .innerJoin(testCaseSets, eq(testCaseSets.id, testCaseSetItems.testCaseSetId))
        .innerJoin(testCases, eq(testCases.id, testCaseSetItems.testCaseId))
        .where(eq(testCaseSets.builtInKey, CROSS_APP_SET_KEY))
        .orderBy(asc(testCaseSetItems.position));
      const names = new Map(
        (await proctor().ctx.db.select({ id: simulators.id, name: simulators.name }).from(simulators)).map(
          (row) => [row.id, row.name],
        ),
      );
      return rows.map((row) => ({
        ...row,
        simulators: [row.simulatorId!, ...row.extraSimulatorIds].map((id) => names.get(id)),
      }));
    }

    async function benchmark(agent: string, ids: string[]): Promise<string> {
      const response = await proctor().call(endpoints.startBenchmark, {
        as: runner,
        body: { testcase_ids: ids, agent, runs: 1, concurrency: 2 },
      });
      expect(response.status, response.body.detail).toBe(200);
      return response.body.batch_id;
    }

    async function verdicts(groupId: string) {
      return proctor()
        .ctx.db.select({
          sessionId: sessions.id,
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
    }

    const ended = (groupId: string) =>
      until(
        async () => {
          const { runGroup } = (
            await proctor().call(endpoints.runGroup, { params: { id: groupId }, as: runner })
          ).body;
          return { finished: runGroup.finished, total: runGroup.total, runs: await verdicts(groupId) };
        },
        ({ finished, total, runs }) =>
          finished && runs.length === total && runs.every((run) => LAST_STATUSES.includes(run.status)),
        `run group ${groupId} to end and be scored`,
        TIMEOUT_MS,
      );

    it('should register every test case across apps in the Proctor Cross-App dataset, under its primary with its extras', async () => {
      const rows = await dataset();
      expect(rows.map((row) => row.key)).toEqual(
        builtInCrossAppTestCases.map((testCase) => crossAppTestCaseKey(testCase.key)),
      );
      expect(rows.map((row) => row.simulators)).toEqual(
        builtInCrossAppTestCases.map((testCase) => [...testCase.simulators]),
      );
      expect(new Set(rows.map((row) => row.set))).toEqual(new Set([CROSS_APP_SET_NAME]));
    });

    it(
      "should check a test case across apps' evaluator health by its reference solution and wrong variant, each app's changes judged",
      async () => {
        const admin = await proctor().actor({ permissions: { is_admin: true, create_test_cases: true } });
        const [first] = await dataset();
        const response = await proctor().call(endpoints.evaluatorHealth, {
          params: { id: first!.publicId },
          as: admin,
        });
        expect(response.status, response.body.detail).toBe(200);
        expect(Object.fromEntries(response.body.health.checks.map((c) => [c.check, c.status]))).toMatchObject(
          {
            reference_passes: 'ok',
            wrong_variant_fails: 'ok',
          },
        );
      },
      TIMEOUT_MS,
    );

    it(
      "should pass the first case of its share of the pairs with the oracle and fail it with the wrong agent, each app's changes judged",
      async () => {
        const rows = await dataset();
        const sample = sampleFor(proctor().database);
        const ids = sample.map(
          (testCase) => rows.find((row) => row.key === crossAppTestCaseKey(testCase.key))!.publicId,
        );
        const [oracle, wrong] = await Promise.all([benchmark('oracle', ids), benchmark('oracle-wrong', ids)]);
        await Promise.all([ended(oracle), ended(wrong)]);
        const solved = await verdicts(oracle);
        const mistaken = await verdicts(wrong);
        expect(solved.map((run) => run.key).sort()).toEqual(
          sample.map((testCase) => crossAppTestCaseKey(testCase.key)).sort(),
        );
        // A failed oracle run says why: the agent's error, logged on its session, besides the verdict.
        const unsolved = await Promise.all(
          solved
            .filter((run) => !run.passed)
            .map(async (run) => ({
              ...run,
              logs: (
                await proctor()
                  .ctx.db.select({ log: sessionLogs.logData })
                  .from(sessionLogs)
                  .where(eq(sessionLogs.sessionId, run.sessionId))
              ).map((row) => row.log),
            })),
        );
        expect(unsolved).toEqual([]);
        expect(mistaken).toHaveLength(sample.length);
        // Failed by its verdict, never by the infrastructure: a wrong run must be scored and judged incorrect.
        expect(mistaken.filter((run) => run.passed || run.badge !== 'fail')).toEqual([]);
      },
      TIMEOUT_MS,
    );
  },
  {
    builtInSimulators: builtInRegistrations().filter(({ simulator }) => spanned.has(simulator.name)),
    builtInCrossAppTestCases: builtInCrossAppRegistrations(),
    // One organization benchmarks here: it may use every slot.
    env: { BROWSER_POOL_SIZE: '2', MAX_ENVIRONMENTS: '4', MAX_ENVIRONMENTS_PER_ORGANIZATION: '4' },
  },
);
