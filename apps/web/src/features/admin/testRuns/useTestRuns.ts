import {
  endpoints,
  type TestRunSummary,
  testRunDumpDownloadPath,
  testRunDumpFilePath,
  testRunPdfName,
  testRunReportPdfPath,
} from '@proctor/contracts';
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
import { TEST_RUN_MESSAGES } from './messages';

/** How often a run that is still going (its row, its open report) is read again. */
const RUNNING_REPORT_REFRESH_MS = 5000;

const isGoing = (summary: Pick<TestRunSummary, 'status'> | undefined) =>
  summary?.status === 'queued' || summary?.status === 'running';

/** Every run; read again while one of them goes on, so its size and status arrive without a reload. */
export function useTestRunDumps() {
  return useEndpointQuery(endpoints.adminTestRunDumps, {
    select: (response) => response.dumps,
    refetchInterval: (query) =>
      query.state.data?.dumps.some((dump) => isGoing(dump)) ? RUNNING_REPORT_REFRESH_MS : false,
  });
}

export function useStartTestRun() {
  return useEndpointMutation(endpoints.adminStartTestRun, {
    request: (body: { pattern: string; environments: number; tags: string[] }) => ({ body }),
    invalidates: [endpoints.adminTestRunDumps],
  });
}

/** A run's report; read again while the run goes on. */
export function useTestRun(runId: string) {
  return useEndpointQuery(endpoints.adminTestRun, {
    params: { id: runId },
    refetchInterval: (query) => (isGoing(query.state.data) ? RUNNING_REPORT_REFRESH_MS : false),
  });
}

/** The entries of one folder of a dump (POST /api/admin/test-run-dump/{id} with list_directory), once asked for. */
export function useDumpListing(runId: string, folder: string, enabled: boolean) {
  return useEndpointQuery(endpoints.adminTestRunDumpFile, {
    params: { id: runId },
    body: { file_path: folder, list_directory: true },
    enabled,
  });
}

/** A text file of a dump (a log); an empty one counts as a failure (002 §8). */
export function useDumpText(runId: string, path: string | null) {
  const address = path === null ? '' : testRunDumpFilePath(runId, path);
  return useQuery({
    queryKey: endpointQueryKey({ method: 'GET', path: address }),
    queryFn: async ({ signal }) => {
      const text = await (await fetchBlob(address, { signal })).text();
      if (text.trim() === '') throw new Error(TEST_RUN_MESSAGES.noLogContent);
      return text;
    },
    enabled: path !== null,
    retry: false,
  });
}

/** Download Archive: the whole zip, with the bearer token every call carries. */
export function useDownloadDump() {
  return useMutation({
    mutationFn: async (runId: string) =>
      saveBlob(await fetchBlob(testRunDumpDownloadPath(runId)), `test-run-${runId}.zip`),
    onError: (error) => notify.error(errorDetail(error), TEST_RUN_MESSAGES.downloadFailed),
  });
}

/** Export PDF: the report printed by the server's Chromium. */
export function useExportPdf() {
  return useMutation({
    mutationFn: async ({ runId, screenshots }: { runId: string; screenshots: boolean }) =>
      saveBlob(
        await fetchBlob(testRunReportPdfPath(runId, { screenshots })),
        testRunPdfName(runId, new Date()),
      ),
    onSuccess: () => notify.success(TEST_RUN_MESSAGES.pdfExported),
    onError: (error) => notify.error(errorDetail(error), TEST_RUN_MESSAGES.pdfFailed),
  });
}
