import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  endpoints,
  INTEGRATION_MAX_METHODS,
  INTEGRATION_MESSAGES,
  INTEGRATION_UPLOAD,
  MAX_JSON_BODY_BYTES,
} from '@proctor/contracts';
import { integrations } from '@proctor/db';
import { eq } from 'drizzle-orm';
import { dump as yaml } from 'js-yaml';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sealSecret } from '../src/kernel/secrets/secretBox';
import { type Actor, describeEachDatabase } from './support/proctor';

/**
 * Integrations (002 §2.7): HTTP API (OpenAPI) installed from a document (uploaded, or read from a URL through the
 * outbound guard), connected with an API key kept encrypted, and its methods called with the key where the
 * document's security scheme puts it.
 */

/** An OpenAPI 3 document of the stand-in pet API; its server is relative, resolved against where it was read. */
function petDocument(server: string) {
  return {
    openapi: '3.0.3',
    info: { title: 'Pet Store', version: '1.0.0', description: 'Pets, as a stand-in serves them' },
    servers: [{ url: server }],
    security: [{ headerKey: [] }],
    components: {
      securitySchemes: {
        headerKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: {
        NewPet: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, age: { type: 'integer' } },
        },
      },
    },
    paths: {
      '/pets/{petId}': {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getPet',
          summary: 'One pet',
          parameters: [{ name: 'verbose', in: 'query', schema: { type: 'boolean' } }],
          responses: { 200: { description: 'The pet' } },
        },
        delete: { operationId: 'deletePet', responses: { 204: { description: 'Gone' } } },
        patch: { operationId: 'patchPet', responses: { 200: { description: 'Not a method here' } } },
      },
      '/pets': {
        post: {
          operationId: 'createPet',
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } },
          },
          responses: { 201: { description: 'Made' } },
        },
      },
      '/search': {
        get: {
          operationId: 'search',
          security: [{ queryKey: [] }],
          parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'Found' } },
        },
      },
      '/me': {
        get: { security: [{ bearer: [] }], responses: { 200: { description: 'Who' } } },
      },
    },
  };
}

/** A stand-in API on this machine: serves the document and answers every other request with what it received. */
let api: http.Server;
let origin = '';
beforeAll(async () => {
  api = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/openapi.json') return response.end(JSON.stringify(petDocument('/v1')));
      if (request.url === '/missing.json') {
        response.statusCode = 404;
        return response.end('{}');
      }
      response.setHeader('x-stand-in', 'pets');
      response.end(
        JSON.stringify({
          method: request.method,
          url: request.url,
          apiKey: request.headers['x-api-key'] ?? null,
          authorization: request.headers.authorization ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

const API_KEY = 'pet-key-5f2c9a-plaintext';

describeEachDatabase(
  'integrations',
  (proctor) => {
    const editor = () => proctor().actor({ permissions: { dashboard_access: true } });

    const install = (as: Actor, payload: Record<string, unknown>) =>
      proctor().request({ method: 'POST', url: endpoints.installIntegrationSource.path, payload, as });

    async function connected(as: Actor) {
      const installed = await install(as, { document: JSON.stringify(petDocument(`${origin}/v1`)) });
      expect(installed.statusCode).toBe(201);
      const source = endpoints.installIntegrationSource.response.parse(installed.json());
      const integration = await proctor().call(endpoints.createIntegration, {
        body: { sourceId: source.id, api_key: API_KEY },
        as,
      });
      expect(integration.status).toBe(201);
      const methodId = (name: string) => source.methods.find((method) => method.name === name)!.id;
      return { source, integration: integration.body, methodId };
    }

    const call = (as: Actor, integrationId: number, methodId: number, parameters: Record<string, unknown>) =>
      proctor().request({
        method: 'POST',
        url: `/api/integrations/${integrationId}/methods/${methodId}/call`,
        payload: { parameters },
        as,
      });

    it('should install an uploaded document as a source with a method per GET, POST, PUT or DELETE operation', async () => {
      const as = await editor();
      const answer = await install(as, { document: JSON.stringify(petDocument(`${origin}/v1`)) });
      expect(answer.statusCode).toBe(201);
      const source = endpoints.installIntegrationSource.response.parse(answer.json());
      expect(source).toMatchObject({
        app: 'openapi',
        name: 'Pet Store',
        description: 'Pets, as a stand-in serves them',
        baseUrl: `${origin}/v1`,
        documentUrl: null,
        integrationId: null,
      });
      expect(source.api_components.securitySchemes).toEqual({
        headerKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
        bearer: { type: 'http', scheme: 'bearer' },
      });
      expect(source.methods.map((method) => [method.name, method.method, method.type])).toEqual([
        ['getPet', 'GET', 'endpoint'],
        ['deletePet', 'DELETE', 'endpoint'],
        ['createPet', 'POST', 'endpoint'],
        ['search', 'GET', 'endpoint'],
        ['GET /me', 'GET', 'endpoint'],
      ]);
      expect(source.methods[0]).toMatchObject({
        description: 'One pet',
        urlTemplate: '/pets/{petId}',
        parameters: [
          { name: 'petId', type: 'string', in: 'path', required: true },
          { name: 'verbose', type: 'boolean', in: 'query', required: false },
        ],
      });
      // The body's schema was a $ref: read through it.
      expect(source.methods[2]!.parameters).toEqual([
        { name: 'name', type: 'string', in: 'body', required: true },
        { name: 'age', type: 'integer', in: 'body', required: false },
      ]);
      const listed = await proctor().call(endpoints.integrationSources, { as });
      expect(listed.body.sources.map((listedSource) => listedSource.id)).toEqual([source.id]);
    });

    it('should take an uploaded document larger than the JSON body limit, up to 5 MB, and a Swagger 2 document', async () => {
      const as = await editor();
      // Pretty-printed with a long description: its quotes and line breaks are escaped in the request's JSON.
      const large = { ...petDocument(`${origin}/v1`), 'x-notes': 'n"\n'.repeat(MAX_JSON_BODY_BYTES / 2) };
      const document = JSON.stringify(large, null, 2);
      expect(document.length).toBeGreaterThan(MAX_JSON_BODY_BYTES);
      const taken = await install(as, { document });
      expect(taken.statusCode).toBe(201);
      expect(taken.json().methods).toHaveLength(5);
      const tooLong = await install(as, { document: ' '.repeat(INTEGRATION_UPLOAD.maxChars + 1) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().detail).toContain(`longer than ${INTEGRATION_UPLOAD.maxChars} characters`);

      const swagger = await install(as, {
        document: JSON.stringify({
          swagger: '2.0',
          info: { title: 'Old Pets', version: '1' },
          host: new URL(origin).host,
          basePath: '/v2',
          schemes: ['http'],
          securityDefinitions: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
          security: [{ key: [] }],
          paths: {
            '/pets/{petId}': {
              put: {
                operationId: 'renamePet',
                parameters: [
                  { name: 'petId', in: 'path', required: true, type: 'integer' },
                  {
                    name: 'pet',
                    in: 'body',
                    schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
                  },
                ],
                responses: { 200: { description: 'Renamed' } },
              },
            },
          },
        }),
      });
      expect(swagger.statusCode).toBe(201);
      const source = endpoints.installIntegrationSource.response.parse(swagger.json());
      expect(source).toMatchObject({ name: 'Old Pets', baseUrl: `${origin}/v2` });
      expect(source.methods).toEqual([
        expect.objectContaining({
          name: 'renamePet',
          method: 'PUT',
          parameters: [
            { name: 'petId', type: 'integer', in: 'path', required: true },
            { name: 'name', type: 'string', in: 'body', required: true },
          ],
        }),
      ]);
      const integration = await proctor().call(endpoints.createIntegration, {
        body: { sourceId: source.id, api_key: API_KEY },
        as,
      });
      const renamed = await proctor().call(endpoints.callIntegrationMethod, {
        params: { id: integration.body.id, methodId: source.methods[0]!.id },
        body: { parameters: { petId: 7, name: 'Rex' } },
        as,
      });
      expect(renamed.body.body).toEqual({
        method: 'PUT',
        url: '/v2/pets/7',
        apiKey: API_KEY,
        authorization: null,
        body: '{"name":"Rex"}',
      });
    });

    it('should read a document from a URL through the guard, its relative server resolved against that URL', async () => {
      const as = await editor();
      const answer = await install(as, { url: `${origin}/openapi.json` });
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toMatchObject({
        name: 'Pet Store',
        baseUrl: `${origin}/v1`,
        documentUrl: `${origin}/openapi.json`,
      });
      const missing = await install(as, { url: `${origin}/missing.json` });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().detail).toBe("The document's URL answered 404");
    });

    it('should install a document written in YAML, as OpenAPI documents often are', async () => {
      const as = await editor();
      const answer = await install(as, { document: yaml(petDocument(`${origin}/v1`)) });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json().methods).toHaveLength(5);
    });

    it("should refuse an invalid document with the parser's reason, and a document that is no JSON object", async () => {
      const as = await editor();
      const invalid = petDocument(`${origin}/v1`) as { info: Record<string, unknown> };
      delete invalid.info.version;
      const answer = await install(as, { document: JSON.stringify(invalid) });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toContain("must have required property 'version'");
      for (const [document, reason] of [
        ['{"openapi": ', INTEGRATION_MESSAGES.documentUnreadable],
        ['[1, 2]', INTEGRATION_MESSAGES.documentNotObject],
        ['openapi: [3.0', INTEGRATION_MESSAGES.documentUnreadable],
        ['just a sentence', INTEGRATION_MESSAGES.documentNotObject],
        // YAML's aliases (a billion laughs is nine nested ones) are refused outright.
        ['a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n', 'aliases exceeded'],
        [
          JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} }),
          INTEGRATION_MESSAGES.noOperations,
        ],
      ]) {
        const refused = await install(as, { document });
        expect({ document, status: refused.statusCode }).toEqual({ document, status: 400 });
        expect(refused.json().detail).toContain(reason);
      }
      // A chain of references deeper than the parser follows, and more operations than a source may hold.
      const schemas = Object.fromEntries(
        Array.from({ length: 600 }, (_, i) => [`s${i}`, { $ref: `#/components/schemas/s${i + 1}` }]),
      );
      const deep = {
        ...petDocument(`${origin}/v1`),
        components: { schemas: { ...schemas, s600: { type: 'string' } } },
        paths: {
          '/deep': {
            get: {
              parameters: [{ name: 'x', in: 'query', schema: { $ref: '#/components/schemas/s0' } }],
              responses: { 200: { description: 'ok' } },
            },
          },
        },
      };
      const tooDeep = await install(as, { document: JSON.stringify(deep) });
      expect(tooDeep.statusCode).toBe(400);
      expect(tooDeep.json().detail).toContain('depth');
      expect(tooDeep.json().detail).not.toContain(process.cwd());
      const paths = Object.fromEntries(
        Array.from({ length: INTEGRATION_MAX_METHODS + 1 }, (_, i) => [
          `/p${i}`,
          { get: { responses: { 200: { description: 'ok' } } } },
        ]),
      );
      const many = await install(as, {
        document: JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths }),
      });
      expect(many.statusCode).toBe(400);
      expect(many.json().detail).toContain(`at most ${INTEGRATION_MAX_METHODS} can be installed`);
      for (const payload of [{}, { url: `${origin}/openapi.json`, document: '{}' }]) {
        const refused = await install(as, payload);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().detail).toContain(INTEGRATION_MESSAGES.documentSource);
      }
      const sources = await proctor().call(endpoints.integrationSources, { as });
      expect(sources.body.sources).toEqual([]);
    });

    it('should refuse a document URL on a loopback or private address the install does not allow', async () => {
      const as = await editor();
      const port = new URL(origin).port;
      for (const url of [
        `http://127.0.0.2:${port}/openapi.json`,
        `http://[::1]:${port}/openapi.json`,
        'http://10.1.2.3/openapi.json',
        'http://169.254.169.254/latest/meta-data',
      ]) {
        const answer = await install(as, { url });
        expect({ url, status: answer.statusCode }).toEqual({ url, status: 400 });
        expect(answer.json().detail).toMatch(/^Refused /);
      }
    });

    it('should need an API key to connect, keep it encrypted and never answer it', async () => {
      const as = await editor();
      const installed = await install(as, { document: JSON.stringify(petDocument(`${origin}/v1`)) });
      const sourceId = installed.json().id as number;
      for (const payload of [{ sourceId }, { sourceId, api_key: '' }, { sourceId, api_key: '   ' }]) {
        const refused = await proctor().request({
          method: 'POST',
          url: endpoints.createIntegration.path,
          payload,
          as,
        });
        expect({ payload, status: refused.statusCode }).toEqual({ payload, status: 400 });
        expect(refused.json().detail).toContain(INTEGRATION_MESSAGES.apiKeyRequired);
      }
      const created = await proctor().request({
        method: 'POST',
        url: endpoints.createIntegration.path,
        payload: { sourceId, api_key: API_KEY },
        as,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ sourceId, name: 'Pet Store', apiKeySet: true });
      expect(created.body).not.toContain(API_KEY);

      const [row] = await proctor()
        .ctx.db.select()
        .from(integrations)
        .where(eq(integrations.id, created.json().id));
      expect(row!.apiKeyEncrypted).toMatch(/^v1\./);
      expect(row!.apiKeyEncrypted).not.toContain(API_KEY);
      expect(JSON.stringify(row!.data)).not.toContain(API_KEY);
      // No SECRETS_KEY here: the key was made in the data folder, for its owner only.
      const keyFile = await stat(join(proctor().ctx.config.dataDir, 'secrets.key'));
      expect(keyFile.mode & 0o777).toBe(0o600);

      for (const url of [endpoints.listIntegrations.path, `/api/integrations/${created.json().id}`]) {
        const read = await proctor().request({ method: 'GET', url, as });
        expect(read.statusCode).toBe(200);
        expect(read.body).not.toContain(API_KEY);
        expect(read.body).not.toContain(row!.apiKeyEncrypted!);
      }
      const again = await proctor().request({
        method: 'POST',
        url: endpoints.createIntegration.path,
        payload: { sourceId, api_key: 'another' },
        as,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(INTEGRATION_MESSAGES.alreadyConnected);
    });

    it('should call a method with its parameters and the key where the security scheme puts it', async () => {
      const as = await editor();
      const { integration, methodId } = await connected(as);

      const pet = await call(as, integration.id, methodId('getPet'), { petId: 'a b/7', verbose: true });
      expect(pet.statusCode).toBe(200);
      const answer = endpoints.callIntegrationMethod.response.parse(pet.json());
      expect(answer).toMatchObject({ status: 200, headers: { 'x-stand-in': 'pets' } });
      expect(answer.body).toEqual({
        method: 'GET',
        url: '/v1/pets/a%20b%2F7?verbose=true',
        apiKey: API_KEY,
        authorization: null,
        body: '',
      });

      const search = await call(as, integration.id, methodId('search'), { q: 'cats' });
      expect(search.json().body).toMatchObject({
        url: `/v1/search?q=cats&api_key=${API_KEY}`,
        apiKey: null,
      });
      const me = await call(as, integration.id, methodId('GET /me'), {});
      expect(me.json().body).toMatchObject({
        url: '/v1/me',
        apiKey: null,
        authorization: `Bearer ${API_KEY}`,
      });
      const created = await call(as, integration.id, methodId('createPet'), { name: 'Rex', age: 3 });
      expect(created.json().body).toMatchObject({ method: 'POST', url: '/v1/pets', apiKey: API_KEY });
      expect(JSON.parse(created.json().body.body)).toEqual({ name: 'Rex', age: 3 });

      // A document's server on an address the install does not allow: the call is refused, nothing is sent.
      const privateInstall = await install(as, {
        document: JSON.stringify(petDocument('http://10.1.2.3/v1')),
      });
      const privateSource = endpoints.installIntegrationSource.response.parse(privateInstall.json());
      const privateIntegration = await proctor().call(endpoints.createIntegration, {
        body: { sourceId: privateSource.id, api_key: API_KEY },
        as,
      });
      const refused = await call(as, privateIntegration.body.id, privateSource.methods[0]!.id, {
        petId: '1',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toMatch(/^Refused http:\/\/10\.1\.2\.3\/v1\/pets\/1/);

      const missing = await call(as, integration.id, methodId('search'), {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().detail).toBe('Parameter required: q');
      const unknown = await call(as, integration.id, methodId('search'), { q: 'x', limit: 3 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().detail).toBe('Unknown parameter: limit');

      // API Authentication's Configure: the next call carries the new key.
      const configured = await proctor().call(endpoints.updateIntegration, {
        params: { id: integration.id },
        body: { api_key: 'pet-key-rotated' },
        as,
      });
      expect(configured.body.apiKeySet).toBe(true);
      const after = await call(as, integration.id, methodId('getPet'), { petId: '1' });
      expect(after.json().body.apiKey).toBe('pet-key-rotated');

      // A key stored under another SECRETS_KEY (a server's key lost or changed): 409 saying to configure it again.
      await proctor()
        .ctx.db.update(integrations)
        .set({
          apiKeyEncrypted: sealSecret(randomBytes(32), 'lost', `integration-api-key:${as.organization!.id}`),
        })
        .where(eq(integrations.id, integration.id));
      const unreadable = await call(as, integration.id, methodId('getPet'), { petId: '1' });
      expect(unreadable.statusCode).toBe(409);
      expect(unreadable.json().detail).toBe(INTEGRATION_MESSAGES.keyUnreadable);
    });

    it("should add a site endpoint as a method and call it at the site's origin", async () => {
      const as = await editor();
      const { integration } = await connected(as);
      const site = await proctor().call(endpoints.createSite, {
        body: { name: 'Orders', url: origin, imgUrl: `${origin}/icon.png` },
        as,
      });
      const endpoint = await proctor().call(endpoints.createSiteEndpoint, {
        body: {
          siteId: site.body.id,
          url: `${origin}/v1/orders/ord_1`,
          urlPattern: '/v1/orders/{orderId}',
          method: 'GET',
        },
        as,
      });
      const added = await proctor().call(endpoints.addIntegrationMethod, {
        params: { id: integration.id },
        body: { siteEndpointId: endpoint.body.id },
        as,
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        name: 'GET /v1/orders/{orderId}',
        method: 'GET',
        type: 'endpoint',
        urlTemplate: `${origin}/v1/orders/{orderId}`,
        parameters: [{ name: 'orderId', type: 'string', in: 'path', required: true }],
      });
      // An endpoint on another origin would receive the API's key: refused.
      const elsewhere = await proctor().call(endpoints.createSiteEndpoint, {
        body: { siteId: site.body.id, url: 'https://elsewhere.example.test/v1/orders/1', method: 'GET' },
        as,
      });
      const refused = await proctor().request({
        method: 'POST',
        url: `/api/integrations/${integration.id}/methods`,
        payload: { siteEndpointId: elsewhere.body.id },
        as,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(
        `The endpoint is on https://elsewhere.example.test, not on this integration's API (${origin}), where its key is sent`,
      );
      const answer = await call(as, integration.id, added.body.id, { orderId: 'ord_9' });
      expect(answer.json().body).toMatchObject({ url: '/v1/orders/ord_9', apiKey: API_KEY });
      const detail = await proctor().call(endpoints.integration, { params: { id: integration.id }, as });
      expect(detail.body.source.methods.map((method) => method.name)).toContain('GET /v1/orders/{orderId}');
    });

    it("should answer 404 for another organization's sources, integrations, methods and site endpoints", async () => {
      const owner = await editor();
      const { source, integration, methodId } = await connected(owner);
      const stranger = await editor();
      const strangers = await connected(stranger);

      expect(
        (await proctor().call(endpoints.integrationSources, { as: stranger })).body.sources.map((s) => s.id),
      ).toEqual([strangers.source.id]);
      expect(
        (await proctor().call(endpoints.listIntegrations, { as: stranger })).body.integrations.map(
          (i) => i.id,
        ),
      ).toEqual([strangers.integration.id]);
      const attempts = [
        { method: 'GET' as const, url: `/api/integrations/${integration.id}` },
        {
          method: 'PUT' as const,
          url: `/api/integrations/${integration.id}`,
          payload: { api_key: 'stolen' },
        },
        {
          method: 'POST' as const,
          url: endpoints.createIntegration.path,
          payload: { sourceId: source.id, api_key: 'k' },
        },
        {
          method: 'POST' as const,
          url: `/api/integrations/${integration.id}/methods/${methodId('getPet')}/call`,
          payload: { parameters: { petId: '1' } },
        },
        // Their own integration, the owner's method: not a method of their source.
        {
          method: 'POST' as const,
          url: `/api/integrations/${strangers.integration.id}/methods/${methodId('getPet')}/call`,
          payload: { parameters: { petId: '1' } },
        },
      ];
      for (const attempt of attempts) {
        const answer = await proctor().request({ ...attempt, as: stranger });
        expect({ attempt, status: answer.statusCode }).toEqual({ attempt, status: 404 });
      }
      const site = await proctor().call(endpoints.createSite, {
        body: { name: 'Owner site', url: origin, imgUrl: `${origin}/icon.png` },
        as: owner,
      });
      const ownerEndpoint = await proctor().call(endpoints.createSiteEndpoint, {
        body: { siteId: site.body.id, url: `${origin}/v1/owner`, method: 'GET' },
        as: owner,
      });
      const borrowed = await proctor().request({
        method: 'POST',
        url: `/api/integrations/${strangers.integration.id}/methods`,
        payload: { siteEndpointId: ownerEndpoint.body.id },
        as: stranger,
      });
      expect(borrowed.statusCode).toBe(404);
      // The owner's key still works for the owner, unchanged by the stranger's PUT.
      const mine = await call(owner, integration.id, methodId('getPet'), { petId: '1' });
      expect(mine.json().body.apiKey).toBe(API_KEY);
    });
  },
  // The stand-in API listens on 127.0.0.1: the install allows that one address, and nothing else non-public.
  { env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' } },
);
