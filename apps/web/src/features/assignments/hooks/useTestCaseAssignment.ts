import { endpoints } from '@proctor/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../api';

/** The organizations a test case can be given to (annotator ones only, 001 §5), each marked if it already is. */
export function useAnnotatorOrganizations(testCaseId: number, enabled: boolean) {
  return useEndpointQuery(endpoints.adminOrganizations, {
    query: { test_case_id: testCaseId },
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

export function useAssignToOrganizations(testCasePublicId: string) {
  return useEndpointMutation(endpoints.assignTestCaseToOrganizations, {
    request: (body: { organization_ids: number[]; requested_recording_count: number }) => ({
      params: { id: testCasePublicId },
      body,
    }),
    invalidates: [endpoints.adminOrganizations, endpoints.organizationAssignments],
  });
}
