import {
  BUILT_IN_AGENTS,
  type BuiltInAgentKind,
  MAX_RUNS_PER_REQUEST,
  type RunGroup,
  type SessionStatus,
} from '@proctor/contracts';
import { type Database, newPublicId } from '@proctor/db';
import { builtInKindOf, type RunnableSettings, whyNotRunnable } from '../agents/runnable';
import type { Viewer } from '../kernel/access/viewer';
import { badRequest, notFound } from '../kernel/http/errors';
import { type AgentRow, findBuiltInAgent } from '../repositories/agents';
import { hasRecordedSteps } from '../repositories/recordings';
import { insertQueuedRuns, insertRunGroup, QUEUED, RUNNING } from '../repositories/runs';
import { findOrganizationSession } from '../repositories/sessions';
import { listSimulatorSummaries } from '../repositories/simulators';
import { findVisibleTestCaseSet } from '../repositories/testCaseSets';
import {
  findTestCase,
  listVisibleTestCasesByPublicId,
  listVisibleTestCasesOfSet,
  type TestCaseRow,
} from '../repositories/testCases';
import { findAgent } from './agents';

/**
 * Runs (001 §3 Run, §7; issue 9 item 3): what one request asks Proctor to run, as a run group (a row of
 * run_session_batches) and one session per run, made at once with status run_queued so that the sessions list
 * shows every run from the start. The scheduler (jobs/runs.ts) runs them `concurrency` at a time.
 */

/** Runs at once of a dataset's Run All (the spec gives none; the benchmarker's default). */
export const DATASET_RUN_CONCURRENCY = 5;

/**
 * The agent a run names, when Proctor can drive it (agents/drivers.ts): the built-in agents, and dev agents
 * with an endpoint (the step protocol). Any other is refused, with the reason.
 */
export async function findRunnableAgent(
  db: Database,
  organizationId: number,
  ref: string,
  settings: RunnableSettings,
): Promise<AgentRow> {
  const agent = await findAgent(db, organizationId, ref);
  if (agent.archived) throw badRequest(`Agent "${agent.alias}" is archived`);
  const refused = whyNotRunnable(agent, settings);
  if (refused) throw badRequest(refused);
  return agent;
}

/** Why a test case cannot be run by this agent here, or null when it can. */
function refusal(testCase: TestCaseRow, agent: AgentRow, runnableSimulatorIds: Set<number>): string | null {
  if (testCase.archived) return `"${testCase.name}" is archived`;
  if (testCase.simulatorId === null || !runnableSimulatorIds.has(testCase.simulatorId))
    return `"${testCase.name}" has no simulator that runs on this Proctor`;
  if (testCase.extraSimulatorIds.some((id) => !runnableSimulatorIds.has(id)))
    return `"${testCase.name}" spans a simulator that does not run on this Proctor`;
  const kind = builtInKindOf(agent);
  if ((kind === 'oracle' || kind === 'wrong') && !testCase.builtInKey)
    return `"${testCase.name}" is not a built-in test case: ${agent.alias} knows only the built-in test cases' scripts`;
  return null;
}

export interface RunGroupRequest {
  viewer: Viewer;
  kind: RunGroup['kind'];
  name: string;
  agent: AgentRow;
  testCases: TestCaseRow[];
  runs: number;
  concurrency: number;
  version?: string | undefined;
  testCaseSetId?: number | null;
  /** The session a replay re-enacts (one run). */
  replayOfSessionId?: number;
  /** Simulators this Proctor can run (the built-in apps). */
  runnableSimulatorIds: Set<number>;
}

/**
 * The run group and its queued sessions, in one transaction: each test case `runs` times, the first run of
 * every test case before anyone's second (a benchmark stopped half way has covered every test case). 400
 * when one test case cannot be run (the reason said), or when there are too many runs.
 */
export async function createRunGroup(db: Database, request: RunGroupRequest) {
  const { viewer, agent } = request;
  if (request.testCases.length === 0) throw badRequest('There is no test case to run');
  const total = request.testCases.length * request.runs;
  if (total > MAX_RUNS_PER_REQUEST)
    throw badRequest(`That is ${total} runs: at most ${MAX_RUNS_PER_REQUEST} may be started at once`);
  for (const testCase of request.testCases) {
    const reason = refusal(testCase, agent, request.runnableSimulatorIds);
    if (reason) throw badRequest(`Cannot run ${reason}`);
  }
  const simulatorNames = new Map(
    (
      await listSimulatorSummaries(
        db,
        request.testCases.map((testCase) => testCase.simulatorId!),
      )
    ).map((row) => [row.id, row.name]),
  );
  return db.transaction(async (tx) => {
    const group = await insertRunGroup(tx, {
      publicId: newPublicId(),
      organizationId: viewer.organizationId,
      name: request.name,
      kind: request.kind,
      testCaseSetId: request.testCaseSetId ?? null,
      agentArtifactId: agent.id,
      version: request.version ?? null,
      runs: request.runs,
      concurrency: request.concurrency,
      createdBy: viewer.userId,
    });
    const rows = [];
    for (let run = 0; run < request.runs; run += 1) {
      for (const testCase of request.testCases) {
        rows.push({
          publicId: newPublicId(),
          status: 'run_queued' satisfies SessionStatus,
          organizationId: viewer.organizationId,
          userId: viewer.userId,
          agentArtifactId: agent.id,
          simulatorId: testCase.simulatorId,
          testCaseId: testCase.id,
          runSessionBatchId: group.id,
          replayOfSessionId: request.replayOfSessionId ?? null,
          prompt: testCase.prompt,
          simulatorConfig: {
            type: 'app',
            env_id: simulatorNames.get(testCase.simulatorId!) ?? null,
            source: 'run',
            agent_version: request.version ?? agent.alias,
          },
        });
      }
    }
    return { group, sessions: await insertQueuedRuns(tx, rows) };
  });
}

/** A built-in agent's row (made at start). */
export async function builtInAgent(db: Database, kind: BuiltInAgentKind): Promise<AgentRow> {
  const agent = await findBuiltInAgent(db, BUILT_IN_AGENTS[kind].alias);
  if (!agent) throw new Error(`The built-in agent ${kind} is missing`);
  return agent;
}

/**
 * A session of the viewer's organization that the replay agent can re-enact: ended, of a test case, with
 * recorded steps (404 for another organization's or an unknown one; 400 saying why otherwise). A replay of a
 * replay re-enacts the same actions: it is grouped under the original too.
 */
export async function replayableSession(db: Database, viewer: Viewer, publicId: string) {
  const original = await findOrganizationSession(db, viewer.organizationId, publicId);
  if (!original) throw notFound('Session not found');
  if ([...QUEUED, ...RUNNING].includes(original.status as SessionStatus))
    throw badRequest('The session is still running: replay it once it has ended');
  if (original.testCaseId === null) throw badRequest('The session has no test case to replay it against');
  const testCase = await findTestCase(db, original.testCaseId);
  if (!(await hasRecordedSteps(db, original.id)))
    throw badRequest('The session has no recorded steps to replay');
  // The id a replay names: the first recording (a replay of a replay re-enacts the same actions).
  return { session: original, replayOf: original.replayOfSessionId ?? original.id, testCase: testCase! };
}

/** The test cases a viewer named by public id, in the order named; 404 naming the first unknown one. */
export async function visibleTestCasesByPublicId(
  db: Database,
  viewer: Viewer,
  publicIds: readonly string[],
): Promise<TestCaseRow[]> {
  const unique = [...new Set(publicIds)];
  const rows = await listVisibleTestCasesByPublicId(db, viewer, unique);
  const byPublicId = new Map(rows.map((row) => [row.publicId, row]));
  const unknown = unique.find((publicId) => !byPublicId.has(publicId));
  if (unknown) throw notFound(`Test case not found: ${unknown}`);
  return unique.map((publicId) => byPublicId.get(publicId)!);
}

/** A dataset the viewer can see, with the test cases in it they can see (archived ones left out), in order. */
export async function visibleDataset(db: Database, viewer: Viewer, setId: number) {
  const set = await findVisibleTestCaseSet(db, viewer, setId);
  if (!set) throw notFound('Dataset not found');
  return { set, testCases: await listVisibleTestCasesOfSet(db, viewer, set.id) };
}
