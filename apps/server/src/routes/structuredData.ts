import { endpoints, RECORDING_PERMISSIONS } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { convertTextToStructuredData } from '../services/structuredData';
import { access, defineRoute } from './route';

/**
 * The recorder's Format (000 §2.8): for the people who record (RECORDING_PERMISSIONS, as the environments they
 * record in); the configured model's cost falls on the deployment, not on an outside caller.
 */
const recorders = access.member({ anyPermission: [...RECORDING_PERMISSIONS] });

export function structuredDataRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.convertTextToStructuredData, recorders, async ({ app: ctx, body }) =>
    convertTextToStructuredData(ctx.config, body.text, body.outputSchema),
  );
}
