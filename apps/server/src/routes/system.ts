import { endpoints } from '@proctor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PROCTOR_VERSION } from '../kernel/version';
import { access, defineRoute } from './route';

export function systemRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.health, access.public, async ({ app: ctx }) => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: ctx.databaseKind, version: PROCTOR_VERSION };
  });
}
