import { endpoints, TEST_REPORT_MESSAGES, type TestReport } from '@proctor/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  endpointQueryKey,
  errorDetail,
  fetchBlob,
  saveBlob,
  useEndpointMutation,
  useEndpointQuery,
} from '../../../api';
import { notify } from '../../../components/notify';

export function useTestReports(enabled: boolean) {
  return useEndpointQuery(endpoints.testReports, { enabled });
}

/** The completed test runs a report can be made over. */
export function useCompletedTestRuns(enabled: boolean) {
  return useEndpointQuery(endpoints.adminTestRunDumps, {
    enabled,
    select: (data) => data.dumps.filter((dump) => dump.status === 'completed'),
  });
}

export function useCreateTestReport() {
  return useEndpointMutation(endpoints.createTestReport, {
    request: (body: { test_run_id: string; name?: string; template?: string }) => ({ body }),
    invalidates: [endpoints.testReports],
  });
}

/** A report's HTML, read with the bearer token (a frame cannot send it), for a sandboxed frame's srcdoc. */
export function useTestReportHtml(report: TestReport | null) {
  const address = report?.content_url ?? '';
  return useQuery({
    queryKey: endpointQueryKey({ method: 'GET', path: address }),
    queryFn: async ({ signal }) => (await fetchBlob(address, { signal })).text(),
    enabled: report !== null,
  });
}

export function useDownloadTestReport() {
  return useMutation({
    mutationFn: async (report: TestReport) =>
      saveBlob(await fetchBlob(report.download_url), report.path.split('/').at(-1) ?? 'report.html'),
    onError: (error) => notify.error(errorDetail(error), TEST_REPORT_MESSAGES.downloadFailed),
  });
}
