import { endpoints } from '@proctor/contracts';
import { useEndpointMutationEach, useEndpointQuery } from '../../../api';

/**
 * The organizations work can be given to (annotator ones only, 001 §5); with a test case, each is marked if it
 * already has it.
 */
export function useAnnotatorOrganizations(testCaseId: number | undefined, enabled: boolean) {
  return useEndpointQuery(endpoints.adminOrganizations, {
    query: testCaseId === undefined ? {} : { test_case_id: testCaseId },
    enabled,
    select: (data) => data.organizations.filter((organization) => organization.isAnnotator),
  });
}

/** Who was asked to record the test case, with how far each has got. */
export function useTestCaseAssignments(testCaseId: number, enabled: boolean) {
  return useEndpointQuery(endpoints.organizationAssignments, {
    query: { test_case_id: testCaseId },
    enabled,
  });
}

export interface TestCaseAssignment {
  testCasePublicId: string;
  organization_ids: number[];
  requested_recording_count: number;
}

/** Gives test cases to organizations, one call a test case (the API assigns one at a time). */
export function useAssignToOrganizations() {
  return useEndpointMutationEach(endpoints.assignTestCaseToOrganizations, {
    request: ({ testCasePublicId, ...body }: TestCaseAssignment) => ({
      params: { id: testCasePublicId },
      body,
    }),
    invalidates: [endpoints.adminOrganizations, endpoints.organizationAssignments],
  });
}

/** Gives a simulator to annotator organizations for data creation (000 §2.9), one assignment each. */
export function useAssignSimulatorForDataCreation(simulatorId: number) {
  return useEndpointMutationEach(endpoints.createAnnotatorAssignment, {
    request: (organizationId: number) => ({
      body: {
        assignment_type: 'data_creation' as const,
        stage: 'needs_data_creation' as const,
        organization_id: organizationId,
        simulator_id: simulatorId,
      },
    }),
    invalidates: [endpoints.annotatorAssignments],
  });
}
