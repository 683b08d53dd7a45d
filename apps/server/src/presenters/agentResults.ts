import { type AgentResultsResponse, type AgentTestCaseResult, successRate } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { RunnableSettings } from '../agents/runnable';
import { type AgentRow, agentResultsByTestCase } from '../repositories/agents';
import { passAtK } from '../scoring/passAtK';
import { presentAgent } from './agent';

const COUNTS = [
  'total',
  'scored',
  'passed',
  'infrastructureFailures',
  'needsHumanScoring',
  'humanDisagreements',
] as const;
type Counts = Record<(typeof COUNTS)[number], number>;

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
  const rows = await agentResultsByTestCase(db, agent.id, organizationId);
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
