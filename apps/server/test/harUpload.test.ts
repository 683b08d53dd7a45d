import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { endpoints, HAR_UPLOAD_MESSAGES } from '@proctor/contracts';
import { networkRequests, sessionSteps, sessions } from '@proctor/db';
import { count, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { catalog } from './support/catalog';
import { type Actor, describeEachDatabase, type TestProctor } from './support/proctor';

/** The requests an upload spooled to disk and left behind: none, whatever became of it. */
async function spooled(proctor: TestProctor): Promise<string[]> {
  return readdir(join(proctor.ctx.config.dataDir, 'tmp', 'har')).catch(() => []);
}

/** A small limit, so that "too large" is cheap to send. */
const MAX_BYTES = 64 * 1024;

const BEARER = 'bearer-secret-7f3a9c2e1b';
const REQUEST_COOKIE = 'cookie-secret-51d0e8';
const SET_COOKIE = 'setcookie-secret-a4b2';
const QUERY_TOKEN = 'query-secret-c9e7d1';
const FORM_PASSWORD = 'form-secret-pw-88e1';
const JWT_IN_BODY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJib2R5LXNlY3JldCJ9.bodysignatureQ2xvc2VkU2VjcmV0';
const JWT_IN_BASE64_RESPONSE =
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJyZXNwb25zZS1zZWNyZXQifQ.respsignatureWn1bGxTZWNyZXQ';
const SECRETS = [
  BEARER,
  REQUEST_COOKIE,
  SET_COOKIE,
  QUERY_TOKEN,
  FORM_PASSWORD,
  JWT_IN_BODY,
  JWT_IN_BASE64_RESPONSE,
];

const header = (name: string, value: string) => ({ name, value });

/** An entry with every field HAR 1.2 requires; `changes` adds or replaces request and response fields. */
function entry(
  url: string,
  options: {
    pageref?: string;
    method?: string;
    request?: Record<string, unknown>;
    response?: Record<string, unknown>;
    startedAt?: string;
  } = {},
) {
  return {
    ...(options.pageref ? { pageref: options.pageref } : {}),
    startedDateTime: options.startedAt ?? '2026-11-01T10:00:00.000Z',
    time: 42,
    request: {
      method: options.method ?? 'GET',
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
      ...options.request,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: 'text/html' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 0,
      ...options.response,
    },
    cache: {},
    timings: { send: 1, wait: 40, receive: 1 },
  };
}

/** Two pages of a signed-in app: every kind of secret a HAR holds, some of them twice. */
function harWithSecrets() {
  return {
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      pages: [
        { id: 'page_1', startedDateTime: '2026-11-01T10:00:00.000Z', title: 'Home', pageTimings: {} },
        { id: 'page_2', startedDateTime: '2026-11-01T10:00:05.000Z', title: 'Account', pageTimings: {} },
      ],
      entries: [
        entry(`https://shop.example.test/home?access_token=${QUERY_TOKEN}&q=shoes`, {
          pageref: 'page_1',
          request: {
            headers: [
              header('Authorization', `Bearer ${BEARER}`),
              header('Cookie', `sid=${REQUEST_COOKIE}; theme=dark`),
            ],
            cookies: [{ name: 'sid', value: REQUEST_COOKIE }],
            queryString: [header('access_token', QUERY_TOKEN), header('q', 'shoes')],
          },
          response: {
            headers: [
              header('Set-Cookie', `session=${SET_COOKIE}; Path=/; HttpOnly`),
              header('Content-Type', 'text/html'),
            ],
            cookies: [{ name: 'session', value: SET_COOKIE }],
            content: { size: 27, mimeType: 'text/html', text: '<html><body>Home</body></html>' },
          },
        }),
        entry('https://shop.example.test/api/login', {
          pageref: 'page_1',
          method: 'POST',
          startedAt: '2026-11-01T10:00:01.000Z',
          request: {
            headers: [header('Authorization', `Bearer ${BEARER}`)],
            postData: {
              mimeType: 'application/x-www-form-urlencoded',
              text: `user=ada&password=${FORM_PASSWORD}`,
            },
          },
          response: {
            content: {
              size: 80,
              mimeType: 'application/json',
              encoding: 'base64',
              text: Buffer.from(JSON.stringify({ ok: true, issued: JWT_IN_BASE64_RESPONSE })).toString(
                'base64',
              ),
            },
          },
        }),
        entry('https://shop.example.test/account', {
          pageref: 'page_2',
          startedAt: '2026-11-01T10:00:05.000Z',
          request: { headers: [header('Authorization', `Bearer ${BEARER}`)] },
        }),
        entry('https://shop.example.test/api/notes', {
          pageref: 'page_2',
          method: 'POST',
          startedAt: '2026-11-01T10:00:06.000Z',
          request: {
            postData: { mimeType: 'application/json', text: JSON.stringify({ note: JWT_IN_BODY, n: 1 }) },
          },
          response: { content: { size: 11, mimeType: 'application/json', text: '{"saved":1}' } },
        }),
      ],
    },
  };
}

/** A multipart body as a browser's FormData sends it: the simulator first (unless `simulatorLast`), then the file. */
function multipart(fields: {
  simulatorId?: string | number;
  file?: string | Buffer;
  fileName?: string;
  simulatorLast?: boolean;
}) {
  const boundary = '----proctorHarTest';
  const parts: Buffer[] = [];
  const simulator =
    fields.simulatorId === undefined
      ? []
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="simulator_id"\r\n\r\n${fields.simulatorId}\r\n`,
          ),
        ];
  if (!fields.simulatorLast) parts.push(...simulator);
  if (fields.file !== undefined)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="har_file"; filename="${fields.fileName ?? 'site.har'}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(fields.file),
      Buffer.from('\r\n'),
    );
  if (fields.simulatorLast) parts.push(...simulator);
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  proctor: TestProctor,
  as: Actor,
  fields: Parameters<typeof multipart>[0],
): Promise<{ status: number; body: { session_id?: string; requests_count?: number; detail?: string } }> {
  const { payload, headers } = multipart(fields);
  const response = await proctor.request({
    method: 'POST',
    url: endpoints.uploadHar.path,
    payload,
    headers,
    as,
  });
  const body = response.json();
  if (response.statusCode === 200) endpoints.uploadHar.response.parse(body);
  return { status: response.statusCode, body };
}

/** Every row of every table in the public schema, as text. */
async function everyTableText(proctor: TestProctor): Promise<string> {
  const { db } = proctor.ctx;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const texts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = (await db.execute(sql.raw(`select t::text as row from "${table_name}" t`))) as unknown as {
      rows: { row: string }[];
    };
    texts.push(...rows.rows.map((row) => row.row));
  }
  return texts.join('\n');
}

/** The text of every file under a folder (the blob store's). */
async function filesText(folder: string): Promise<string> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  const texts = await Promise.all(
    entries
      .filter((file) => file.isFile())
      .map((file) => readFile(join(file.parentPath, file.name), 'latin1')),
  );
  return texts.join('\n');
}

/** The sessions with imported HAR bodies in the blob store (`sessions/{id}/har`). */
async function sessionsWithHarBodies(proctor: TestProctor): Promise<string[]> {
  const folder = join(proctor.ctx.config.dataDir, 'blobs', 'sessions');
  const sessionIds = await readdir(folder).catch((): string[] => []);
  const withBodies: string[] = [];
  for (const id of sessionIds)
    if ((await readdir(join(folder, id)).catch((): string[] => [])).includes('har')) withBodies.push(id);
  return withBodies.sort();
}

/**
 * A page, a script and an image too large to keep in a row (over 4 KB), the page and the image twice (stored
 * once), and an API call's small answer; all of it under the 64 KB these tests allow.
 */
function harWithLargeBodies() {
  const page = `<html><body>${'<p>Large page</p>'.repeat(400)}<script>var t = "${JWT_IN_BODY}";</script></body></html>`;
  const image = Buffer.alloc(8_000);
  for (let at = 0; at < image.length; at++) image[at] = (at * 131) % 256;
  const answer = (mimeType: string, text: string, encoding?: string) => ({
    response: { content: { size: text.length, mimeType, text, ...(encoding ? { encoding } : {}) } },
  });
  return {
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: [
        entry('https://shop.example.test/large', answer('text/html', page)),
        entry('https://shop.example.test/logo.png', answer('image/png', image.toString('base64'), 'base64')),
        entry(
          'https://shop.example.test/app.js',
          answer('application/javascript', 'let x = 1;\n'.repeat(500)),
        ),
        entry('https://shop.example.test/large', answer('text/html', page)),
        entry('https://shop.example.test/logo.png', answer('image/png', image.toString('base64'), 'base64')),
        entry('https://shop.example.test/api/small', answer('application/json', '{"ok":true}')),
      ],
    },
  };
}

async function sessionCounts(proctor: TestProctor, organizationId: number) {
  const { db } = proctor.ctx;
  const [row] = await db
    .select({ n: count() })
    .from(sessions)
    .where(eq(sessions.organizationId, organizationId));
  const [requests] = await db
    .select({ n: count() })
    .from(networkRequests)
    .innerJoin(sessions, eq(sessions.id, networkRequests.sessionId))
    .where(eq(sessions.organizationId, organizationId));
  const [steps] = await db
    .select({ n: count() })
    .from(sessionSteps)
    .innerJoin(sessions, eq(sessions.id, sessionSteps.sessionId))
    .where(eq(sessions.organizationId, organizationId));
  return { sessions: row!.n, requests: requests!.n, steps: steps!.n };
}

describeEachDatabase(
  'HAR upload',
  (proctor) => {
    const rows = catalog(proctor);

    /** A member whose plan holds one simulator of their own. */
    async function memberWithSimulator() {
      const simulator = await rows.simulator();
      const member = await proctor().actor({ plan: { allowed_simulators: [simulator.id] } });
      return { member, simulator };
    }

    it('should make a session of the HAR with its requests and pages, and keep no secret anywhere', async () => {
      const { member, simulator } = await memberWithSimulator();
      const answer = await upload(proctor(), member, {
        simulatorId: simulator.id,
        file: JSON.stringify(harWithSecrets()),
      });
      expect(answer.status).toBe(200);
      expect(answer.body.requests_count).toBe(4);

      const network = await proctor().call(endpoints.sessionNetworkRequests, {
        params: { id: answer.body.session_id! },
        as: member,
      });
      expect(network.status).toBe(200);
      const requests = network.body.requests;
      // Every table's text, every stored body decoded, every blob: none holds any of the secrets.
      const bodies = requests
        .map((request) =>
          request.response_body ? Buffer.from(request.response_body, 'base64').toString('utf8') : '',
        )
        .join('\n');
      const stored = [
        await everyTableText(proctor()),
        bodies,
        await filesText(join(proctor().ctx.config.dataDir, 'blobs')),
      ].join('\n');
      expect(stored).toContain(new URL(requests[0]!.url).host);
      for (const secret of SECRETS) expect(stored).not.toContain(secret);
      expect(await spooled(proctor())).toEqual([]);
      expect(
        requests.map((request) => [request.method, new URL(request.url).pathname, request.step_idx]),
      ).toEqual([
        ['GET', '/home', 0],
        ['POST', '/api/login', 0],
        ['GET', '/account', 1],
        ['POST', '/api/notes', 1],
      ]);
      // The same secret, the same placeholder: a replay can still match the requests that carried it.
      const bearer = requests[0]!.request_headers.authorization!;
      expect(bearer).toMatch(/^Bearer redacted:[0-9a-f]{8}$/);
      expect(requests[1]!.request_headers.authorization).toBe(bearer);
      expect(requests[2]!.request_headers.authorization).toBe(bearer);
      expect(requests[0]!.request_headers.cookie).toMatch(
        /^sid=redacted:[0-9a-f]{8}; theme=redacted:[0-9a-f]{8}$/,
      );
      expect(requests[0]!.response_headers['set-cookie']).toMatch(
        /^session=redacted:[0-9a-f]{8}; Path=\/; HttpOnly$/,
      );
      expect(requests[0]!.url).toMatch(/access_token=redacted:[0-9a-f]{8}&q=shoes$/);
      expect(requests[1]!.request_body).toMatch(/^user=ada&password=redacted:[0-9a-f]{8}$/);
      expect(JSON.parse(requests[3]!.request_body!)).toEqual({
        note: expect.stringMatching(/^redacted:/),
        n: 1,
      });
      const loginAnswer = JSON.parse(Buffer.from(requests[1]!.response_body!, 'base64').toString('utf8'));
      expect(loginAnswer).toEqual({ ok: true, issued: expect.stringMatching(/^redacted:[0-9a-f]{8}$/) });

      const detail = await proctor().call(endpoints.getSession, {
        params: { id: answer.body.session_id! },
        as: member,
      });
      expect(detail.status).toBe(200);
      expect(detail.body.session.simulator?.id).toBe(simulator.id);
      expect(detail.body.network_summary).toHaveLength(4);
    });

    it('should make the pages url_change steps', async () => {
      const { member, simulator } = await memberWithSimulator();
      const answer = await upload(proctor(), member, {
        simulatorId: simulator.id,
        file: JSON.stringify(harWithSecrets()),
      });
      expect(answer.status).toBe(200);
      const steps = await proctor()
        .ctx.db.select({ action: sessionSteps.action })
        .from(sessionSteps)
        .innerJoin(sessions, eq(sessions.id, sessionSteps.sessionId))
        .where(eq(sessions.publicId, answer.body.session_id!))
        .orderBy(sessionSteps.idx);
      expect(
        steps.map(({ action }) => [action.type, 'url' in action ? new URL(action.url).pathname : null]),
      ).toEqual([
        ['url_change', '/home'],
        ['url_change', '/account'],
      ]);
    });

    it('should answer 400 for a truncated HAR and store nothing', async () => {
      const { member, simulator } = await memberWithSimulator();
      const whole = JSON.stringify(harWithSecrets());
      const answer = await upload(proctor(), member, {
        simulatorId: simulator.id,
        file: whole.slice(0, Math.floor(whole.length * 0.8)),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toMatch(/not valid JSON/);
      expect(await sessionCounts(proctor(), member.organization!.id)).toEqual({
        sessions: 0,
        requests: 0,
        steps: 0,
      });
      expect(await spooled(proctor())).toEqual([]);
    });

    it('should name the entry and the field of an invalid entry, and store nothing', async () => {
      const { member, simulator } = await memberWithSimulator();
      const har = harWithSecrets();
      delete (har.log.entries[2]!.request as { url?: string }).url;
      const answer = await upload(proctor(), member, {
        simulatorId: simulator.id,
        file: JSON.stringify(har),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toMatch(/^Invalid HAR: log\.entries\[2\]\.request\.url: /);

      const badHeader = harWithSecrets();
      (badHeader.log.entries[1]!.response.headers as unknown[]) = [{ name: 'x-count', value: 3 }];
      const second = await upload(proctor(), member, {
        simulatorId: simulator.id,
        file: JSON.stringify(badHeader),
      });
      expect(second.status).toBe(400);
      expect(second.body.detail).toMatch(/^Invalid HAR: log\.entries\[1\]\.response\.headers\[0\]\.value: /);
      expect(await sessionCounts(proctor(), member.organization!.id)).toEqual({
        sessions: 0,
        requests: 0,
        steps: 0,
      });
    });

    it('should answer 400 for a file without entries or without both fields', async () => {
      const { member, simulator } = await memberWithSimulator();
      const empty = await upload(proctor(), member, {
        simulatorId: simulator.id,
        file: JSON.stringify({ log: { version: '1.2', entries: [] } }),
      });
      expect(empty.status).toBe(400);
      expect(empty.body.detail).toMatch(/no entries/);
      const noFile = await upload(proctor(), member, { simulatorId: simulator.id });
      expect(noFile).toEqual({ status: 400, body: { detail: HAR_UPLOAD_MESSAGES.required } });
      const noSimulator = await upload(proctor(), member, { file: JSON.stringify(harWithSecrets()) });
      expect(noSimulator).toEqual({ status: 400, body: { detail: HAR_UPLOAD_MESSAGES.required } });
    });

    it('should answer 413 for a file over HAR_MAX_BYTES and store nothing', async () => {
      const { member, simulator } = await memberWithSimulator();
      const har = harWithSecrets();
      (har.log.entries[3]!.response as Record<string, unknown>).content = {
        size: MAX_BYTES,
        mimeType: 'text/plain',
        text: 'x'.repeat(MAX_BYTES),
      };
      const answer = await upload(proctor(), member, {
        simulatorId: simulator.id,
        file: JSON.stringify(har),
      });
      expect(answer.status).toBe(413);
      expect(answer.body.detail).toMatch(/larger than 65536 bytes/);
      expect(await sessionCounts(proctor(), member.organization!.id)).toEqual({
        sessions: 0,
        requests: 0,
        steps: 0,
      });
    });

    it('should keep large response bodies in the blob store, once each, and serve them in the network tab', async () => {
      const { member, simulator } = await memberWithSimulator();
      const har = harWithLargeBodies();
      const answer = await upload(proctor(), member, {
        simulatorId: simulator.id,
        file: JSON.stringify(har),
      });
      expect(answer.status).toBe(200);
      const network = await proctor().call(endpoints.sessionNetworkRequests, {
        params: { id: answer.body.session_id! },
        as: member,
      });
      expect(network.status).toBe(200);
      const bodies = network.body.requests.map((request) =>
        Buffer.from(request.response_body ?? '', 'base64'),
      );
      const [page, image, script, pageAgain, imageAgain, small] = har.log.entries.map(
        (sent) => sent.response.content as unknown as { text: string; encoding?: string },
      );
      // The page's token redacted, everything else byte for byte.
      expect(bodies[0]!.toString('utf8')).toMatch(
        /^<html><body>(<p>Large page<\/p>){400}<script>var t = "redacted:[0-9a-f]{8}";/,
      );
      expect(bodies[0]!.length).toBe(
        Buffer.byteLength(page!.text) - JWT_IN_BODY.length + 'redacted:'.length + 8,
      );
      expect(bodies[1]!.equals(Buffer.from(image!.text, 'base64'))).toBe(true);
      expect(bodies[2]!.toString('utf8')).toBe(script!.text);
      expect(bodies[3]!.equals(bodies[0]!)).toBe(true);
      expect(bodies[4]!.equals(Buffer.from(imageAgain!.text, 'base64'))).toBe(true);
      expect(bodies[5]!.toString('utf8')).toBe(small!.text);
      expect(pageAgain!.text).toBe(page!.text);

      const rows = await proctor()
        .ctx.db.select({ body: networkRequests.responseBody, blob: networkRequests.responseBodyBlob })
        .from(networkRequests)
        .innerJoin(sessions, eq(sessions.id, networkRequests.sessionId))
        .where(eq(sessions.publicId, answer.body.session_id!))
        .orderBy(networkRequests.id);
      // The large ones in one blob of the session, each once; the API call's in its row.
      expect(rows.map((row) => row.body === null)).toEqual([true, true, true, true, true, false]);
      expect(rows[3]!.blob).toEqual(rows[0]!.blob);
      expect(rows[4]!.blob).toEqual(rows[1]!.blob);
      expect(new Set(rows.slice(0, 5).map((row) => row.blob!.key))).toEqual(
        new Set([`sessions/${answer.body.session_id}/har/bodies`]),
      );
      const stored = await filesText(join(proctor().ctx.config.dataDir, 'blobs'));
      expect(stored).toContain('<p>Large page</p>');
      expect(stored).not.toContain(JWT_IN_BODY);
      expect(await spooled(proctor())).toEqual([]);
    });

    it('should leave no body in the blob store for a HAR refused after its large bodies were read', async () => {
      const { member, simulator } = await memberWithSimulator();
      const before = await sessionsWithHarBodies(proctor());
      const invalid = harWithLargeBodies();
      delete (invalid.log.entries[5]!.request as { method?: string }).method;
      const whole = JSON.stringify(harWithLargeBodies());
      const refusals = [
        await upload(proctor(), member, { simulatorId: simulator.id, file: JSON.stringify(invalid) }),
        await upload(proctor(), member, {
          simulatorId: simulator.id,
          file: whole.slice(0, whole.length - 40),
        }),
        // The simulator sent after the file: the file is read (its bodies stored) before it is refused.
        await upload(proctor(), member, { simulatorId: 987654321, file: whole, simulatorLast: true }),
      ];
      expect(refusals.map((refusal) => refusal.status)).toEqual([400, 400, 404]);
      expect(await sessionsWithHarBodies(proctor())).toEqual(before);
      expect(await spooled(proctor())).toEqual([]);
      expect(await sessionCounts(proctor(), member.organization!.id)).toEqual({
        sessions: 0,
        requests: 0,
        steps: 0,
      });
    });

    it("should answer 404 for a simulator outside the caller's plan", async () => {
      const { simulator: theirs } = await memberWithSimulator();
      const { member } = await memberWithSimulator();
      for (const simulatorId of [theirs.id, 987654321, 'no-such-simulator']) {
        const answer = await upload(proctor(), member, {
          simulatorId,
          file: JSON.stringify(harWithSecrets()),
        });
        expect(answer).toEqual({ status: 404, body: { detail: 'Simulator not found' } });
      }
      expect(await sessionCounts(proctor(), member.organization!.id)).toEqual({
        sessions: 0,
        requests: 0,
        steps: 0,
      });
    });
  },
  { env: { HAR_MAX_BYTES: String(MAX_BYTES) } },
);
