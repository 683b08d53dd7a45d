import {
  type MergedMutationsResponse,
  MUTATION_GENERATION_MESSAGES,
  MUTATION_GENERATION_SESSION_LIMIT,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import { generateExpectedMutationsByApp, netMutationsByApp } from '@proctor/scoring';
import type { Viewer } from '../kernel/access/viewer';
import { notFound } from '../kernel/http/errors';
import { recordedMutations } from '../repositories/recordings';
import { listCorrectSessions, listSessionsToCompare } from '../repositories/sessions';
import type { TestCaseRow } from '../repositories/testCases';
import { simulatorFilters, simulatorsOfSession } from '../scoring/filters';

/**
 * Sessions' net mutations side by side (the /mutation-diff viewer): the given sessions the caller may read,
 * or the test case's correct sessions, those generation would read; with the changes not every one of them made.
 */
export async function mergedMutations(
  db: Database,
  viewer: Viewer,
  chosen: { sessionIds?: string[]; testCase?: TestCaseRow },
): Promise<MergedMutationsResponse> {
  const picked = chosen.testCase
    ? await listCorrectSessions(db, viewer, chosen.testCase.id, MUTATION_GENERATION_SESSION_LIMIT)
    : (await listSessionsToCompare(db, chosen.sessionIds ?? [])).filter(
        (row) => viewer.isAdmin || row.organizationId === viewer.organizationId,
      );
  if (picked.length === 0) throw notFound(MUTATION_GENERATION_MESSAGES.noSessions);
  picked.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  const runs = await Promise.all(
    picked.map(async (session) => ({
      sessionId: session.publicId,
      mutations: await recordedMutations(db, session.id),
    })),
  );
  // Sessions across apps: each app's changes through that app's own ignore rules.
  const own = {
    simulatorId: chosen.testCase?.simulatorId ?? picked[0]!.simulatorId,
    defaultScoringConfig: {},
  };
  const filters = {
    simulatorConfig: simulatorFilters(picked[0]!.simulatorConfig),
    simulators: await simulatorsOfSession(
      db,
      own,
      runs.flatMap((run) => run.mutations),
    ),
  };
  return {
    sessions: picked.map((session, index) => ({
      sessionId: session.publicId,
      createdAt: session.createdAt.toISOString(),
      agent: session.agent,
      mutations: netMutationsByApp(runs[index]!.mutations, filters),
    })),
    differential: generateExpectedMutationsByApp(runs, filters).differential,
  };
}
