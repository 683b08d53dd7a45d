import type { FastifyInstance } from 'fastify';
import { notFound } from '../kernel/http/errors';
import { iconImageType, keptImageKey } from '../services/iconImages';
import { access, defineRawRoute } from './route';

/**
 * Images Proctor fetched once from a URL someone gave (a dataset's icon, a simulator's image), served from its
 * own origin. Public, as an <img> sends no token: a kept image is named by its content's hash, which only those
 * shown the dataset or simulator learn, and never changes.
 */
export function imageRoutes(app: FastifyInstance) {
  defineRawRoute(app, 'GET', '/api/images/:name', access.public, async ({ request, reply }) => {
    const { name } = request.params as { name: string };
    const key = keptImageKey(name);
    const bytes = key ? await app.ctx.blobs.get(key) : undefined;
    if (!key || !bytes) throw notFound('Image not found');
    return reply
      .type(iconImageType(key))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .send(bytes);
  });
}
