import { endpoints } from '@proctor/contracts';
import { useEndpointMutation, useEndpointMutationEach } from '../../../api';
import { CATALOGUE_READS } from '../../simulators';

/** Archives the selected test cases in one call; the answer counts those the caller could archive. */
export function useBulkArchiveTestCases() {
  return useEndpointMutation(endpoints.bulkArchiveTestCases, {
    request: (ids: number[]) => ({ body: { test_case_ids: ids } }),
    invalidates: CATALOGUE_READS,
  });
}

/** Makes the selected test cases public (platform admins), one call each as the API offers it. */
export function useMakeTestCasesPublic() {
  return useEndpointMutationEach(endpoints.makeTestCasePublic, {
    request: (id: number) => ({ params: { id: String(id) } }),
    invalidates: CATALOGUE_READS,
  });
}
