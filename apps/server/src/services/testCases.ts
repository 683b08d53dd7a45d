import {
  BLANK_TEST_CASE_PROMPT,
  blankTestCaseName,
  type CreateTestCaseRequest,
  defaultOutputSchema,
  paginate,
  type TestCaseListQuery,
  type UpdateTestCaseRequest,
} from '@proctor/contracts';
import {
  type Database,
  type Executor,
  newPublicId,
  simulators,
  sites,
  testCaseSetItems,
  testCaseSets,
  testCases,
} from '@proctor/db';
import { and, asc, count, eq, ilike, inArray, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import { canEditOwned, canSeeSimulator, type Viewer } from '../kernel/access/viewer';
import { forbidden, notFound } from '../kernel/http/errors';
import { presentTestCases, type TestCaseRow } from '../presenters/testCase';
import {
  assignedTestCaseIds,
  refCondition,
  testCaseEditable,
  testCaseSetVisible,
  testCaseVisible,
} from '../repositories/visibility';
import { keepMaskedSecrets } from '../scoring/testCaseConfig';

const TEST_CASE_NOT_FOUND = 'Test case not found';
/** Advisory lock namespace for blank test case numbering (any constant unique to this use). */
const BLANK_LOCK_NAMESPACE = 7301;

/** `value` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
export const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listTestCases(db: Database, viewer: Viewer, query: TestCaseListQuery) {
  const filters: SQL[] = [eq(testCases.archived, false), testCaseVisible(viewer)];
  if (query.test_case_public_id) filters.push(eq(testCases.publicId, query.test_case_public_id));
  if (query.start_url) filters.push(ilike(testCases.startUrl, containsPattern(query.start_url)));
  if (query.name) filters.push(ilike(testCases.name, containsPattern(query.name)));
  if (query.prompt) filters.push(ilike(testCases.prompt, containsPattern(query.prompt)));
  if (query.simulator_id !== undefined) filters.push(eq(testCases.simulatorId, query.simulator_id));
  if (query.is_sample !== undefined) filters.push(eq(testCases.isSample, query.is_sample));
  if (query.is_assigned !== undefined) {
    const assigned = inArray(testCases.id, assignedTestCaseIds(viewer));
    filters.push(query.is_assigned ? assigned : sql`not ${assigned}`);
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(testCases)
      .where(where)
      .orderBy(asc(testCases.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(testCases).where(where),
  ]);
  const list = await presentTestCases(db, viewer, rows);
  return {
    testcases: list,
    test_cases: list,
    pagination: paginate(query.page, query.page_size, total?.total ?? 0),
  };
}

/** A test case the viewer can see (archived ones included: sessions still link to them), else 404. */
export async function findVisibleTestCase(db: Executor, viewer: Viewer, ref: string): Promise<TestCaseRow> {
  const [row] = await db
    .select()
    .from(testCases)
    .where(and(refCondition(testCases.id, testCases.publicId, ref), testCaseVisible(viewer)));
  if (!row) throw notFound(TEST_CASE_NOT_FOUND);
  return row;
}

/** A test case the viewer may change: 404 when they cannot see it, 403 when they can but may not edit it. */
export async function findEditableTestCase(db: Executor, viewer: Viewer, ref: string): Promise<TestCaseRow> {
  const row = await findVisibleTestCase(db, viewer, ref);
  if (!canEditOwned(viewer, row.organizationId)) {
    throw forbidden(
      row.organizationId === null
        ? 'Only platform admins can change public test cases'
        : 'Only the owning organization can change this test case',
    );
  }
  return row;
}

export async function getTestCase(db: Database, viewer: Viewer, ref: string) {
  const row = await findVisibleTestCase(db, viewer, ref);
  const [testCase] = await presentTestCases(db, viewer, [row]);
  return testCase!;
}

async function requireSimulator(db: Executor, viewer: Viewer, simulatorId: number) {
  const [simulator] = await db
    .select({ id: simulators.id })
    .from(simulators)
    .where(eq(simulators.id, simulatorId));
  if (!simulator || !canSeeSimulator(viewer, simulator.id)) throw notFound('Simulator not found');
}

async function requireSite(db: Executor, viewer: Viewer, siteId: number) {
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(
        eq(sites.id, siteId),
        or(isNull(sites.organizationId), eq(sites.organizationId, viewer.organizationId)),
      ),
    );
  if (!site) throw notFound('Site not found');
}

/** A dataset the viewer may change: 404 when not theirs and not public, 403 when public and not admin. */
export async function findEditableSet(db: Executor, viewer: Viewer, setId: number) {
  const [set] = await db
    .select()
    .from(testCaseSets)
    .where(and(eq(testCaseSets.id, setId), eq(testCaseSets.archived, false), testCaseSetVisible(viewer)));
  if (!set) throw notFound('Dataset not found');
  if (!canEditOwned(viewer, set.organizationId))
    throw forbidden('Only platform admins can change public datasets');
  return set;
}

/** Appends test cases to a dataset after its current last position; ones already in it are kept as they are. */
export async function appendToSet(db: Executor, setId: number, testCaseIds: number[]): Promise<number> {
  if (testCaseIds.length === 0) return 0;
  const [last] = await db
    .select({ position: max(testCaseSetItems.position) })
    .from(testCaseSetItems)
    .where(eq(testCaseSetItems.testCaseSetId, setId));
  const start = (last?.position ?? -1) + 1;
  const inserted = await db
    .insert(testCaseSetItems)
    .values(testCaseIds.map((testCaseId, i) => ({ testCaseSetId: setId, testCaseId, position: start + i })))
    .onConflictDoNothing()
    .returning({ testCaseId: testCaseSetItems.testCaseId });
  return inserted.length;
}

/** The next n of the organization's blank_test_{n} names (archived ones count, so names are not reused). */
async function nextBlankNumber(db: Executor, organizationId: number): Promise<number> {
  const [row] = await db
    .select({
      highest: sql<number | null>`max((substring(${testCases.name} from '^blank_test_([0-9]{1,9})$'))::int)`,
    })
    .from(testCases)
    .where(eq(testCases.organizationId, organizationId));
  return Number(row?.highest ?? 0) + 1;
}

export async function createTestCases(db: Database, viewer: Viewer, body: CreateTestCaseRequest) {
  const rows = await db.transaction(async (tx) => {
    const simulatorId = body.simulatorId!;
    await requireSimulator(tx, viewer, simulatorId);
    const set = body.testCaseSetId ? await findEditableSet(tx, viewer, body.testCaseSetId) : undefined;
    const common = {
      organizationId: viewer.organizationId,
      simulatorId,
      scoringTypes: body.scoringTypes ?? ['mutations'],
      createdBy: viewer.userId,
    };
    let values: (typeof testCases.$inferInsert)[];
    if (body.mode === 'blank') {
      // Serializes blank creation per organization so two requests never hand out the same number.
      await tx.execute(sql`select pg_advisory_xact_lock(${BLANK_LOCK_NAMESPACE}, ${viewer.organizationId})`);
      const first = await nextBlankNumber(tx, viewer.organizationId);
      values = Array.from({ length: body.count! }, (_, i) => ({
        ...common,
        publicId: newPublicId(),
        name: blankTestCaseName(first + i),
        prompt: BLANK_TEST_CASE_PROMPT,
        startUrl: '',
      }));
    } else {
      if (body.siteId) await requireSite(tx, viewer, body.siteId);
      values = [
        {
          ...common,
          publicId: newPublicId(),
          name: body.name!,
          prompt: body.prompt!,
          startUrl: body.startUrl ?? '',
          hint: body.hint || null,
          description: body.description ?? '',
          siteId: body.siteId ?? null,
          outputSchema: body.outputSchema ?? defaultOutputSchema(),
          correctOutputs: body.correctOutputs ?? [],
          simulatorConfig: body.simulatorConfig ?? {},
          defaultScoringConfig: body.defaultScoringConfig ?? {},
        },
      ];
    }
    const created = await tx.insert(testCases).values(values).returning();
    if (set)
      await appendToSet(
        tx,
        set.id,
        created.map((row) => row.id),
      );
    return created;
  });
  return presentTestCases(db, viewer, rows);
}

export async function updateTestCase(db: Database, viewer: Viewer, ref: string, body: UpdateTestCaseRequest) {
  const row = await findEditableTestCase(db, viewer, ref);
  const metadata = { ...row.metadataConfig };
  const metadataFields = {
    goal_type: body.goalType,
    reasoning_level: body.reasoningLevel,
    skills: body.skills,
    capabilities: body.capabilities,
  };
  for (const [key, value] of Object.entries(metadataFields)) if (value !== undefined) metadata[key] = value;
  const [updated] = await db
    .update(testCases)
    .set({
      name: body.name,
      prompt: body.prompt,
      startUrl: body.startUrl,
      hint: body.hint === undefined ? undefined : body.hint || null,
      scoringTypes: body.scoringTypes,
      correctOutputs: body.correctOutputs,
      defaultScoringConfig:
        body.defaultScoringConfig === undefined
          ? undefined
          : keepMaskedSecrets(body.defaultScoringConfig, row.defaultScoringConfig as Record<string, unknown>),
      outputSchema: body.outputSchema === null ? defaultOutputSchema() : body.outputSchema,
      metadataConfig: metadata,
      updatedAt: new Date(),
    })
    .where(eq(testCases.id, row.id))
    .returning();
  const [testCase] = await presentTestCases(db, viewer, [updated!]);
  return testCase!;
}

export async function archiveTestCase(db: Database, viewer: Viewer, ref: string) {
  const row = await findEditableTestCase(db, viewer, ref);
  const [updated] = await db
    .update(testCases)
    .set({ archived: true, updatedAt: new Date() })
    .where(eq(testCases.id, row.id))
    .returning();
  const [testCase] = await presentTestCases(db, viewer, [updated!]);
  return testCase!;
}

/** Archives those of `ids` the viewer may edit; others (unknown, another organization's) are silently skipped. */
export async function bulkArchiveTestCases(db: Database, viewer: Viewer, ids: number[]) {
  const archived = await db
    .update(testCases)
    .set({ archived: true, updatedAt: new Date() })
    .where(and(inArray(testCases.id, ids), eq(testCases.archived, false), testCaseEditable(viewer)))
    .returning({ id: testCases.id });
  return { archived_count: archived.length };
}

/** Platform admins: the test case leaves its organization and is seen by every organization with its simulator. */
export async function makeTestCasePublic(db: Database, viewer: Viewer, ref: string) {
  const row = await findVisibleTestCase(db, viewer, ref);
  const [updated] = await db
    .update(testCases)
    .set({ organizationId: null, updatedAt: new Date() })
    .where(eq(testCases.id, row.id))
    .returning();
  const [testCase] = await presentTestCases(db, viewer, [updated!]);
  return testCase!;
}
