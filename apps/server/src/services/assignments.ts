import type {
  AssignToOrganizationsRequest,
  CreateAnnotatorAssignmentRequest,
  DataCreationStage,
} from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import type { z } from 'zod';
import type { Viewer } from '../kernel/access/viewer';
import { badRequest, notFound } from '../kernel/http/errors';
import {
  type AnnotatorAssignmentRow,
  findAnnotatorAssignment,
  findOrganizationsForAssignment,
  insertAnnotatorAssignment,
  updateAnnotatorAssignmentStage,
  upsertOrganizationTestCases,
} from '../repositories/assignments';
import { findSimulator } from '../repositories/simulators';
import { findVisibleTestCase } from './testCases';

export const ASSIGNMENT_NOT_FOUND = 'Assignment not found';

/** Work goes to annotator organizations only (001 §5: only those are offered). */
async function requireAnnotatorOrganizations(db: Executor, ids: readonly number[]): Promise<void> {
  const found = await findOrganizationsForAssignment(db, ids);
  const missing = ids.filter((id) => !found.some((org) => org.id === id));
  if (missing.length > 0) throw notFound(`Organization not found: ${missing.join(', ')}`);
  const notAnnotators = found.filter((org) => !org.isAnnotator).map((org) => org.id);
  if (notAnnotators.length > 0)
    throw badRequest(`Not an annotator organization: ${notAnnotators.join(', ')}`);
}

/** Asks annotator organizations to record a test case the viewer can see; returns the test case's id. */
export async function assignTestCaseToOrganizations(
  db: Executor,
  viewer: Viewer,
  ref: string,
  body: AssignToOrganizationsRequest,
): Promise<number> {
  const testCase = await findVisibleTestCase(db, viewer, ref);
  await requireAnnotatorOrganizations(db, body.organization_ids);
  await upsertOrganizationTestCases(db, testCase.id, body.organization_ids, body.requested_recording_count);
  return testCase.id;
}

export async function createAnnotatorAssignment(
  db: Executor,
  body: z.output<typeof CreateAnnotatorAssignmentRequest>,
): Promise<AnnotatorAssignmentRow> {
  await requireAnnotatorOrganizations(db, [body.organization_id]);
  if (!(await findSimulator(db, body.simulator_id))) throw notFound('Simulator not found');
  const id = await insertAnnotatorAssignment(db, {
    organizationId: body.organization_id,
    assignmentType: body.assignment_type,
    stage: body.stage,
    simulatorId: body.simulator_id,
  });
  return (await findAnnotatorAssignment(db, id))!;
}

/** Moves one of the organization's own assignments; another organization's answers 404, as if absent. */
export async function moveAnnotatorAssignment(
  db: Executor,
  organizationId: number,
  id: number,
  stage: DataCreationStage,
): Promise<AnnotatorAssignmentRow> {
  const row = await findAnnotatorAssignment(db, id);
  if (!row || row.organizationId !== organizationId) throw notFound(ASSIGNMENT_NOT_FOUND);
  await updateAnnotatorAssignmentStage(db, id, stage);
  return { ...row, stage };
}
