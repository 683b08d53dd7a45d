import { HUMAN_RECORDER_MESSAGES } from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import { notFound } from '../kernel/http/errors';
import { findOrganizationTestCase, updateOrganizationTestCase } from '../repositories/assignments';

/**
 * An organization's own assignment of a test case; a test case not assigned to it (another organization's
 * work included) answers 404, as if absent.
 */
async function requireOwnAssignment(db: Executor, organizationId: number, testCaseRef: string) {
  const assignment = await findOrganizationTestCase(db, organizationId, testCaseRef);
  if (!assignment) throw notFound(HUMAN_RECORDER_MESSAGES.notAssigned);
  return assignment;
}

/** Marks the organization's assignment completed (000 §2.7 Complete); returns the test case's id. */
export async function markOrganizationTestCaseCompleted(
  db: Executor,
  organizationId: number,
  testCaseRef: string,
): Promise<number> {
  const assignment = await requireOwnAssignment(db, organizationId, testCaseRef);
  await updateOrganizationTestCase(db, assignment.id, { completed: true });
  return assignment.testCaseId;
}

/** Takes the test case off the organization's dashboard; assigning it again brings it back. */
export async function archiveOrganizationTestCase(
  db: Executor,
  organizationId: number,
  testCaseId: number,
): Promise<void> {
  const assignment = await requireOwnAssignment(db, organizationId, String(testCaseId));
  await updateOrganizationTestCase(db, assignment.id, { archived: true });
}
