/** Work given to annotator organizations: test cases to record (with where each stands) and simulator work. */
import {
  ANNOTATOR_STAGES,
  type AnnotatorStage,
  type DataCreationStage,
  IN_PROGRESS_SESSION_STATUSES,
  type SessionStatus,
} from '@proctor/contracts';
import {
  annotatorAssignments,
  assignmentProgress,
  type Executor,
  organizations,
  organizationTestCases,
  sessions,
  simulators,
  testCases,
} from '@proctor/db';
import { and, asc, count, desc, eq, inArray, isNotNull, not, type SQL, sql } from 'drizzle-orm';
import { refCondition } from './visibility';

/** Sessions that count as recorded: finished, neither failed nor cancelled, not archived. */
export const NOT_RECORDED: readonly SessionStatus[] = [
  'created',
  'cancelled',
  'run_failed',
  ...IN_PROGRESS_SESSION_STATUSES,
];

/** Which assignments' progress to read: one organization's (and one test case's) when the caller knows. */
interface ProgressScope {
  organizationId?: number;
  testCaseId?: number;
}

const scopeOf = (filter: AssignmentFilter): ProgressScope => ({
  organizationId: filter.assignedTo,
  testCaseId: filter.testCaseId,
});

/**
 * Where the dashboards read each assignment's progress from: `rollup`, the assignment_progress rows a trigger
 * keeps from the sessions (one row per assignment); `sessions`, the same counts grouped from the sessions
 * themselves (what the rollup is checked against, and the benchmark's before figure).
 */
export type ProgressSource = 'rollup' | 'sessions';

/**
 * Each assignment's sessions: those its organization made of its test case that count as recorded, how many
 * of them have a human consensus of pass, and how many still need a person's verdict (no human
 * score yet, or needs_human_scoring: too few to agree on, or a conflict).
 */
function progress(db: Executor, scope: ProgressScope, source: ProgressSource) {
  if (source === 'rollup')
    return db
      .select({
        organizationId: assignmentProgress.organizationId,
        testCaseId: assignmentProgress.testCaseId,
        recorded: sql<number>`${assignmentProgress.recorded}`.as('recorded'),
        passed: sql<number>`${assignmentProgress.passed}`.as('passed'),
        unmarked: sql<number>`${assignmentProgress.unmarked}`.as('unmarked'),
      })
      .from(assignmentProgress)
      .where(
        and(
          scope.organizationId === undefined
            ? undefined
            : eq(assignmentProgress.organizationId, scope.organizationId),
          scope.testCaseId === undefined ? undefined : eq(assignmentProgress.testCaseId, scope.testCaseId),
        ),
      )
      .as('progress');
  return db
    .select({
      organizationId: sessions.organizationId,
      testCaseId: sessions.testCaseId,
      recorded: sql<number>`count(*)::int`.as('recorded'),
      passed: sql<number>`(count(*) filter (where ${sessions.humanConsensus} = 'pass'))::int`.as('passed'),
      unmarked:
        sql<number>`(count(*) filter (where ${sessions.humanScoreCount} = 0 or ${sessions.needsHumanScoring}))::int`.as(
          'unmarked',
        ),
    })
    .from(sessions)
    .where(and(sessionScope(scope), countsAsRecorded))
    .groupBy(sessions.organizationId, sessions.testCaseId)
    .as('progress');
}

type Progress = ReturnType<typeof progress>;

const countsAsRecorded = and(eq(sessions.archived, false), not(inArray(sessions.status, [...NOT_RECORDED])));

const sessionScope = (scope: ProgressScope) =>
  and(
    scope.organizationId === undefined ? undefined : eq(sessions.organizationId, scope.organizationId),
    scope.testCaseId === undefined ? undefined : eq(sessions.testCaseId, scope.testCaseId),
  );

/**
 * Every assignment progress row of an organization (all of them without one), from the rollup or grouped from
 * the sessions: the two must agree (apps/server/test/annotatorRollups.test.ts).
 */
export async function listAssignmentProgress(
  db: Executor,
  source: ProgressSource,
  organizationId?: number,
): Promise<
  { organizationId: number; testCaseId: number; recorded: number; passed: number; unmarked: number }[]
> {
  const p = progress(db, { organizationId }, source);
  const rows = await db
    .select({
      organizationId: p.organizationId,
      testCaseId: p.testCaseId,
      recorded: p.recorded,
      passed: p.passed,
      unmarked: p.unmarked,
    })
    .from(p)
    .where(and(isNotNull(p.organizationId), isNotNull(p.testCaseId)))
    .orderBy(asc(p.organizationId), asc(p.testCaseId));
  return rows.map((row) => ({
    organizationId: Number(row.organizationId),
    testCaseId: Number(row.testCaseId),
    recorded: Number(row.recorded),
    passed: Number(row.passed),
    unmarked: Number(row.unmarked),
  }));
}

/**
 * The viewing person's own recorded and passed sessions of the listed assignments (the recorder's completion
 * rule), read for those rows only; none without a viewer.
 */
async function withViewerCounts<R extends { organizationId: number; testCaseId: number }>(
  db: Executor,
  rows: R[],
  viewerUserId: number | null,
): Promise<(R & { recordedByViewerCount: number; passedByViewerCount: number })[]> {
  const counts = new Map<string, { recorded: number; passed: number }>();
  if (viewerUserId !== null && rows.length > 0) {
    const found = await db
      .select({
        organizationId: sessions.organizationId,
        testCaseId: sessions.testCaseId,
        recorded: count(),
        passed: sql<number>`count(*) filter (where ${sessions.humanConsensus} = 'pass')`.mapWith(Number),
      })
      .from(sessions)
      .where(
        and(
          inArray(sessions.organizationId, [...new Set(rows.map((row) => row.organizationId))]),
          inArray(sessions.testCaseId, [...new Set(rows.map((row) => row.testCaseId))]),
          eq(sessions.userId, viewerUserId),
          countsAsRecorded,
        ),
      )
      .groupBy(sessions.organizationId, sessions.testCaseId);
    for (const row of found)
      counts.set(`${row.organizationId}:${row.testCaseId}`, { recorded: row.recorded, passed: row.passed });
  }
  return rows.map((row) => {
    const own = counts.get(`${row.organizationId}:${row.testCaseId}`);
    return { ...row, recordedByViewerCount: own?.recorded ?? 0, passedByViewerCount: own?.passed ?? 0 };
  });
}

/**
 * The stages of 000 §2.7, decided here and nowhere else. An assignment can need recording and scoring at
 * once; a completed one is only completed.
 */
function stageConditions(p: Progress): Record<AnnotatorStage, SQL> {
  const recorded = sql`coalesce(${p.recorded}, 0)`;
  const passed = sql`coalesce(${p.passed}, 0)`;
  const unmarked = sql`coalesce(${p.unmarked}, 0)`;
  const open = sql`not ${organizationTestCases.completed}`;
  const requested = organizationTestCases.requestedRecordingCount;
  const sample = testCases.isSample;
  return {
    NEEDS_LABELLING: sql`(${open} and ${sample} and ${recorded} > 0)`,
    NEEDS_RECORDING: sql`(${open} and ${recorded} < ${requested} and (not ${sample} or ${recorded} = 0))`,
    NEEDS_SCORING: sql`(${open} and not ${sample} and ${unmarked} > 0 and ${passed} < ${requested})`,
    REVIEW: sql`(${open} and ${passed} >= ${requested})`,
    COMPLETED: sql`${organizationTestCases.completed}`,
  };
}

export interface AssignmentFilter {
  /** The annotator organization doing the work. */
  assignedTo?: number;
  /** The organization owning the test case. */
  testCaseOwnedBy?: number;
  testCaseId?: number;
  simulatorId?: number;
  stage?: AnnotatorStage;
  isSample?: boolean;
}

function assignmentConditions(
  filter: AssignmentFilter,
  stages: Record<AnnotatorStage, SQL>,
): SQL | undefined {
  const where: SQL[] = [eq(organizationTestCases.archived, false), eq(testCases.archived, false)];
  if (filter.assignedTo !== undefined)
    where.push(eq(organizationTestCases.organizationId, filter.assignedTo));
  if (filter.testCaseOwnedBy !== undefined) where.push(eq(testCases.organizationId, filter.testCaseOwnedBy));
  if (filter.testCaseId !== undefined) where.push(eq(organizationTestCases.testCaseId, filter.testCaseId));
  if (filter.simulatorId !== undefined) where.push(eq(testCases.simulatorId, filter.simulatorId));
  if (filter.stage !== undefined) where.push(stages[filter.stage]);
  if (filter.isSample !== undefined) where.push(eq(testCases.isSample, filter.isSample));
  return and(...where);
}

export interface OrganizationAssignmentRow {
  id: number;
  organizationId: number;
  organizationName: string;
  testCaseId: number;
  testCasePublicId: string;
  testCaseName: string;
  isSample: boolean;
  simulatorId: number | null;
  requestedRecordingCount: number;
  completed: boolean;
  createdAt: Date;
  recordedCount: number;
  recordedByViewerCount: number;
  passedCount: number;
  unmarkedCount: number;
  stages: AnnotatorStage[];
}

/** Assigned test cases with their progress and stages, oldest assignment first. */
export async function listOrganizationAssignments(
  db: Executor,
  filter: AssignmentFilter,
  limit: number,
  viewerUserId: number | null = null,
  source: ProgressSource = 'rollup',
): Promise<OrganizationAssignmentRow[]> {
  return withViewerCounts(db, await selectAssignments(db, filter, source).limit(limit), viewerUserId);
}

/** The columns of an assignment row, with the stages' conditions on the same progress subquery. */
function selectAssignments(db: Executor, filter: AssignmentFilter, source: ProgressSource) {
  const p = progress(db, scopeOf(filter), source);
  const stages = stageConditions(p);
  const stageList = sql<AnnotatorStage[]>`array_remove(array[${sql.join(
    ANNOTATOR_STAGES.map((stage) => sql`case when ${stages[stage]} then ${stage} end`),
    sql`, `,
  )}]::text[], null)`;
  return db
    .select({
      id: organizationTestCases.id,
      organizationId: organizationTestCases.organizationId,
      organizationName: organizations.name,
      testCaseId: testCases.id,
      testCasePublicId: testCases.publicId,
      testCaseName: testCases.name,
      isSample: testCases.isSample,
      simulatorId: testCases.simulatorId,
      requestedRecordingCount: organizationTestCases.requestedRecordingCount,
      completed: organizationTestCases.completed,
      createdAt: organizationTestCases.createdAt,
      recordedCount: sql<number>`coalesce(${p.recorded}, 0)`.mapWith(Number),
      passedCount: sql<number>`coalesce(${p.passed}, 0)`.mapWith(Number),
      unmarkedCount: sql<number>`coalesce(${p.unmarked}, 0)`.mapWith(Number),
      stages: stageList,
      testCase: {
        description: testCases.description,
        prompt: testCases.prompt,
        hint: testCases.hint,
        startUrl: testCases.startUrl,
        scoringTypes: testCases.scoringTypes,
        outputSchema: testCases.outputSchema,
      },
      simulator: { name: simulators.name, imgUrl: simulators.imgUrl },
    })
    .from(organizationTestCases)
    .innerJoin(testCases, eq(testCases.id, organizationTestCases.testCaseId))
    .innerJoin(organizations, eq(organizations.id, organizationTestCases.organizationId))
    .leftJoin(simulators, eq(simulators.id, testCases.simulatorId))
    .leftJoin(
      p,
      and(
        eq(p.organizationId, organizationTestCases.organizationId),
        eq(p.testCaseId, organizationTestCases.testCaseId),
      ),
    )
    .where(assignmentConditions(filter, stages))
    .orderBy(asc(organizationTestCases.id));
}

export type OrganizationAssignmentDetailRow = Awaited<ReturnType<typeof selectAssignments>>[number] & {
  recordedByViewerCount: number;
  passedByViewerCount: number;
};

/** One page of assigned test cases, with the test case's details, the viewer's own counts and the total. */
export async function pageOrganizationAssignments(
  db: Executor,
  filter: AssignmentFilter,
  page: { offset: number; limit: number; viewerUserId: number | null },
  source: ProgressSource = 'rollup',
): Promise<{ rows: OrganizationAssignmentDetailRow[]; total: number }> {
  // The page and the total apart: a total riding on the page's rows (a window) would join every matching
  // assignment's test case before the first row of the page comes out; alone, the page stops at its last row
  // and the count joins in bulk.
  const [rows, total] = await Promise.all([
    selectAssignments(db, filter, source)
      .limit(page.limit)
      .offset(page.offset)
      .then((found) => withViewerCounts(db, found, page.viewerUserId)),
    countAssignments(db, filter, source),
  ]);
  return { rows, total };
}

/** How many assignments match the filter, whatever the page. */
async function countAssignments(db: Executor, filter: AssignmentFilter, source: ProgressSource) {
  const p = progress(db, scopeOf(filter), source);
  const [row] = await db
    .select({ total: count() })
    .from(organizationTestCases)
    .innerJoin(testCases, eq(testCases.id, organizationTestCases.testCaseId))
    .leftJoin(
      p,
      and(
        eq(p.organizationId, organizationTestCases.organizationId),
        eq(p.testCaseId, organizationTestCases.testCaseId),
      ),
    )
    .where(assignmentConditions(filter, stageConditions(p)));
  return row?.total ?? 0;
}

/**
 * How many assignments of an organization are in each stage (those of `stages`), in all and per simulator (tab
 * counts): one pass over the assignments with a filtered count per stage.
 */
export async function countOrganizationAssignmentsByStage(
  db: Executor,
  organizationId: number,
  options: { stages?: readonly AnnotatorStage[]; isSample?: boolean; source?: ProgressSource } = {},
): Promise<{ stage: AnnotatorStage; simulatorId: number | null; count: number }[]> {
  const filter: AssignmentFilter = { assignedTo: organizationId, isSample: options.isSample };
  const p = progress(db, scopeOf(filter), options.source ?? 'rollup');
  const stages = stageConditions(p);
  const counted = options.stages ?? ANNOTATOR_STAGES;
  const rows = await db
    .select({
      simulatorId: testCases.simulatorId,
      counts: sql<number[]>`array[${sql.join(
        counted.map((stage) => sql`count(*) filter (where ${stages[stage]})`),
        sql`, `,
      )}]::int[]`,
    })
    .from(organizationTestCases)
    .innerJoin(testCases, eq(testCases.id, organizationTestCases.testCaseId))
    .leftJoin(
      p,
      and(
        eq(p.organizationId, organizationTestCases.organizationId),
        eq(p.testCaseId, organizationTestCases.testCaseId),
      ),
    )
    .where(assignmentConditions(filter, stages))
    .groupBy(testCases.simulatorId);
  return rows.flatMap((row) =>
    counted
      .map((stage, index) => ({ stage, simulatorId: row.simulatorId, count: Number(row.counts[index]) }))
      .filter((entry) => entry.count > 0),
  );
}

/** The organization's assignment of a test case (by numeric or public id); archived ones are not found. */
export async function findOrganizationTestCase(
  db: Executor,
  organizationId: number,
  testCaseRef: string,
): Promise<{ id: number; testCaseId: number } | undefined> {
  const [row] = await db
    .select({ id: organizationTestCases.id, testCaseId: organizationTestCases.testCaseId })
    .from(organizationTestCases)
    .innerJoin(testCases, eq(testCases.id, organizationTestCases.testCaseId))
    .where(
      and(
        eq(organizationTestCases.organizationId, organizationId),
        eq(organizationTestCases.archived, false),
        eq(testCases.archived, false),
        refCondition(testCases.id, testCases.publicId, testCaseRef),
      ),
    );
  return row;
}

export async function updateOrganizationTestCase(
  db: Executor,
  id: number,
  set: { completed?: boolean; archived?: boolean },
): Promise<void> {
  await db.update(organizationTestCases).set(set).where(eq(organizationTestCases.id, id));
}

/**
 * Assigns a test case to organizations, each asked for `requestedRecordingCount` sessions. An organization
 * it was assigned to before gets the new count, and an archived assignment comes back.
 */
export async function upsertOrganizationTestCases(
  db: Executor,
  testCaseId: number,
  organizationIds: readonly number[],
  requestedRecordingCount: number,
): Promise<void> {
  await db
    .insert(organizationTestCases)
    .values(
      organizationIds.map((organizationId) => ({ organizationId, testCaseId, requestedRecordingCount })),
    )
    .onConflictDoUpdate({
      target: [organizationTestCases.organizationId, organizationTestCases.testCaseId],
      set: { requestedRecordingCount, archived: false },
    });
}

export type AnnotatorAssignmentRow = typeof annotatorAssignments.$inferSelect & {
  simulatorName: string | null;
  testCasePublicId: string | null;
  testCaseName: string | null;
};

function selectAnnotatorAssignments(db: Executor, where: SQL | undefined) {
  return db
    .select({
      assignment: annotatorAssignments,
      simulatorName: simulators.name,
      testCasePublicId: testCases.publicId,
      testCaseName: testCases.name,
    })
    .from(annotatorAssignments)
    .leftJoin(simulators, eq(simulators.id, annotatorAssignments.simulatorId))
    .leftJoin(testCases, eq(testCases.id, annotatorAssignments.testCaseId))
    .where(where)
    .orderBy(desc(annotatorAssignments.createdAt), desc(annotatorAssignments.id))
    .then((rows) =>
      rows.map(({ assignment, ...names }): AnnotatorAssignmentRow => ({ ...assignment, ...names })),
    );
}

/** An organization's simulator work, newest first. */
export function listAnnotatorAssignments(
  db: Executor,
  organizationId: number,
  assignmentType?: string,
): Promise<AnnotatorAssignmentRow[]> {
  return selectAnnotatorAssignments(
    db,
    and(
      eq(annotatorAssignments.organizationId, organizationId),
      assignmentType === undefined ? undefined : eq(annotatorAssignments.assignmentType, assignmentType),
    ),
  );
}

export async function findAnnotatorAssignment(
  db: Executor,
  id: number,
): Promise<AnnotatorAssignmentRow | undefined> {
  const [row] = await selectAnnotatorAssignments(db, eq(annotatorAssignments.id, id));
  return row;
}

export async function insertAnnotatorAssignment(
  db: Executor,
  values: typeof annotatorAssignments.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(annotatorAssignments)
    .values(values)
    .returning({ id: annotatorAssignments.id });
  return row!.id;
}

export async function updateAnnotatorAssignmentStage(db: Executor, id: number, stage: DataCreationStage) {
  await db.update(annotatorAssignments).set({ stage }).where(eq(annotatorAssignments.id, id));
}

/** The organizations among `ids` that exist, with whether each is an annotator organization. */
export function findOrganizationsForAssignment(db: Executor, ids: readonly number[]) {
  return db
    .select({ id: organizations.id, isAnnotator: organizations.isAnnotator })
    .from(organizations)
    .where(inArray(organizations.id, [...ids]));
}
