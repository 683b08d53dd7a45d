import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Each action an agent Proctor drives takes at most this long (the simulators' CI harness uses the same). */
export const ACTION_TIMEOUT_MS = 10_000;

/**
 * The reference scripts' actions wait for the app's own answers, which a machine busy with other runs and their
 * recordings can hold past ten seconds (a benchmark's runs side by side on two cores did); the run's time limit
 * still bounds the whole script.
 */
export const REFERENCE_ACTION_TIMEOUT_MS = 30_000;

/**
 * Lends `use` the page a run opened, through Playwright over the environment's own DevTools endpoint, and
 * disconnects afterwards (the environment's browser stays: the run ends it). When `signal` fires the connection
 * is dropped, so the pending action fails at once.
 */
export async function withEnvironmentPage<T>(
  wsEndpoint: string,
  signal: AbortSignal,
  use: (page: Page, context: BrowserContext) => Promise<T>,
  actionTimeoutMs = ACTION_TIMEOUT_MS,
): Promise<T> {
  const browser = await chromium.connectOverCDP(wsEndpoint, { timeout: 30_000 });
  const disconnect = () => void browser.close().catch(() => undefined);
  signal.addEventListener('abort', disconnect, { once: true });
  try {
    signal.throwIfAborted();
    const context = browser.contexts()[0];
    const page = context?.pages()[0];
    if (!context || !page) throw new Error('The environment has no page open');
    page.setDefaultTimeout(actionTimeoutMs);
    return await use(page, context);
  } finally {
    signal.removeEventListener('abort', disconnect);
    await browser.close().catch(() => undefined);
  }
}
