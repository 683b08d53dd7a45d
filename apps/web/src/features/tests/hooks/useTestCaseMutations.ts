import { type EndpointBody, endpoints } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import { SIMULATORS_QUERY_KEY } from '../../simulators';
import { TEST_CASES_QUERY_KEY } from './useTestCases';

export type CreateTestCasesBody = EndpointBody<typeof endpoints.createTestCases>;
export type UpdateTestCaseBody = EndpointBody<typeof endpoints.updateTestCase>;

/**
 * Simulators show test case counts and lists, so they refresh with the test cases. The datasets page
 * refetches its list whenever it opens, so it needs no call from here.
 */
function useRefreshCatalogue() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TEST_CASES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SIMULATORS_QUERY_KEY }),
    ]);
}

export function useCreateTestCases() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (body: CreateTestCasesBody) => call(endpoints.createTestCases, { body }),
    onSuccess: refresh,
  });
}

export function useUpdateTestCase() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTestCaseBody }) =>
      call(endpoints.updateTestCase, { params: { id: String(id) }, body }),
    onSuccess: refresh,
  });
}

export function useArchiveTestCase() {
  const refresh = useRefreshCatalogue();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.archiveTestCase, { params: { id: String(id) } }),
    onSuccess: refresh,
  });
}
