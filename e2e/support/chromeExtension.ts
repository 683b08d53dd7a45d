import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXTENSION_BRIDGE, type ExtensionCommand } from '@proctor/contracts';
import { chromiumPath, PLAYWRIGHT_CHROMIUM_ARGS } from '@proctor/environments';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { buildExtension } from '../../apps/extension/build';

/**
 * A person's Chrome with the Proctor extension loaded (unpacked, from a build of its own) and paired with `origin`
 * through its options page, as a person pairs it.
 *
 * The copy's manifest grants at install the site access the options page asks for: nobody can answer Chrome's
 * permission prompt here, and asked for access it already has, Chrome grants it without one.
 */
export async function chromeWithExtension(
  origin: string,
): Promise<{ context: BrowserContext; extensionWorker: Worker }> {
  const dir = await buildExtension(await mkdtemp(join(tmpdir(), 'proctor-extension-')));
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
  await writeFile(
    manifestPath,
    JSON.stringify({ ...manifest, host_permissions: manifest.optional_host_permissions }),
  );
  const context = await chromium.launchPersistentContext('', {
    executablePath: chromiumPath('full'),
    headless: true,
    args: [...PLAYWRIGHT_CHROMIUM_ARGS, `--disable-extensions-except=${dir}`, `--load-extension=${dir}`],
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
  });
  context.setDefaultTimeout(30_000);
  const extensionWorker =
    context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 30_000 }));
  const options = await context.newPage();
  await options.goto(`chrome-extension://${new URL(extensionWorker.url()).host}/options.html`);
  await options.getByLabel("Your Proctor's address").fill(origin);
  await options.getByRole('button', { name: 'Pair' }).click();
  await options.getByText(`Paired with ${origin}`).waitFor();
  await options.close();
  return { context, extensionWorker };
}

/**
 * Sends a command to the extension from `page` as the dashboard does (window.postMessage), and its answer; null
 * when none comes within `timeoutMs` (no bridge on that page).
 */
export function commandExtension(
  page: Page,
  type: ExtensionCommand,
  payload?: unknown,
  timeoutMs = 10_000,
): Promise<{ ok: boolean; error?: string; result?: unknown } | null> {
  return page.evaluate(
    ({ type, payload, timeoutMs, bridge }) =>
      new Promise((resolve) => {
        const id = Math.random().toString(36).slice(2);
        const timer = setTimeout(() => resolve(null), timeoutMs);
        window.addEventListener('message', (event) => {
          if (
            event.source !== window ||
            event.data?.source !== bridge.extensionSource ||
            event.data.id !== id
          )
            return;
          clearTimeout(timer);
          resolve({ ok: event.data.ok, error: event.data.error, result: event.data.result });
        });
        window.postMessage({ source: bridge.pageSource, id, type, payload }, window.location.origin);
      }),
    { type, payload, timeoutMs, bridge: EXTENSION_BRIDGE },
  );
}
