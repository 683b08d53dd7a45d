import {
  type AgentResultsResponse,
  type AgentTestCaseResult,
  type SessionStatus,
  successRate,
} from '@proctor/contracts';
import { type Database, sessions, simulators, testCases } from '@proctor/db';
import { and, asc, eq, inArray, isNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import type { AgentRow, RunnableSettings } from '../agents/runnable';
import { passAtK } from '../scoring/passAtK';
import { presentAgent } from '../services/agents';

/**
 * Sessions that ended because Proctor failed (the run, its post-processing or its scoring), not the agent:
 * counted apart, never against the agent.
 */
export const INFRASTRUCTURE_FAILURE_STATUSES = [
  'run_failed',
  'postprocessing_failed',
  'scoring_failed',
] as const satisfies readonly SessionStatus[];

export const infrastructureFailure = inArray(sessions.status, [...INFRASTRUCTURE_FAILURE_STATUSES]);
/**
 * A session counts as scored when it has a verdict — an automatic badge, or a clear human consensus (pass or
 * fail) — unless the system auto-marked it incorrect (left out of success rates, 001 §4.3) or it is an
 * infrastructure failure.
 */
export const scored = and(
  or(ne(sessions.scoringBadge, 'none'), inArray(sessions.humanConsensus, ['pass', 'fail'])),
  eq(sessions.autoMarkedIncorrect, false),
  not(infrastructureFailure),
)!;

const COUNTS = [
  'total',
  'scored',
  'passed',
  'infrastructureFailures',
  'needsHumanScoring',
  'humanDisagreements',
] as const;
type Counts = Record<(typeof COUNTS)[number], number>;

/** Rows for which `condition` holds, as an integer. */
export const countWhere = (condition: SQL | undefined) =>
  sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * An agent's results per test case (001 §2.8 By Test Case), from the classification stored on its sessions, in
 * one grouped query; what counts as scored, passed and an infrastructure failure: docs/architecture.md, "Results".
 */
export async function agentResults(
  db: Database,
  agent: AgentRow,
  /** Whose sessions: the reader's organization (a built-in agent's sessions are every organization's). */
  organizationId: number,
  settings: RunnableSettings,
): Promise<AgentResultsResponse> {
  const rows = await db
    .select({
      testCaseId: sessions.testCaseId,
      testCasePublicId: testCases.publicId,
      testCaseName: testCases.name,
      simulatorId: simulators.id,
      simulatorName: simulators.name,
      total: sql<number>`count(*)::int`,
      scored: countWhere(scored),
      passed: countWhere(and(scored, eq(sessions.passed, true))!),
      infrastructureFailures: countWhere(infrastructureFailure),
      needsHumanScoring: countWhere(eq(sessions.needsHumanScoring, true)),
      humanDisagreements: countWhere(eq(sessions.humanDisagreement, true)),
    })
    .from(sessions)
    .leftJoin(testCases, eq(testCases.id, sessions.testCaseId))
    .leftJoin(simulators, eq(simulators.id, testCases.simulatorId))
    .where(
      and(
        eq(sessions.agentArtifactId, agent.id),
        eq(sessions.organizationId, organizationId),
        eq(sessions.archived, false),
        isNull(sessions.replayOfSessionId),
      ),
    )
    .groupBy(sessions.testCaseId, testCases.publicId, testCases.name, simulators.id, simulators.name)
    .orderBy(sql`${testCases.name} asc nulls last`, asc(sessions.testCaseId));

  const testCaseResults: AgentTestCaseResult[] = rows.map((row) => {
    const counts = Object.fromEntries(COUNTS.map((key) => [key, Number(row[key])])) as Counts;
    return {
      testCase:
        row.testCaseId !== null && row.testCasePublicId !== null && row.testCaseName !== null
          ? { id: row.testCaseId, publicId: row.testCasePublicId, name: row.testCaseName }
          : null,
      simulator:
        row.simulatorId !== null && row.simulatorName !== null
          ? { id: row.simulatorId, name: row.simulatorName }
          : null,
      ...counts,
      successRate: successRate(counts.passed, counts.scored),
      ...passAtK(counts.scored, counts.passed),
    };
  });

  const summary = Object.fromEntries(
    COUNTS.map((key) => [key, testCaseResults.reduce((total, result) => total + result[key], 0)]),
  ) as Counts;
  return {
    agent: presentAgent(agent, settings),
    summary: { ...summary, successRate: successRate(summary.passed, summary.scored) },
    testCases: testCaseResults,
  };
}
