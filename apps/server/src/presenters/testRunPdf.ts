import { TEST_RUN_PDF } from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import { notFound } from '../kernel/http/errors';
import type { PdfPrinter } from '../kernel/print/pdfPrinter';
import { readAll } from '../kernel/storage/blobs';
import type { OpenZipArchive, ZipArchives } from '../kernel/storage/zipArchives';
import { findTestRun } from '../repositories/testRuns';
import { testRunPrintView } from './testRunPrintView';
import { presentTestRun } from './testRuns';

/** The printing page's own origin: nothing resolves it, the printer answers every request under it. */
const PRINT_ASSET_BASE = 'http://test-run-report.invalid/';
/** Screenshots are shown 220 CSS px wide: twice that in pixels keeps them sharp on paper. */
const PRINTED_SCREENSHOT = { maxWidth: 440, quality: 0.8 };
/**
 * Each test's last screenshot (the state it ended in): decoding a full-size screenshot is most of a print's
 * work, and two a test would double the time of a 200-test PDF.
 */
const PRINTED_SCREENSHOTS_PER_TEST = 1;
/** A screenshot larger than this is left out of the PDF. */
const MAX_SCREENSHOT_BYTES = 16 * 1024 * 1024;
/** The screenshot types of a dump (002 §9); the page decodes them by their bytes. */
const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/**
 * The run report as a PDF (002 §2.4): the print view of the run's summary, its screenshots read straight
 * out of the run's dump (the archive opened once for the whole print) and printed by Chromium.
 */
export async function testRunPdf(
  deps: { db: Executor; archives: ZipArchives; printer: PdfPrinter },
  runId: string,
  options: { withScreenshots: boolean; printedAt: Date },
): Promise<Buffer> {
  const row = await findTestRun(deps.db, runId);
  if (!row) throw notFound('Test run not found');
  const summary = presentTestRun(row);
  // The page may load the printed screenshots and nothing else of the dump.
  const screenshots = new Set(
    summary.results.flatMap((simulator) =>
      simulator.environments.flatMap((environment) =>
        environment.tests.flatMap((test) => test.screenshots.slice(-PRINTED_SCREENSHOTS_PER_TEST)),
      ),
    ),
  );
  // A run still going on has no dump yet: its report prints without pictures.
  let archive: Promise<OpenZipArchive | undefined> | undefined;
  const openArchive = () => {
    archive ??= row.archiveKey
      ? deps.archives.open(row.archiveKey).catch(() => undefined)
      : Promise.resolve(undefined);
    return archive;
  };
  return deps.printer.print({
    html: testRunPrintView(summary, {
      withScreenshots: options.withScreenshots,
      screenshotsPerTest: PRINTED_SCREENSHOTS_PER_TEST,
      imageBase: PRINT_ASSET_BASE,
      printedAt: options.printedAt,
    }),
    assetBase: PRINT_ASSET_BASE,
    asset: async (path) => {
      if (!options.withScreenshots || !screenshots.has(path)) return undefined;
      const opened = await openArchive();
      if (!opened) return undefined;
      const entry = await deps.archives.entryStream(opened, path, MAX_SCREENSHOT_BYTES);
      if (!entry) return undefined;
      const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
      return {
        body: await readAll(entry.stream),
        contentType: IMAGE_TYPES[extension] ?? 'application/octet-stream',
      };
    },
    images: { ...PRINTED_SCREENSHOT, waitMs: TEST_RUN_PDF.imageWaitMs },
    pdf: TEST_RUN_PDF,
  });
}
