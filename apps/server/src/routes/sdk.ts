import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../kernel/http/errors';
import { access, defineRawRoute } from './route';

/** Where `npm run build` packs the SDK (packages/sdk/scripts/build.mjs). */
export const SDK_TARBALL = fileURLToPath(
  new URL('../../../../packages/sdk/proctor-sdk.tgz', import.meta.url),
);

export const SDK_TARBALL_PATH = '/sdk/proctor-sdk.tgz';

/** The Python client: one module of the standard library only, served as it is in the repository. */
export const PYTHON_CLIENT = fileURLToPath(new URL('../../../../clients/python/proctor.py', import.meta.url));

export const PYTHON_CLIENT_PATH = '/sdk/proctor.py';

/** Where the client files are; tests pass missing ones. */
export interface ClientFiles {
  tarball: string;
  pythonClient: string;
}

/**
 * The clients as users fetch them from the server they will call, so that they get the ones matching it:
 * the TypeScript SDK as npm installs it (`npm install <PUBLIC_URL>/sdk/proctor-sdk.tgz`, the home page's
 * command) and the Python client as one file (`curl -fsSLO <PUBLIC_URL>/sdk/proctor.py`, the simulator
 * page's). Public: npm and curl send no credentials, and neither file holds a secret. Read on each request:
 * a rebuild or an edit is served without a restart.
 */
export function sdkRoutes(
  app: FastifyInstance,
  files: ClientFiles = { tarball: SDK_TARBALL, pythonClient: PYTHON_CLIENT },
) {
  defineRawRoute(app, 'GET', SDK_TARBALL_PATH, access.public, async ({ reply }) => {
    const packed = await readFile(files.tarball).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw notFound('The SDK has not been built: run npm run build');
      throw error;
    });
    return (
      reply
        .type('application/gzip')
        .header('content-disposition', 'attachment; filename=proctor-sdk.tgz')
        // Each build replaces it under the same name: caches must ask again.
        .header('cache-control', 'no-cache')
        .send(packed)
    );
  });

  defineRawRoute(app, 'GET', PYTHON_CLIENT_PATH, access.public, async ({ reply }) => {
    const source = await readFile(files.pythonClient).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw notFound('The Python client is missing from clients/python');
      throw error;
    });
    return reply
      .type('text/x-python; charset=utf-8')
      .header('content-disposition', 'attachment; filename=proctor.py')
      .header('cache-control', 'no-cache')
      .send(source);
  });
}
