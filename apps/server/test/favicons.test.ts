import { afterAll, beforeAll, expect, it } from 'vitest';
import { FAVICON_MAX_BYTES, FAVICON_MESSAGES, letterIcon } from '../src/services/favicons';
import { describeEachDatabase } from './support/proctor';
import { startStandIn } from './unit/support/standIn';

/**
 * GET /api/favicon?domain=: the icon the site's home page declares or its /favicon.ico, through the outbound
 * guard, kept, or a drawn letter. The
 * sites are stand-ins on loopback: 127.0.0.1, which these servers allow as an operator would allow a host, and
 * 127.0.0.2, which they do not, standing for the machine's own services.
 */
const ICO = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0]), Buffer.alloc(64, 7)]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const site = await startStandIn({
  '/favicon.ico': (_request, response) =>
    response.writeHead(200, { 'content-type': 'image/x-icon' }).end(ICO),
});
const pngSite = await startStandIn({
  '/favicon.ico': (_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
});
const hugeSite = await startStandIn({
  '/favicon.ico': (_request, response) =>
    response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(FAVICON_MAX_BYTES + 1)),
});
const htmlSite = await startStandIn({
  '/favicon.ico': (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>'),
});
/** Sends its visitors to the machine's own services and the cloud's metadata address. */
const redirectingSite = await startStandIn({
  '/favicon.ico': (_request, response) =>
    response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
});
const loopingSite = await startStandIn({
  '/favicon.ico': (request, response) => response.writeHead(302, { location: `${request.url}?again` }).end(),
});
const privateService = await startStandIn({});
/** Declares its icon in its home page; a second page points at an address no configuration allows. */
const declaringSite = await startStandIn({
  '/': (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<html><head><link rel="stylesheet" href="/a.css"><LINK REL="Shortcut Icon" HREF=\'/static/logo.png?v=1&amp;x=2\'></head></html>',
      ),
  '/static/logo.png': (_request, response) =>
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
  '/favicon.ico': (_request, response) =>
    response.writeHead(200, { 'content-type': 'image/x-icon' }).end(ICO),
});
// The same kind of server, moved to an address no configuration allows.
const { createServer } = await import('node:http');
const hidden = createServer((_request, response) => {
  hiddenVisits++;
  response.writeHead(200, { 'content-type': 'image/x-icon' }).end(ICO);
});
let hiddenVisits = 0;
await new Promise<void>((resolve) => hidden.listen(0, '127.0.0.2', resolve));
const hiddenPort = (hidden.address() as { port: number }).port;
/** Its home page declares an icon on the machine's own address: the guard refuses it, its /favicon.ico serves. */
const hidingSite = await startStandIn({
  '/': (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<link rel=icon href=http://127.0.0.2:${hiddenPort}/favicon.ico>`),
  '/favicon.ico': (_request, response) =>
    response.writeHead(200, { 'content-type': 'image/x-icon' }).end(ICO),
});
afterAll(async () => {
  for (const server of [
    site,
    pngSite,
    hugeSite,
    htmlSite,
    redirectingSite,
    loopingSite,
    privateService,
    declaringSite,
    hidingSite,
  ])
    await server.close();
  hidden.closeAllConnections();
  await new Promise((resolve) => hidden.close(resolve));
});

describeEachDatabase(
  'favicons',
  (proctor) => {
    // The stand-in sites serve the run on each database: each run counts what they received from zero.
    beforeAll(() => {
      for (const stand of [
        site,
        pngSite,
        hugeSite,
        htmlSite,
        redirectingSite,
        loopingSite,
        declaringSite,
        hidingSite,
      ])
        stand.received.length = 0;
    });
    const favicon = async (domain: string) => {
      const member = await proctor().actor();
      return proctor().request({
        method: 'GET',
        url: `/api/favicon?domain=${encodeURIComponent(domain)}`,
        as: member,
      });
    };
    const visitsOf = (stand: { received: { url: string }[] }) =>
      stand.received.filter((request) => request.url.startsWith('/favicon.ico')).length;
    const expectLetter = (answer: Awaited<ReturnType<typeof favicon>>, host: string, letter: string) => {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('image/svg+xml');
      expect(answer.rawPayload).toEqual(letterIcon(host).bytes);
      expect(answer.body).toContain(`>${letter}</text>`);
    };

    it("should serve the site's own icon, fetched once and kept", async () => {
      const domain = `127.0.0.1:${site.port}`;
      for (let shown = 0; shown < 3; shown++) {
        const answer = await favicon(domain);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.headers['content-type']).toBe('image/x-icon');
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.rawPayload).toEqual(ICO);
      }
      // https first (the stand-in speaks http only, so that attempt fails), then http: once each, not per call.
      expect(visitsOf(site)).toBe(1);
      const png = await favicon(`127.0.0.1:${pngSite.port}`);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload).toEqual(PNG);
    });

    it('should prefer the icon the home page declares', async () => {
      const answer = await favicon(`127.0.0.1:${declaringSite.port}`);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('image/png');
      expect(answer.rawPayload).toEqual(PNG);
      expect(declaringSite.received.map((request) => request.url)).toEqual(['/', '/static/logo.png?v=1&x=2']);
    });

    it('should draw the first letter for a site without an icon it may serve', async () => {
      expectLetter(await favicon(`127.0.0.1:${hugeSite.port}`), `127.0.0.1:${hugeSite.port}`, '1');
      expectLetter(await favicon(`127.0.0.1:${htmlSite.port}`), `127.0.0.1:${htmlSite.port}`, '1');
      expect(visitsOf(hugeSite)).toBe(1);
      // A missing icon is kept too: the site is not asked again on the next call.
      await favicon(`127.0.0.1:${htmlSite.port}`);
      expect(visitsOf(htmlSite)).toBe(1);
      expectLetter(await favicon('www.no-such-site.invalid'), 'www.no-such-site.invalid', 'N');
    });

    it('should never reach an address the guard refuses, however the site is named or redirects', async () => {
      expectLetter(await favicon(`127.0.0.2:${hiddenPort}`), `127.0.0.2:${hiddenPort}`, '1');
      expectLetter(await favicon(`[::ffff:7f00:2]:${hiddenPort}`), `[::ffff:7f00:2]:${hiddenPort}`, 'F');
      // Written otherwise than URLs write it, an address is not taken for a domain.
      expect((await favicon(`[::ffff:127.0.0.2]:${hiddenPort}`)).statusCode).toBe(400);
      expectLetter(await favicon('localhost'), 'localhost', 'L');
      const hiding = await favicon(`127.0.0.1:${hidingSite.port}`);
      expect(hiding.headers['content-type']).toBe('image/x-icon');
      expect(hiding.rawPayload).toEqual(ICO);
      expect(hiddenVisits).toBe(0);

      expectLetter(
        await favicon(`127.0.0.1:${redirectingSite.port}`),
        `127.0.0.1:${redirectingSite.port}`,
        '1',
      );
      expectLetter(await favicon(`127.0.0.1:${loopingSite.port}`), `127.0.0.1:${loopingSite.port}`, '1');
      // The guard's limit on redirects, not the site, ended the loop.
      expect(visitsOf(loopingSite)).toBeLessThanOrEqual(6);
    });

    it('should refuse what is not a domain with 400, before any fetch', async () => {
      const before = privateService.received.length;
      for (const domain of [
        '',
        'not a domain',
        `127.0.0.1:${privateService.port}/favicon.ico`,
        `user@127.0.0.1:${privateService.port}`,
        'example.com?x=1',
        'a'.repeat(300),
      ]) {
        const answer = await favicon(domain);
        expect(answer.statusCode, domain).toBe(400);
        expect(answer.json()).toEqual({
          detail: domain ? FAVICON_MESSAGES.invalid(domain) : FAVICON_MESSAGES.missing,
        });
      }
      expect(privateService.received.length).toBe(before);
    });
  },
  { env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' } },
);
