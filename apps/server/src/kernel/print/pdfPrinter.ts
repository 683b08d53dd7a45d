import { existsSync } from 'node:fs';
import { PLAYWRIGHT_CHROMIUM_ARGS } from '@proctor/environments';
import { type Browser, chromium } from 'playwright-core';
import { HttpError } from '../http/errors';

/**
 * HTML to PDF in Chromium (Proctor's launch profile, the configured CHROMIUM_PATH). One browser is kept while
 * prints come and closed after a quiet minute, so a report does not pay a launch each time; each print gets a
 * context of its own. The page reaches nothing: its document and the files it names under `assetBase` are
 * answered from here, every other request is refused.
 */

export interface PrintJob {
  html: string;
  /** An origin and path ending in '/', under which the document names its files (screenshots). */
  assetBase: string;
  /** The file under `assetBase` at `path` (URL-decoded), or undefined (the page gets a 404). */
  asset(path: string): Promise<{ body: Buffer; contentType: string } | undefined>;
  /**
   * The document's `<img data-src>`: each fetched (a file that takes longer than `waitMs` to read is left
   * out, its alt text printed), decoded off the page's thread at most `maxWidth` pixels wide, and printed as
   * a JPEG. Chromium embeds an image at its own resolution whatever size it is shown at, so hundreds of
   * full-size screenshots would make the PDF slow to write and tens of MB. The document's CSP must allow
   * `data:` images and fetches from `assetBase`.
   */
  images: { maxWidth: number; quality: number; waitMs: number };
  pdf: { format: string; landscape: boolean; scale: number };
}

export const PRINT_MESSAGES = {
  unavailable: 'Chromium is not available to print the PDF (install it, or set CHROMIUM_PATH)',
  timedOut: 'Printing the PDF took too long: try again',
} as const;

/** How long one print may take, its turn in the queue not counted. */
const PRINT_TIMEOUT_MS = 120_000;
const IDLE_CLOSE_MS = 60_000;
const DOCUMENT_PATH = 'document.html';
/** Images fetched and decoded at once by the printing page. */
const IMAGE_CONCURRENCY = 6;

export class PdfPrinter {
  #browser: Promise<Browser> | null = null;
  #turn: Promise<unknown> = Promise.resolve();
  #idle: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(private readonly options: { chromiumPath: string; idleCloseMs?: number }) {}

  /** Prints one document; prints take turns, a browser being the heaviest thing this server starts. */
  print(job: PrintJob): Promise<Buffer> {
    if (!existsSync(this.options.chromiumPath))
      return Promise.reject(new HttpError(503, PRINT_MESSAGES.unavailable));
    const printing = this.#turn.then(() => this.#print(job));
    this.#turn = printing.catch(() => undefined);
    return printing;
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idle);
    const browser = this.#browser;
    this.#browser = null;
    await browser?.then((b) => b.close()).catch(() => undefined);
  }

  #launch(): Promise<Browser> {
    if (this.#closed) return Promise.reject(new HttpError(503, 'The server is shutting down'));
    if (!this.#browser) {
      const launching = chromium.launch({
        executablePath: this.options.chromiumPath,
        args: PLAYWRIGHT_CHROMIUM_ARGS,
      });
      this.#browser = launching;
      launching.then(
        (browser) =>
          browser.on('disconnected', () => {
            if (this.#browser === launching) this.#browser = null;
          }),
        () => {
          if (this.#browser === launching) this.#browser = null;
        },
      );
    }
    return this.#browser;
  }

  async #print(job: PrintJob): Promise<Buffer> {
    clearTimeout(this.#idle);
    let browser: Browser;
    try {
      browser = await this.#launch();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(503, `${PRINT_MESSAGES.unavailable}: ${(error as Error).message.split('\n')[0]}`);
    }
    const context = await browser.newContext({ javaScriptEnabled: false });
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      void context.close().catch(() => undefined);
    }, PRINT_TIMEOUT_MS);
    try {
      const documentUrl = `${job.assetBase}${DOCUMENT_PATH}`;
      await context.route('**/*', async (route) => {
        const url = route.request().url();
        if (url === documentUrl)
          return route.fulfill({ body: job.html, contentType: 'text/html; charset=utf-8' });
        if (url.startsWith(job.assetBase)) {
          const path = url
            .slice(job.assetBase.length)
            .split('/')
            .map((segment) => decodeURIComponent(segment))
            .join('/');
          const asset = await withDeadline(job.asset(path), job.images.waitMs).catch(() => undefined);
          return asset
            ? route.fulfill({ body: asset.body, contentType: asset.contentType })
            : route.fulfill({ status: 404, body: '' });
        }
        return route.abort('blockedbyclient');
      });
      const page = await context.newPage();
      await page.goto(documentUrl, { waitUntil: 'load', timeout: PRINT_TIMEOUT_MS });
      await page.evaluate(
        `(${LOAD_IMAGES})(${JSON.stringify({ ...job.images, concurrency: IMAGE_CONCURRENCY })})`,
      );
      return await page.pdf({
        format: job.pdf.format,
        landscape: job.pdf.landscape,
        scale: job.pdf.scale,
        printBackground: true,
        margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' },
      });
    } catch (error) {
      if (timedOut) throw new HttpError(503, PRINT_MESSAGES.timedOut);
      throw error;
    } finally {
      clearTimeout(deadline);
      await context.close().catch(() => undefined);
      if (!this.#closed) {
        this.#idle = setTimeout(() => {
          const idle = this.#browser;
          this.#browser = null;
          void idle?.then((b) => b.close()).catch(() => undefined);
        }, this.options.idleCloseMs ?? IDLE_CLOSE_MS);
        this.#idle.unref();
      }
    }
  }
}

/** `promise`, or a rejection after `ms`. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not read within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Runs in the page (through the driver: the document itself runs no script): each `img[data-src]` fetched,
 * decoded and scaled to `maxWidth` by createImageBitmap (off the main thread), and shown as a JPEG data URL. Plain
 * JavaScript in a string: TypeScript runners add helpers such as `__name` to compiled functions, which do not
 * exist in the page.
 */
const LOAD_IMAGES = `async (options) => {
  const images = [...document.querySelectorAll('img[data-src]')];
  let next = 0;
  const load = async (image) => {
    const response = await fetch(image.dataset.src);
    if (!response.ok) return;
    const blob = await response.blob();
    // One decode, scaled as it is decoded (a smaller picture is scaled up: it is printed at thumbnail size).
    const bitmap = await createImageBitmap(blob, { resizeWidth: options.maxWidth, resizeQuality: 'medium' });
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d').drawImage(bitmap, 0, 0);
    bitmap.close();
    // A JPEG goes into the PDF as it is; a canvas or a PNG would be compressed again by the printer.
    image.src = canvas.toDataURL('image/jpeg', options.quality);
    await image.decode();
  };
  const worker = async () => {
    while (next < images.length) {
      const image = images[next++];
      await load(image).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
}`;
