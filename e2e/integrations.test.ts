import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints } from '@proctor/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { unique } from './support/catalog';

const API_KEY = 'e2e-pet-key-7c1d';

/** An OpenAPI 3 document of the stand-in: one operation, the key in an X-Api-Key header. */
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Pet Store', version: '1.0.0' },
  servers: [{ url: '/v1' }],
  security: [{ headerKey: [] }],
  components: { securitySchemes: { headerKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
  paths: {
    '/pets/{petId}': {
      get: {
        operationId: 'getPet',
        summary: 'One pet',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'The pet' } },
      },
    },
  },
};

/** /apps: HTTP API (OpenAPI) installed from a URL, connected with an API key, and one of its methods called. */
describe('Integrations', () => {
  let e2e: E2E;
  let page: Page;
  let api: http.Server;
  let origin = '';
  let accessToken = '';

  beforeAll(async () => {
    // The stand-in serves the document and answers a pet, saying whether the call carried the key.
    api = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/openapi.json') return response.end(JSON.stringify(DOCUMENT));
      response.end(
        JSON.stringify({ path: request.url, keyCarried: request.headers['x-api-key'] === API_KEY }),
      );
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    // The stand-in listens on this machine: the install allows that address to the outbound guard.
    e2e = await startE2E({ env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' } });
    page = (await e2e.newUserPage()).page;
    accessToken = (
      await signUpThroughApi(e2e, page, person('Ines Integrations'), {
        name: `Integrations Co ${unique()}`,
        purpose: 'Call APIs',
      })
    ).access_token;
  });

  afterAll(async () => {
    await e2e?.close();
    await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
  });

  it("should reach /apps from the marketing header's Integrations link", async () => {
    await page.goto('/landing');
    await page.getByRole('banner').getByRole('link', { name: 'Integrations' }).click();
    await page.waitForURL(/\/apps$/);
    await page.getByRole('heading', { name: 'Apps' }).waitFor();
  });

  it('should list the one app, filtered by Installed and by the search box', async () => {
    await page.goto('/apps');
    const app = page.getByTestId('app-openapi');
    await app.getByText('HTTP API (OpenAPI)').waitFor();
    await page.getByText('Installed', { exact: true }).click();
    await page.getByText('No app installed yet: install one from All').waitFor();
    await page.getByText('All', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Search apps' }).fill('no such app');
    await page.getByText('No app matches the search').waitFor();
    await page.getByRole('textbox', { name: 'Search apps' }).fill('openapi');
    await app.waitFor();
  });

  it('should install from a URL, need an API key to connect, and show only that a key is set', async () => {
    await page.getByTestId('app-openapi').getByRole('button', { name: 'Install' }).click();
    const install = page.getByRole('dialog', { name: 'Install HTTP API (OpenAPI)' });
    await install.getByRole('textbox', { name: 'OpenAPI document URL' }).fill(`${origin}/openapi.json`);
    await install.getByRole('button', { name: 'Install' }).click();

    const connect = page.getByRole('dialog', { name: 'Connect Pet Store' });
    await connect.getByRole('button', { name: 'Connect' }).click();
    await connect.getByText('API key is required').waitFor();
    await connect.getByLabel('API key').fill(API_KEY);
    await connect.getByRole('button', { name: 'Connect' }).click();

    await page.waitForURL(/\/integrations\/\d+$/);
    await page.getByRole('heading', { name: 'API Authentication' }).waitFor();
    await page.getByTestId('api-key-set').waitFor();
    expect(await page.content()).not.toContain(API_KEY);
    await page.getByRole('link', { name: 'Apps' }).first().waitFor();
  });

  it('should call a method with its parameters and show what the API answered', async () => {
    const row = page.getByTestId('integration-methods').getByRole('row', { name: /getPet/ });
    await row.getByRole('button', { name: 'Call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Call getPet' });
    await dialog.getByRole('textbox', { name: 'petId' }).fill('rex');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const answer = dialog.getByTestId('call-answer');
    await answer.getByText('200', { exact: true }).waitFor();
    await answer.getByText('/v1/pets/rex').waitFor();
    await answer.getByText('"keyCarried": true').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('should add a site endpoint on the API as a method and call it', async () => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${e2e.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as { id: number };
    };
    const site = await post(endpoints.createSite.path, {
      name: 'Pets',
      url: origin,
      imgUrl: `${origin}/i.png`,
    });
    await post(endpoints.createSiteEndpoint.path, {
      siteId: site.id,
      url: `${origin}/v1/owners/ann`,
      urlPattern: '/v1/owners/{ownerId}',
      method: 'GET',
    });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add API endpoint' });
    await dialog.getByRole('combobox', { name: 'Site endpoint' }).click();
    await page.getByRole('option', { name: `GET ${origin}/v1/owners/{ownerId}` }).click();
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const row = page.getByTestId('integration-methods').getByRole('row', { name: /owners/ });
    await row.getByRole('button', { name: 'Call' }).click();
    const call = page.getByRole('dialog', { name: 'Call GET /v1/owners/{ownerId}' });
    await call.getByRole('textbox', { name: 'ownerId' }).fill('bo');
    await call.getByRole('button', { name: 'Send' }).click();
    await call.getByTestId('call-answer').getByText('"path": "/v1/owners/bo"').waitFor();
    await call.getByTestId('call-answer').getByText('"keyCarried": true').waitFor();
    await call.getByRole('button', { name: 'Close' }).click();
  });

  it("should list the organization's web flows under Web Scrapers, with Add leading to the Builder", async () => {
    const scrapers = page.getByTestId('web-scrapers');
    await scrapers.getByText('No web flows yet').waitFor();
    const response = await fetch(`${e2e.baseUrl}${endpoints.createWebFlow.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Pet prices', start_url: `${origin}/pets` }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    await page.reload();
    await page.getByTestId('web-scrapers').getByText('Pet prices').waitFor();
    const add = page.getByRole('link', { name: 'Add' });
    expect(await add.getAttribute('href')).toBe('/builder');
  });
});
