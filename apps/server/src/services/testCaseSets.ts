import { type CreateTestCaseSetRequest, isIconUrl } from '@proctor/contracts';
import type { Database, Executor } from '@proctor/db';
import { canEditOwned, type Viewer } from '../kernel/access/viewer';
import { forbidden, notFound } from '../kernel/http/errors';
import {
  appendToSet,
  archiveTestCaseSetRow,
  findVisibleTestCaseSet,
  insertTestCaseSet,
  removeFromSet,
  type TestCaseSetRow,
} from '../repositories/testCaseSets';
import { filterVisibleTestCaseIds } from '../repositories/testCases';

/** A dataset the viewer may change: 404 when not theirs and not public, 403 when public and not admin. */
export async function findEditableSet(db: Executor, viewer: Viewer, setId: number): Promise<TestCaseSetRow> {
  const set = await findVisibleTestCaseSet(db, viewer, setId);
  if (!set) throw notFound('Dataset not found');
  if (!canEditOwned(viewer, set.organizationId))
    throw forbidden('Only platform admins can change public datasets');
  return set;
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
): Promise<TestCaseSetRow> {
  const imgUrl = body.icon && isIconUrl(body.icon) ? await keepImage(body.icon) : null;
  return insertTestCaseSet(db, {
    organizationId: viewer.organizationId,
    name: body.name,
    description: body.description,
    icon: body.icon,
    imgUrl,
    createdBy: viewer.userId,
  });
}

export async function archiveTestCaseSet(db: Database, viewer: Viewer, setId: number) {
  const set = await findEditableSet(db, viewer, setId);
  await archiveTestCaseSetRow(db, set.id);
  return { ok: true as const };
}

/** Adds the given test cases the viewer can see; unknown or hidden ids are skipped, as bulk archive does. */
export async function addTestCasesToSet(db: Database, viewer: Viewer, setId: number, testCaseIds: number[]) {
  const set = await findEditableSet(db, viewer, setId);
  const visibleIds = new Set(await filterVisibleTestCaseIds(db, viewer, testCaseIds));
  const added = await appendToSet(
    db,
    set.id,
    [...new Set(testCaseIds)].filter((id) => visibleIds.has(id)),
  );
  return { set, added };
}

export async function removeTestCaseFromSet(
  db: Database,
  viewer: Viewer,
  setId: number,
  testCaseId: number,
): Promise<TestCaseSetRow> {
  const set = await findEditableSet(db, viewer, setId);
  const notInSet = notFound('Test case is not in this dataset');
  const [visible] = await filterVisibleTestCaseIds(db, viewer, [testCaseId], { withArchived: true });
  if (visible === undefined) throw notInSet;
  if (!(await removeFromSet(db, set.id, testCaseId))) throw notInSet;
  return set;
}
