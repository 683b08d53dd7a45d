import { endpoints } from '@proctor/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../api';
import { TEST_CASES_QUERY_KEY } from './useTestCases';

/**
 * Runs a test case's evaluator health check (issue 8 §6). The server keeps the result on the test case, so the
 * test cases are read again: the page's header badge then shows it.
 */
export function useCheckEvaluator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testCaseId: string) => call(endpoints.evaluatorHealth, { params: { id: testCaseId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEST_CASES_QUERY_KEY }),
  });
}
