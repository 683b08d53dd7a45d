import type { AnnotatorAssignment, DataCreationStage, OrganizationAssignment } from '@proctor/contracts';
import type { AnnotatorAssignmentRow, OrganizationAssignmentRow } from '../repositories/assignments';

export function presentOrganizationAssignment(row: OrganizationAssignmentRow): OrganizationAssignment {
  return {
    id: row.id,
    organization: { id: row.organizationId, name: row.organizationName },
    test_case: {
      id: row.testCaseId,
      publicId: row.testCasePublicId,
      name: row.testCaseName,
      isSample: row.isSample,
      simulator_id: row.simulatorId,
    },
    requested_recording_count: row.requestedRecordingCount,
    completed: row.completed,
    recorded_count: row.recordedCount,
    recorded_by_you_count: row.recordedByViewerCount,
    passed_count: row.passedCount,
    unmarked_count: row.unmarkedCount,
    stages: row.stages,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentAnnotatorAssignment(row: AnnotatorAssignmentRow): AnnotatorAssignment {
  return {
    assignment_id: row.id,
    type: row.assignmentType as AnnotatorAssignment['type'],
    stage: row.stage as DataCreationStage,
    organization_id: row.organizationId,
    simulator:
      row.simulatorId !== null && row.simulatorName !== null
        ? { id: row.simulatorId, name: row.simulatorName }
        : null,
    test_case:
      row.testCaseId !== null && row.testCasePublicId !== null && row.testCaseName !== null
        ? { id: row.testCaseId, publicId: row.testCasePublicId, name: row.testCaseName }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}
