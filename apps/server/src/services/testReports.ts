import { type CreateTestReportRequest, TEST_REPORT_MESSAGES, type TestRunSummary } from '@proctor/contracts';
import { type Database, newPublicId } from '@proctor/db';
import { badRequest, conflict, notFound } from '../kernel/http/errors';
import type { BlobStore } from '../kernel/storage/blobs';
import type { TemplateRenderer } from '../kernel/template/templateRenderer';
import {
  findTestReport,
  findTestReportByPath,
  insertTestReport,
  listTestReports,
  type TestReportRow,
} from '../repositories/testReports';
import { BUILT_IN_TEST_REPORT_TEMPLATE } from './testReportTemplate';

/** The most reports the /test page lists. */
export const TEST_REPORTS_LISTED = 200;
const PATH_MAX_LENGTH = 1024;

const blobKeyOf = (reportId: string) => `test-reports/${reportId}.html`;

/** A name made a safe, readable file name part: letters, digits and dashes. */
export function reportSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'report';
}

/**
 * Renders a report over a completed run (Proctor's template, or the admin's own through the same sandboxed
 * renderer: its syntax errors, runaway loops and oversize output answer 400), keeps the HTML as a blob and
 * records it. `runRowId` and `summary` are the run's row id and its presented summary.
 */
export async function createTestReport(
  deps: { db: Database; blobs: BlobStore; renderer: TemplateRenderer },
  admin: { id: number },
  run: { id: number; summary: TestRunSummary },
  request: CreateTestReportRequest,
): Promise<TestReportRow> {
  if (run.summary.status !== 'completed') throw conflict(TEST_REPORT_MESSAGES.runNotCompleted);
  const custom = request.template !== undefined && request.template.trim() !== '';
  const html = await deps.renderer.render(custom ? request.template! : BUILT_IN_TEST_REPORT_TEMPLATE, {
    run: run.summary,
  });
  const publicId = newPublicId();
  const name = request.name ?? `Run ${run.summary.run_id}`;
  const path = `${run.summary.run_id}/${reportSlug(name)}-${publicId.slice(0, 8)}.html`;
  const bytes = Buffer.from(html, 'utf8');
  const blobKey = blobKeyOf(publicId);
  await deps.blobs.put(blobKey, bytes);
  const row = await insertTestReport(deps.db, {
    publicId,
    testRunId: run.id,
    name,
    template: custom ? 'custom' : 'built-in',
    path,
    blobKey,
    sizeBytes: bytes.byteLength,
    createdBy: admin.id,
  });
  return { ...row, runId: run.summary.run_id };
}

export async function findTestReportOr404(db: Database, publicId: string): Promise<TestReportRow> {
  const row = await findTestReport(db, publicId);
  if (!row) throw notFound('Test report not found');
  return row;
}

export function listRecentTestReports(db: Database): Promise<TestReportRow[]> {
  return listTestReports(db, TEST_REPORTS_LISTED);
}

/**
 * A report's HTML by its path under generated-test-reports/: a relative path of plain segments only (no `..`,
 * no leading slash, no backslash or NUL), else 400; a path no report has, 404.
 */
export async function readTestReport(
  deps: { db: Database; blobs: BlobStore },
  path: string,
): Promise<{ report: TestReportRow; html: Buffer }> {
  if (
    path === '' ||
    path.length > PATH_MAX_LENGTH ||
    path.startsWith('/') ||
    /[\\\0]/.test(path) ||
    path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  )
    throw badRequest('Expected the path of a report, relative and without ".." segments');
  const report = await findTestReportByPath(deps.db, path);
  const html = report ? await deps.blobs.get(report.blobKey) : undefined;
  if (!report || !html) throw notFound('Test report not found');
  return { report, html };
}
