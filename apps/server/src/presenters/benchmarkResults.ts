import {
  AGENT_FAMILIES,
  agentFamilyOf,
  type BenchmarkSessionsQuery,
  type BenchmarkSessionsResponse,
  type FamilyResults,
  type FamilyTestCaseResult,
  RESULTS_MESSAGES,
  type ResultsResponse,
  successRate,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { z } from 'zod';
import type { MemberPrincipal } from '../kernel/access/principal';
import { type Viewer, viewerOf } from '../kernel/access/viewer';
import { notFound } from '../kernel/http/errors';
import { benchmarkCounts } from '../repositories/sessions';
import { listVisibleSimulatorsByName } from '../repositories/simulators';
import { listSessions } from './sessions';

/** The simulators of these names the viewer can see; the first name that is not one answers 404. */
async function visibleSimulators(db: Database, viewer: Viewer, names: readonly string[]) {
  const rows = await listVisibleSimulatorsByName(db, viewer, names);
  const missing = names.find((name) => !rows.some((row) => row.name === name));
  if (missing !== undefined) throw notFound(RESULTS_MESSAGES.simulatorNotFound(missing));
  return rows;
}

type Counts = Pick<FamilyTestCaseResult, 'total' | 'scored' | 'passed' | 'infrastructureFailures'>;
const COUNT_KEYS = ['total', 'scored', 'passed', 'infrastructureFailures'] as const;

const addCounts = (into: Counts, from: Counts) => {
  for (const key of COUNT_KEYS) into[key] += from[key];
};

const namedRank = (family: string) => {
  const rank = AGENT_FAMILIES.findIndex((named) => named.family === family);
  return rank === -1 ? AGENT_FAMILIES.length : rank;
};

/**
 * Success rates per agent family on the given simulators' test cases (001 §2.9), by the same rules as an
 * agent's own results, over the viewer's organization's sessions (docs/architecture.md, "Results").
 */
export async function benchmarkResults(
  db: Database,
  viewer: Viewer,
  simulatorNames: readonly string[],
): Promise<ResultsResponse> {
  const chosen = await visibleSimulators(db, viewer, simulatorNames);
  const rows = await benchmarkCounts(
    db,
    chosen.map((simulator) => simulator.id),
    viewer.organizationId,
  );

  interface Fold {
    family: string;
    label: string;
    agents: Map<number, string>;
    testCases: Map<number, Omit<FamilyTestCaseResult, 'successRate'>>;
  }
  const families = new Map<string, Fold>();
  for (const row of rows) {
    const { family, label } = agentFamilyOf(row.alias);
    const fold = families.get(family) ?? { family, label, agents: new Map(), testCases: new Map() };
    families.set(family, fold);
    fold.agents.set(row.agentId, row.alias);
    const counts: Counts = {
      total: Number(row.total),
      scored: Number(row.scored),
      passed: Number(row.passed),
      infrastructureFailures: Number(row.infrastructureFailures),
    };
    const existing = fold.testCases.get(row.testCaseId);
    if (existing) addCounts(existing, counts);
    else
      fold.testCases.set(row.testCaseId, {
        testCase: { id: row.testCaseId, publicId: row.testCasePublicId, name: row.testCaseName },
        simulator: { id: row.simulatorId, name: row.simulatorName },
        ...counts,
      });
  }

  const present = (fold: Fold): FamilyResults => {
    const testCaseResults = [...fold.testCases.values()]
      .sort(
        (a, b) =>
          a.simulator.name.localeCompare(b.simulator.name) ||
          a.testCase.name.localeCompare(b.testCase.name) ||
          a.testCase.id - b.testCase.id,
      )
      .map((result) => ({ ...result, successRate: successRate(result.passed, result.scored) }));
    const summary: Counts = { total: 0, scored: 0, passed: 0, infrastructureFailures: 0 };
    for (const result of testCaseResults) addCounts(summary, result);
    return {
      family: fold.family,
      label: fold.label,
      agents: [...fold.agents]
        .map(([id, alias]) => ({ id, alias }))
        .sort((a, b) => a.alias.localeCompare(b.alias) || a.id - b.id),
      summary: { ...summary, successRate: successRate(summary.passed, summary.scored) },
      testCases: testCaseResults,
    };
  };

  return {
    families: [...families.values()]
      .sort(
        (a, b) =>
          namedRank(a.family) - namedRank(b.family) ||
          a.label.localeCompare(b.label) ||
          a.family.localeCompare(b.family),
      )
      .map(present),
  };
}

/**
 * The sessions of GET /api/session/public/benchmarks/{name} (001 §7). Decision: the spec's benchmark name is a
 * simulator's name (the Benchmarks tab belongs to a simulator, and simulators are what /results compares).
 * The rows come from the sessions list (presenters/sessions.ts listSessions) filtered to that simulator
 * (sessions.simulator_id, as the list's simulatorIds filter reads it) and to the viewer's organization, for
 * platform admins too; non-archived, replays only when asked, newest first, at most page_size.
 */
export async function benchmarkSessions(
  db: Database,
  principal: MemberPrincipal,
  simulatorName: string,
  query: z.output<typeof BenchmarkSessionsQuery>,
): Promise<BenchmarkSessionsResponse> {
  const viewer = viewerOf(principal);
  const [simulator] = await visibleSimulators(db, viewer, [simulatorName]);
  const { sessions: rows, totalCount } = await listSessions(db, principal, {
    agentArtifactIds: query.agentArtifactIds,
    statuses: query.statuses,
    includeReplays: query.includeReplays,
    simulatorIds: [simulator!.id],
    // The sessions list lets platform admins read every organization; this fetch is the viewer's own.
    organizationIds: [viewer.organizationId],
    sortBy: 'createdAt',
    sortDirection: 'desc',
    page: 1,
    pageSize: query.page_size,
  });
  return { sessions: rows, totalCount };
}
