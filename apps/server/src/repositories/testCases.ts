/** Test cases, and which organizations they are assigned to. */
import { type EvaluatorHealth, type TestCaseListQuery, TestCaseMetadata } from '@proctor/contracts';
import { type Executor, organizationTestCases, testCaseSetItems, testCases } from '@proctor/db';
import { and, asc, count, eq, ilike, inArray, isNotNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Viewer } from '../kernel/access/viewer';
import { parseStoredObject } from './storedJson';
import { assignedTestCaseIds, refCondition, testCaseEditable, testCaseVisible } from './visibility';

export type TestCaseRow = typeof testCases.$inferSelect;
export type NewTestCase = typeof testCases.$inferInsert;

/** Stored metadata as the contract reads it; values outside the vocabularies (hand-edited rows) read as unset. */
export const parseTestCaseMetadata = (stored: unknown): Partial<TestCaseMetadata> =>
  parseStoredObject(TestCaseMetadata.partial().loose(), stored);

const withParsedMetadata = (row: TestCaseRow): TestCaseRow => ({
  ...row,
  metadataConfig: parseTestCaseMetadata(row.metadataConfig),
});

/** A test case the viewer may see, not archived, by its public id. */
export async function findVisibleTestCase(
  db: Executor,
  viewer: Viewer,
  publicId: string,
): Promise<TestCaseRow | undefined> {
  const [testCase] = await db
    .select()
    .from(testCases)
    .where(and(eq(testCases.publicId, publicId), eq(testCases.archived, false), testCaseVisible(viewer)));
  return testCase && withParsedMetadata(testCase);
}

/** Organizations the test case is assigned to (assignments not archived). */
export async function listOrganizationIdsAssignedTo(db: Executor, testCaseId: number): Promise<number[]> {
  const rows = await db
    .select({ organizationId: organizationTestCases.organizationId })
    .from(organizationTestCases)
    .where(and(eq(organizationTestCases.testCaseId, testCaseId), eq(organizationTestCases.archived, false)));
  return rows.map((row) => row.organizationId);
}

/** `value` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
const containsPattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the test cases the viewer can see (not archived), by id, with how many match in all. */
export async function listTestCasesPage(
  db: Executor,
  viewer: Viewer,
  query: TestCaseListQuery,
): Promise<{ rows: TestCaseRow[]; total: number }> {
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
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(testCases)
      .where(where)
      .orderBy(asc(testCases.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ total: count() }).from(testCases).where(where),
  ]);
  return { rows: rows.map(withParsedMetadata), total: counted?.total ?? 0 };
}

/** By numeric or public id, among those the viewer can see (archived ones too: sessions still link to them). */
export async function findVisibleTestCaseByRef(
  db: Executor,
  viewer: Viewer,
  ref: string,
): Promise<TestCaseRow | undefined> {
  const [row] = await db
    .select()
    .from(testCases)
    .where(and(refCondition(testCases.id, testCases.publicId, ref), testCaseVisible(viewer)));
  return row && withParsedMetadata(row);
}

export async function findTestCase(db: Executor, id: number): Promise<TestCaseRow | undefined> {
  const [row] = await db.select().from(testCases).where(eq(testCases.id, id));
  return row && withParsedMetadata(row);
}

/** The test cases of `ids` that exist, in no particular order. */
export async function listTestCasesByIds(db: Executor, ids: readonly number[]): Promise<TestCaseRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(testCases)
    .where(inArray(testCases.id, [...ids]));
  return rows.map(withParsedMetadata);
}

/** Those of `ids` the viewer can see; archived ones only when `withArchived`. */
export async function filterVisibleTestCaseIds(
  db: Executor,
  viewer: Viewer,
  ids: readonly number[],
  { withArchived = false } = {},
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: testCases.id })
    .from(testCases)
    .where(
      and(
        inArray(testCases.id, [...ids]),
        withArchived ? undefined : eq(testCases.archived, false),
        testCaseVisible(viewer),
      ),
    );
  return rows.map((row) => row.id);
}

/** Test cases of the simulator; with `spanning`, also those across apps that name it among their other simulators. */
function ofSimulator(simulatorId: number, spanning: boolean): SQL {
  const own = eq(testCases.simulatorId, simulatorId);
  return spanning ? or(own, sql`${simulatorId} = any(${testCases.extraSimulatorIds})`)! : own;
}

/** The simulator's test cases the viewer can see, not archived, by id. */
export async function listVisibleTestCasesOfSimulator(
  db: Executor,
  viewer: Viewer,
  simulatorId: number,
  { spanning = false }: { spanning?: boolean } = {},
): Promise<TestCaseRow[]> {
  const rows = await db
    .select()
    .from(testCases)
    .where(and(ofSimulator(simulatorId, spanning), eq(testCases.archived, false), testCaseVisible(viewer)))
    .orderBy(asc(testCases.id));
  return rows.map(withParsedMetadata);
}

/** Every organization's test cases of the simulator, public ones too, not archived, by id. */
export async function listTestCasesOfSimulator(
  db: Executor,
  simulatorId: number,
  { spanning = false }: { spanning?: boolean } = {},
): Promise<TestCaseRow[]> {
  const rows = await db
    .select()
    .from(testCases)
    .where(and(ofSimulator(simulatorId, spanning), eq(testCases.archived, false)))
    .orderBy(asc(testCases.id));
  return rows.map(withParsedMetadata);
}

export async function insertTestCases(db: Executor, values: NewTestCase[]): Promise<TestCaseRow[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(testCases).values(values).returning();
  return rows.map(withParsedMetadata);
}

/** Undefined when there is no such test case. */
export async function updateTestCaseRow(
  db: Executor,
  id: number,
  values: Partial<NewTestCase>,
): Promise<TestCaseRow | undefined> {
  const [row] = await db.update(testCases).set(values).where(eq(testCases.id, id)).returning();
  return row && withParsedMetadata(row);
}

export async function saveEvaluatorHealth(db: Executor, id: number, health: EvaluatorHealth): Promise<void> {
  await db.update(testCases).set({ evaluatorHealth: health }).where(eq(testCases.id, id));
}

/** Archives those of `ids` the viewer may edit that are not archived yet; how many it archived. */
export async function archiveEditableTestCases(
  db: Executor,
  viewer: Viewer,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const archived = await db
    .update(testCases)
    .set({ archived: true, updatedAt: new Date() })
    .where(and(inArray(testCases.id, [...ids]), eq(testCases.archived, false), testCaseEditable(viewer)))
    .returning({ id: testCases.id });
  return archived.length;
}

/** Advisory lock namespace for blank test case numbering (any constant unique to this use). */
const BLANK_LOCK_NAMESPACE = 7301;

/** Holds the organization's blank numbering until the transaction ends, so two requests never take one number. */
export async function lockBlankNumbering(tx: Executor, organizationId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BLANK_LOCK_NAMESPACE}, ${organizationId})`);
}

/** The next n of the organization's blank_test_{n} names (archived ones count, so names are not reused). */
export async function nextBlankNumber(db: Executor, organizationId: number): Promise<number> {
  const [row] = await db
    .select({
      highest: sql<number | null>`max((substring(${testCases.name} from '^blank_test_([0-9]{1,9})$'))::int)`,
    })
    .from(testCases)
    .where(eq(testCases.organizationId, organizationId));
  return Number(row?.highest ?? 0) + 1;
}

/** The built-in test cases registered under these keys, with the hash of the definition each was written from. */
export async function listBuiltInTestCases(db: Executor, keys: readonly string[]) {
  if (keys.length === 0) return [];
  return db
    .select({ id: testCases.id, builtInKey: testCases.builtInKey, builtInHash: testCases.builtInHash })
    .from(testCases)
    .where(inArray(testCases.builtInKey, [...keys]));
}

/**
 * Archives the built-in test cases whose key starts with `scope.keyPrefix` (of `scope.simulatorId` when given) and
 * is not among `keys`, clearing their hash so that defining them again brings them back; how many it archived. The
 * prefix keeps a simulator's own test cases (`mail/…`) and the test cases across apps stored under it
 * (`cross-app/…`) apart, so registering one never archives the other.
 */
export async function archiveBuiltInTestCasesExcept(
  db: Executor,
  scope: { simulatorId?: number; keyPrefix: string },
  keys: readonly string[],
): Promise<number> {
  const gone = await db
    .update(testCases)
    .set({ archived: true, builtInHash: null, updatedAt: new Date() })
    .where(
      and(
        scope.simulatorId === undefined ? undefined : eq(testCases.simulatorId, scope.simulatorId),
        isNotNull(testCases.builtInKey),
        sql`left(${testCases.builtInKey}, ${scope.keyPrefix.length}) = ${scope.keyPrefix}`,
        eq(testCases.archived, false),
        keys.length ? notInArray(testCases.builtInKey, [...keys]) : undefined,
      ),
    )
    .returning({ id: testCases.id });
  return gone.length;
}

/** The test cases the viewer can see among those public ids (archived ones too), in no particular order. */
export async function listVisibleTestCasesByPublicId(
  db: Executor,
  viewer: Viewer,
  publicIds: readonly string[],
): Promise<TestCaseRow[]> {
  if (publicIds.length === 0) return [];
  const rows = await db
    .select()
    .from(testCases)
    .where(and(inArray(testCases.publicId, [...publicIds]), testCaseVisible(viewer)));
  return rows.map(withParsedMetadata);
}

/** The test cases of a dataset the viewer can see, archived ones left out, in the dataset's order. */
export async function listVisibleTestCasesOfSet(
  db: Executor,
  viewer: Viewer,
  setId: number,
): Promise<TestCaseRow[]> {
  const members = await db
    .select({ testCase: testCases })
    .from(testCaseSetItems)
    .innerJoin(testCases, eq(testCases.id, testCaseSetItems.testCaseId))
    .where(
      and(eq(testCaseSetItems.testCaseSetId, setId), eq(testCases.archived, false), testCaseVisible(viewer)),
    )
    .orderBy(asc(testCaseSetItems.position), asc(testCaseSetItems.testCaseId));
  return members.map((member) => withParsedMetadata(member.testCase));
}
