import type { HubBuildStatus } from '@proctor/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { simulators, simulatorVersions } from './evaluation';
import { organizations, users } from './identity';

/**
 * The simulator hub's git repositories (issue 28): the bare repository lives under HUB_DIR (DATA_DIR/git) at
 * `{organization public id}/{name}.git`; this row says whose it is and for which simulator.
 */
export const hubRepositories = pgTable(
  'hub_repositories',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The simulator whose source it holds; null for a repository made by name only. */
    simulatorId: integer('simulator_id').references(() => simulators.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    defaultBranch: text('default_branch').notNull().default('main'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hub_repositories_organization_name_uq').on(t.organizationId, t.name),
    uniqueIndex('hub_repositories_organization_simulator_uq')
      .on(t.organizationId, t.simulatorId)
      .where(sql`${t.simulatorId} is not null`),
  ],
);

/**
 * A person's hub git password is an HMAC of the server secret, their id and this generation: nothing of the
 * password is stored, and raising the generation (rotate) revokes every password given before.
 */
export const hubCredentials = pgTable('hub_credentials', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(0),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The build of a simulator version from a push to a hub repository's default branch (issue 28 item 4): the
 * version row (`simulator_versions`, version = the commit's hash) and this one are made together. A version
 * without a row here was not built by the hub (a built-in simulator's). Its own table rather than columns of
 * simulator_versions, so the schema's files do not import each other (hub.ts already reads evaluation.ts).
 */
export const hubBuilds = pgTable(
  'hub_builds',
  {
    versionId: integer('version_id')
      .primaryKey()
      .references(() => simulatorVersions.id, { onDelete: 'cascade' }),
    /** The repository and organization it was built from; null once they are deleted (the version stays). */
    hubRepositoryId: integer('hub_repository_id').references(() => hubRepositories.id, {
      onDelete: 'set null',
    }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    status: text('status').$type<HubBuildStatus>().notNull(),
    /** The build's readable lines, at most HUB.buildLogMaxBytes (the last ones kept). */
    log: text('log').notNull().default(''),
    /** Why a failed build failed, the first problem, readable; null unless failed. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('hub_builds_repository_idx').on(t.hubRepositoryId),
    index('hub_builds_building_idx').on(t.status).where(sql`${t.status} = 'building'`),
  ],
);
