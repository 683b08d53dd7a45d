import { BROWSER_SESSION_MESSAGES, endpoints } from '@proctor/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/**
 * /viewer (issue 31 item 1): a browser session's live view, opened by the page itself when it has no
 * browserSessionId, alone in the window with hideNav (as the builder embeds it) and inside the dashboard without;
 * with no browser free, the spec's message.
 */
describe('the browser session viewer', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;

  beforeAll(async () => {
    // One browser for the organization: a second viewer finds none.
    e2e = await startE2E({ env: { MAX_ENVIRONMENTS: '2', MAX_ENVIRONMENTS_PER_ORGANIZATION: '1' } });
    page = (await e2e.newUserPage()).page;
    const tokens = await signUpThroughApi(e2e, page, person('Vera Viewer'), {
      name: `Viewer Co ${unique()}`,
      purpose: 'Watch a remote browser',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('should open a browser session and show its page alone in the window with hideNav', async () => {
    await page.goto('/viewer?hideNav&isBuilder=true');
    await page.waitForURL((url) => url.searchParams.has('browserSessionId'));
    const publicId = new URL(page.url()).searchParams.get('browserSessionId')!;
    const session = await api.call(endpoints.browserSession, { params: { publicId } });
    expect(session).toMatchObject({ type: 'builder', status: 'running' });
    // The live view's frame arrives: the canvas is live, scaled to the window's width from 1600x900.
    const canvas = page.getByLabel("Live view of the environment's browser");
    await expect.poll(() => canvas.getAttribute('data-inactive'), { timeout: 30_000 }).toBeNull();
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(1000);
    expect(Math.abs(box!.width / box!.height - 1600 / 900)).toBeLessThan(0.02);
    // No dashboard frame around it.
    expect(await page.getByRole('navigation').count()).toBe(0);

    // The same session inside the dashboard, without hideNav.
    await page.goto(`/viewer?browserSessionId=${publicId}`);
    await page.getByRole('navigation').first().waitFor();
    await expect
      .poll(() => page.getByLabel("Live view of the environment's browser").getAttribute('data-inactive'), {
        timeout: 30_000,
      })
      .toBeNull();
  });

  it('should say no browsers are available when none is free', async () => {
    await page.goto('/viewer?hideNav&isBuilder=true');
    const failure = page.getByTestId('viewer-failure');
    await failure.waitFor();
    expect(await failure.textContent()).toContain(BROWSER_SESSION_MESSAGES.noBrowsers);
  });
});
