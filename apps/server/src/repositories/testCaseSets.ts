/** Datasets (test case sets) and their items. */
import { type Executor, simulators, testCaseSetItems, testCaseSets, testCases } from '@proctor/db';
import { and, asc, eq, inArray, isNotNull, max, min, sql } from 'drizzle-orm';
import type { Viewer } from '../kernel/access/viewer';
import { testCaseSetVisible, testCaseVisible } from './visibility';

export type TestCaseSetRow = typeof testCaseSets.$inferSelect;
export type NewTestCaseSet = typeof testCaseSets.$inferInsert;

/** The datasets the viewer can see (their organization's and public ones), not archived, by id. */
export async function listVisibleTestCaseSets(db: Executor, viewer: Viewer): Promise<TestCaseSetRow[]> {
  return db
    .select()
    .from(testCaseSets)
    .where(and(eq(testCaseSets.archived, false), testCaseSetVisible(viewer)))
    .orderBy(asc(testCaseSets.id));
}

/** A dataset the viewer can see, not archived; undefined otherwise. */
export async function findVisibleTestCaseSet(
  db: Executor,
  viewer: Viewer,
  setId: number,
): Promise<TestCaseSetRow | undefined> {
  const [set] = await db
    .select()
    .from(testCaseSets)
    .where(and(eq(testCaseSets.id, setId), eq(testCaseSets.archived, false), testCaseSetVisible(viewer)));
  return set;
}

export async function insertTestCaseSet(db: Executor, values: NewTestCaseSet): Promise<TestCaseSetRow> {
  const [set] = await db.insert(testCaseSets).values(values).returning();
  return set!;
}

export async function archiveTestCaseSetRow(db: Executor, setId: number): Promise<void> {
  await db.update(testCaseSets).set({ archived: true }).where(eq(testCaseSets.id, setId));
}

/** Appends test cases to a dataset after its current last position; ones already in it are kept as they are. */
export async function appendToSet(
  db: Executor,
  setId: number,
  testCaseIds: readonly number[],
): Promise<number> {
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

/** Takes a test case out of a dataset; false when it was not in it. */
export async function removeFromSet(db: Executor, setId: number, testCaseId: number): Promise<boolean> {
  const removed = await db
    .delete(testCaseSetItems)
    .where(and(eq(testCaseSetItems.testCaseSetId, setId), eq(testCaseSetItems.testCaseId, testCaseId)))
    .returning({ testCaseId: testCaseSetItems.testCaseId });
  return removed.length > 0;
}

/** The test cases of the datasets that the viewer can see, not archived, in dataset order, with their simulator. */
export async function listVisibleSetItems(db: Executor, viewer: Viewer, setIds: readonly number[]) {
  if (setIds.length === 0) return [];
  return db
    .select({
      setId: testCaseSetItems.testCaseSetId,
      id: testCases.id,
      publicId: testCases.publicId,
      name: testCases.name,
      startUrl: testCases.startUrl,
      prompt: testCases.prompt,
      scoringTypes: testCases.scoringTypes,
      simulatorId: simulators.id,
      simulatorName: simulators.name,
      simulatorImgUrl: simulators.imgUrl,
    })
    .from(testCaseSetItems)
    .innerJoin(testCases, eq(testCases.id, testCaseSetItems.testCaseId))
    .leftJoin(simulators, eq(simulators.id, testCases.simulatorId))
    .where(
      and(
        inArray(testCaseSetItems.testCaseSetId, [...setIds]),
        eq(testCases.archived, false),
        testCaseVisible(viewer),
      ),
    )
    .orderBy(asc(testCaseSetItems.position), asc(testCaseSetItems.testCaseId));
}

/** Those of the datasets that hold a test case not archived, whoever may see it. */
export async function listSetIdsWithMembers(db: Executor, setIds: readonly number[]): Promise<Set<number>> {
  if (setIds.length === 0) return new Set();
  const rows = await db
    .select({ setId: testCaseSetItems.testCaseSetId })
    .from(testCaseSetItems)
    .innerJoin(testCases, eq(testCases.id, testCaseSetItems.testCaseId))
    .where(and(inArray(testCaseSetItems.testCaseSetId, [...setIds]), eq(testCases.archived, false)));
  return new Set(rows.map((row) => row.setId));
}

/** Per test case, the first dataset (by id) holding it of those the viewer can see, not archived. */
export async function firstVisibleSetOfTestCases(
  db: Executor,
  viewer: Viewer,
  testCaseIds: readonly number[],
): Promise<Map<number, number | null>> {
  if (testCaseIds.length === 0) return new Map();
  const rows = await db
    .select({ testCaseId: testCaseSetItems.testCaseId, setId: min(testCaseSetItems.testCaseSetId) })
    .from(testCaseSetItems)
    .innerJoin(testCaseSets, eq(testCaseSets.id, testCaseSetItems.testCaseSetId))
    .where(
      and(
        inArray(testCaseSetItems.testCaseId, [...testCaseIds]),
        eq(testCaseSets.archived, false),
        testCaseSetVisible(viewer),
      ),
    )
    .groupBy(testCaseSetItems.testCaseId);
  return new Map(rows.map((row) => [row.testCaseId, row.setId]));
}

/** What registration keeps of a dataset it owns. */
export type BuiltInSetValues = Pick<
  NewTestCaseSet,
  'name' | 'description' | 'icon' | 'imgUrl' | 'isBenchmark'
>;

/** Creates, or updates, the public dataset registered under `key` (its archiving stays as it is); its id. */
export async function upsertBuiltInSet(db: Executor, key: string, values: BuiltInSetValues): Promise<number> {
  const [row] = await db
    .insert(testCaseSets)
    .values({ ...values, builtInKey: key, organizationId: null })
    .onConflictDoUpdate({ target: testCaseSets.builtInKey, set: values })
    .returning({ id: testCaseSets.id });
  return row!.id;
}

/** The built-in test cases in a dataset (the ones registration places). */
export async function listBuiltInSetItemIds(db: Executor, setId: number): Promise<number[]> {
  const rows = await db
    .select({ testCaseId: testCaseSetItems.testCaseId })
    .from(testCaseSetItems)
    .innerJoin(testCases, eq(testCases.id, testCaseSetItems.testCaseId))
    .where(and(eq(testCaseSetItems.testCaseSetId, setId), isNotNull(testCases.builtInKey)));
  return rows.map((row) => row.testCaseId);
}

export async function removeSetItems(
  db: Executor,
  setId: number,
  testCaseIds: readonly number[],
): Promise<void> {
  if (testCaseIds.length === 0) return;
  await db
    .delete(testCaseSetItems)
    .where(
      and(eq(testCaseSetItems.testCaseSetId, setId), inArray(testCaseSetItems.testCaseId, [...testCaseIds])),
    );
}

/** Puts the test cases in the dataset at the positions of their order, moving the ones already in it. */
export async function placeSetItems(
  db: Executor,
  setId: number,
  testCaseIds: readonly number[],
): Promise<void> {
  if (testCaseIds.length === 0) return;
  await db
    .insert(testCaseSetItems)
    .values(testCaseIds.map((testCaseId, position) => ({ testCaseSetId: setId, testCaseId, position })))
    .onConflictDoUpdate({
      target: [testCaseSetItems.testCaseSetId, testCaseSetItems.testCaseId],
      set: { position: sql`excluded.position` },
    });
}
