import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { convertTextToStructuredData } from '../services/structuredData';
import { access, defineRoute } from './route';

/**
 * The recorder's Format (000 §2.8): for the people who record, as the environments they record in need
 * playground_access; the configured model's cost falls on the deployment, not on an outside caller.
 */
const recorders = access.member({ permissions: ['playground_access'] });

export function structuredDataRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.convertTextToStructuredData, recorders, async ({ app: ctx, body }) =>
    convertTextToStructuredData(ctx.config, body.text, body.outputSchema),
  );
}
