import { endpoints } from '@proctor/contracts';
import { useEndpointMutation } from '../../../api';

/**
 * Runs a test case's evaluator health check (issue 8 §6). The server keeps the result on the test case, so the
 * test cases are read again: the page's header badge then shows it.
 */
export function useCheckEvaluator() {
  return useEndpointMutation(endpoints.evaluatorHealth, {
    request: (testCaseId: string) => ({ params: { id: testCaseId } }),
    invalidates: [endpoints.testCases, endpoints.testCase],
  });
}
