import {
  BUILT_IN_AGENTS,
  type BuiltInAgentKind,
  MAX_RUNS_PER_REQUEST,
  type RunGroup,
  type SessionStatus,
} from '@proctor/contracts';
import {
  agentArtifacts,
  type Database,
  newPublicId,
  runSessionBatches,
  sessionSteps,
  sessions,
  simulators,
  testCaseSetItems,
  testCaseSets,
  testCases,
} from '@proctor/db';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AgentRow, builtInKindOf, type RunnableSettings, whyNotRunnable } from '../agents/runnable';
import type { Viewer } from '../kernel/access/viewer';
import { badRequest, notFound } from '../kernel/http/errors';
import { countWhere, infrastructureFailure, scored } from '../presenters/agentResults';
import { testCaseSetVisible, testCaseVisible } from '../repositories/visibility';
import { findAgent } from './agents';

/**
 * Runs (001 §3 Run, §7; issue 9 item 3): what one request asks Proctor to run, as a run group (a row of
 * run_session_batches) and one session per run, made at once with status run_queued so that the sessions list
 * shows every run from the start. The scheduler (jobs/runs.ts) runs them `concurrency` at a time.
 */

type TestCaseRow = typeof testCases.$inferSelect;
export type RunGroupRow = typeof runSessionBatches.$inferSelect;

export const RUN_GROUP_NOT_FOUND = 'Run group not found';
/** Runs at once of a dataset's Run All (the spec gives none; the benchmarker's default). */
export const DATASET_RUN_CONCURRENCY = 5;

/** A run waiting for its job, and one whose job is under way (jobs/runs.ts claims and fails runs by these). */
export const QUEUED: SessionStatus[] = ['run_queued'];
export const RUNNING: SessionStatus[] = ['run_started', 'run_setup_completed'];

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
      await db
        .select({ id: simulators.id, name: simulators.name })
        .from(simulators)
        .where(
          inArray(
            simulators.id,
            request.testCases.map((testCase) => testCase.simulatorId!),
          ),
        )
    ).map((row) => [row.id, row.name]),
  );
  return db.transaction(async (tx) => {
    const [group] = await tx
      .insert(runSessionBatches)
      .values({
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
      })
      .returning();
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
          runSessionBatchId: group!.id,
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
    const made: { id: number; publicId: string }[] = [];
    // Bounded statements: a benchmark of thousands of runs is a few inserts, not one huge one.
    for (let start = 0; start < rows.length; start += 500)
      made.push(
        ...(await tx
          .insert(sessions)
          .values(rows.slice(start, start + 500))
          .returning({ id: sessions.id, publicId: sessions.publicId })),
      );
    return { group: group!, sessions: made };
  });
}

/** A built-in agent's row (made at start). */
export async function builtInAgent(db: Database, kind: BuiltInAgentKind): Promise<AgentRow> {
  const [agent] = await db
    .select()
    .from(agentArtifacts)
    .where(and(isNull(agentArtifacts.organizationId), eq(agentArtifacts.alias, BUILT_IN_AGENTS[kind].alias)));
  if (!agent) throw new Error(`The built-in agent ${kind} is missing`);
  return agent;
}

/**
 * A session of the viewer's organization that the replay agent can re-enact: ended, of a test case, with
 * recorded steps (404 for another organization's or an unknown one; 400 saying why otherwise). A replay of a
 * replay re-enacts the same actions: it is grouped under the original too.
 */
export async function replayableSession(db: Database, viewer: Viewer, publicId: string) {
  const [original] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.publicId, publicId), eq(sessions.organizationId, viewer.organizationId)));
  if (!original) throw notFound('Session not found');
  if ([...QUEUED, ...RUNNING].includes(original.status as SessionStatus))
    throw badRequest('The session is still running: replay it once it has ended');
  if (original.testCaseId === null) throw badRequest('The session has no test case to replay it against');
  const [testCase] = await db.select().from(testCases).where(eq(testCases.id, original.testCaseId));
  const [step] = await db
    .select({ id: sessionSteps.id })
    .from(sessionSteps)
    .where(eq(sessionSteps.sessionId, original.id))
    .limit(1);
  if (!step) throw badRequest('The session has no recorded steps to replay');
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
  const rows = await db
    .select()
    .from(testCases)
    .where(and(inArray(testCases.publicId, unique), testCaseVisible(viewer)));
  const byPublicId = new Map(rows.map((row) => [row.publicId, row]));
  const unknown = unique.find((publicId) => !byPublicId.has(publicId));
  if (unknown) throw notFound(`Test case not found: ${unknown}`);
  return unique.map((publicId) => byPublicId.get(publicId)!);
}

/** A dataset the viewer can see, with the test cases in it they can see (archived ones left out), in order. */
export async function visibleDataset(db: Database, viewer: Viewer, setId: number) {
  const [set] = await db
    .select()
    .from(testCaseSets)
    .where(and(eq(testCaseSets.id, setId), eq(testCaseSets.archived, false), testCaseSetVisible(viewer)));
  if (!set) throw notFound('Dataset not found');
  const members = await db
    .select({ testCase: testCases })
    .from(testCaseSetItems)
    .innerJoin(testCases, eq(testCases.id, testCaseSetItems.testCaseId))
    .where(
      and(eq(testCaseSetItems.testCaseSetId, set.id), eq(testCases.archived, false), testCaseVisible(viewer)),
    )
    .orderBy(asc(testCaseSetItems.position), asc(testCaseSetItems.testCaseId));
  return { set, testCases: members.map((member) => member.testCase) };
}

/** A run group of the viewer's organization with its progress (platform admins: any); 404 otherwise. */
export async function runGroupView(db: Database, viewer: Viewer, publicId: string): Promise<RunGroup> {
  const [group] = await db
    .select()
    .from(runSessionBatches)
    .where(
      and(
        eq(runSessionBatches.publicId, publicId),
        viewer.isAdmin ? undefined : eq(runSessionBatches.organizationId, viewer.organizationId),
      ),
    );
  if (!group) throw notFound(RUN_GROUP_NOT_FOUND);
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      queued: countWhere(inArray(sessions.status, QUEUED)),
      running: countWhere(inArray(sessions.status, RUNNING)),
      failed: countWhere(infrastructureFailure),
      scored: countWhere(scored),
      passed: countWhere(and(scored, eq(sessions.passed, true))),
    })
    .from(sessions)
    .where(eq(sessions.runSessionBatchId, group.id));
  const [agent] = group.agentArtifactId
    ? await db
        .select({ id: agentArtifacts.id, alias: agentArtifacts.alias })
        .from(agentArtifacts)
        .where(eq(agentArtifacts.id, group.agentArtifactId))
    : [];
  const total = Number(counts?.total ?? 0);
  const queued = Number(counts?.queued ?? 0);
  const running = Number(counts?.running ?? 0);
  const failed = Number(counts?.failed ?? 0);
  return {
    id: group.publicId,
    name: group.name,
    kind: group.kind as RunGroup['kind'],
    agent: agent ?? null,
    version: group.version,
    runs: group.runs,
    concurrency: group.concurrency,
    total,
    queued,
    running,
    completed: total - queued - running - failed,
    failed,
    scored: Number(counts?.scored ?? 0),
    passed: Number(counts?.passed ?? 0),
    finished: group.finishedAt !== null,
    createdAt: group.createdAt.toISOString(),
  };
}
