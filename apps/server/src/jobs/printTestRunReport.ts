import { randomUUID } from 'node:crypto';
import type { Database } from '@proctor/db';
import { PdfPrinter } from '../kernel/print/pdfPrinter';
import type { JobHandler } from '../kernel/queue/catalog';
import type { BlobStore } from '../kernel/storage/blobs';
import { ZipArchives } from '../kernel/storage/zipArchives';
import { testRunPdf } from '../presenters/testRunPdf';

/** Where a printed report waits for the route that asked for it (which deletes it once sent). */
export const printedReportKey = (runId: string) => `test-runs/${runId}/prints/${randomUUID()}.pdf`;

/**
 * The print-test-run-report job: one printer (a Chromium kept while prints come, closed after a quiet minute)
 * and one reader of dumps per process that works the queue.
 */
export function printTestRunReportHandler(
  db: Database,
  blobs: BlobStore,
  chromiumPath: string,
): JobHandler<'printTestRunReport'> {
  const printer = new PdfPrinter({ chromiumPath });
  const archives = new ZipArchives(blobs);
  return {
    run: async ({ runId, withScreenshots, printedAt }) => {
      const pdf = await testRunPdf({ db, archives, printer }, runId, {
        withScreenshots,
        printedAt: new Date(printedAt),
      });
      const blobKey = printedReportKey(runId);
      await blobs.put(blobKey, pdf);
      return { blobKey };
    },
    // The route that waits says why.
    failed: async () => undefined,
  };
}
