import {
  Capability,
  ReasoningLevelSchema,
  Skill,
  type TestCase,
  type TestCaseMetadata,
  TestCaseScoringType,
} from '@proctor/contracts';
import {
  type Database,
  sessionSteps,
  sessions,
  simulators,
  sites,
  testCaseSetItems,
  testCaseSets,
  type testCases,
} from '@proctor/db';
import { and, count, eq, inArray, min, sql } from 'drizzle-orm';
import type { Viewer } from '../kernel/access/viewer';
import { sessionVisible, testCaseSetVisible } from '../repositories/visibility';
import { maskScoringSecrets } from '../scoring/testCaseConfig';

export type TestCaseRow = typeof testCases.$inferSelect;

/** Stored metadata as the API shows it; values outside the vocabularies (hand-edited rows) read as unset. */
export function presentMetadata(stored: Record<string, unknown>): TestCaseMetadata {
  const goal = stored.goal_type;
  const level = ReasoningLevelSchema.safeParse(stored.reasoning_level);
  const skills = Skill.array().safeParse(stored.skills);
  const capabilities = Capability.array().safeParse(stored.capabilities);
  return {
    goal_type: typeof goal === 'string' && goal ? goal : null,
    reasoning_level: level.success ? level.data : null,
    skills: skills.success && skills.data.length ? skills.data : null,
    capabilities: capabilities.success && capabilities.data.length ? capabilities.data : null,
  };
}

export interface SessionFigures {
  sessionCount: number;
  averageSteps: number | null;
  averageSeconds: number | null;
}

/**
 * Per test case: how many sessions the viewer can see, and steps and seconds per finished session
 * (a session's duration when recorded, else ended minus created).
 */
export async function sessionFigures(
  db: Database,
  viewer: Viewer,
  testCaseIds: number[],
): Promise<Map<number, SessionFigures>> {
  const figures = new Map<number, SessionFigures>();
  if (testCaseIds.length === 0) return figures;
  // Joins (not correlated subqueries) so that every column is rendered with its table's name.
  const perSession = db
    .select({
      testCaseId: sessions.testCaseId,
      finished: sql<boolean>`${sessions.endedAt} is not null`.as('finished'),
      steps: count(sessionSteps.id).as('steps'),
      seconds:
        sql<number>`coalesce(${sessions.sessionDuration} * 3600, extract(epoch from ${sessions.endedAt} - ${sessions.createdAt}))`.as(
          'seconds',
        ),
    })
    .from(sessions)
    .leftJoin(sessionSteps, eq(sessionSteps.sessionId, sessions.id))
    .where(and(inArray(sessions.testCaseId, testCaseIds), sessionVisible(viewer)))
    .groupBy(sessions.id)
    .as('per_session');
  const rows = await db
    .select({
      testCaseId: perSession.testCaseId,
      sessionCount: count(),
      averageSteps: sql<
        number | null
      >`avg(${perSession.steps}) filter (where ${perSession.finished})`.mapWith(Number),
      averageSeconds: sql<
        number | null
      >`avg(${perSession.seconds}) filter (where ${perSession.finished})`.mapWith(Number),
    })
    .from(perSession)
    .groupBy(perSession.testCaseId);
  for (const row of rows) {
    if (row.testCaseId === null) continue;
    figures.set(row.testCaseId, {
      sessionCount: row.sessionCount,
      averageSteps: row.averageSteps === null ? null : Math.round(row.averageSteps * 100) / 100,
      averageSeconds: row.averageSeconds === null ? null : Math.round(row.averageSeconds * 100) / 100,
    });
  }
  return figures;
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
    ...new Set(rows.flatMap((row) => (row.simulatorId === null ? [] : [row.simulatorId]))),
  ];
  const siteIds = [...new Set(rows.flatMap((row) => (row.siteId === null ? [] : [row.siteId])))];
  const [simulatorRows, siteRows, setRows, figures] = await Promise.all([
    simulatorIds.length
      ? db
          .select({ id: simulators.id, name: simulators.name, imgUrl: simulators.imgUrl })
          .from(simulators)
          .where(inArray(simulators.id, simulatorIds))
      : [],
    siteIds.length
      ? db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, siteIds))
      : [],
    db
      .select({ testCaseId: testCaseSetItems.testCaseId, setId: min(testCaseSetItems.testCaseSetId) })
      .from(testCaseSetItems)
      .innerJoin(testCaseSets, eq(testCaseSets.id, testCaseSetItems.testCaseSetId))
      .where(
        and(
          inArray(testCaseSetItems.testCaseId, ids),
          eq(testCaseSets.archived, false),
          testCaseSetVisible(viewer),
        ),
      )
      .groupBy(testCaseSetItems.testCaseId),
    sessionFigures(db, viewer, ids),
  ]);
  const simulatorById = new Map(simulatorRows.map((s) => [s.id, s]));
  const siteById = new Map(siteRows.map((s) => [s.id, s]));
  const setByTestCase = new Map(setRows.map((s) => [s.testCaseId, s.setId]));
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
      defaultScoringConfig: maskScoringSecrets(row.defaultScoringConfig as Record<string, unknown>),
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
      lastScoringGenerationResult: row.lastScoringGenerationResult ?? null,
      evaluatorHealth: (row.evaluatorHealth as TestCase['evaluatorHealth']) ?? null,
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
