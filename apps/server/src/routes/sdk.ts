import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { access, defineRawRoute } from '../http/route';

/** Where `npm run build` packs the SDK (packages/sdk/scripts/build.mjs). */
export const SDK_TARBALL = fileURLToPath(
  new URL('../../../../packages/sdk/proctor-sdk.tgz', import.meta.url),
);

export const SDK_TARBALL_PATH = '/sdk/proctor-sdk.tgz';

/**
 * The TypeScript SDK as npm installs it (`npm install <PUBLIC_URL>/sdk/proctor-sdk.tgz`, the home page's
 * command), so that users get the SDK matching this server. Public: npm sends no credentials, and the
 * package holds no secret. Read on each request: a rebuild is served without a restart.
 */
export function sdkRoutes(app: FastifyInstance, tarball = SDK_TARBALL) {
  defineRawRoute(app, 'GET', SDK_TARBALL_PATH, access.public, async ({ reply }) => {
    const packed = await readFile(tarball).catch((error: NodeJS.ErrnoException) => {
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
}
