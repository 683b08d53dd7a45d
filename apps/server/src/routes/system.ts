import { endpoints } from '@proctor/contracts';
import type { FastifyInstance } from 'fastify';
import { PROCTOR_VERSION } from '../kernel/version';
import { pingDatabase } from '../repositories/instance';
import { access, defineRoute } from './route';

export function systemRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.health, access.public, async ({ app: ctx }) => {
    await pingDatabase(ctx.db);
    return { status: 'ok' as const, database: ctx.databaseKind, version: PROCTOR_VERSION };
  });
}
