import { TEST_RUN_REPORT_PDF_ROUTE, TestRunIdParam, testRunPdfName } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../kernel/http/errors';
import { PdfPrinter } from '../kernel/print/pdfPrinter';
import { ZipArchives } from '../kernel/storage/zipArchives';
import { testRunPdf } from '../presenters/testRunPdf';
import { access, defineRawRoute } from './route';

const ReportPdfQuery = z.object({ screenshots: z.enum(['true', 'false']).default('true') });

/**
 * Export PDF of the run report (002 §2.4): platform admins, as every test run read. One printer (a Chromium
 * kept while prints come) and one reader of dumps per server.
 */
export function testRunReportRoutes(app: FastifyInstance) {
  const printer = new PdfPrinter({ chromiumPath: app.ctx.config.environments.chromiumPath });
  const archives = new ZipArchives(app.ctx.blobs);
  app.addHook('onClose', () => printer.close());

  defineRawRoute(app, 'GET', TEST_RUN_REPORT_PDF_ROUTE, access.admin, async ({ request, reply }) => {
    const params = TestRunIdParam.safeParse(request.params);
    if (!params.success) throw badRequest('Expected a test run id');
    const query = ReportPdfQuery.safeParse(request.query);
    if (!query.success) throw badRequest('screenshots must be true or false');
    const runId = params.data.id;
    const printedAt = new Date();
    const pdf = await testRunPdf({ db: app.ctx.db, archives, printer }, runId, {
      withScreenshots: query.data.screenshots === 'true',
      printedAt,
    });
    const fileName = testRunPdfName(runId.replace(/[^A-Za-z0-9_-]/g, '_'), printedAt);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(pdf);
  });
}
