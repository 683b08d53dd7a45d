import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from './support/proctor';

/** A built dashboard as Vite lays it out: index.html and hashed assets. */
const webDist = mkdtempSync(join(tmpdir(), 'proctor-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Proctor</title><div id="root"></div>');
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("dashboard")');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describeEachDatabase(
  'the built dashboard served by the API server',
  (proctor) => {
    it('should answer client-side routes with the dashboard page', async () => {
      for (const url of [
        '/',
        '/tests/tc_123',
        '/agents/gpt-4.1',
        '/join-organization?invite=abc',
        '/no/such',
      ]) {
        const response = await proctor().request({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        expect(response.body, url).toContain('<div id="root">');
      }
    });

    it('should serve assets as themselves and answer a missing one with 404, not the page', async () => {
      const script = await proctor().request({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);

      const stale = await proctor().request({ method: 'GET', url: '/assets/index-old999.js' });
      expect(stale.statusCode).toBe(404);
      expect(stale.json()).toEqual({ detail: 'Not found' });
    });

    it('should answer an unknown API path with a JSON 404', async () => {
      const response = await proctor().request({ method: 'GET', url: '/api/no-such-route' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found' });
    });
  },
  { env: { WEB_DIST: webDist } },
);
