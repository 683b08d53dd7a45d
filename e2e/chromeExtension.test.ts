import { EXTENSION_MESSAGES, EXTENSION_RECORDING, endpoints } from '@proctor/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { runningShopOrigin } from './support/browserSessions';
import { type CatalogApi, catalogApi, unique } from './support/catalog';
import { chromeWithExtension, commandExtension } from './support/chromeExtension';

/**
 * The Chrome extension (issue 31 item 7), loaded unpacked in Chromium and paired with a Proctor: it answers that
 * Proctor's pages only, records the window START_RECORDING opens on the built-in shop (clicks, typing with [Enter],
 * navigation, each with a screenshot), and STOP_RECORDING uploads what is left, so the session shows the steps. The
 * trainer's dialog offers "Record in Chrome" where the extension answers, and says it is not available elsewhere.
 */
describe('the Chrome extension', () => {
  let e2e: E2E;
  let context: BrowserContext;
  let page: Page;
  let api: CatalogApi;
  let shopOrigin = '';

  beforeAll(async () => {
    // Room for the shop and one trainer's browser.
    e2e = await startE2E({ env: { MAX_ENVIRONMENTS: '2', MAX_ENVIRONMENTS_PER_ORGANIZATION: '2' } });
    ({ context } = await chromeWithExtension(e2e.baseUrl));
    page = await context.newPage();
    const tokens = await signUpThroughApi(e2e, page, person('Chris Chrome'), {
      name: `Chrome Co ${unique()}`,
      purpose: 'Record trainer sessions in Chrome',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    shopOrigin = await runningShopOrigin(api, `extension-${unique()}`);
  });

  afterAll(async () => {
    await context?.close();
    await e2e?.close();
  });

  it("should answer the paired Proctor's pages and no other site's", async () => {
    await page.goto('/landing');
    expect(await commandExtension(page, 'PING')).toMatchObject({ ok: true, result: { recording: null } });
    const other = await context.newPage();
    await other.goto(`${shopOrigin}/`);
    expect(await commandExtension(other, 'PING', undefined, EXTENSION_RECORDING.pingTimeoutMs)).toBeNull();
    await other.close();
  });

  it('should record a trainer session in a window of its own and upload its steps', async () => {
    const session = await api.call(endpoints.createBrowserSession, {
      body: { type: 'trainer', task: 'Find a mug', response_format: { name: 'string' } },
    });
    const { token } = await api.call(endpoints.extensionRecordingToken, {
      params: { publicId: session.publicId },
    });
    await page.goto('/landing');

    // A bad payload is refused with a reason, and nothing opens.
    const refused = await commandExtension(page, 'START_RECORDING', { sessionId: session.publicId });
    expect(refused).toMatchObject({ ok: false });

    const opened = context.waitForEvent('page');
    const started = await commandExtension(page, 'START_RECORDING', {
      sessionId: session.publicId,
      startUrl: `${shopOrigin}/`,
      task: 'Find a mug',
      token,
    });
    expect(started, started?.error).toMatchObject({ ok: true });
    const recorded = await opened;
    await recorded.waitForURL(`${shopOrigin}/`);
    expect(await commandExtension(page, 'PING')).toMatchObject({ result: { recording: session.publicId } });

    const search = recorded.getByRole('searchbox', { name: 'Search products' });
    // The recorder is injected once the page has loaded; its steps wait for it.
    await expect
      .poll(() =>
        api
          .call(endpoints.getSession, { params: { id: session.sessionPublicId! } })
          .then((d) => d.snapshot.snapshots.length),
      )
      .toBeGreaterThan(0);
    await search.click();
    await search.pressSequentially('mug');
    await search.press('Enter');
    await recorded.waitForURL(/\/products\?q=mug/);
    await expect
      .poll(
        async () =>
          (await api.call(endpoints.getSession, { params: { id: session.sessionPublicId! } })).snapshot
            .snapshots.length,
      )
      .toBeGreaterThanOrEqual(3);

    const stopped = await commandExtension(page, 'STOP_RECORDING', session.publicId);
    expect(stopped).toMatchObject({ ok: true, result: { stopped: true } });
    await expect.poll(() => recorded.isClosed()).toBe(true);

    const detail = await api.call(endpoints.getSession, { params: { id: session.sessionPublicId! } });
    const steps = detail.snapshot.snapshots;
    expect(steps.map((step) => step.action.type)).toEqual(['url_change', 'click', 'type', 'url_change']);
    expect(steps[0]!.action).toMatchObject({ url: `${shopOrigin}/` });
    expect(steps[1]!.action).toMatchObject({ type: 'click', target: { tag: 'input' } });
    expect(steps[2]!.action).toMatchObject({ type: 'type', text: 'mug[Enter]' });
    expect(steps[3]!.action).toMatchObject({ url: expect.stringContaining('/products?q=mug') });
    const withScreenshots = steps.filter((step) => step.before_state?.screenshot_url);
    expect(withScreenshots.length).toBeGreaterThanOrEqual(3);
    const image = await page.request.get(withScreenshots[0]!.before_state!.screenshot_url!, {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}` },
    });
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');

    await api.call(endpoints.closeBrowserSession, { params: { publicId: session.publicId } });
  });

  it('should start a trainer session recorded in Chrome from the dashboard and complete it with its steps', async () => {
    await page.goto('/trainer');
    const dialog = page.getByRole('dialog', { name: 'Start Test Session' });
    await dialog.waitFor();
    const inChrome = dialog.getByRole('checkbox', { name: 'Record in Chrome' });
    await inChrome.waitFor();
    expect(await inChrome.isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Start URL' }).fill(`${shopOrigin}/`);
    await dialog.getByRole('textbox', { name: 'Task' }).fill('Find a mug and report its name');
    await dialog.getByRole('textbox', { name: 'Field 1 name' }).fill('product');
    const opened = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Start' }).click();
    const recorded = await opened;
    await recorded.waitForURL(`${shopOrigin}/`);

    await page.waitForURL(/\/trainer\?browserSessionId=/);
    const publicId = new URL(page.url()).searchParams.get('browserSessionId')!;
    await page.getByTestId('chrome-recording').getByText('Recording in your Chrome window').waitFor();
    expect(await page.locator('iframe[title="Remote browser"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Select content for product' }).count()).toBe(0);
    const { sessionPublicId } = await api.call(endpoints.browserSession, { params: { publicId } });
    const recordedSteps = async () =>
      (await api.call(endpoints.getSession, { params: { id: sessionPublicId! } })).snapshot.snapshots;

    // Once the start page's step is in, the recorder is in the page.
    await expect.poll(async () => (await recordedSteps()).length).toBeGreaterThan(0);
    const search = recorded.getByRole('searchbox', { name: 'Search products' });
    await search.click();
    await search.pressSequentially('mug');
    await search.press('Enter');
    await recorded.waitForURL(/\/products\?q=mug/);

    await page.getByRole('textbox', { name: 'product' }).fill('Enamel mug');
    await page.getByRole('button', { name: 'Task Completed' }).click();
    await page.waitForURL(/\/sessions\/[^/?]+$/);
    await expect.poll(() => recorded.isClosed()).toBe(true);
    const shown = page.getByTestId('session-output').getByTestId('json-viewer');
    await expect
      .poll(async () => JSON.parse((await shown.textContent()) ?? 'null'))
      .toEqual({ product: 'Enamel mug' });
    await expect.poll(() => page.getByTestId('step-counter').textContent()).toMatch(/\/ 4$/);
    expect((await recordedSteps()).map((step) => step.action.type)).toEqual([
      'url_change',
      'click',
      'type',
      'url_change',
    ]);
    const closed = await api.call(endpoints.browserSession, { params: { publicId } });
    expect(closed.status).toBe('closed');
  });

  it('should say the extension is not available where it is not installed', async () => {
    const { page: plain } = await e2e.newUserPage();
    await signUpThroughApi(e2e, plain, person('Pat Plain'), {
      name: `Plain Co ${unique()}`,
      purpose: 'Record trainer sessions in the live view',
    });
    await plain.goto('/trainer');
    const dialog = plain.getByRole('dialog', { name: 'Start Test Session' });
    await dialog
      .getByTestId('extension-unavailable')
      .getByText(`${EXTENSION_MESSAGES.notAvailable}: the session runs in the live view.`)
      .waitFor();
    expect(await dialog.getByRole('checkbox', { name: 'Record in Chrome' }).count()).toBe(0);
  });
});
