import { type TestCase, type TestCaseMetadata, TestCaseScoringType } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { Viewer } from '../kernel/access/viewer';
import { listSimulatorSummaries } from '../repositories/simulators';
import { listSiteNames } from '../repositories/sites';
import { testCaseSessionFigures } from '../repositories/testCaseFigures';
import { firstVisibleSetOfTestCases } from '../repositories/testCaseSets';
import type { TestCaseRow } from '../repositories/testCases';
import { maskScoringSecrets } from '../scoring/testCaseConfig';

/** Stored metadata as the API shows it: unset and empty values as null. */
export function presentMetadata(stored: Partial<TestCaseMetadata>): TestCaseMetadata {
  return {
    goal_type: stored.goal_type || null,
    reasoning_level: stored.reasoning_level ?? null,
    skills: stored.skills?.length ? stored.skills : null,
    capabilities: stored.capabilities?.length ? stored.capabilities : null,
  };
}

/** The other simulators a test case spans, those still registered (a deleted one's id is dropped). */
function presentExtraSimulators(
  ids: readonly number[],
  simulatorById: ReadonlyMap<number, TestCase['extraSimulators'][number]>,
): Pick<TestCase, 'extraSimulatorIds' | 'extraSimulators'> {
  const extraSimulators = ids.flatMap((id) => simulatorById.get(id) ?? []);
  return { extraSimulatorIds: extraSimulators.map((simulator) => simulator.id), extraSimulators };
}

/** Test cases as the API shows them, with their simulator, site, first dataset and session figures. */
export async function presentTestCases(
  db: Database,
  viewer: Viewer,
  rows: TestCaseRow[],
): Promise<TestCase[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const simulatorIds = [
    ...new Set(
      rows.flatMap((row) => [
        ...(row.simulatorId === null ? [] : [row.simulatorId]),
        ...row.extraSimulatorIds,
      ]),
    ),
  ];
  const siteIds = [...new Set(rows.flatMap((row) => (row.siteId === null ? [] : [row.siteId])))];
  const [simulatorRows, siteRows, setByTestCase, figures] = await Promise.all([
    listSimulatorSummaries(db, simulatorIds),
    listSiteNames(db, siteIds),
    firstVisibleSetOfTestCases(db, viewer, ids),
    testCaseSessionFigures(db, viewer, ids),
  ]);
  const simulatorById = new Map(simulatorRows.map((s) => [s.id, s]));
  const siteById = new Map(siteRows.map((s) => [s.id, s]));
  return rows.map((row) => {
    const stats = figures.get(row.id);
    const site = row.siteId === null ? undefined : siteById.get(row.siteId);
    const averageSteps = stats?.averageSteps ?? null;
    const averageSeconds = stats?.averageSeconds ?? null;
    return {
      id: row.id,
      publicId: row.publicId,
      name: row.name,
      description: row.description,
      prompt: row.prompt,
      hint: row.hint,
      startUrl: row.startUrl,
      siteId: row.siteId,
      site: site ? { name: site.name } : null,
      testCaseSetId: setByTestCase.get(row.id) ?? null,
      correctOutputs: row.correctOutputs,
      simulatorSessionId: row.simulatorSessionId,
      isSingleStep: row.isSingleStep,
      singleStepReplayIndex: row.singleStepReplayIndex,
      evaluationMode: row.evaluationMode,
      simulatorConfig: row.simulatorConfig,
      // Secrets in the scoring configuration (an API scorer's key) are write-only.
      defaultScoringConfig: maskScoringSecrets(row.defaultScoringConfig),
      scoringTypes: row.scoringTypes.filter(
        (type) => TestCaseScoringType.safeParse(type).success,
      ) as TestCase['scoringTypes'],
      outputSchema: row.outputSchema,
      metadataConfig: presentMetadata(row.metadataConfig),
      averageStepsTaken: averageSteps,
      average_steps_taken: averageSteps,
      averageTimeTaken: averageSeconds,
      average_time_taken: averageSeconds,
      simulatorId: row.simulatorId,
      simulator: (row.simulatorId !== null && simulatorById.get(row.simulatorId)) || null,
      ...presentExtraSimulators(row.extraSimulatorIds, simulatorById),
      lastScoringGenerationResult: row.lastScoringGenerationResult ?? null,
      evaluatorHealth: row.evaluatorHealth ?? null,
      isSample: row.isSample,
      archived: row.archived,
      builtIn: row.builtInKey !== null,
      organization_id: row.organizationId,
      organizationId: row.organizationId,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function presentTestCase(db: Database, viewer: Viewer, row: TestCaseRow): Promise<TestCase> {
  const [testCase] = await presentTestCases(db, viewer, [row]);
  return testCase!;
}
