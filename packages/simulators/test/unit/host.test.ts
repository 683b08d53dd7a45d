import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES, SimulatorHost } from '../../src/index';
import { fixtureSimulator } from '../fixture/index';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const host = new SimulatorHost();

/** A request over a real socket to the host, with any Host header (Node's resolver knows no *.localhost). */
function send(
  hostHeader: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Reply>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: host.port, method, path, headers: { host: hostHeader, ...options.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('SimulatorHost', () => {
  let a = '';
  let b = '';
  beforeAll(async () => {
    await host.listen();
    a = new URL(host.createInstance(fixtureSimulator, { id: 'alpha' }).origin).host;
    b = new URL(host.createInstance(fixtureSimulator, { id: 'beta' }).origin).host;
  });
  afterAll(() => host.close());

  it('should serve each instance on its own origin, chosen by the Host header', async () => {
    expect(a).toBe(`alpha.fixture.localhost:${host.port}`);
    const page = await send(a, 'GET', '/login');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Sign in to Fixture Tasks');
    expect((await send('ALPHA.Fixture.localhost', 'GET', '/login')).status).toBe(200);
  });

  it('should answer 404 for a host that names no running instance', async () => {
    for (const unknown of [
      `gamma.fixture.localhost:${host.port}`,
      `alpha.shop.localhost:${host.port}`,
      `localhost:${host.port}`,
      'x.alpha.fixture.localhost',
      'example.com',
    ]) {
      const reply = await send(unknown, 'GET', '/');
      expect(reply.status, unknown).toBe(404);
      expect(reply.body).toContain('No simulator instance is running');
    }
  });

  it('should keep a sign-in to the origin that gave it', async () => {
    const signIn = await send(a, 'POST', '/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=dana%40acme.test&password=correct-horse',
    });
    expect(signIn.status).toBe(303);
    const cookie = String(signIn.headers['set-cookie']).split(';')[0] as string;
    expect(String(signIn.headers['set-cookie'])).toContain('HttpOnly');
    expect((await send(a, 'GET', '/tasks', { headers: { cookie } })).status).toBe(200);
    expect((await send(b, 'GET', '/tasks', { headers: { cookie } })).status).toBe(303);
  });

  it('should serve the kit files, the simulator assets and its icon, with revalidation', async () => {
    const script = await send(a, 'GET', '/_kit/kit.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const etag = String(script.headers.etag);
    expect((await send(a, 'GET', '/_kit/kit.js', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect((await send(a, 'GET', '/assets/app.css')).body).toContain('.topbar');
    const icon = await send(a, 'GET', '/favicon.svg');
    expect([icon.headers['content-type'], icon.body.startsWith('<svg')]).toEqual(['image/svg+xml', true]);
    expect((await send(a, 'GET', '/assets/missing.css')).status).toBe(404);
  });

  it("should version a page's references to its files, and let the browser keep a file asked for by its version", async () => {
    const page = await send(a, 'GET', '/login');
    // The fixture's pages link the kit's stylesheet and the app's: each with its content's version.
    const kitCss = /href="(\/_kit\/kit\.css\?v=[\w-]{12})"/.exec(page.body)?.[1];
    const appCss = /href="(\/assets\/app\.css\?v=[\w-]{12})"/.exec(page.body)?.[1];
    expect([kitCss, appCss]).toEqual([expect.any(String), expect.any(String)]);
    expect(page.body).not.toMatch(/href="\/assets\/app\.css"/);
    const kept = await send(a, 'GET', appCss!);
    expect([kept.status, kept.headers['cache-control']]).toEqual([
      200,
      'public, max-age=31536000, immutable',
    ]);
    expect(kept.body).toContain('.topbar');
    // Without its version, or with another one, the file is revalidated as before.
    for (const path of ['/assets/app.css', '/assets/app.css?v=000000000000'])
      expect((await send(a, 'GET', path)).headers['cache-control']).toBe('no-cache');
  });

  it('should give the text of a stylesheet an instance serves, read from its files, and nothing else', async () => {
    const page = await send(a, 'GET', '/login');
    const appCss = /href="(\/assets\/app\.css\?v=[\w-]{12})"/.exec(page.body)?.[1];
    const served = await send(a, 'GET', appCss!);
    expect(host.stylesheetText(`http://${a}${appCss}`)).toBe(served.body);
    expect(host.stylesheetText(`http://${a}/_kit/kit.css`)).toBe(
      (await send(a, 'GET', '/_kit/kit.css')).body,
    );
    for (const url of [
      `http://${a}/favicon.svg`, // no stylesheet
      `http://${a}/assets/missing.css`,
      `http://gamma.fixture.localhost:${host.port}/assets/app.css`, // no such instance
      `http://alpha.fixture.localhost:${host.port + 1}/assets/app.css`, // another port
      `https://${a}/assets/app.css`,
      'not a url',
    ])
      expect(host.stylesheetText(url), url).toBeUndefined();
  });

  it('should answer 405 with Allow, HEAD without a body, and 413 for oversized bodies', async () => {
    const refused = await send(a, 'DELETE', '/tasks');
    expect([refused.status, refused.headers.allow]).toEqual([405, 'GET, POST']);
    const head = await send(a, 'HEAD', '/login');
    expect([head.status, head.body]).toEqual([200, '']);
    const big = await send(a, 'POST', '/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1),
    });
    expect(big.status).toBe(413);
    expect(
      (await send(a, 'PUT', '/login', { headers: { 'content-type': 'multipart/form-data' }, body: 'x' }))
        .status,
    ).toBe(405);
  });

  it('should refuse instance ids that are not DNS labels, and ids already taken', () => {
    expect(() => host.createInstance(fixtureSimulator, { id: 'Not_Valid' })).toThrow(/DNS label/);
    expect(() => host.createInstance(fixtureSimulator, { id: 'alpha' })).toThrow(/already exists/);
  });
});
