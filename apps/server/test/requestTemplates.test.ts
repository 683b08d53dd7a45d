import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints, REQUEST_TEMPLATE_TRY, type SiteRequestsQuery } from '@proctor/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase, type TestProctor } from './support/proctor';

/**
 * The Request Template Builder (002 §2.6): captured requests filtered by a body pattern (RE2, linear time), and a
 * request template rendered and tried through the outbound guard.
 */

/** A HAR 1.2 entry: a POST of `requestBody` to `url`, answered with `{}`. */
function entry(url: string, requestBody: string, startedAt: string) {
  return {
    startedDateTime: startedAt,
    time: 5,
    request: {
      method: 'POST',
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      queryString: [],
      postData: { mimeType: 'application/json', text: requestBody },
      headersSize: -1,
      bodySize: requestBody.length,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: { size: 2, mimeType: 'application/json', text: '{}' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 2,
    },
    cache: {},
    timings: { send: 1, wait: 3, receive: 1 },
  };
}

async function uploadHar(proctor: TestProctor, as: Actor, simulatorId: number, entries: unknown[]) {
  const file = JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } });
  const boundary = '----proctorTemplatesTest';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="simulator_id"\r\n\r\n${simulatorId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="har_file"; filename="t.har"\r\nContent-Type: application/octet-stream\r\n\r\n` +
      `${file}\r\n--${boundary}--\r\n`,
  );
  const response = await proctor.request({
    method: 'POST',
    url: endpoints.uploadHar.path,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    as,
  });
  expect(response.statusCode).toBe(200);
}

/** A stand-in API on this machine: answers every request with what it received, as JSON. */
let api: http.Server;
let apiPort = 0;
beforeAll(async () => {
  api = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/large')
        return response.end(Buffer.alloc(REQUEST_TEMPLATE_TRY.maxResponseBytes + 1));
      response.setHeader('content-type', 'application/json');
      response.setHeader('x-stand-in', 'yes');
      response.statusCode = 201;
      response.end(
        JSON.stringify({
          method: request.method,
          url: request.url,
          token: request.headers['x-token'] ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiPort = (api.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

describeEachDatabase(
  'request template builder',
  (proctor) => {
    const rows = catalog(proctor);

    async function editorWithRequests() {
      const simulator = await rows.simulator();
      const editor = await proctor().actor({
        plan: { allowed_simulators: [simulator.id] },
        permissions: { dashboard_access: true },
      });
      await uploadHar(proctor(), editor, simulator.id, [
        entry(
          'https://shop.example.test/api/orders',
          '{"item":"pepper mill","qty":2}',
          '2026-11-01T10:00:00.000Z',
        ),
        entry(
          'https://shop.example.test/api/cart',
          '{"item":"walnut board","qty":1}',
          '2026-11-01T10:00:01.000Z',
        ),
        entry('https://shop.example.test/api/search', `${'a'.repeat(5000)}!`, '2026-11-01T10:00:02.000Z'),
      ]);
      return editor;
    }

    const requests = (as: Actor, query: SiteRequestsQuery) =>
      proctor().request({
        method: 'GET',
        url: `${endpoints.siteRequests.path}?${new URLSearchParams(query as Record<string, string>)}`,
        as,
      });

    it('should filter captured requests by a body pattern, in linear time', async () => {
      const editor = await editorWithRequests();
      const paths = async (query: SiteRequestsQuery) => {
        const answer = await requests(editor, query);
        expect(answer.statusCode).toBe(200);
        return endpoints.siteRequests.response
          .parse(answer.json())
          .requests.map((request) => new URL(request.url).pathname);
      };
      expect(await paths({ bodyRegex: '"qty":\\d' })).toEqual(['/api/cart', '/api/orders']);
      expect(await paths({ bodyRegex: 'walnut\\s+board' })).toEqual(['/api/cart']);
      expect(await paths({ bodyRegex: 'pepper', url: 'cart' })).toEqual([]);
      const total = await requests(editor, { bodyRegex: 'item', page_size: '1' } as SiteRequestsQuery);
      expect(total.json().pagination).toMatchObject({ total_count: 2 });
      expect(total.json().requests).toHaveLength(1);
      // Exponential for a backtracking engine on 5000 a's followed by '!'; RE2 answers at once.
      const started = Date.now();
      expect(await paths({ bodyRegex: '^(a+)+$' })).toEqual([]);
      expect(await paths({ bodyRegex: '^(a|aa)+!$' })).toEqual(['/api/search']);
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('should refuse a body pattern that does not compile or needs backtracking, saying why', async () => {
      const editor = await editorWithRequests();
      for (const [bodyRegex, reason] of [
        ['(unclosed', 'is not a valid regular expression'],
        ['(a)\\1', 'backreference'],
        ['qty(?=":)', 'lookahead'],
      ]) {
        const answer = await requests(editor, { bodyRegex });
        expect({ bodyRegex, status: answer.statusCode }).toEqual({ bodyRegex, status: 400 });
        expect(answer.json().detail).toMatch(/^bodyRegex /);
        expect(answer.json().detail).toContain(reason);
      }
    });

    it('should render a template with its parameters and send it through the guard', async () => {
      const editor = await proctor().actor({ permissions: { dashboard_access: true } });
      const answer = await proctor().call(endpoints.tryRequestTemplate, {
        body: {
          template: {
            method: 'post',
            url: `http://127.0.0.1:${apiPort}/api/orders/{{ orderId }}?expand={{ expand }}`,
            headers: { 'X-Token': '{{ token }}', 'Content-Type': 'application/json', ':authority': 'x' },
            body: '{"qty": {{ qty }}}',
          },
          parameters: { orderId: 'ord_7', expand: 'items', token: 't-1', qty: '3' },
        },
        as: editor,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.request).toEqual({
        method: 'POST',
        url: `http://127.0.0.1:${apiPort}/api/orders/ord_7?expand=items`,
        headers: { 'X-Token': 't-1', 'Content-Type': 'application/json' },
        body: '{"qty": 3}',
      });
      expect(answer.body.response).toMatchObject({ status: 201, headers: { 'x-stand-in': 'yes' } });
      expect(JSON.parse(answer.body.response.body)).toEqual({
        method: 'POST',
        url: '/api/orders/ord_7?expand=items',
        token: 't-1',
        body: '{"qty": 3}',
      });
    });

    it('should refuse to send to a loopback or private address the install does not allow, or read a too large answer', async () => {
      const editor = await proctor().actor({ permissions: { dashboard_access: true } });
      for (const url of [`http://127.0.0.2:${apiPort}/`, `http://[::1]:${apiPort}/`, 'http://10.1.2.3/']) {
        const answer = await proctor().request({
          method: 'POST',
          url: endpoints.tryRequestTemplate.path,
          payload: { template: { method: 'GET', url } },
          as: editor,
        });
        expect({ url, status: answer.statusCode }).toEqual({ url, status: 400 });
        expect(answer.json().detail).toMatch(/^Refused /);
      }
      // Reached, but answering more than the builder reads: 502 saying so.
      const large = await proctor().request({
        method: 'POST',
        url: endpoints.tryRequestTemplate.path,
        payload: { template: { method: 'GET', url: `http://127.0.0.1:${apiPort}/large` } },
        as: editor,
      });
      expect(large.statusCode).toBe(502);
      expect(large.json().detail).toContain(`larger than ${REQUEST_TEMPLATE_TRY.maxResponseBytes} bytes`);
      const member = await proctor().actor({});
      const refused = await proctor().request({
        method: 'POST',
        url: endpoints.tryRequestTemplate.path,
        payload: { template: { method: 'GET', url: `http://127.0.0.1:${apiPort}/` } },
        as: member,
      });
      expect(refused.statusCode).toBe(403);
    });
  },
  // The stand-in API listens on 127.0.0.1: the install allows that one address, and nothing else non-public.
  { env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' } },
);
