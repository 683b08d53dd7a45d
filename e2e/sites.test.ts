import { readFile } from 'node:fs/promises';
import { endpoints } from '@proctor/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { catalogApi, unique } from './support/catalog';

const ORIGIN = 'https://shop.example.test';

/** A HAR with two calls of the shop: its home page and an order's JSON. */
function har(): string {
  const entry = (url: string, mimeType: string, text: string) => ({
    startedDateTime: '2026-11-01T10:00:00.000Z',
    time: 12,
    request: {
      method: 'GET',
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Accept', value: '*/*' }],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: mimeType }],
      content: { size: text.length, mimeType, text },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 1, wait: 10, receive: 1 },
  });
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'e2e', version: '1' },
      entries: [
        entry(`${ORIGIN}/`, 'text/html', '<h1>Shop</h1>'),
        entry(
          `${ORIGIN}/api/orders/12345`,
          'application/json',
          JSON.stringify({ id: 12345, total: 42.5, items: [{ sku: 'MUG-SAGE', quantity: 2 }] }),
        ),
      ],
    },
  });
}

/** /sites, /site-requests and /site-endpoints: a site is created, a captured request becomes its endpoint and model. */
describe('Sites', () => {
  let e2e: E2E;
  let page: Page;
  const siteName = `Sage Shop ${unique()}`;

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newUserPage()).page;
    const tokens = await signUpThroughApi(e2e, page, person('Sita Sites'), {
      name: `Sites Co ${unique()}`,
      purpose: 'Learn APIs',
    });
    // The captured requests: a HAR imported as a session of the organization's.
    const [simulator] = await catalogApi(e2e.baseUrl, tokens.access_token).simulators();
    const form = new FormData();
    form.set('har_file', new Blob([har()], { type: 'application/json' }), 'shop.har');
    form.set('simulator_id', String(simulator!.id));
    const response = await fetch(`${e2e.baseUrl}${endpoints.uploadHar.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('should check Create Site, then create a site and open its page', async () => {
    await page.goto('/sites');
    await page.getByText('No sites yet: create one with Create Site').waitFor();
    await page.getByRole('button', { name: 'Create Site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Site' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('URL is required', { exact: true }).waitFor();
    await dialog.getByText('Image URL is required').waitFor();

    await dialog.getByRole('textbox', { name: 'Name' }).fill(siteName);
    await dialog.getByRole('textbox', { name: /^URL/ }).fill('shop.example.test');
    await dialog.getByRole('textbox', { name: 'Image URL' }).fill(`${ORIGIN}/logo.png`);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('URL must be a valid http(s) URL').waitFor();
    await dialog.getByRole('textbox', { name: /^URL/ }).fill(ORIGIN);
    await dialog.getByRole('button', { name: 'Create' }).click();

    await page.waitForURL(/\/sites\/\d+$/);
    await page.getByRole('heading', { name: siteName }).waitFor();
    await page.getByText('No endpoints yet: open Site Requests').waitFor();
  });

  it('should list the captured requests, filter them and open one with its response', async () => {
    await page.goto('/site-requests');
    const rows = page.getByRole('table', { name: 'Site requests' }).getByTestId('network-request-row');
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByRole('textbox', { name: 'URL' }).fill('orders');
    await expect.poll(() => rows.count()).toBe(1);
    await rows
      .first()
      .getByRole('button', { name: /Show details/ })
      .click();
    const detail = page.getByTestId('network-request-detail');
    await detail.getByLabel('Response body').getByText('"total":42.5').waitFor();
    await detail.getByText('application/json').first().waitFor();
  });

  it('should make an endpoint and a model from a captured request and show them', async () => {
    const row = page.getByRole('table', { name: 'Site requests' }).getByTestId('network-request-row');
    await row.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint to a site' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText('Choose a site').last().waitFor();
    await dialog.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option', { name: siteName }).click();
    await expect(
      dialog.getByRole('checkbox', { name: 'Create model from response' }).isChecked(),
    ).resolves.toBe(true);
    await expect(dialog.getByRole('textbox', { name: 'Model name' }).inputValue()).resolves.toBe(
      'GET /api/orders/{orderId}',
    );
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText(`Endpoint added to ${siteName}`).waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Site Endpoints' }).click();
    await page.waitForURL(/\/site-endpoints$/);
    const endpoint = page.getByTestId('site-endpoint-row');
    await expect.poll(() => endpoint.count()).toBe(1);
    await expect(endpoint.innerText()).resolves.toMatch(
      new RegExp(`${siteName}\\s+GET\\s+${ORIGIN}\\s+/api/orders/\\{orderId\\}\\s+application/json`),
    );

    // The site's page: the endpoint with its model, whose schema was inferred from the response.
    await endpoint.getByRole('link', { name: siteName }).click();
    await page.waitForURL(/\/sites\/\d+$/);
    await page
      .getByTestId('site-endpoint-row')
      .getByRole('button', { name: 'GET /api/orders/{orderId}', exact: true })
      .click();
    const schema = page.getByLabel('Schema of GET /api/orders/{orderId}');
    await schema.getByText('"total"').waitFor();
    await page.getByRole('tab', { name: 'Documents (0)' }).click();
    await page.getByText('No documents yet').waitFor();

    // A document is held to the inferred schema: the server's refusal names the JSON path.
    const documentText = page.getByRole('textbox', { name: 'Add document' });
    const addDocument = page.getByRole('button', { name: 'Add document' });
    await documentText.fill('{"id": 7, "total": "a lot", "items": []}');
    await addDocument.click();
    await page.getByText(/\/total: must be number/).waitFor();
    await documentText.fill('{"id": 7, "total": 12.5, "items": [{"sku": "MUG-SAGE", "quantity": 1}]}');
    await addDocument.click();
    await page.getByRole('tab', { name: 'Documents (1)' }).waitFor();
    await page.getByTestId('site-document').getByText('"total": 12.5').waitFor();

    // Export OpenAPI: the endpoint as a path with its parameter, its response the model.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export OpenAPI' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sage-shop-[a-z0-9]+-openapi\.json$/);
    const document = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(Object.keys(document.paths)).toEqual(['/api/orders/{orderId}']);
  });

  it('should edit the site and its endpoint, and show the changes after a reload', async () => {
    await page.waitForURL(/\/sites\/\d+/);
    const renamed = `${siteName} Renamed`;
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const siteDialog = page.getByRole('dialog', { name: 'Edit site' });
    const name = siteDialog.getByRole('textbox', { name: 'Name' });
    await expect(name.inputValue()).resolves.toBe(siteName);
    await siteDialog.getByRole('textbox', { name: /^URL/ }).fill('shop example');
    await siteDialog.getByRole('button', { name: 'Save' }).click();
    await siteDialog.getByText('URL must be a valid http(s) URL').waitFor();
    await name.fill(renamed);
    await siteDialog.getByRole('textbox', { name: /^URL/ }).fill(ORIGIN);
    await siteDialog.getByRole('button', { name: 'Save' }).click();
    await siteDialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: renamed }).waitFor();

    await page.getByRole('tab', { name: /^Endpoints/ }).click();
    await page.getByRole('button', { name: 'Edit endpoint GET /api/orders/{orderId}' }).click();
    const endpointDialog = page.getByRole('dialog', { name: 'Edit endpoint' });
    const pattern = endpointDialog.getByRole('textbox', { name: 'URL pattern' });
    await pattern.fill('api/orders/{id}');
    await endpointDialog.getByRole('button', { name: 'Save' }).click();
    await endpointDialog
      .getByText('urlPattern must be a path from / with {name} parameters and no query')
      .waitFor();
    await pattern.fill('/api/orders/{id}');
    await endpointDialog.getByRole('button', { name: 'Save' }).click();
    await endpointDialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { name: renamed }).waitFor();
    await page.getByRole('tab', { name: /^Endpoints/ }).click();
    const row = page.getByTestId('site-endpoint-row');
    await row.getByText('/api/orders/{id}', { exact: true }).waitFor();
    await page.goto('/site-endpoints');
    await expect
      .poll(() => page.getByTestId('site-endpoint-row').innerText())
      .toMatch(new RegExp(`${renamed}\\s+GET\\s+${ORIGIN}\\s+/api/orders/\\{id\\}\\s+application/json`));

    // The organization's list edits too: a content type left blank is none.
    await page.getByRole('button', { name: 'Edit endpoint GET /api/orders/{id}' }).click();
    const listDialog = page.getByRole('dialog', { name: 'Edit endpoint' });
    await listDialog.getByRole('textbox', { name: 'Content type' }).fill('');
    await listDialog.getByRole('button', { name: 'Save' }).click();
    await listDialog.waitFor({ state: 'detached' });
    await page.reload();
    await expect
      .poll(() => page.getByTestId('site-endpoint-row').innerText())
      .toMatch(/\/api\/orders\/\{id\}\s+—/);
  });
});
