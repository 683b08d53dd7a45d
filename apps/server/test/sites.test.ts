import { readFileSync } from 'node:fs';
import {
  endpoints,
  originOf,
  SITE_MESSAGES,
  SITE_REQUESTS_COUNT_MAX,
  type SiteRequestsQuery,
} from '@proctor/contracts';
import { networkRequests, sessions, sites } from '@proctor/db';
import { compileErrors, validate } from '@readme/openapi-parser';
import { asc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { insertRequests } from '../src/repositories/recordings';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase, type TestProctor } from './support/proctor';

const BEARER = 'bearer-secret-site-5d1e';

const header = (name: string, value: string) => ({ name, value });

/** A HAR 1.2 entry answering `body` (JSON unless `mimeType` says otherwise). */
function entry(
  url: string,
  body: unknown,
  options: { method?: string; mimeType?: string; startedAt?: string; requestBody?: string } = {},
) {
  const mimeType = options.mimeType ?? 'application/json; charset=utf-8';
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    startedDateTime: options.startedAt ?? '2026-11-01T10:00:00.000Z',
    time: 12,
    request: {
      method: options.method ?? 'GET',
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [header('Authorization', `Bearer ${BEARER}`), header('Accept', 'application/json')],
      queryString: [],
      ...(options.requestBody
        ? { postData: { mimeType: 'application/json', text: options.requestBody } }
        : {}),
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [header('Content-Type', mimeType)],
      content: { size: text.length, mimeType, text },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 1, wait: 10, receive: 1 },
  };
}

const har = (entries: unknown[]) =>
  JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } });

/** Uploads a HAR through the HAR upload route (the real import: redaction, storage): the new session's id. */
async function uploadHar(
  proctor: TestProctor,
  as: Actor,
  simulatorId: number,
  file: string,
): Promise<string> {
  const boundary = '----proctorSitesTest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="simulator_id"\r\n\r\n${simulatorId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="har_file"; filename="site.har"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await proctor.request({
    method: 'POST',
    url: endpoints.uploadHar.path,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    as,
  });
  expect(response.statusCode).toBe(200);
  return endpoints.uploadHar.response.parse(response.json()).session_id;
}

/** The parts of the exported OpenAPI document the test reads. */
interface ExportedDocument {
  openapi: string;
  paths: Record<string, { servers?: unknown; get?: ExportedOperation }>;
  components: { schemas: Record<string, unknown> };
}
interface ExportedOperation {
  parameters?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

const USER_12 = { id: 12, name: 'Ada', tags: ['admin'], address: { city: 'Paris' } };
const USER_34 = { id: 34, name: 'Bob', tags: [], address: { city: 'Oslo' } };

describeEachDatabase('sites', (proctor) => {
  const rows = catalog(proctor);

  /** An editor (dashboard access) whose organization has uploaded a HAR of shop.example.test. */
  /** shopOrganization, with its HAR session's row id (for rows written straight to the database). */
  async function shopSessionRow() {
    const { editor, sessionId } = await shopOrganization();
    const [session] = await proctor()
      .ctx.db.select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.publicId, sessionId));
    return { editor, session: session! };
  }

  async function shopOrganization() {
    const simulator = await rows.simulator();
    const editor = await proctor().actor({
      plan: { allowed_simulators: [simulator.id] },
      permissions: { dashboard_access: true },
    });
    const sessionId = await uploadHar(
      proctor(),
      editor,
      simulator.id,
      har([
        entry('https://shop.example.test/api/users/12', USER_12),
        entry('https://shop.example.test/api/users/34?expand=address', USER_34, {
          startedAt: '2026-11-01T10:00:01.000Z',
        }),
        entry(
          'https://shop.example.test/api/orders',
          { id: 'ord_1', total: 12.5 },
          { method: 'POST', requestBody: '{"item":1}', startedAt: '2026-11-01T10:00:02.000Z' },
        ),
        entry('https://cdn.example.test/app.js', 'console.log(1)', {
          mimeType: 'application/javascript',
          startedAt: '2026-11-01T10:00:03.000Z',
        }),
        entry(
          'https://shop.example.test/api/items/550e8400-e29b-41d4-a716-446655440000',
          { sku: 'A1' },
          { startedAt: '2026-11-01T10:00:04.000Z' },
        ),
      ]),
    );
    const site = await proctor().call(endpoints.createSite, {
      body: { name: 'Shop', url: 'https://shop.example.test', imgUrl: 'https://shop.example.test/logo.png' },
      as: editor,
    });
    expect(site.status).toBe(201);
    return { editor, simulator, sessionId, site: site.body };
  }

  async function requestsOf(as: Actor, query: SiteRequestsQuery = {}) {
    const answer = await proctor().call(endpoints.siteRequests, { query, as });
    expect(answer.status).toBe(200);
    return answer.body;
  }

  it('should create a site only with a name, an http(s) URL and an image URL', async () => {
    const editor = await proctor().actor({ permissions: { dashboard_access: true } });
    const create = (body: Record<string, unknown>) =>
      proctor().request({ method: 'POST', url: endpoints.createSite.path, payload: body, as: editor });
    const good = {
      name: 'Shop',
      url: 'https://shop.example.test',
      imgUrl: 'https://shop.example.test/i.png',
    };
    for (const [body, message] of [
      [{ ...good, name: '  ' }, SITE_MESSAGES.nameRequired],
      [{ ...good, url: undefined }, SITE_MESSAGES.urlRequired],
      [{ ...good, url: 'not a url' }, SITE_MESSAGES.urlInvalid],
      [{ ...good, url: 'ftp://shop.example.test' }, SITE_MESSAGES.urlInvalid],
      [{ ...good, imgUrl: '' }, SITE_MESSAGES.imgUrlRequired],
    ] as const) {
      const response = await create(body);
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect(response.json().detail).toContain(message);
    }
    const created = await create(good);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...good, shared: false });

    const renamed = await proctor().call(endpoints.updateSite, {
      params: { id: created.json().id },
      body: { name: 'Shop 2' },
      as: editor,
    });
    expect(renamed.body).toMatchObject({ name: 'Shop 2', url: good.url });
    const listed = await proctor().call(endpoints.listSites, { as: editor });
    expect(listed.body.sites.filter((site) => !site.shared).map((site) => site.name)).toEqual(['Shop 2']);
  });

  it("should list the organization's captured requests, redacted, filtered and paged", async () => {
    const { editor, sessionId } = await shopOrganization();
    const all = await requestsOf(editor);
    expect(all.pagination.total_count).toBe(5);
    // Newest first.
    expect(all.requests.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/items/550e8400-e29b-41d4-a716-446655440000',
      '/app.js',
      '/api/orders',
      '/api/users/34',
      '/api/users/12',
    ]);
    expect(all.requests.every((request) => request.sessionPublicId === sessionId)).toBe(true);
    expect(JSON.stringify(all)).not.toContain(BEARER);
    expect(all.requests[2]).toMatchObject({ method: 'POST', requestBody: '{"item":1}', status: 200 });

    const paths = async (query: SiteRequestsQuery) =>
      (await requestsOf(editor, query)).requests.map((request) => new URL(request.url).pathname);
    expect(await paths({ originUrl: 'https://cdn.example.test' })).toEqual(['/app.js']);
    expect(await paths({ originUrl: 'https://SHOP.example.test' })).toHaveLength(4);
    expect(await paths({ url: 'USERS' })).toEqual(['/api/users/34', '/api/users/12']);
    expect(await paths({ url: '%' })).toEqual([]);
    expect(await paths({ method: 'post' })).toEqual(['/api/orders']);
    expect(await paths({ contentType: 'javascript' })).toEqual(['/app.js']);
    expect(await paths({ contentType: 'json', url: 'users', method: 'GET' })).toHaveLength(2);
    expect(await paths({ sessionPublicId: sessionId })).toHaveLength(5);
    expect(await paths({ sessionPublicId: 'no-such-session' })).toEqual([]);

    const page = await requestsOf(editor, { page: 3, page_size: 2 });
    expect(page.pagination).toEqual({
      page: 3,
      page_size: 2,
      total_count: 5,
      total_pages: 3,
      total_count_capped: false,
    });
    expect(page.requests.map((request) => request.id)).toEqual([all.requests[4]!.id]);

    const responses = await proctor().call(endpoints.siteResponses, {
      query: { url: 'users/12' },
      as: editor,
    });
    expect(responses.body.responses).toHaveLength(1);
    const [response] = responses.body.responses;
    expect(JSON.parse(Buffer.from(response!.responseBody!, 'base64').toString('utf8'))).toEqual(USER_12);

    const origins = await proctor().call(endpoints.siteOriginUrls, { as: editor });
    expect(origins.body).toEqual({ originUrls: ['https://cdn.example.test', 'https://shop.example.test'] });
  });

  it('should count the requests up to SITE_REQUESTS_COUNT_MAX, and say when more match', async () => {
    const { editor, session } = await shopSessionRow();
    const db = proctor().ctx.db;
    // The cap and one more, besides the HAR's 5.
    await db.execute(sql`
      insert into network_requests (session_id, method, url, origin_url)
      select ${session.id}::int, 'GET', 'https://bulk.example.test/items/' || g, 'https://bulk.example.test'
      from generate_series(1, ${SITE_REQUESTS_COUNT_MAX + 1}::int) g`);
    const pages = SITE_REQUESTS_COUNT_MAX / 50;
    const capped = { total_count: SITE_REQUESTS_COUNT_MAX, total_pages: pages, total_count_capped: true };
    const all = await requestsOf(editor, { page_size: 50 });
    expect(all.pagination).toEqual({ page: 1, page_size: 50, ...capped });
    expect(all.requests[0]!.url).toBe(`https://bulk.example.test/items/${SITE_REQUESTS_COUNT_MAX + 1}`);
    const responses = await proctor().call(endpoints.siteResponses, {
      query: { originUrl: 'https://bulk.example.test', page: pages, page_size: 50 },
      as: editor,
    });
    expect(responses.body.pagination).toEqual({ page: pages, page_size: 50, ...capped });
    // The last page counted: the cap's oldest 50 of the newest SITE_REQUESTS_COUNT_MAX.
    expect(responses.body.responses.map((response) => response.url).at(-1)).toBe(
      'https://bulk.example.test/items/2',
    );
    // Exactly the cap is an exact count.
    const exact = await requestsOf(editor, { originUrl: 'https://bulk.example.test', url: '/items/1' });
    expect(exact.pagination).toMatchObject({
      total_count: 1 + 10 + 100 + 1000 + 2,
      total_count_capped: false,
    });
    await db.execute(sql`delete from network_requests where url = 'https://bulk.example.test/items/1'`);
    expect((await requestsOf(editor, { originUrl: 'https://bulk.example.test' })).pagination).toMatchObject({
      total_count: SITE_REQUESTS_COUNT_MAX,
      total_count_capped: false,
    });
  });

  it("should store each captured request's origin as originOf reads it, and backfill rows without one", async () => {
    const { editor, session } = await shopSessionRow();
    const db = proctor().ctx.db;
    const urls = [
      'https://User:p@ss@API.Example.test:8443/v1/Items?q=1',
      'HTTP://shop.example.test',
      'wss://live.example.test/socket#x',
      '/relative/path',
      'data:text/plain,hello',
    ];
    // The recorder's write (the HAR import and live recordings both go through it).
    await insertRequests(
      db,
      session.id,
      urls.map((url, at) => ({
        request_id: `r${at}`,
        method: 'GET',
        url,
        content_type: null,
        request_headers: {},
        request_body: null,
        response_headers: {},
        response_body: null,
        status: 200,
        resource_type: 'fetch',
        started_at: 1_764_400_000_000 + at,
        duration_ms: null,
        failed: null,
        truncated: false,
        step_idx: null,
      })),
    );
    const stored = await db
      .select({ id: networkRequests.id, url: networkRequests.url, originUrl: networkRequests.originUrl })
      .from(networkRequests)
      .where(eq(networkRequests.sessionId, session.id))
      .orderBy(asc(networkRequests.id));
    expect(stored.map((row) => row.originUrl)).toEqual(stored.map((row) => originOf(row.url)));
    expect(stored.slice(-urls.length).map((row) => row.originUrl)).toEqual([
      'https://api.example.test:8443',
      'http://shop.example.test',
      'wss://live.example.test',
      null,
      null,
    ]);
    expect(
      (await requestsOf(editor, { originUrl: 'https://API.example.test:8443' })).requests.map((r) => r.url),
    ).toEqual([urls[0]]);

    // Rows from before the recorder stored it: migration 0037's backfill reads the same origin.
    await db.execute(
      sql`update network_requests set origin_url = null where session_id = ${session.id}::int`,
    );
    const migration = readFileSync(
      new URL('../../../packages/db/migrations/0037_network_requests_origin.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.trim().startsWith('UPDATE "network_requests"'))!;
    expect(backfill).toContain('"origin_url" IS NULL');
    await db.execute(sql.raw(backfill));
    const backfilled = await db
      .select({ url: networkRequests.url, originUrl: networkRequests.originUrl })
      .from(networkRequests)
      .where(eq(networkRequests.sessionId, session.id));
    expect(backfilled.map((row) => row.originUrl)).toEqual(backfilled.map((row) => originOf(row.url)));
  });

  it('should make endpoints from captured requests, with {param}s, once per site', async () => {
    const { editor, site } = await shopOrganization();
    const { requests } = await requestsOf(editor, { url: '/api/users/' });
    const [user34, user12] = requests;
    const first = await proctor().call(endpoints.siteEndpointFromRequest, {
      body: { siteId: site.id, requestId: user12!.id },
      as: editor,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      created: true,
      endpoint: {
        siteId: site.id,
        originUrl: 'https://shop.example.test',
        urlPattern: '/api/users/{userId}',
        method: 'GET',
        contentType: 'application/json',
        modelId: null,
      },
    });
    // Another user's call is the same endpoint.
    const again = await proctor().call(endpoints.siteEndpointFromRequest, {
      body: { siteId: site.id, requestId: user34!.id },
      as: editor,
    });
    expect(again.body).toEqual({ created: false, endpoint: first.body.endpoint });
    const item = (await requestsOf(editor, { url: '/api/items/' })).requests[0]!;
    const itemEndpoint = await proctor().call(endpoints.siteEndpointFromRequest, {
      body: { siteId: site.id, requestId: item.id },
      as: editor,
    });
    expect(itemEndpoint.body.endpoint.urlPattern).toBe('/api/items/{itemId}');

    // By hand: the pattern read from the URL, the method upper-cased, the media type without parameters.
    const byHand = {
      siteId: site.id,
      url: 'https://shop.example.test/api/orders',
      method: 'post',
      contentType: 'application/json; charset=utf-8',
    };
    const made = await proctor().call(endpoints.createSiteEndpoint, { body: byHand, as: editor });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      urlPattern: '/api/orders',
      method: 'POST',
      contentType: 'application/json',
    });
    const twice = await proctor().call(endpoints.createSiteEndpoint, { body: byHand, as: editor });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(SITE_MESSAGES.endpointExists);
    const clash = await proctor().call(endpoints.updateSiteEndpoint, {
      params: { id: made.body.id },
      body: { urlPattern: '/api/users/{userId}', method: 'GET' },
      as: editor,
    });
    expect(clash.status).toBe(409);
    const repeated = await proctor().call(endpoints.updateSiteEndpoint, {
      params: { id: made.body.id },
      body: { urlPattern: '/api/orders/{id}/{id}' },
      as: editor,
    });
    expect(repeated.status).toBe(400);
    const changed = await proctor().call(endpoints.updateSiteEndpoint, {
      params: { id: made.body.id },
      body: { urlPattern: '/api/orders/{orderId}' },
      as: editor,
    });
    expect(changed.body.urlPattern).toBe('/api/orders/{orderId}');

    const listed = await proctor().call(endpoints.siteEndpoints, { query: { siteId: site.id }, as: editor });
    expect(listed.body.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.urlPattern}`)).toEqual([
      'GET /api/items/{itemId}',
      'POST /api/orders/{orderId}',
      'GET /api/users/{userId}',
    ]);
  });

  it('should infer a model from a captured response and hold documents to it, naming the JSON path', async () => {
    const { editor, simulator, site } = await shopOrganization();
    const user12 = (await requestsOf(editor, { url: '/api/users/12' })).requests[0]!;
    const { endpoint } = (
      await proctor().call(endpoints.siteEndpointFromRequest, {
        body: { siteId: site.id, requestId: user12.id },
        as: editor,
      })
    ).body;

    const response = await proctor().call(endpoints.siteResponse, {
      body: { requestId: user12.id },
      as: editor,
    });
    expect(response.body.json).toEqual(USER_12);

    const model = await proctor().call(endpoints.createSiteModel, {
      params: { id: site.id },
      body: { name: 'User', requestId: user12.id, endpointId: endpoint.id },
      as: editor,
    });
    expect(model.status).toBe(201);
    expect(model.body.schema).toMatchObject({
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' }, address: { type: 'object' } },
    });
    const linked = await proctor().call(endpoints.siteEndpoints, { query: { siteId: site.id }, as: editor });
    expect(linked.body.endpoints[0]!.modelId).toBe(model.body.id);

    const add = (data: unknown) =>
      proctor().call(endpoints.createSiteDocument, {
        params: { id: model.body.id },
        body: { data },
        as: editor,
      });
    const added = await add(USER_34);
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual(USER_34);
    const wrongType = await add({ ...USER_34, address: { city: 7 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.detail).toBe('/address/city: must be string');
    const { name: _name, ...nameless } = USER_34;
    const missing = await add(nameless);
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("/: must have required property 'name'");

    const documents = await proctor().call(endpoints.siteModelDocuments, {
      params: { id: model.body.id },
      as: editor,
    });
    expect(documents.body.documents.map((document) => document.data)).toEqual([USER_34]);
    const models = await proctor().call(endpoints.siteModels, { params: { id: site.id }, as: editor });
    expect(models.body.models).toMatchObject([{ name: 'User', documentCount: 1 }]);

    // A schema given by hand is compiled first; a response that is not JSON makes no model.
    const invalid = await proctor().call(endpoints.createSiteModel, {
      params: { id: site.id },
      body: { name: 'Bad', schema: { type: 'nonsense' } },
      as: editor,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.detail).toMatch(/^Invalid JSON Schema/);
    // A model's patterns are a user's: they run in linear time, and one that would need backtracking is refused.
    const lookahead = await proctor().call(endpoints.createSiteModel, {
      params: { id: site.id },
      body: { name: 'Lookahead', schema: { type: 'string', pattern: '^(?=a)a+$' } },
      as: editor,
    });
    expect(lookahead.status).toBe(400);
    expect(lookahead.body.detail).toMatch(/^Invalid JSON Schema: .*lookahead/);
    const nested = await proctor().call(endpoints.createSiteModel, {
      params: { id: site.id },
      body: {
        name: 'Nested',
        schema: { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } },
      },
      as: editor,
    });
    expect(nested.status, nested.body.detail).toBe(201);
    // Over 5,000 a's and a last character that does not fit, a backtracking engine would not answer at all.
    const stalling = await proctor().call(endpoints.createSiteDocument, {
      params: { id: nested.body.id },
      body: { data: { code: `${'a'.repeat(5000)}!` } },
      as: editor,
    });
    expect(stalling.status).toBe(400);
    expect(stalling.body.detail).toMatch(/^\/code: must match pattern/);
    const script = (await requestsOf(editor, { url: 'app.js' })).requests[0]!;
    const notJson = await proctor().call(endpoints.createSiteModel, {
      params: { id: site.id },
      body: { name: 'Script', requestId: script.id },
      as: editor,
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.detail).toBe(SITE_MESSAGES.noJsonResponse);
    // A recorded page shapes its responses: one nested past any schema is refused, not walked until the stack ends.
    await uploadHar(
      proctor(),
      editor,
      simulator.id,
      har([entry('https://deep.example.test/api/nest', `${'['.repeat(20_000)}${']'.repeat(20_000)}`)]),
    );
    const deep = (await requestsOf(editor, { url: 'deep.example.test' })).requests[0]!;
    const tooDeep = await proctor().call(endpoints.createSiteModel, {
      params: { id: site.id },
      body: { name: 'Deep', requestId: deep.id },
      as: editor,
    });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.detail).toMatch(/^sample.*nested more than \d+ levels deep$/);
    const twoSources = await proctor().call(endpoints.createSiteModel, {
      params: { id: site.id },
      body: { name: 'Two', schema: {}, sample: 1 },
      as: editor,
    });
    expect(twoSources.status).toBe(400);
  });

  it('should export the endpoints and models as OpenAPI 3.1 that the parser accepts', async () => {
    const { editor, site } = await shopOrganization();
    const { requests } = await requestsOf(editor);
    for (const request of requests)
      await proctor().call(endpoints.siteEndpointFromRequest, {
        body: { siteId: site.id, requestId: request.id },
        as: editor,
      });
    const user = requests.find((request) => request.url.endsWith('/api/users/12'))!;
    const userEndpoint = (
      await proctor().call(endpoints.siteEndpointFromRequest, {
        body: { siteId: site.id, requestId: user.id },
        as: editor,
      })
    ).body.endpoint;
    await proctor().call(endpoints.createSiteModel, {
      params: { id: site.id },
      body: { name: 'User profile', requestId: user.id, endpointId: userEndpoint.id },
      as: editor,
    });
    await proctor().call(endpoints.createSiteModel, {
      params: { id: site.id },
      body: { name: 'Order', sample: { id: 'ord_1', total: 1.5 } },
      as: editor,
    });

    const exported = await proctor().call(endpoints.siteOpenApi, { params: { id: site.id }, as: editor });
    expect(exported.status).toBe(200);
    const document = exported.body as unknown as ExportedDocument;
    const result = await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/items/{itemId}',
      '/api/orders',
      '/api/users/{userId}',
      '/app.js',
    ]);
    expect(document.paths['/app.js']!.servers).toEqual([{ url: 'https://cdn.example.test' }]);
    const getUser = document.paths['/api/users/{userId}']!.get!;
    expect(getUser.parameters).toEqual([
      { name: 'userId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(getUser.responses['200']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/User_profile',
    });
    expect(Object.keys(document.components.schemas).sort()).toEqual(['Order', 'User_profile']);
  });

  it('should list a site shared with every organization to all, and let none change it', async () => {
    const [shared] = await proctor()
      .ctx.db.insert(sites)
      .values({ organizationId: null, name: 'Zz shared', url: 'https://shared.example.test', imgUrl: null })
      .returning();
    const editor = await proctor().actor({ permissions: { dashboard_access: true } });
    const listed = await proctor().call(endpoints.listSites, { as: editor });
    expect(listed.body.sites).toContainEqual(expect.objectContaining({ id: shared!.id, shared: true }));
    const rename = await proctor().call(endpoints.updateSite, {
      params: { id: shared!.id },
      body: { name: 'Mine now' },
      as: editor,
    });
    expect(rename.status).toBe(403);
    const model = await proctor().call(endpoints.createSiteModel, {
      params: { id: shared!.id },
      body: { name: 'x', sample: {} },
      as: editor,
    });
    expect(model.status).toBe(403);
    const models = await proctor().call(endpoints.siteModels, { params: { id: shared!.id }, as: editor });
    expect(models.body.models).toEqual([]);
  });

  it("should never show or change another organization's sites, traffic, endpoints, models or documents", async () => {
    const shop = await shopOrganization();
    const { requests } = await requestsOf(shop.editor);
    const { endpoint } = (
      await proctor().call(endpoints.siteEndpointFromRequest, {
        body: { siteId: shop.site.id, requestId: requests[0]!.id },
        as: shop.editor,
      })
    ).body;
    const model = (
      await proctor().call(endpoints.createSiteModel, {
        params: { id: shop.site.id },
        body: { name: 'Item', sample: { sku: 'A1' } },
        as: shop.editor,
      })
    ).body;

    const other = await shopOrganization();
    const stranger = other.editor;
    expect(
      (await proctor().call(endpoints.listSites, { as: stranger })).body.sites
        .filter((site) => !site.shared)
        .map((site) => site.id),
    ).toEqual([other.site.id]);
    const theirs = await requestsOf(stranger);
    expect(theirs.requests.map((request) => request.sessionPublicId)).toEqual(Array(5).fill(other.sessionId));
    expect((await requestsOf(stranger, { sessionPublicId: shop.sessionId })).pagination.total_count).toBe(0);

    const statuses = [
      await proctor().call(endpoints.updateSite, {
        params: { id: shop.site.id },
        body: { name: 'x' },
        as: stranger,
      }),
      await proctor().call(endpoints.siteModels, { params: { id: shop.site.id }, as: stranger }),
      await proctor().call(endpoints.siteOpenApi, { params: { id: shop.site.id }, as: stranger }),
      await proctor().call(endpoints.createSiteModel, {
        params: { id: shop.site.id },
        body: { name: 'x', sample: {} },
        as: stranger,
      }),
      await proctor().call(endpoints.updateSiteModel, {
        params: { id: model.id },
        body: { name: 'x' },
        as: stranger,
      }),
      await proctor().call(endpoints.siteModelDocuments, { params: { id: model.id }, as: stranger }),
      await proctor().call(endpoints.createSiteDocument, {
        params: { id: model.id },
        body: { data: { sku: 'B' } },
        as: stranger,
      }),
      await proctor().call(endpoints.siteResponse, { body: { requestId: requests[0]!.id }, as: stranger }),
      await proctor().call(endpoints.siteEndpointFromRequest, {
        body: { siteId: other.site.id, requestId: requests[0]!.id },
        as: stranger,
      }),
      await proctor().call(endpoints.siteEndpointFromRequest, {
        body: { siteId: shop.site.id, requestId: theirs.requests[0]!.id },
        as: stranger,
      }),
      await proctor().call(endpoints.createSiteEndpoint, {
        body: { siteId: shop.site.id, url: 'https://shop.example.test/x', method: 'GET' },
        as: stranger,
      }),
      await proctor().call(endpoints.updateSiteEndpoint, {
        params: { id: endpoint.id },
        body: { method: 'PUT' },
        as: stranger,
      }),
    ].map((answer) => answer.status);
    expect(statuses).toEqual(Array(statuses.length).fill(404));
    const theirEndpoints = await proctor().call(endpoints.siteEndpoints, { as: stranger });
    expect(theirEndpoints.body.endpoints).toEqual([]);

    // The owner's data is as it was.
    const documents = await proctor().call(endpoints.siteModelDocuments, {
      params: { id: model.id },
      as: shop.editor,
    });
    expect(documents.body.documents).toEqual([]);
    const owned = await proctor().call(endpoints.listSites, { as: shop.editor });
    expect(owned.body.sites.filter((site) => !site.shared)).toMatchObject([
      { id: shop.site.id, name: 'Shop' },
    ]);
  });
});
