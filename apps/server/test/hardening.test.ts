import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { MAX_JSON_DEPTH } from '@proctor/contracts';
import { testCaseSets } from '@proctor/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from './support/databases';
import { type Actor, describeEachDatabase, startTestProctor, type TestProctor } from './support/proctor';

/**
 * Findings of an outside probe (issue 11), each at the layer that fixes it: the contract's input rules, the
 * framework's error answers, strict ids, security headers, and logs that never carry a query's values.
 */

/** A built dashboard of two files, so that the headers of the page and of an asset can be read. */
function dashboardDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'proctor-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  return dist;
}

const nestedJson = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describeEachDatabase('unstorable text and deep JSON', (proctor) => {
  let member: Actor;
  beforeAll(async () => {
    member = await proctor().actor({
      permissions: { create_test_cases: true, dashboard_access: true, is_account_admin: true },
    });
  });

  const expectBadInput = (response: { statusCode: number; json(): unknown }, detail: RegExp) => {
    expect(response.statusCode).toBe(400);
    expect((response.json() as { detail: string }).detail).toMatch(detail);
  };

  it('should refuse NUL in paths and query strings, signed in or not', async () => {
    expectBadInput(await proctor().request({ method: 'GET', url: '/api/invite/%00' }), /params\.code: .*NUL/);
    expectBadInput(
      await proctor().request({ method: 'GET', url: '/api/env/simulators/%00/icon' }),
      /params.*NUL/,
    );
    expectBadInput(
      await proctor().request({ method: 'GET', url: '/api/testcases?name=%00', as: member }),
      /querystring\.name: .*NUL/,
    );
  });

  it('should refuse NUL and unpaired surrogates in JSON bodies, and store nothing', async () => {
    expectBadInput(
      await proctor().request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'nul@example.test', password: 'correct horse battery', name: 'a\u0000b' },
      }),
      /body\.name: must not contain NUL/,
    );
    expectBadInput(
      await proctor().request({
        method: 'POST',
        url: '/api/user/contact-form',
        headers: { 'content-type': 'application/json' },
        // The escape as JSON text: a JavaScript string with a lone surrogate would not survive encoding.
        payload: '{"message": "hello \\ud800"}',
        as: member,
      }),
      /body\.message: must be valid Unicode/,
    );
    expectBadInput(
      await proctor().request({
        method: 'POST',
        url: '/api/testcases/sets',
        payload: { name: 'Set \u0000', description: 'x' },
        as: member,
      }),
      /body\.name: must not contain NUL/,
    );
    const named = await proctor()
      .ctx.db.select({ count: sql<number>`count(*)::int` })
      .from(testCaseSets)
      .where(eq(testCaseSets.organizationId, member.organization!.id));
    expect(named[0]!.count).toBe(0);
  });

  it(`should refuse JSON nested deeper than ${MAX_JSON_DEPTH} levels with a clear 400`, async () => {
    for (const levels of [20_000, MAX_JSON_DEPTH + 1]) {
      expectBadInput(
        await proctor().request({
          method: 'POST',
          url: '/api/user/contact-form',
          headers: { 'content-type': 'application/json' },
          payload: `{"message": "deep", "extra": ${nestedJson(levels)}}`,
          as: member,
        }),
        new RegExp(`nested more than ${MAX_JSON_DEPTH} levels deep`),
      );
    }
  });

  it('should refuse a deep output schema typed as text, where the body itself is shallow', async () => {
    const response = await proctor().request({
      method: 'POST',
      url: '/api/testcases',
      payload: {
        name: 'Deep schema',
        prompt: 'Answer',
        simulatorId: 1,
        scoringTypes: ['json_schema'],
        outputSchema: nestedJson(7000),
      },
      as: member,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/nested more than/);
  });
});

describeEachDatabase('ids, paths and framework errors', (proctor) => {
  it('should read an id as decimal digits only, and archive nothing named loosely', async () => {
    const owner = await proctor().actor({ permissions: { create_test_cases: true, dashboard_access: true } });
    const created = await proctor().request({
      method: 'POST',
      url: '/api/testcases/sets',
      payload: { name: 'Loose ids', description: 'Ids named loosely' },
      as: owner,
    });
    expect(created.statusCode).toBe(201);
    const id: number = created.json().testCaseSet.id;
    for (const loose of [`0x${id.toString(16)}`, `${id}e0`, `%20${id}`, `000000${id}`, `+${id}`]) {
      const response = await proctor().request({
        method: 'DELETE',
        url: `/api/testcases/sets/${loose}`,
        as: owner,
      });
      expect(response.statusCode, loose).toBe(400);
      expect(response.json().detail).toMatch(/^params\.id: Expected an id/);
    }
    const [kept] = await proctor().ctx.db.select().from(testCaseSets).where(eq(testCaseSets.id, id));
    expect(kept!.archived).toBe(false);
  });

  it('should answer a too-long path part and malformed %-encoding with {detail}', async () => {
    const long = await proctor().request({ method: 'GET', url: `/api/invite/${'x'.repeat(150)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: 'A part of the path is too long' });
    const malformed = await proctor().request({ method: 'GET', url: '/api/invite/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'The path is not valid: malformed %-encoding' });
  });

  it('should mark every API answer not to be cached', async () => {
    const health = await proctor().request({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBe('no-store');
    const refused = await proctor().request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.test', password: 'wrong password' },
    });
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

/** Requests Node's HTTP parser refuses never reach a route: they need a real socket. */
describe('malformed HTTP on a real socket', () => {
  let proctor: TestProctor;
  let port: number;
  beforeAll(async () => {
    proctor = await startTestProctor(testDatabases()[0]!);
    await proctor.app.listen({ port: 0, host: '127.0.0.1' });
    port = (proctor.app.server.address() as { port: number }).port;
  });
  afterAll(() => proctor.close());

  const rawExchange = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.write(request);
    });

  it('should answer a malformed request line with 400 {detail}', async () => {
    const answer = await rawExchange('GET /api/health HTTP/1.1 BOGUS\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      detail: 'Malformed HTTP request',
    });
  });

  it('should answer oversize headers with 431 {detail}', async () => {
    const answer = await rawExchange(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      detail: 'Request headers are too large',
    });
  });
});

describe('security headers', () => {
  let proctor: TestProctor;
  beforeAll(async () => {
    proctor = await startTestProctor(testDatabases()[0]!, {
      env: { WEB_DIST: dashboardDist(), PUBLIC_URL: 'http://proctor.example.test' },
    });
  });
  afterAll(() => proctor.close());

  it('should send a CSP that forbids framing, and nosniff, on the dashboard, its assets, /docs and /api', async () => {
    for (const url of [
      '/',
      '/tests',
      '/assets/app.js',
      '/docs',
      '/docs/json',
      '/api/health',
      '/api/nothing',
    ]) {
      const response = await proctor.request({ method: 'GET', url });
      const csp = response.headers['content-security-policy'] as string;
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("connect-src 'self' ws://proctor.example.test");
      // No image from another site: icons are served by Proctor, so a page never makes the browser call out.
      const directives = csp.split(';').map((directive) => directive.trim());
      expect(
        directives.filter((directive) => directive.startsWith('img-src')),
        url,
      ).toEqual(["img-src 'self' data: blob:"]);
      // A session's video plays from an object URL of what the page read with its token.
      expect(
        directives.filter((directive) => directive.startsWith('media-src')),
        url,
      ).toEqual(["media-src 'self' blob:"]);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('should not pin plain-http installs to https', async () => {
    const response = await proctor.request({ method: 'GET', url: '/' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('logs', () => {
  let proctor: TestProctor;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk) => lines.push(chunk.toString()));
    proctor = await startTestProctor(testDatabases()[0]!, { logStream: stream });
  });
  afterAll(() => proctor.close());

  it("should never log a failed query's bound values", async () => {
    const member = await proctor.actor();
    // A failure the server cannot foresee: the table the message goes to is gone.
    await proctor.ctx.db.execute(sql`drop table contact_messages`);
    const secret = 'prt_secret-value-that-must-not-be-logged';
    const response = await proctor.request({
      method: 'POST',
      url: '/api/user/contact-form',
      payload: { message: secret },
      as: member,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error' });
    const log = lines.join('');
    expect(log).toContain('Failed query');
    expect(log).toContain('contact_messages');
    expect(log).not.toContain(secret);
  });
});
