import { type EndpointBody, endpoints } from '@proctor/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';

export const TEST_CASE_SETS_QUERY_KEY = ['testcase-sets'] as const;

/**
 * Public datasets and the organization's own. Refetched whenever the page opens: they list test cases,
 * which other pages change.
 */
export function useTestCaseSets() {
  return useQuery({
    queryKey: TEST_CASE_SETS_QUERY_KEY,
    queryFn: ({ signal }) => call(endpoints.testCaseSets, { signal }),
    select: (response) => response.testCaseSets,
    refetchOnMount: 'always',
  });
}

export type CreateTestCaseSetBody = EndpointBody<typeof endpoints.createTestCaseSet>;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: TEST_CASE_SETS_QUERY_KEY });
}

export function useCreateTestCaseSet() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateTestCaseSetBody) => call(endpoints.createTestCaseSet, { body }),
    onSuccess: refresh,
  });
}

export function useArchiveTestCaseSet() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.archiveTestCaseSet, { params: { id } }),
    onSuccess: refresh,
  });
}

export function useAddTestCasesToSet() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ setId, testCaseIds }: { setId: number; testCaseIds: number[] }) =>
      call(endpoints.addTestCasesToSet, { params: { id: setId }, body: { test_case_ids: testCaseIds } }),
    onSuccess: refresh,
  });
}
