import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints } from '@proctor/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { catalogApi, unique } from './support/catalog';

/** A HAR of two calls of a stand-in API on this machine: an order POSTed with a body, and a GET of its items. */
function har(origin: string): string {
  const entry = (method: string, url: string, requestBody: string | null) => ({
    startedDateTime: '2026-11-01T10:00:00.000Z',
    time: 12,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [
        { name: 'Accept', value: 'application/json' },
        { name: 'X-Shop', value: 'sage' },
      ],
      queryString: [],
      ...(requestBody ? { postData: { mimeType: 'application/json', text: requestBody } } : {}),
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: { size: 11, mimeType: 'application/json', text: '{"ok":true}' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 11,
    },
    cache: {},
    timings: { send: 1, wait: 10, receive: 1 },
  });
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'e2e', version: '1' },
      entries: [
        entry('POST', `${origin}/api/orders/12345?expand=items`, '{"sku":"MUG-SAGE","qty":2}'),
        entry('GET', `${origin}/api/items`, null),
      ],
    },
  });
}

/** /request-template-builder: captured requests filtered by a body pattern, one made a template and tried. */
describe('Request Template Builder', () => {
  let e2e: E2E;
  let page: Page;
  let api: http.Server;
  let origin = '';

  beforeAll(async () => {
    // The stand-in API answers with what it received.
    api = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.statusCode = 201;
        response.setHeader('content-type', 'application/json');
        response.setHeader('x-stand-in', 'answered');
        response.end(
          JSON.stringify({ got: `${request.method} ${request.url}`, body: Buffer.concat(chunks).toString() }),
        );
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    // The stand-in listens on this machine: the install allows that address to the outbound guard.
    e2e = await startE2E({ env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' } });
    page = (await e2e.newUserPage()).page;
    const tokens = await signUpThroughApi(e2e, page, person('Tara Templates'), {
      name: `Templates Co ${unique()}`,
      purpose: 'Learn APIs',
    });
    const [simulator] = await catalogApi(e2e.baseUrl, tokens.access_token).simulators();
    const form = new FormData();
    form.set('har_file', new Blob([har(origin)], { type: 'application/json' }), 'api.har');
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
    await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
  });

  it('should filter the captured requests by a body pattern and say why a pattern is refused', async () => {
    await page.goto('/request-template-builder');
    const rows = page.getByRole('table', { name: 'Captured requests' }).getByTestId('network-request-row');
    await expect.poll(() => rows.count()).toBe(2);
    const bodyRegex = page.getByRole('textbox', { name: 'Body regex' });
    await bodyRegex.fill('(a)\\1');
    await page.getByText(/backreference/).waitFor();
    await bodyRegex.fill('"qty":\\s*\\d');
    await expect.poll(() => rows.count()).toBe(1);
    await rows
      .first()
      .getByRole('button', { name: /Show details/ })
      .click();
    const detail = page.getByTestId('network-request-detail');
    await detail.getByLabel('Response body').getByText('"ok":true').waitFor();
  });

  it('should make a template of a request, parameterize its URL and try it with other values', async () => {
    const row = page.getByRole('table', { name: 'Captured requests' }).getByTestId('network-request-row');
    await row.getByRole('button', { name: 'Make template' }).click();
    const editor = page.getByLabel('Request template');
    await editor.getByRole('button', { name: 'Parameterize URL' }).click();
    await expect(editor.getByRole('textbox', { name: 'URL' }).inputValue()).resolves.toBe(
      `${origin}/api/orders/{{ orderId }}?expand={{ expand }}`,
    );
    await expect(editor.getByRole('textbox', { name: 'orderId' }).inputValue()).resolves.toBe('12345');
    await editor.getByRole('textbox', { name: 'orderId' }).fill('777');
    await editor.getByRole('textbox', { name: 'Body' }).fill('{"sku":"{{ sku }}","qty":2}');
    await editor.getByRole('textbox', { name: 'sku' }).fill('MUG-RUST');
    await editor.getByRole('button', { name: 'Try it' }).click();
    const result = editor.getByLabel('Try it result');
    await result.getByText('201', { exact: true }).waitFor();
    await result.getByText('answered').waitFor();
    await result.getByText('POST /api/orders/777?expand=items').waitFor();
    await result.getByText('MUG-RUST').waitFor();
  });
});
