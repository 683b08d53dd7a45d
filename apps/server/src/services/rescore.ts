import type { RescoreResult, SessionStatus } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { combinedVerdict, type ScoringServices, type SimulatorConfig } from '@proctor/scoring';
import { canSeeSimulator, type Viewer } from '../kernel/access/viewer';
import { notFound } from '../kernel/http/errors';
import type { JobQueue } from '../kernel/queue/queue';
import { sessionIdPages } from '../repositories/sessionScoring';
import { findSimulator } from '../repositories/simulators';
import {
  listTestCasesOfSimulator,
  listVisibleTestCasesOfSimulator,
  type TestCaseRow,
} from '../repositories/testCases';
import { simulatorFilters } from '../scoring/filters';
import { type StoredSessionScoring, scoreStoredSession, scoreTypesOf } from '../scoring/pipeline';

/**
 * Sessions that ended normally, and so were (or could have been) judged: never one still in progress, and never
 * `run_failed`: an infrastructure failure is not judged against the agent.
 */
export const RESCORABLE_SESSION_STATUSES = [
  'run_completed',
  'postprocessing_completed',
  'postprocessing_failed',
  'scoring_completed',
  'scoring_failed',
] as const satisfies readonly SessionStatus[];

/** Sessions read and scored at a time: a simulator's history may be long, memory is not. */
export const RESCORE_PAGE_SIZE = 200;

type TestCaseOutcome = RescoreResult['results'][number];
type Tally = NonNullable<TestCaseOutcome['result']>;

/**
 * Where one session's scoring counts: under errors when any score type could not judge it (with why), else by
 * its combined verdict (as the session's badge reads it); nowhere without one.
 */
type SessionCount = { tally: 'passed' | 'failed' } | { tally: 'errors'; error: string } | { tally: null };

function countOf(scoring: StoredSessionScoring): SessionCount {
  if (scoring.status === 'postprocessing_failed') return { tally: 'errors', error: scoring.error };
  if (scoring.status === 'superseded') return { tally: null };
  for (const outcome of scoring.outcomes)
    if (outcome.status === 'error')
      return {
        tally: 'errors',
        error: `${outcome.type}: ${outcome.error.kind}: ${outcome.error.message}`,
      };
  const verdict = combinedVerdict(
    scoring.outcomes.flatMap((outcome) => (outcome.status === 'scored' ? [outcome.result.correct] : [])),
  );
  return { tally: verdict === null ? null : verdict ? 'passed' : 'failed' };
}

const skipped = (testCase: TestCaseRow, reason: string): TestCaseOutcome => ({
  test_case_id: testCase.id,
  test_case_name: testCase.name,
  status: 'skipped',
  error: null,
  reason,
  result: null,
});

/** Scores again one test case's rescorable sessions that the viewer's organization ran (admins: everyone's). */
async function rescoreTestCase(
  db: Database,
  viewer: Viewer,
  testCase: TestCaseRow,
  simulatorConfig: SimulatorConfig,
  pageSize: number,
  services: ScoringServices,
): Promise<TestCaseOutcome> {
  if (scoreTypesOf(testCase).length === 0)
    return skipped(testCase, 'No scoring is configured for this test case');
  const tally: Tally = { sessions: 0, passed: 0, failed: 0, errors: 0 };
  let firstError: string | undefined;
  const pages = sessionIdPages(
    db,
    {
      statuses: RESCORABLE_SESSION_STATUSES,
      testCaseId: testCase.id,
      notArchived: true,
      ...(viewer.isAdmin ? {} : { organizationId: viewer.organizationId }),
    },
    pageSize,
  );
  for await (const page of pages)
    for (const sessionId of page) {
      tally.sessions += 1;
      let count: SessionCount;
      try {
        count = countOf(await scoreStoredSession(db, { sessionId, testCase, simulatorConfig, services }));
      } catch (error) {
        count = { tally: 'errors', error: (error as Error).message };
      }
      if (count.tally) tally[count.tally] += 1;
      if (count.tally === 'errors') firstError ??= count.error;
    }
  if (tally.sessions === 0) return skipped(testCase, 'No ended sessions to rescore');
  return {
    test_case_id: testCase.id,
    test_case_name: testCase.name,
    status: tally.errors > 0 ? 'error' : 'success',
    // The counts stay with an error: one session that could not be judged says nothing of the others.
    error:
      tally.errors > 0
        ? `${tally.errors} of ${tally.sessions} sessions could not be scored; the first: ${firstError}`
        : null,
    reason: null,
    result: tally,
  };
}

async function visibleSimulator(db: Database, viewer: Viewer, simulatorId: number) {
  const simulator = canSeeSimulator(viewer, simulatorId) ? await findSimulator(db, simulatorId) : undefined;
  if (!simulator) throw notFound('Simulator not found');
  return simulator;
}

/**
 * The rescore route: the simulator is looked up here (404 for one the viewer cannot see), the work is the
 * rescore-simulator job's (`rescoreSimulator`, wherever the queue runs it), and its result is the answer.
 */
export async function requestRescore(
  db: Database,
  queue: JobQueue,
  viewer: Viewer,
  simulatorId: number,
): Promise<RescoreResult> {
  await visibleSimulator(db, viewer, simulatorId);
  const job = await queue.add('rescoreSimulator', { viewer, simulatorId });
  const outcome = await job.finished;
  if (outcome.status === 'failed') throw new Error(`Rescoring did not finish: ${outcome.reason}`);
  return outcome.result;
}

/**
 * Rescore (001 §2.6 Rescore Sessions, §3 Rescore result): judges again, from what is stored for them, the ended,
 * non-archived sessions of the simulator's test cases that the caller's organization ran (platform admins:
 * every organization's), with each test case's scoring as it stands now and the simulator's current filters.
 * Each session gets a new set of automatic score records (the older ones stay as history, human scores are
 * untouched) and ends scoring_completed or scoring_failed. A test case is skipped when it has no scoring or no
 * such session. A simulator the caller cannot see answers 404, as an unknown one.
 */
export async function rescoreSimulator(
  db: Database,
  viewer: Viewer,
  simulatorId: number,
  { pageSize = RESCORE_PAGE_SIZE, services = {} }: { pageSize?: number; services?: ScoringServices } = {},
): Promise<RescoreResult> {
  const simulator = await visibleSimulator(db, viewer, simulatorId);
  // Platform admins rescore every organization's sessions, so every organization's test cases too. Test cases
  // across apps that name this simulator among their others are rescored too (its rules may have changed),
  // each with its own simulator's filters (the other apps' come with the session: storedScoringInput).
  const cases = viewer.isAdmin
    ? await listTestCasesOfSimulator(db, simulator.id, { spanning: true })
    : await listVisibleTestCasesOfSimulator(db, viewer, simulator.id, { spanning: true });
  const results: TestCaseOutcome[] = [];
  for (const testCase of cases) {
    const own =
      testCase.simulatorId === simulator.id || testCase.simulatorId === null
        ? simulator
        : ((await findSimulator(db, testCase.simulatorId)) ?? simulator);
    const simulatorConfig = simulatorFilters(own.config);
    results.push(await rescoreTestCase(db, viewer, testCase, simulatorConfig, pageSize, services));
  }
  const counted = (status: TestCaseOutcome['status']) => results.filter((r) => r.status === status).length;
  return {
    total_test_cases: results.length,
    rescored_count: counted('success'),
    error_count: counted('error'),
    skipped_count: counted('skipped'),
    results,
  };
}
