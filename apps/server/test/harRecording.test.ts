import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { endpoints } from '@proctor/contracts';
import { proxyExchanges, proxyRecordings, sessions, simulators } from '@proctor/db';
import { asc, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { type Actor, describeEachDatabase, type TestProctor } from './support/proctor';

const BEARER = 'bearer-secret-for-recording-9d1c';

function entry(method: string, url: string, response: { mimeType: string; text: string }, headers = []) {
  return {
    startedDateTime: '2026-11-01T10:00:00.000Z',
    time: 12,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Authorization', value: `Bearer ${BEARER}` }, ...headers],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: response.mimeType }],
      content: { size: response.text.length, mimeType: response.mimeType, text: response.text },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 1, wait: 10, receive: 1 },
  };
}

const har = (...entries: unknown[]) =>
  JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } });

function multipart(fields: Record<string, string>, file: string) {
  const boundary = '----proctorHarRecording';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="har_file"; filename="site.har"\r\nContent-Type: application/octet-stream\r\n\r\n${file}\r\n`,
  );
  parts.push(`--${boundary}--\r\n`);
  return {
    payload: Buffer.from(parts.join('')),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(proctor: TestProctor, as: Actor, fields: Record<string, string>, file: string) {
  const { payload, headers } = multipart(fields, file);
  const response = await proctor.request({
    method: 'POST',
    url: endpoints.uploadHar.path,
    payload,
    headers,
    as,
  });
  return { status: response.statusCode, body: response.json() as { session_id?: string; detail?: string } };
}

/** Every file under a folder, read whole. */
async function filesUnder(folder: string): Promise<Buffer[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return Promise.all(entries.filter((e) => e.isFile()).map((e) => readFile(join(e.parentPath, e.name))));
}

describeEachDatabase('HAR add_to_recording', (proctor) => {
  async function proxySimulator() {
    const [row] = await proctor()
      .ctx.db.insert(simulators)
      .values({
        name: `recorded-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
        simType: 'proxy',
        url: 'https://shop.example.test',
      })
      .returning();
    return row!;
  }

  const recordingsOf = (simulatorId: number) =>
    proctor()
      .ctx.db.select()
      .from(proxyRecordings)
      .where(eq(proxyRecordings.simulatorId, simulatorId))
      .orderBy(desc(proxyRecordings.version));

  const exchangesOf = (recordingId: number) =>
    proctor()
      .ctx.db.select()
      .from(proxyExchanges)
      .where(eq(proxyExchanges.recordingId, recordingId))
      .orderBy(asc(proxyExchanges.seq));

  it('should add a HAR to a proxy simulator as a new recording version after the latest, with no secret stored', async () => {
    const simulator = await proxySimulator();
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    // Large enough that the import keeps it in the blob store, not in the request's row.
    const page = `<h1>Shop</h1>${'<p>An item</p>'.repeat(400)}`;
    const first = await upload(
      proctor(),
      admin,
      { simulator_id: String(simulator.id), add_to_recording: 'true' },
      har(entry('GET', 'https://shop.example.test/', { mimeType: 'text/html', text: page })),
    );
    expect(first.status, first.body.detail).toBe(200);
    const second = await upload(
      proctor(),
      admin,
      { simulator_id: String(simulator.id), add_to_recording: 'true' },
      har(
        entry('GET', 'https://shop.example.test/api/items/3', {
          mimeType: 'application/json',
          text: '{"id":3}',
        }),
      ),
    );
    expect(second.status, second.body.detail).toBe(200);

    const [latest, older] = await recordingsOf(simulator.id);
    expect([latest!.version, latest!.status, latest!.source, older!.version]).toEqual([
      2,
      'finished',
      'har',
      1,
    ]);
    expect(latest!.sessionPublicId).toBe(second.body.session_id);
    expect(latest!.exchangeCount).toBe(2);
    const exchanges = await exchangesOf(latest!.id);
    expect(exchanges.map((e) => [e.seq, e.path])).toEqual([
      [0, '/'],
      [1, '/api/items/3'],
    ]);
    // The replay answers with the page whole, from the recording's own copy of it.
    const replayed = await proctor().ctx.blobs.get(`proxy-bodies/${exchanges[0]!.responseBodyHash}`);
    expect(replayed?.toString('utf8')).toBe(page);
    // Redacted as the HAR upload redacts: the bearer token is a placeholder in the rows and in no blob.
    expect(exchanges[0]!.requestHeaders.authorization).toMatch(/^Bearer redacted:[0-9a-f]{8}$/);
    const blobs = await filesUnder(join(proctor().ctx.config.dataDir, 'blobs'));
    expect(blobs.length).toBeGreaterThan(0);
    for (const blob of blobs) expect(blob.toString('latin1')).not.toContain(BEARER);
    expect(JSON.stringify(exchanges)).not.toContain(BEARER);
  });

  it('should refuse add_to_recording for a simulator that is not a proxy (400) and for a plain member (403), leaving nothing', async () => {
    const simulator = await proxySimulator();
    const admin = await proctor().actor({ permissions: { is_admin: true } });
    const [app] = await proctor()
      .ctx.db.insert(simulators)
      .values({ name: `app-${Date.now().toString(36)}`, simType: 'app' })
      .returning();
    const file = har(entry('GET', 'https://shop.example.test/', { mimeType: 'text/html', text: 'x' }));
    const sessionsBefore = (await proctor().ctx.db.select().from(sessions)).length;
    const notProxy = await upload(
      proctor(),
      admin,
      { simulator_id: String(app!.id), add_to_recording: 'true' },
      file,
    );
    expect(notProxy.status).toBe(400);
    const member = await proctor().actor({ plan: { allowed_simulators: [simulator.id] } });
    const notAllowed = await upload(
      proctor(),
      member,
      { simulator_id: String(simulator.id), add_to_recording: 'true' },
      file,
    );
    expect(notAllowed.status).toBe(403);
    expect((await proctor().ctx.db.select().from(sessions)).length).toBe(sessionsBefore);
    expect(await recordingsOf(simulator.id)).toEqual([]);
  });
});
