import { z } from 'zod';
import { Timestamp } from './common';

/**
 * Test reports (002 §7.10): a Liquid template rendered over one completed test run's summary (TestRunSummary,
 * given to the template as `run`), kept as an HTML document. Proctor ships one template; a platform admin may
 * write another. A report is read at `/api/test-reports/content/generated-test-reports/{path}` (shown in a
 * sandboxed frame: no script of a report ever runs as the dashboard) and downloaded at
 * `/api/test-reports/download/generated-test-reports/{path}`.
 */
export const TEST_REPORTS_FOLDER = 'generated-test-reports';
export const TEST_REPORT_CONTENT_ROUTE = `/api/test-reports/content/${TEST_REPORTS_FOLDER}/*`;
export const TEST_REPORT_DOWNLOAD_ROUTE = `/api/test-reports/download/${TEST_REPORTS_FOLDER}/*`;
export const TEST_REPORT_NAME_MAX_LENGTH = 120;

export const TestReportTemplateKind = z.enum(['built-in', 'custom']);

export const TestReport = z.object({
  id: z.string(),
  name: z.string(),
  run_id: z.string(),
  template: TestReportTemplateKind,
  /** `{run_id}/{name}-{id}.html`, under generated-test-reports/. */
  path: z.string(),
  size: z.number().int(),
  created_at: Timestamp,
  content_url: z.string(),
  download_url: z.string(),
});
export type TestReport = z.infer<typeof TestReport>;

export const CreateTestReportRequest = z.object({
  test_run_id: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1).max(TEST_REPORT_NAME_MAX_LENGTH).optional(),
  /** A Liquid template of the admin's (at most 100 KB, checked by the renderer); without it, Proctor's own. */
  template: z.string().optional(),
});
export type CreateTestReportRequest = z.infer<typeof CreateTestReportRequest>;

export const TestReportIdParam = z.object({ id: z.string().min(1).max(64) });
export const TestReportResponse = z.object({ report: TestReport });
export const TestReportsResponse = z.object({ reports: z.array(TestReport) });

export const testReportContentPath = (path: string) =>
  `/api/test-reports/content/${TEST_REPORTS_FOLDER}/${path.split('/').map(encodeURIComponent).join('/')}`;
export const testReportDownloadPath = (path: string) =>
  `/api/test-reports/download/${TEST_REPORTS_FOLDER}/${path.split('/').map(encodeURIComponent).join('/')}`;

export const TEST_REPORT_MESSAGES = {
  created: 'Report created',
  createFailed: 'Failed to create report',
  loadFailed: 'Failed to load reports',
  downloadFailed: 'Failed to download report',
  viewFailed: 'Failed to load report',
  runNotCompleted: 'Only a completed test run can be reported on',
  adminsOnly: 'Test reports are for platform admins.',
  empty: 'No reports yet. Create one from a completed test run.',
} as const;
