import { TEST_RUN_REPORT_PDF_ROUTE, TestRunIdParam, testRunPdfName } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, HttpError } from '../kernel/http/errors';
import { findTestRunOr404 } from '../services/testRuns';
import { access, defineRawRoute } from './route';

const ReportPdfQuery = z.object({ screenshots: z.enum(['true', 'false']).default('true') });

/**
 * Export PDF of the run report (002 §2.4): platform admins, as every test run read. The print is a job
 * (print-test-run-report): the server's own Chromium prints it by default, a worker's when scaled out; this
 * route waits for it, sends the PDF and deletes it.
 */
export function testRunReportRoutes(app: FastifyInstance) {
  defineRawRoute(app, 'GET', TEST_RUN_REPORT_PDF_ROUTE, access.admin, async ({ request, reply }) => {
    const params = TestRunIdParam.safeParse(request.params);
    if (!params.success) throw badRequest('Expected a test run id');
    const query = ReportPdfQuery.safeParse(request.query);
    if (!query.success) throw badRequest('screenshots must be true or false');
    const { ctx } = app;
    const runId = (await findTestRunOr404(ctx.db, params.data.id)).publicId;
    const printedAt = new Date();
    const job = await ctx.queue.add('printTestRunReport', {
      runId,
      withScreenshots: query.data.screenshots === 'true',
      printedAt: printedAt.toISOString(),
    });
    const outcome = await job.finished;
    if (outcome.status === 'failed')
      throw new HttpError(503, `The report could not be printed: ${outcome.reason}`);
    const pdf = await ctx.blobs.get(outcome.result.blobKey);
    await ctx.blobs.deletePrefix(outcome.result.blobKey);
    if (!pdf) throw new HttpError(503, 'The printed report was not found in the blob store');
    const fileName = testRunPdfName(runId.replace(/[^A-Za-z0-9_-]/g, '_'), printedAt);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(pdf);
  });
}
