import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, person, signUpThroughApi, startE2E } from './harness';
import { unique } from './support/catalog';

const TOKEN = 'e2e-bearer-secret-5c1f';

/** A one-page HAR whose request carries a bearer token. */
function har(): string {
  const nameValue = (name: string, value: string) => ({ name, value });
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'e2e', version: '1' },
      entries: [
        {
          startedDateTime: '2026-11-01T10:00:00.000Z',
          time: 12,
          request: {
            method: 'GET',
            url: 'https://shop.example.test/',
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: [nameValue('Authorization', `Bearer ${TOKEN}`)],
            queryString: [],
            headersSize: -1,
            bodySize: 0,
          },
          response: {
            status: 200,
            statusText: 'OK',
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: [],
            content: { size: 4, mimeType: 'text/html', text: 'shop' },
            redirectURL: '',
            headersSize: -1,
            bodySize: 4,
          },
          cache: {},
          timings: { send: 1, wait: 10, receive: 1 },
        },
      ],
    },
  });
}

/** /upload-har: the form's checks, then a HAR becomes a session whose requests show with the token redacted. */
describe('HAR upload', () => {
  let e2e: E2E;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2E();
    page = (await e2e.newUserPage()).page;
    await signUpThroughApi(e2e, page, person('Hana Har'), {
      name: `HAR Co ${unique()}`,
      purpose: 'Import traffic',
    });
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('should check the form, then create a session from the HAR and link to it', async () => {
    await page.goto('/upload-har');
    const create = page.getByRole('button', { name: 'Create Session' });
    await create.click();
    await page.getByText('Please select both a HAR file and a simulator').waitFor();

    await page.getByRole('combobox', { name: 'Simulator' }).click();
    await page.getByRole('option').first().click();
    const file = page.locator('input[type="file"]');
    await file.setInputFiles({ name: 'traffic.txt', mimeType: 'text/plain', buffer: Buffer.from(har()) });
    await create.click();
    await page.getByText('Please select a valid .har file').waitFor();

    await file.setInputFiles({
      name: 'traffic.har',
      mimeType: 'application/json',
      buffer: Buffer.from(har()),
    });
    await create.click();
    const created = page.getByTestId('har-session-created');
    await created.getByText('1 requests.').waitFor();
    await created.getByRole('link', { name: 'Open the session' }).click();
    await page.waitForURL(/\/sessions\/[^/]+$/);
    // The session page offers its requests, as a recorded session's (the page's Network Requests).
    await page.getByRole('link', { name: 'View Network Requests' }).waitFor();

    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    const tokens = await page.evaluate(() => localStorage.getItem('access_token'));
    const response = await fetch(`${e2e.baseUrl}/api/session/${sessionId}/network-requests`, {
      headers: { authorization: `Bearer ${tokens}` },
    });
    const { requests } = (await response.json()) as {
      requests: { request_headers: Record<string, string> }[];
    };
    expect(requests).toHaveLength(1);
    expect(requests[0]!.request_headers.authorization).toMatch(/^Bearer redacted:[0-9a-f]{8}$/);
  });
});
