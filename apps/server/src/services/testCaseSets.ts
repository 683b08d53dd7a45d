import {
  type CreateTestCaseSetRequest,
  isIconUrl,
  type TestCaseScoringType,
  type TestCaseSet,
} from '@proctor/contracts';
import { type Database, simulators, testCaseSetItems, testCaseSets, testCases } from '@proctor/db';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../kernel/access/viewer';
import { notFound } from '../kernel/http/errors';
import { testCaseSetVisible, testCaseVisible } from '../repositories/visibility';
import { appendToSet, findEditableSet } from './testCases';

type SetRow = typeof testCaseSets.$inferSelect;

/** Sets with the test cases the viewer can see in each, in dataset order. */
async function presentSets(
  db: Database,
  viewer: Viewer,
  sets: SetRow[],
  { hideUnseenPublic = true } = {},
): Promise<TestCaseSet[]> {
  if (sets.length === 0) return [];
  const [items, memberCounts] = await Promise.all([
    db
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
          inArray(
            testCaseSetItems.testCaseSetId,
            sets.map((set) => set.id),
          ),
          eq(testCases.archived, false),
          testCaseVisible(viewer),
        ),
      )
      .orderBy(asc(testCaseSetItems.position), asc(testCaseSetItems.testCaseId)),
    db
      .select({ setId: testCaseSetItems.testCaseSetId })
      .from(testCaseSetItems)
      .innerJoin(testCases, eq(testCases.id, testCaseSetItems.testCaseId))
      .where(
        and(
          inArray(
            testCaseSetItems.testCaseSetId,
            sets.map((set) => set.id),
          ),
          eq(testCases.archived, false),
        ),
      ),
  ]);
  const setsWithMembers = new Set(memberCounts.map((row) => row.setId));
  const bySet = new Map<number, TestCaseSet['testCases']>();
  for (const item of items) {
    const list = bySet.get(item.setId) ?? [];
    list.push({
      id: item.id,
      publicId: item.publicId,
      name: item.name,
      startUrl: item.startUrl,
      prompt: item.prompt,
      scoringTypes: item.scoringTypes as TestCaseScoringType[],
      simulator:
        item.simulatorId === null
          ? null
          : { id: item.simulatorId, name: item.simulatorName!, imgUrl: item.simulatorImgUrl },
    });
    bySet.set(item.setId, list);
  }
  return (
    sets
      // A public dataset whose test cases are all outside the viewer's plan says nothing to them: hide it.
      .filter(
        (set) =>
          !hideUnseenPublic ||
          set.organizationId !== null ||
          !setsWithMembers.has(set.id) ||
          bySet.has(set.id),
      )
      .map((set) => ({
        id: set.id,
        name: set.name,
        description: set.description,
        icon: set.icon,
        imgUrl: set.imgUrl,
        organizationId: set.organizationId,
        isBenchmark: set.isBenchmark,
        builtIn: set.builtInKey !== null,
        testCases: bySet.get(set.id) ?? [],
      }))
  );
}

async function presentSet(db: Database, viewer: Viewer, set: SetRow): Promise<TestCaseSet> {
  const [presented] = await presentSets(db, viewer, [set], { hideUnseenPublic: false });
  return presented!;
}

export async function listTestCaseSets(db: Database, viewer: Viewer) {
  const sets = await db
    .select()
    .from(testCaseSets)
    .where(and(eq(testCaseSets.archived, false), testCaseSetVisible(viewer)))
    .orderBy(asc(testCaseSets.id));
  return presentSets(db, viewer, sets);
}

/**
 * A new dataset. An icon given as an image URL is fetched once and kept by Proctor (`keepImage`, 400 when it
 * gives no image), and imgUrl is where Proctor serves it; the icon keeps the URL as it was given.
 */
export async function createTestCaseSet(
  db: Database,
  viewer: Viewer,
  body: CreateTestCaseSetRequest,
  keepImage: (url: string) => Promise<string>,
) {
  const imgUrl = body.icon && isIconUrl(body.icon) ? await keepImage(body.icon) : null;
  const [set] = await db
    .insert(testCaseSets)
    .values({
      organizationId: viewer.organizationId,
      name: body.name,
      description: body.description,
      icon: body.icon,
      imgUrl,
      createdBy: viewer.userId,
    })
    .returning();
  return presentSet(db, viewer, set!);
}

export async function archiveTestCaseSet(db: Database, viewer: Viewer, setId: number) {
  const set = await findEditableSet(db, viewer, setId);
  await db.update(testCaseSets).set({ archived: true }).where(eq(testCaseSets.id, set.id));
  return { ok: true as const };
}

/** Adds the given test cases the viewer can see; unknown or hidden ids are skipped, as bulk archive does. */
export async function addTestCasesToSet(db: Database, viewer: Viewer, setId: number, testCaseIds: number[]) {
  const set = await findEditableSet(db, viewer, setId);
  const visible = await db
    .select({ id: testCases.id })
    .from(testCases)
    .where(and(inArray(testCases.id, testCaseIds), eq(testCases.archived, false), testCaseVisible(viewer)));
  const visibleIds = new Set(visible.map((row) => row.id));
  const added = await appendToSet(
    db,
    set.id,
    [...new Set(testCaseIds)].filter((id) => visibleIds.has(id)),
  );
  return { testCaseSet: await presentSet(db, viewer, set), added_count: added };
}

export async function removeTestCaseFromSet(db: Database, viewer: Viewer, setId: number, testCaseId: number) {
  const set = await findEditableSet(db, viewer, setId);
  const [visible] = await db
    .select({ id: testCases.id })
    .from(testCases)
    .where(and(eq(testCases.id, testCaseId), testCaseVisible(viewer)));
  const notInSet = notFound('Test case is not in this dataset');
  if (!visible) throw notInSet;
  const removed = await db
    .delete(testCaseSetItems)
    .where(and(eq(testCaseSetItems.testCaseSetId, set.id), eq(testCaseSetItems.testCaseId, testCaseId)))
    .returning();
  if (removed.length === 0) throw notInSet;
  return presentSet(db, viewer, set);
}
