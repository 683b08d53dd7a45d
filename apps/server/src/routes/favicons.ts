import type { FastifyInstance } from 'fastify';
import { FaviconService, faviconHost } from '../services/favicons';
import { access, defineRawRoute } from './route';

/**
 * GET /api/favicon?domain=: a site's icon, served from Proctor's origin (bytes, so not a JSON endpoint of the
 * contract). The spec names no role; members only, since each new domain makes the server fetch from the web,
 * and the dashboard loads it with the user's token (useBlobUrl) as it does screenshots.
 */
export function faviconRoutes(app: FastifyInstance) {
  const favicons = new FaviconService({
    blobs: app.ctx.blobs,
    guard: { allowedAddresses: app.ctx.config.scoring.allowedAddresses },
  });
  defineRawRoute(app, 'GET', '/api/favicon', access.member(), async ({ request, reply }) => {
    const { domain } = request.query as { domain?: string };
    const icon = await favicons.favicon(faviconHost(domain));
    return reply
      .type(icon.type)
      .header('Cache-Control', 'private, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .send(icon.bytes);
  });
}
