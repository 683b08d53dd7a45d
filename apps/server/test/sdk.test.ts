import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../src/kernel/http/errors';
import {
  PYTHON_CLIENT,
  PYTHON_CLIENT_PATH,
  SDK_TARBALL,
  SDK_TARBALL_PATH,
  sdkRoutes,
} from '../src/routes/sdk';
import { describeEachDatabase } from './support/proctor';

/** The names of a tar archive's entries (ustar: 512-byte headers, name and prefix fields, octal sizes). */
function tarEntries(archive: Buffer): string[] {
  const names: string[] = [];
  let offset = 0;
  while (offset + 512 <= archive.length && archive[offset] !== 0) {
    const field = (start: number, length: number) =>
      archive
        .subarray(offset + start, offset + start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const prefix = field(345, 155);
    names.push(prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

beforeAll(() => {
  // `npm test` builds first; a lone run of this file builds the SDK itself.
  if (!existsSync(SDK_TARBALL)) {
    execFileSync('npm', ['run', 'build', '-w', '@proctor/sdk'], {
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
      stdio: 'ignore',
      timeout: 120_000,
    });
  }
}, 150_000);

describeEachDatabase('the SDK served for npm install', (proctor) => {
  it('should serve the packed SDK to anyone, as a gzipped tarball npm can install', async () => {
    const response = await proctor().request({ method: 'GET', url: SDK_TARBALL_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toBe('attachment; filename=proctor-sdk.tgz');
    const entries = tarEntries(gunzipSync(response.rawPayload));
    expect(entries).toEqual(
      expect.arrayContaining(['package/package.json', 'package/dist/index.js', 'package/dist/index.d.ts']),
    );
    expect(entries.every((entry) => entry.startsWith('package/'))).toBe(true);
  });

  it('should serve the same file to a caller with an API key', async () => {
    const organization = await proctor().organization();
    const response = await proctor().request({
      method: 'GET',
      url: SDK_TARBALL_PATH,
      as: { headers: { 'x-api-key': organization.apiKey } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeGreaterThan(1000);
  });

  it('should serve the Python client to anyone, as the one file in clients/python', async () => {
    const response = await proctor().request({ method: 'GET', url: PYTHON_CLIENT_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/x-python; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename=proctor.py');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(readFileSync(PYTHON_CLIENT, 'utf8'));
    expect(response.body).toContain('class Proctor:');
  });
});

describe('the client routes without their files', () => {
  it('should answer 404 with what to do', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'proctor-no-sdk-'));
    const app = Fastify();
    app.decorate('routeTable', []);
    app.decorateRequest('principal', async () => null);
    app.setErrorHandler((error, _request, reply) =>
      error instanceof HttpError
        ? reply.status(error.status).send({ detail: error.detail })
        : reply.status(500).send({ detail: 'Internal server error' }),
    );
    sdkRoutes(app, { tarball: join(folder, 'proctor-sdk.tgz'), pythonClient: join(folder, 'proctor.py') });
    try {
      const response = await app.inject({ method: 'GET', url: SDK_TARBALL_PATH });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'The SDK has not been built: run npm run build' });
      const python = await app.inject({ method: 'GET', url: PYTHON_CLIENT_PATH });
      expect(python.statusCode).toBe(404);
      expect(python.json()).toEqual({ detail: 'The Python client is missing from clients/python' });
      expect(app.routeTable).toEqual([
        { method: 'GET', url: SDK_TARBALL_PATH, access: { audience: 'public' } },
        { method: 'GET', url: PYTHON_CLIENT_PATH, access: { audience: 'public' } },
      ]);
    } finally {
      await app.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
