import { endpoints, TEST_REPORT_CONTENT_ROUTE, TEST_REPORT_DOWNLOAD_ROUTE } from '@proctor/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TemplateRenderer } from '../kernel/template/templateRenderer';
import { presentTestReport } from '../presenters/testReports';
import { presentTestRun } from '../presenters/testRuns';
import {
  createTestReport,
  findTestReportOr404,
  listRecentTestReports,
  readTestReport,
} from '../services/testReports';
import { findTestRunOr404 } from '../services/testRuns';
import { access, defineRawRoute, defineRoute } from './route';

/** What follows generated-test-reports/ in the address, as sent (Fastify decodes the wildcard). */
const reportPath = (request: FastifyRequest) => (request.params as { '*'?: string })['*'] ?? '';

/**
 * Test reports (002 §7.10), for platform admins as the test runs they report on. A report is HTML from a
 * template: its content is served with `Content-Security-Policy: sandbox`, so even a report whose template
 * writes a script runs nothing with the dashboard's origin, and the dashboard shows it in a sandboxed frame.
 */
export function testReportRoutes(app: FastifyInstance, renderer: TemplateRenderer) {
  defineRoute(app, endpoints.createTestReport, access.admin, async ({ app: ctx, principal, body }) => {
    const run = await findTestRunOr404(ctx.db, body.test_run_id);
    const report = await createTestReport(
      { db: ctx.db, blobs: ctx.blobs, renderer },
      principal.user,
      { id: run.id, summary: presentTestRun(run) },
      body,
    );
    return { report: presentTestReport(report) };
  });

  defineRoute(app, endpoints.testReports, access.admin, async ({ app: ctx }) => ({
    reports: (await listRecentTestReports(ctx.db)).map(presentTestReport),
  }));

  defineRoute(app, endpoints.testReport, access.admin, async ({ app: ctx, params }) => ({
    report: presentTestReport(await findTestReportOr404(ctx.db, params.id)),
  }));

  for (const [url, disposition] of [
    [TEST_REPORT_CONTENT_ROUTE, 'inline'],
    [TEST_REPORT_DOWNLOAD_ROUTE, 'attachment'],
  ] as const) {
    defineRawRoute(app, 'GET', url, access.admin, async ({ request, reply }) => {
      const { report, html } = await readTestReport(app.ctx, reportPath(request));
      const fileName = report.path.split('/').at(-1)!;
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', 'sandbox')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${disposition}; filename="${fileName}"`)
        .send(html);
    });
  }
}
