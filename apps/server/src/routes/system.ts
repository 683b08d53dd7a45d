import { endpoints } from '@proctor/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { access, defineRoute } from '../http/route';
import { PROCTOR_VERSION } from '../version';

export function systemRoutes(app: FastifyInstance) {
  defineRoute(app, endpoints.health, access.public, async ({ app: ctx }) => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: ctx.databaseKind, version: PROCTOR_VERSION };
  });
}
