import { type TestReport, testReportContentPath, testReportDownloadPath } from '@proctor/contracts';
import type { TestReportRow } from '../repositories/testReports';

export function presentTestReport(row: TestReportRow): TestReport {
  return {
    id: row.publicId,
    name: row.name,
    run_id: row.runId,
    template: row.template === 'custom' ? 'custom' : 'built-in',
    path: row.path,
    size: row.sizeBytes,
    created_at: row.createdAt.toISOString(),
    content_url: testReportContentPath(row.path),
    download_url: testReportDownloadPath(row.path),
  };
}
