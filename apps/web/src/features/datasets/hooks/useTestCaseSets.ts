import { type EndpointBody, endpoints } from '@proctor/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../api';

/**
 * Public datasets and the organization's own. Refetched whenever the page opens: they list test cases,
 * which other pages change.
 */
export function useTestCaseSets() {
  return useEndpointQuery(endpoints.testCaseSets, {
    select: (response) => response.testCaseSets,
    refetchOnMount: 'always',
  });
}

export type CreateTestCaseSetBody = EndpointBody<typeof endpoints.createTestCaseSet>;

const DATASET_READS = [endpoints.testCaseSets];

export function useCreateTestCaseSet() {
  return useEndpointMutation(endpoints.createTestCaseSet, {
    request: (body: CreateTestCaseSetBody) => ({ body }),
    invalidates: DATASET_READS,
  });
}

export function useArchiveTestCaseSet() {
  return useEndpointMutation(endpoints.archiveTestCaseSet, {
    request: (id: number) => ({ params: { id } }),
    invalidates: DATASET_READS,
  });
}

export function useAddTestCasesToSet() {
  return useEndpointMutation(endpoints.addTestCasesToSet, {
    request: ({ setId, testCaseIds }: { setId: number; testCaseIds: number[] }) => ({
      params: { id: setId },
      body: { test_case_ids: testCaseIds },
    }),
    invalidates: DATASET_READS,
  });
}
