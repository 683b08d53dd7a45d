import { endpoints } from '@proctor/contracts';
import { useState } from 'react';
import { call, useEndpointMutation, useInvalidateEndpoints } from '../../../api';
import { CATALOGUE_READS } from '../../simulators';

/** Archives the selected test cases in one call; the answer counts those the caller could archive. */
export function useBulkArchiveTestCases() {
  return useEndpointMutation(endpoints.bulkArchiveTestCases, {
    request: (ids: number[]) => ({ body: { test_case_ids: ids } }),
    invalidates: CATALOGUE_READS,
  });
}

/**
 * Makes the selected test cases public (platform admins), one call each as the API offers it, then reads the
 * catalogue again once. Resolves with the first failure, or null when all succeeded.
 */
export function useMakeTestCasesPublic() {
  const invalidate = useInvalidateEndpoints();
  const [pending, setPending] = useState(false);
  const run = async (ids: number[]): Promise<unknown> => {
    setPending(true);
    try {
      const results = await Promise.allSettled(
        ids.map((id) => call(endpoints.makeTestCasePublic, { params: { id: String(id) } })),
      );
      await invalidate(CATALOGUE_READS);
      const failed = results.find((result) => result.status === 'rejected');
      return failed ? failed.reason : null;
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
}
