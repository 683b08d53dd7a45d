import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { browserSessionPage, runningShopOrigin } from './support/browserSessions';
import { type CatalogApi, catalogApi, unique } from './support/catalog';

/**
 * /builder and /web-flow-runs (issue 31 item 5): a flow on the built-in shop, built in the builder (navigate, click
 * and type with [Enter] on elements picked in the live view, extract a list), saved and run with its events on
 * screen and its Output as JSON, then kept on /web-flow-runs; a broken hint fails its node and the run.
 */
describe('web flows in the builder', () => {
  let e2e: E2E;
  let page: Page;
  let api: CatalogApi;
  let shopOrigin = '';
  const remotes: Browser[] = [];

  beforeAll(async () => {
    // Room for the shop and one builder's browser, and no more: a second builder finds none.
    e2e = await startE2E({ env: { MAX_ENVIRONMENTS: '2', MAX_ENVIRONMENTS_PER_ORGANIZATION: '2' } });
    page = (await e2e.newUserPage()).page;
    // The builder's iframe shows the 1600x900 page scaled: a wide window keeps elements large enough to pick.
    await page.setViewportSize({ width: 1600, height: 1000 });
    const tokens = await signUpThroughApi(e2e, page, person('Flora Flows'), {
      name: `Flows Co ${unique()}`,
      purpose: 'Script act and extract flows',
    });
    api = catalogApi(e2e.baseUrl, tokens.access_token);
    // A running shop of the organization: the builder's browser may reach it (its own simulator instances).
    shopOrigin = await runningShopOrigin(api, `flows-${unique()}`);
  });

  afterAll(async () => {
    await Promise.all(remotes.map((remote) => remote.close().catch(() => undefined)));
    await e2e?.close();
  });

  /** The builder's browser session, from the iframe's address. */
  async function browserSessionId(): Promise<string> {
    const src = await page.getByTitle('Remote browser').getAttribute('src');
    const id = new URL(src ?? '', e2e.baseUrl).searchParams.get('browserSessionId');
    if (!id) throw new Error('The builder has no browser session');
    return id;
  }

  /** The builder browser's page, over its environment's CDP (to find where an element is, as a person sees it). */
  async function remotePage(): Promise<Page> {
    return browserSessionPage(api, await browserSessionId(), remotes);
  }

  /** Picks the element matching `selector` in the remote page: Pick in browser, then a click on it in the live view. */
  async function pick(button: ReturnType<Page['getByRole']>, selector: string): Promise<void> {
    const remote = await remotePage();
    const box = await remote.locator(selector).first().boundingBox();
    if (!box) throw new Error(`${selector} is not on the remote page`);
    await button.click();
    const overlay = page.getByTestId('pick-overlay');
    const frame = await overlay.boundingBox();
    if (!frame) throw new Error('The pick overlay is not on screen');
    const scale = frame.width / 1600;
    await page.mouse.click(
      frame.x + (box.x + box.width / 2) * scale,
      frame.y + (box.y + box.height / 2) * scale,
    );
    await overlay.waitFor({ state: 'detached' });
  }

  it('should build a flow on the shop, save it, run it with its events and Output, and keep the run', async () => {
    await page.goto('/builder');
    await page.getByTitle('Remote browser').waitFor();
    await page.getByText('Starting the browser…').waitFor({ state: 'detached', timeout: 120_000 });
    // The live view of the builder's browser, embedded from /viewer.
    await page
      .frameLocator('iframe[title="Remote browser"]')
      .getByLabel("Live view of the environment's browser")
      .waitFor();

    const search = page.getByRole('textbox', { name: 'Search or create' });
    await search.fill('Shop search');
    await search.press('Enter');
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Shop search');

    // Setup: the start URL, opened in the browser by NAVIGATE.
    await page.getByRole('textbox', { name: 'Start URL' }).fill(`${shopOrigin}/`);
    await page.getByRole('button', { name: 'NAVIGATE' }).click();
    const remote = await remotePage();
    await remote.waitForURL(`${shopOrigin}/`);
    await remote.locator('input[name="q"]').waitFor();

    // Actions: click the search box, type the query parameter and Enter into it, extract the product names listed.
    await page.getByRole('tab', { name: 'Actions' }).click();
    const nodes = page.getByTestId('flow-node');
    await page.getByRole('button', { name: 'Act', exact: true }).click();
    await pick(nodes.nth(0).getByRole('button', { name: 'Pick in browser' }), 'input[name="q"]');
    await nodes.nth(0).getByTestId('act-locator').waitFor();
    await page.getByRole('button', { name: 'Act', exact: true }).click();
    await nodes.nth(1).getByText('Type', { exact: true }).click();
    await pick(nodes.nth(1).getByRole('button', { name: 'Pick in browser' }), 'input[name="q"]');
    await nodes.nth(1).getByRole('textbox', { name: 'Text' }).fill('{{query}}[Enter]');
    await page.getByRole('button', { name: 'Extract', exact: true }).click();
    const field = nodes.nth(2).getByTestId('extract-field');
    await field.getByRole('textbox', { name: 'Field' }).fill('names');
    await field.getByRole('checkbox', { name: 'List' }).check();
    await field.getByRole('textbox', { name: 'Selector' }).fill('.product-name');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Unsaved changes').waitFor({ state: 'detached' });
    await page.getByText('New', { exact: true }).waitFor({ state: 'detached' });

    // The run's parameter fills {{query}}.
    await page.getByRole('tab', { name: 'Test' }).click();
    await page.getByRole('textbox', { name: 'query' }).fill('linen');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('[data-testid="run-state"][data-state="completed"]').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Actions' }).click();
    await expect
      .poll(() => nodes.getByTestId('node-state').evaluateAll((badges) => badges.map((b) => b.dataset.state)))
      .toEqual(['completed', 'completed', 'completed']);

    // The Output is what the shop lists for "linen", read from the same page by the test.
    await remote.waitForURL(/q=linen/);
    const listed = await remote.locator('.product-name').allTextContents();
    expect(listed.length).toBeGreaterThan(1);
    const output = JSON.parse((await page.getByLabel('Output', { exact: true }).textContent()) ?? '{}');
    expect(output).toEqual({ names: listed.map((name) => name.trim()) });

    await page.goto('/web-flow-runs');
    const row = page.getByTestId('web-flow-run-row').filter({ hasText: 'Shop search' });
    await row.locator('[data-testid="run-state-badge"][data-state="completed"]').waitFor();
    await row.click();
    const detail = page.getByTestId('web-flow-run-detail');
    await detail.getByText(/^\d+\.\d s$/).waitFor();
    const shown = detail.getByTestId('json-viewer');
    expect(JSON.parse((await shown.textContent()) ?? '{}')).toEqual(output);
    await detail.getByText('Request', { exact: true }).click();
    await expect
      .poll(async () => JSON.parse((await shown.textContent()) ?? 'null'))
      .toEqual({ query: 'linen' });
  });

  it('should fail the node of a broken hint with its message and end the run failed', async () => {
    await page.goto('/builder');
    await page.getByText('Starting the browser…').waitFor({ state: 'detached', timeout: 120_000 });
    // Enter on the name of a flow opens it rather than making another.
    await page.getByTestId('web-flow-item').filter({ hasText: 'Shop search' }).waitFor();
    const search = page.getByRole('textbox', { name: 'Search or create' });
    await search.fill('shop search');
    await search.press('Enter');
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Shop search');
    await page.getByText('New', { exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Actions' }).click();
    const nodes = page.getByTestId('flow-node');
    await page.getByRole('button', { name: 'Act', exact: true }).click();
    // An act that names an element and was never pointed at one: without a model nothing can find it.
    await nodes.nth(3).getByRole('textbox', { name: 'Element hint' }).fill('the missing button');

    await page.getByRole('tab', { name: 'Test' }).click();
    await page.getByRole('textbox', { name: 'query' }).fill('linen');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await page.locator('[data-testid="run-state"][data-state="failed"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('run-error').getByText('Element not found: the missing button').waitFor();
    await page.getByRole('tab', { name: 'Actions' }).click();
    await nodes.nth(3).getByTestId('node-error').getByText('Element not found: the missing button').waitFor();
    await nodes.nth(3).locator('[data-testid="node-state"][data-state="failed"]').waitFor();

    await page.goto('/web-flow-runs');
    await page
      .getByTestId('web-flow-run-row')
      .filter({ hasText: 'Shop search' })
      .locator('[data-testid="run-state-badge"][data-state="failed"]')
      .waitFor();
  });

  it('should say no browsers are available when none is free, and get one once another is let go', async () => {
    await page.goto('/builder');
    await page.getByText('Starting the browser…').waitFor({ state: 'detached', timeout: 120_000 });
    const other = (await e2e.newUserPage()).page;
    await signUpThroughApi(e2e, other, person('Otto Other'), {
      name: `Other Co ${unique()}`,
      purpose: 'Flows too',
    });
    await other.goto('/builder');
    const failure = other.getByTestId('remote-browser-failure');
    await failure.getByText('No browsers available. Please try again in a couple minutes.').waitFor();

    // The first builder is left: its browser closes, and Try again finds it free.
    await page.goto('/web-flow-runs');
    await expect
      .poll(async () => {
        await failure
          .getByRole('button', { name: 'Try again' })
          .click({ timeout: 1000 })
          .catch(() => undefined);
        return other.getByTitle('Remote browser').count();
      })
      .toBe(1);
  });
});
