import { connect } from 'node:net';
import { endpoints, type Permissions } from '@proctor/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { RouteRecord } from '../src/routes/route';
import { AUTHORING_MODEL_MISSING } from '../src/services/authoringModel';
import { describeEachDatabase, type TestProctor } from './support/proctor';

/**
 * Hostile input to every operation the API describes, as every kind of caller: no answer may be a 5xx,
 * and every 4xx must be a JSON `{detail}`. The operations are read from the app's own `/docs/json`, so a
 * new route is fuzzed the day it is added. Each field gets the hostile values in place of a valid value
 * while the rest of the request stays valid, so that the value reaches as deep into the handler as the
 * caller's access allows. Ids are well formed but name nothing (999999), so no request reaches an existing
 * record; what requests do create (accounts, simulators, datasets with odd but valid names) is new and in
 * no later request's way.
 */

/** The parts of an OpenAPI 3.0 schema the fuzzer reads. */
interface JsonSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; schema?: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface Operation {
  method: InjectOptions['method'] & string;
  /** The path as OpenAPI writes it: /api/testcases/{id}. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: string[];
  body?: JsonSchema;
}

type Caller =
  | 'anonymous'
  | 'invalid_token'
  | 'no_organization'
  | 'member'
  | 'working_member'
  | 'account_admin'
  | 'platform_admin'
  | 'api_key';

const CALLERS: Caller[] = [
  'anonymous',
  'invalid_token',
  'no_organization',
  'member',
  'working_member',
  'account_admin',
  'platform_admin',
  'api_key',
];

/** Every working flag an organization's creator gets (what a key carries through its account admins). */
const WORKING: Partial<Permissions> = {
  create_test_cases: true,
  record_testcases: true,
  playground_access: true,
  dashboard_access: true,
};

/** A deeply nested JSON value as raw text: parsers and schema walks that recurse overflow on it. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * Values for a JSON body field, as raw JSON text. Lone surrogates are written as JSON escapes: a raw one
 * would be turned into U+FFFD when the text is encoded, and never reach the server.
 */
const HOSTILE_JSON_VALUES = [
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"\\udc00x"',
  nestedObjects(100),
  nestedArrays(20_000),
  nestedObjects(20_000),
  '99999999999999999999',
  '"99999999999999999999"',
  '-1',
  '1.5',
  '"0x10"',
  '1e400',
  '{"a":"b"}',
  '[1]',
];

/** Values for a path segment or a query value, as they appear in the URL (already %-encoded or not). */
const HOSTILE_URL_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ED%B0%80x',
  '99999999999999999999',
  '0x10',
  '1e3',
  '%201',
  '00000000001',
  '-1',
  '1.5',
  '1'.repeat(101),
  'a'.repeat(101),
  'a'.repeat(10_000),
  '%E0%A4%A',
  '%zz',
  '%',
  '%2F..%2F..',
  '%7B%7D',
  '%5B1%5D',
];

/** Whole bodies, for operations that take one. */
const HOSTILE_BODIES: { what: string; payload: string | Buffer; contentType?: string }[] = [
  { what: 'arrays nested 20,000 deep', payload: nestedArrays(20_000) },
  { what: 'objects nested 20,000 deep', payload: nestedObjects(20_000) },
  { what: 'objects nested 100 deep', payload: nestedObjects(100) },
  { what: 'truncated JSON', payload: '{"a":' },
  { what: 'an empty body', payload: '' },
  { what: 'a NUL in a key', payload: '{"a\\u0000":1}' },
  { what: 'a lone surrogate in a key', payload: '{"\\ud800":1}' },
  { what: 'a string', payload: '"\\u0000"' },
  { what: 'null', payload: 'null' },
  { what: 'an array', payload: '[]' },
  { what: '__proto__', payload: '{"__proto__":{"is_admin":true}}' },
  { what: 'constructor.prototype', payload: '{"constructor":{"prototype":{"is_admin":true}}}' },
  { what: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  {
    what: 'a surrogate encoded as UTF-8 (CESU-8)',
    payload: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]),
  },
  { what: 'plain text', payload: 'hello', contentType: 'text/plain' },
  { what: 'a form', payload: 'a=1', contentType: 'application/x-www-form-urlencoded' },
  { what: 'JSON in UTF-16', payload: '{}', contentType: 'application/json; charset=utf-16' },
];

/** Paths that name no operation, or name one in a form the router must refuse. */
const HOSTILE_PATHS = [
  `/api/${'a'.repeat(100_000)}`,
  `/${'a/'.repeat(5_000)}`,
  '/api/%00',
  '/api/%ED%A0%80',
  '/api/%zz',
  '/%E0%A4%A',
  '/api/health%00',
  '/api/health?x=%zz',
  '/api/health?%00=%ED%A0%80',
  '//api//health',
  '/api/../api/health',
  '/api/health/',
  '/api',
  '/docs/%zz',
  '/docs/static/%00',
  '/docs/static/..%2F..%2Fpackage.json',
  '/docs/json?%zz',
];

const PLACEHOLDER = '\u0001hostile\u0001';

function resolve(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = document.components?.schemas?.[name] ?? {};
  }
  const branch = current.anyOf ?? current.oneOf;
  return branch ? resolve(document, branch[0]!) : current;
}

let unique = 0;

/**
 * A value the schema accepts, or comes close to: the hostile one is then the request's only fault.
 * Strings differ on every call, so that no request meets a 409 (an e-mail already registered, a simulator
 * name taken) left by an earlier one instead of the code its hostile value aims at.
 */
function validValue(document: OpenApiDocument, raw: JsonSchema, name: string): unknown {
  const schema = resolve(document, raw);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'string': {
      const id = `fuzz${(unique++).toString(36)}`;
      // The contract checks e-mail addresses beyond what the document shows (a pipe into z.email()).
      if (/email/i.test(name)) return `${id}@example.test`;
      if (/url/i.test(name)) return `https://example.test/${id}`;
      return id.padEnd(schema.minLength ?? 0, 'x');
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(999_999, schema.minimum ?? 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        validValue(document, schema.items ?? {}, name),
      );
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [
          key,
          validValue(document, schema.properties?.[key] ?? {}, key),
        ]),
      );
    default:
      return {};
  }
}

/** Every field the schema names, as a path into the body (array items as index 0). */
function fieldPaths(document: OpenApiDocument, raw: JsonSchema, prefix: (string | number)[] = []) {
  const schema = resolve(document, raw);
  const paths: (string | number)[][] = [];
  // A schema that refers to itself would never end; the contract nests no deeper than this.
  if (prefix.length > 4) return paths;
  if (schema.type === 'array' && schema.items) {
    paths.push([...prefix, 0], ...fieldPaths(document, schema.items, [...prefix, 0]));
  }
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    paths.push([...prefix, key], ...fieldPaths(document, property, [...prefix, key]));
  }
  return paths;
}

/** The body's valid form with the placeholder at `path` (parents made valid on the way down). */
function bodyWithPlaceholder(document: OpenApiDocument, schema: JsonSchema, path: (string | number)[]) {
  const body = validValue(document, schema, '');
  let parent = body as Record<string | number, unknown>;
  let parentSchema = resolve(document, schema);
  for (const [index, key] of path.entries()) {
    const childSchema = resolve(
      document,
      typeof key === 'number' ? (parentSchema.items ?? {}) : (parentSchema.properties?.[key] ?? {}),
    );
    if (index === path.length - 1) {
      parent[key] = PLACEHOLDER;
    } else {
      if (typeof parent[key] !== 'object' || parent[key] === null) {
        parent[key] = validValue(document, childSchema, String(key));
      }
      parent = parent[key] as Record<string | number, unknown>;
      parentSchema = childSchema;
    }
  }
  return JSON.stringify(body);
}

/**
 * The document's operations, and the routes it hides (sign-in redirects, icons for <img>): those take no
 * JSON, but their path parameters are as hostile-facing as any.
 */
function operationsOf(document: OpenApiDocument, routeTable: RouteRecord[]): Operation[] {
  const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: operation.requestBody?.content['application/json']?.schema,
      };
    }),
  );
  const keys = new Set(documented.map((o) => `${o.method} ${o.path}`));
  const hidden = routeTable
    .map((route) => ({ method: route.method, path: route.url.replace(/:(\w+)/g, '{$1}') }))
    .filter((route) => !keys.has(`${route.method} ${route.path}`))
    .map((route) => ({
      method: route.method as Operation['method'],
      path: route.path,
      pathParams: [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1]!,
        schema: { type: 'string' },
      })),
      queryParams: [],
    }));
  return [...documented, ...hidden];
}

/** The operation's URL with every path parameter valid (naming nothing) but `hostile` in place of one. */
function urlOf(document: OpenApiDocument, operation: Operation, hostile?: { name: string; value: string }) {
  let url = operation.path;
  for (const param of operation.pathParams) {
    const value =
      param.name === hostile?.name ? hostile.value : String(validValue(document, param.schema, param.name));
    url = url.replace(`{${param.name}}`, value);
  }
  return url;
}

/** A hostile value as the report shows it: long ones by their start and length. */
const label = (value: string) =>
  value.length > 24 ? `${value.slice(0, 12)}…(${value.length} chars)` : value;

interface HostileRequest {
  /** Which value went where, for the report. */
  what: string;
  options: InjectOptions;
}

/** The operation with every parameter and field valid (ids naming nothing). */
function validRequest(document: OpenApiDocument, operation: Operation): HostileRequest {
  const body = operation.body ? JSON.stringify(validValue(document, operation.body, '')) : undefined;
  return {
    what: 'valid',
    options: {
      method: operation.method,
      url: urlOf(document, operation),
      ...(body === undefined ? {} : { payload: body, headers: { 'content-type': 'application/json' } }),
    },
  };
}

function hostileRequests(document: OpenApiDocument, operation: Operation): HostileRequest[] {
  const { method } = operation;
  const validBody = () =>
    operation.body ? JSON.stringify(validValue(document, operation.body, '')) : undefined;
  const json = (payload: string | Buffer | undefined, contentType = 'application/json') =>
    payload === undefined ? {} : { payload, headers: { 'content-type': contentType } };
  const requests: HostileRequest[] = [];

  for (const param of operation.pathParams) {
    for (const value of HOSTILE_URL_VALUES) {
      requests.push({
        what: `path ${param.name}=${label(value)}`,
        options: {
          method,
          url: urlOf(document, operation, { name: param.name, value }),
          ...json(validBody()),
        },
      });
    }
  }
  for (const name of operation.queryParams) {
    for (const query of [
      ...HOSTILE_URL_VALUES.map((value) => `${name}=${value}`),
      `${name}=1&${name}=2`,
      `${name}=%00&${name}=%ED%A0%80`,
      `${name}[a]=1`,
    ]) {
      requests.push({
        what: `query ${label(query)}`,
        options: { method, url: `${urlOf(document, operation)}?${query}`, ...json(validBody()) },
      });
    }
  }
  if (operation.body) {
    const url = urlOf(document, operation);
    for (const path of fieldPaths(document, operation.body)) {
      for (const value of HOSTILE_JSON_VALUES) {
        const body = bodyWithPlaceholder(document, operation.body, path).replace(
          JSON.stringify(PLACEHOLDER),
          value,
        );
        requests.push({
          what: `body ${path.join('.')}=${label(value)}`,
          options: { method, url, ...json(body) },
        });
      }
    }
    for (const body of HOSTILE_BODIES) {
      requests.push({
        what: `body: ${body.what}`,
        options: { method, url, ...json(body.payload, body.contentType) },
      });
    }
  }
  // A method the path does not have.
  requests.push({ what: 'method PATCH', options: { method: 'PATCH', url: urlOf(document, operation) } });
  return requests;
}

/** What a 4xx or 5xx must look like: a JSON object whose `detail` is a non-empty string. */
function detailOf(body: string): unknown {
  try {
    return (JSON.parse(body) as { detail?: unknown } | null)?.detail;
  } catch {
    return undefined;
  }
}

function hasDetail(body: string): boolean {
  try {
    const { detail } = JSON.parse(body) as { detail?: unknown };
    return typeof detail === 'string' && detail !== '';
  } catch {
    // Not JSON, or JSON null.
    return false;
  }
}

interface Offense {
  /** What was answered, for grouping: Fastify's error code when it gave one, else the body's head. */
  kind: string;
  caller: string;
  method: string;
  url: string;
  what: string;
  status: number;
  body: string;
}

function offenseOf(
  caller: string,
  request: HostileRequest,
  response: { statusCode: number; body: string },
): Offense | null {
  const { statusCode: status, body } = response;
  if (status < 400 || (status < 500 && hasDetail(body))) return null;
  // No model is configured here: the authoring routes say so (503 with that sentence), as they must.
  if (status === 503 && detailOf(body) === AUTHORING_MODEL_MISSING) return null;
  // Trying a request template sends it to the address the caller gave (here example.test, which resolves nowhere):
  // an address that does not answer is the caller's upstream failing (502 saying why), not Proctor's error.
  if (
    status === 502 &&
    String(request.options.url).split('?')[0] === endpoints.tryRequestTemplate.path &&
    hasDetail(body)
  )
    return null;
  return {
    kind: kindOf(status, body),
    caller,
    method: request.options.method ?? 'GET',
    url: String(request.options.url).slice(0, 120),
    what: request.what,
    status,
    body: body.slice(0, 160),
  };
}

function kindOf(status: number, body: string): string {
  try {
    const { code, detail } = JSON.parse(body) as { code?: string; detail?: string };
    if (code) return `${status} ${code}`;
    if (detail) return `${status} detail: ${detail.slice(0, 80)}`;
  } catch {
    // Not JSON: the body's head says what it is.
  }
  return `${status} ${body.slice(0, 80) || '(empty body)'}`;
}

/** Offenses grouped by kind, a few examples each: the failure message reads as a to-do list. */
function report(offenses: Offense[]): string {
  const groups = new Map<string, Offense[]>();
  for (const offense of offenses) groups.set(offense.kind, [...(groups.get(offense.kind) ?? []), offense]);
  return [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([kind, list]) =>
      [
        `${list.length}× ${kind}`,
        ...list.slice(0, 6).map((o) => `    ${o.caller} ${o.method} ${o.url.slice(0, 80)}  [${o.what}]`),
      ].join('\n'),
    )
    .join('\n');
}

/** Requests in flight at once: enough to overlap database waits, few enough to stay gentle on 2 cores. */
const BATCH = 32;

async function sendAll<T>(items: T[], send: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += BATCH) {
    await Promise.all(items.slice(start, start + BATCH).map(send));
  }
}

async function headersFor(proctor: TestProctor, caller: Caller): Promise<Record<string, string>> {
  const as = async (options: Parameters<TestProctor['actor']>[0]) => (await proctor.actor(options)).headers;
  switch (caller) {
    case 'anonymous':
      return {};
    case 'invalid_token':
      return { authorization: 'Bearer not-a-token' };
    case 'no_organization':
      return as({ organization: null });
    case 'member':
      return as({});
    case 'working_member':
      return as({ permissions: WORKING });
    case 'account_admin':
      return as({ permissions: { ...WORKING, is_account_admin: true } });
    case 'platform_admin':
      return as({ permissions: { is_admin: true } });
    case 'api_key': {
      // A key carries its account admins' working flags: give it an organization whose admin holds them all.
      const organization = await proctor.organization();
      await proctor.actor({ organization, permissions: { ...WORKING, is_account_admin: true } });
      return { 'x-api-key': organization.apiKey };
    }
  }
}

/** Sends raw bytes on a fresh connection; resolves with all the server wrote before closing (or 2 s). */
function rawExchange(port: number, bytes: string | Buffer): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const finish = () => done(Buffer.concat(chunks).toString('latin1'));
    socket.setTimeout(2_000, () => {
      socket.destroy();
      finish();
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', finish);
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? finish() : fail(error),
    );
    socket.write(bytes);
  });
}

/**
 * HTTP that Node's parser judges before Fastify sees a request, mostly refusing it: `inject` cannot send
 * it. (A request line without a version is HTTP/0.9 to the parser, and answered like any request.)
 */
const RAW_REQUESTS: { what: string; bytes: string | Buffer }[] = [
  { what: 'a malformed request line', bytes: 'GARBAGE\r\n\r\n' },
  { what: 'a request line without a version', bytes: 'GET /api/health\r\n\r\n' },
  {
    what: 'a NUL in the request target',
    bytes: 'GET /api/\0health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  },
  {
    what: 'a space in the request target',
    bytes: 'GET /api/ health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  },
  {
    what: 'a raw non-UTF-8 byte in the path',
    bytes: Buffer.concat([
      Buffer.from('GET /api/testcases/'),
      Buffer.from([0xff]),
      Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    ]),
  },
  {
    what: 'a request target over 16 KB',
    bytes: `GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
  },
  {
    what: 'headers over 16 KB',
    bytes: `GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  },
  {
    what: 'a NUL in a header value',
    bytes: 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-A: a\0b\r\n\r\n',
  },
  {
    what: 'a header without a colon',
    bytes: 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\nno colon here\r\n\r\n',
  },
  { what: 'no Host header', bytes: 'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n' },
  {
    what: 'both Content-Length and Transfer-Encoding',
    bytes:
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
  },
  {
    what: 'a malformed Content-Length',
    bytes:
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
  },
  {
    what: 'a malformed chunk size',
    bytes:
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  },
  {
    what: 'an unknown HTTP version',
    bytes: 'GET /api/health HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n',
  },
];

describeEachDatabase('hostile input to every operation of /docs/json', (proctor) => {
  let document: OpenApiDocument;
  let operations: Operation[];

  beforeAll(async () => {
    const response = await proctor().request({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
    operations = operationsOf(document, proctor().app.routeTable);
    expect(operations.length).toBe(proctor().app.routeTable.length);
  });

  /**
   * Each operation's valid request is sent as every kind of caller, and its hostile requests are dealt in turn
   * among the callers access control let through: every hostile value reaches the handler once, as a caller
   * allowed there, and each caller meets a share of them. (Each allowed caller sent every hostile request until
   * the fuzz took five minutes of a 30-minute CI run: the parsing and validation they meet is the same code.)
   */
  it('should answer hostile input from every kind of caller without a 5xx, every error a {detail}', async () => {
    const started = Date.now();
    const offenses: Offense[] = [];
    const sent = new Map(CALLERS.map((caller) => [caller, { requests: 0, pastAccessControl: 0 }]));
    /** A caller's identity for one operation; a `spent` one made something and is renewed before its next request. */
    interface Identity {
      caller: Caller;
      headers: Record<string, string>;
      spent: boolean;
    }
    const send = async (identity: Identity, request: HostileRequest) => {
      // A caller without an organization becomes a member as soon as a request creates one, and every later
      // request would meet a 409 instead: after a request that succeeded it gets a fresh identity.
      if (identity.caller === 'no_organization' && identity.spent) {
        identity.headers = await headersFor(proctor(), identity.caller);
        identity.spent = false;
      }
      const response = await proctor().request({ ...request.options, as: { headers: identity.headers } });
      const counts = sent.get(identity.caller)!;
      counts.requests++;
      const refused = response.statusCode === 401 || response.statusCode === 403;
      if (!refused) counts.pastAccessControl++;
      const offense = offenseOf(identity.caller, request, response);
      if (offense) offenses.push(offense);
      identity.spent ||= response.statusCode < 400;
      return { refused };
    };

    for (const operation of operations) {
      // A fresh identity per caller and operation: what one operation does to its caller (a logout) must not
      // change how the next one sees it. A caller refused the valid request meets only the refusal: whatever
      // runs before access control (parsing, validation) is the same code for every caller.
      // The callers side by side (each its own identity): one after another, their round trips were most of the time.
      const identities = await Promise.all(
        CALLERS.map(async (caller) => {
          const identity: Identity = { caller, headers: await headersFor(proctor(), caller), spent: false };
          const { refused } = await send(identity, validRequest(document, operation));
          return refused ? null : identity;
        }),
      );
      const allowed = identities.filter((identity) => identity !== null);
      if (allowed.length === 0) continue;
      const hostile = hostileRequests(document, operation);
      await sendAll(
        hostile.map((request, index) => ({ request, identity: allowed[index % allowed.length]! })),
        async ({ request, identity }) => {
          await send(identity, request);
        },
      );
    }
    for (const caller of CALLERS) {
      const identity: Identity = { caller, headers: await headersFor(proctor(), caller), spent: false };
      await sendAll(
        HOSTILE_PATHS.flatMap((url) =>
          (['GET', 'POST'] as const).map((method) => ({ what: 'path', options: { method, url } })),
        ),
        async (request) => {
          await send(identity, request);
        },
      );
    }

    for (const [caller, counts] of sent) {
      console.info(
        `fuzz [${proctor().database}] ${caller}: ${counts.requests} requests, ` +
          `${counts.pastAccessControl} past access control`,
      );
      // Each caller must reach some handlers, or the fuzzing tested access control only.
      if (caller !== 'invalid_token') expect(counts.pastAccessControl, caller).toBeGreaterThan(0);
    }
    console.info(`fuzz [${proctor().database}]: ${offenses.length} offending, ${Date.now() - started} ms`);
    expect(offenses, `${offenses.length} offending answers:\n${report(offenses)}`).toEqual([]);
    // Thousands of requests, each authenticated against the database: the limit only catches a hang.
  }, 600_000);

  it('should answer malformed HTTP on a real socket with a 4xx {detail}', async () => {
    const app = proctor().app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on a port');
    const offenses: string[] = [];
    for (const request of RAW_REQUESTS) {
      const answer = await rawExchange(address.port, request.bytes);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      // No answer at all, a 5xx, or a 4xx that is not {detail}.
      if (status === 0 || status >= 500 || (status >= 400 && !hasDetail(body))) {
        offenses.push(`${request.what}: ${JSON.stringify(answer.slice(0, 200))}`);
      }
    }
    console.info(`fuzz [${proctor().database}] raw HTTP: ${RAW_REQUESTS.length} requests`);
    expect(offenses, offenses.join('\n')).toEqual([]);
  });
});
