import type { TestCaseScoringType, TestCaseSet } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { Viewer } from '../kernel/access/viewer';
import {
  listSetIdsWithMembers,
  listVisibleSetItems,
  type TestCaseSetRow,
} from '../repositories/testCaseSets';

/** Datasets with the test cases the viewer can see in each, in dataset order. */
export async function presentTestCaseSets(
  db: Database,
  viewer: Viewer,
  sets: TestCaseSetRow[],
  { hideUnseenPublic = true } = {},
): Promise<TestCaseSet[]> {
  if (sets.length === 0) return [];
  const setIds = sets.map((set) => set.id);
  const [items, setsWithMembers] = await Promise.all([
    listVisibleSetItems(db, viewer, setIds),
    listSetIdsWithMembers(db, setIds),
  ]);
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

/** One dataset, shown even when it is public and none of its test cases is the viewer's to see. */
export async function presentTestCaseSet(
  db: Database,
  viewer: Viewer,
  set: TestCaseSetRow,
): Promise<TestCaseSet> {
  const [presented] = await presentTestCaseSets(db, viewer, [set], { hideUnseenPublic: false });
  return presented!;
}
