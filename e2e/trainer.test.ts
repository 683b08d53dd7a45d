import { BROWSER_SESSION_MESSAGES, endpoints } from '@proctor/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { browserSessionPage, runningShopOrigin } from './support/browserSessions';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/**
 * /trainer (issue 31 item 7): Start Test Session opens by itself, starts a trainer session on the built-in shop with
 * a task and a two-field response format; one field is filled by selecting content in the live view, the other
 * typed; a wrong type is refused with the server's message, and Task Completed lands on the recorded session,
 * which shows the output. /offline then starts an offline session on the shop's captured traffic.
 */
describe('the trainer', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  let shopOrigin = '';
  const remotes: Browser[] = [];

  beforeAll(async () => {
    // Room for the shop and one trainer's browser.
    e2e = await startE2E({ env: { MAX_ENVIRONMENTS: '2', MAX_ENVIRONMENTS_PER_ORGANIZATION: '2' } });
    page = (await e2e.newUserPage()).page;
    // The live view shows the 1600x900 page scaled: a wide window keeps elements large enough to select.
    await page.setViewportSize({ width: 1600, height: 1000 });
    const tokens = await signUpThroughApi(e2e, page, person('Tara Trainer'), {
      name: `Trainer Co ${unique()}`,
      purpose: 'Record answers to tasks on sites',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    // A running shop of the organization: the trainer's browser may reach it (its own simulator instances).
    shopOrigin = await runningShopOrigin(api, `trainer-${unique()}`);
  });

  afterAll(async () => {
    await Promise.all(remotes.map((remote) => remote.close().catch(() => undefined)));
    await e2e?.close();
  });

  /** The trainer's browser session, from the page's address. */
  function browserSessionId(): string {
    const id = new URL(page.url()).searchParams.get('browserSessionId');
    if (!id) throw new Error('The trainer has no browser session');
    return id;
  }

  /** The trainer browser's page, over its environment's CDP (to find where an element is, as a person sees it). */
  const remotePage = (): Promise<Page> => browserSessionPage(api, browserSessionId(), remotes);

  const output = async () =>
    JSON.parse((await page.getByTestId('output-panel').getByTestId('json-viewer').textContent()) ?? '{}');

  it('should start a test session from the dialog, fill the answer by selecting content and typing, refuse a wrong type and complete', async () => {
    await page.goto('/trainer');
    const dialog = page.getByRole('dialog', { name: 'Start Test Session' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Start URL' }).fill(`${shopOrigin}/`);
    await dialog.getByRole('textbox', { name: 'Task' }).fill('Report the first product listed and its price');
    await dialog.getByRole('textbox', { name: 'Field 1 name' }).fill('product');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByRole('textbox', { name: 'Field 2 name' }).fill('price');
    await dialog.getByLabel('Field 2 type').click();
    await page.getByRole('option', { name: 'number' }).click();
    await dialog.getByRole('button', { name: 'Start' }).click();

    await page.waitForURL(/\/trainer\?browserSessionId=/);
    await dialog.waitFor({ state: 'detached' });
    const publicId = browserSessionId();
    await page
      .getByTestId('trainer-task')
      .getByText('Report the first product listed and its price')
      .waitFor();
    // The elapsed timer ticks: its HH:mm:ss changes by itself.
    const timer = page.getByTestId('trainer-timer');
    const first = await timer.textContent();
    expect(first).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    await expect.poll(() => timer.textContent(), { timeout: 10_000 }).not.toBe(first);

    // The live view of the trainer's browser, embedded from /viewer, on the shop.
    await page
      .frameLocator('iframe[title="Remote browser"]')
      .getByLabel("Live view of the environment's browser")
      .waitFor({ timeout: 120_000 });
    const remote = await remotePage();
    await remote.waitForURL(`${shopOrigin}/`);
    const priceElement = remote.locator('.product-price b').first();
    await priceElement.waitFor();
    const name = (await remote.locator('.product-name').first().innerText()).trim();
    const priceText = (await priceElement.innerText()).trim();
    const price = Number(priceText.replace(/[^\d.]/g, ''));

    // Typed by hand: the product, and a price that is not a number.
    await page.getByRole('textbox', { name: 'product' }).fill(name);
    await page.getByRole('textbox', { name: 'price' }).fill('cheap');
    await expect.poll(output).toEqual({ product: name, price: 'cheap' });
    await page.getByRole('button', { name: 'Task Completed' }).click();
    await page
      .getByTestId('output-error')
      .getByText(BROWSER_SESSION_MESSAGES.outputInvalid('/price: must be number'))
      .waitFor();
    expect(page.url()).toContain('/trainer?browserSessionId=');

    // Selected in the live view: the price's element, its text read as a number.
    // Scrolled into view, as a person scrolls to what they select.
    await priceElement.scrollIntoViewIfNeeded();
    const box = await priceElement.boundingBox();
    if (!box) throw new Error('The price is not on the remote page');
    await page.getByRole('button', { name: 'Select content for price' }).click();
    const overlay = page.getByTestId('pick-overlay');
    const frame = await overlay.boundingBox();
    if (!frame) throw new Error('The select overlay is not on screen');
    const scale = frame.width / 1600;
    await page.mouse.click(
      frame.x + (box.x + box.width / 2) * scale,
      frame.y + (box.y + box.height / 2) * scale,
    );
    await overlay.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('textbox', { name: 'price' }).inputValue()).toBe(String(price));
    await expect.poll(output).toEqual({ product: name, price });
    // The refusal was of the Output it named: a new value clears it.
    await page.getByTestId('output-error').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Task Completed' }).click();
    await page.waitForURL(/\/sessions\/[^/?]+$/);
    const shown = page.getByTestId('session-output').getByTestId('json-viewer');
    await expect
      .poll(async () => JSON.parse((await shown.textContent()) ?? 'null'))
      .toEqual({ product: name, price });
    // With its steps: the recording of the trainer's browser (at least the start page's load).
    await expect.poll(() => page.getByTestId('step-counter').textContent()).toMatch(/\d/);
    const closed = await api.call(endpoints.browserSession, { params: { publicId } });
    expect(closed.status).toBe('closed');
  });

  it('should end a test session without an answer and go to the sessions list', async () => {
    const started = await api.call(endpoints.createBrowserSession, {
      body: {
        type: 'trainer',
        start_url: `${shopOrigin}/`,
        task: 'Look around',
        response_format: { note: 'string' },
      },
    });
    await page.goto(`/trainer?browserSessionId=${started.publicId}`);
    await page.getByTestId('trainer-task').getByText('Look around').waitFor();
    await expect(page.getByRole('dialog', { name: 'Start Test Session' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'End', exact: true }).click();
    await page.waitForURL(/\/sessions$/);
    const ended = await api.call(endpoints.browserSession, { params: { publicId: started.publicId } });
    expect(ended.status).toBe('closed');
  });

  it("should start a test session from a dataset's test case, its start URL and prompt filled in", async () => {
    const shop = (await api.simulators()).find((simulator) => simulator.name === 'shop');
    if (!shop) throw new Error('The shop simulator is not registered');
    const dataset = await api.createDataset({
      name: `Shop tasks ${unique()}`,
      description: 'Tasks on the shop',
    });
    const testCase = await api.createTestCase({
      simulatorId: shop.id,
      name: `Cheapest ${unique()}`,
      prompt: 'Find the cheapest product on the home page',
      startUrl: `${shopOrigin}/`,
      testCaseSetId: dataset.id,
    });
    await page.goto('/datasets');
    const row = page.getByTestId('dataset-row').filter({ hasText: dataset.name });
    // The Sites column shows the start page's site by Proctor's /api/favicon (fetched with the user's token).
    await row.getByTestId('dataset-sites').locator('img[src^="blob:"]').waitFor();
    await row.click();
    await page
      .getByTestId('dataset-panel')
      .getByRole('button', { name: `Start Test Session on ${testCase.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Start Test Session' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Start URL' }).inputValue()).toBe(`${shopOrigin}/`);
    expect(await dialog.getByRole('textbox', { name: 'Task' }).inputValue()).toBe(testCase.prompt);
    await dialog.getByRole('textbox', { name: 'Field 1 name' }).fill('product');
    await dialog.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL(/\/trainer\?browserSessionId=/);
    await page.getByTestId('trainer-task').getByText(testCase.prompt).waitFor();
    await page.getByRole('button', { name: 'End', exact: true }).click();
    await page.waitForURL(/\/sessions$/);
  });

  it("should start an offline session on the shop's captured traffic, badged so, and keep its Output at End", async () => {
    // The trainer's sessions above captured the shop's pages: its origin is one to start from.
    await page.goto('/offline');
    const dialog = page.getByRole('dialog', { name: 'Start Offline Session' });
    await dialog.waitFor();
    await dialog.getByLabel('Start URL').click();
    await page.getByRole('option', { name: shopOrigin }).click();
    await dialog.getByRole('textbox', { name: 'Task' }).fill('Name the first product, offline');
    await dialog.getByRole('textbox', { name: 'Field 1 name' }).fill('product');
    await dialog.getByRole('button', { name: 'Start' }).click();

    await page.waitForURL(/\/offline\?browserSessionId=/);
    const publicId = browserSessionId();
    await page.getByTestId('offline-badge').getByText('Offline').waitFor();
    await page.getByTestId('trainer-task').getByText('Name the first product, offline').waitFor();
    expect(await page.getByRole('button', { name: 'Task Completed' }).count()).toBe(0);
    // The shop's page, answered from the capture.
    const remote = await remotePage();
    const name = (await remote.locator('.product-name').first().innerText()).trim();
    expect(name).not.toBe('');

    await page.getByRole('textbox', { name: 'product' }).fill(name);
    await page.getByRole('button', { name: 'End', exact: true }).click();
    await page.waitForURL(/\/sessions$/);
    const ended = await api.call(endpoints.browserSession, { params: { publicId } });
    expect(ended.status).toBe('closed');
    const recorded = await api.call(endpoints.getSession, { params: { id: ended.sessionPublicId! } });
    expect(recorded.session.output).toEqual({ product: name });
  });
});
