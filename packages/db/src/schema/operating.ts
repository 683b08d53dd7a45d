import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sites } from './evaluation';
import { createdAt, organizations, updatedAt, users } from './identity';

type Json = Record<string, unknown>;

/** Sites area (002 §3): endpoints, models and their documents. */
export const siteEndpoints = pgTable(
  'site_endpoints',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    originUrl: text('origin_url').notNull(),
    url: text('url').notNull(),
    urlPattern: text('url_pattern'),
    method: text('method').notNull(),
    contentType: text('content_type'),
    /** The model of its response, when one was made or linked. */
    modelId: integer('model_id').references((): AnyPgColumn => siteModels.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // An endpoint is (origin, pattern, method, content type), once per site; no content type is one value.
  (t) => [
    uniqueIndex('site_endpoints_identity_idx').on(
      t.siteId,
      t.originUrl,
      t.urlPattern,
      t.method,
      sql`coalesce(${t.contentType}, '')`,
    ),
  ],
);

export const siteModels = pgTable(
  'site_models',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    schema: jsonb('schema').$type<Json>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('site_models_site_idx').on(t.siteId)],
);

export const siteDocuments = pgTable(
  'site_documents',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => siteModels.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Json>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('site_documents_model_idx').on(t.modelId, t.id)],
);

/** Web flows (002 §3 WebFlow) and their runs. */
export const webFlows = pgTable('web_flows', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  startUrl: text('start_url').notNull().default(''),
  iconUrl: text('icon_url'),
  nodes: jsonb('nodes').$type<unknown[]>().notNull().default([]),
  parameters: jsonb('parameters').$type<unknown[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const webFlowRuns = pgTable(
  'web_flow_runs',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    webFlowId: integer('web_flow_id')
      .notNull()
      .references(() => webFlows.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    parameters: jsonb('parameters').$type<Json>().notNull().default({}),
    response: jsonb('response'),
    /** Why a failed run failed (the failing node's message, a timeout, a caller gone). */
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('web_flow_runs_flow_idx').on(t.webFlowId, t.createdAt)],
);

/** A remote browser handed to the builder, trainer, offline and demo pages (002 §3 BrowserSession). */
export const browserSessions = pgTable('browser_sessions', {
  id: serial('id').primaryKey(),
  publicId: text('public_id').notNull().unique(),
  organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  type: text('type').notNull(),
  trainerSessionOptions: jsonb('trainer_session_options').$type<Json>(),
  output: jsonb('output'),
  activeAt: timestamp('active_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Integrations (002 §3): sources offered, and an organization's connection to one. */
export const integrationSources = pgTable(
  'integration_sources',
  {
    id: serial('id').primaryKey(),
    /** The organization that installed it (from an OpenAPI document); null for a source offered to all. */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    iconUrl: text('icon_url'),
    apiComponents: jsonb('api_components').$type<Json>().notNull().default({}),
    /** Where its operations' paths are resolved: the document's first server, against the document's URL. */
    baseUrl: text('base_url').notNull().default(''),
    /** The URL the document was read from; null when it was uploaded. */
    documentUrl: text('document_url'),
    createdAt: createdAt(),
  },
  (t) => [index('integration_sources_organization_idx').on(t.organizationId, t.id)],
);

export const integrations = pgTable('integrations', {
  id: serial('id').primaryKey(),
  organizationId: integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  integrationSourceId: integer('integration_source_id')
    .notNull()
    .references(() => integrationSources.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Json>().notNull().default({}),
  /** The API key, AES-256-GCM under SECRETS_KEY (kernel/secrets): never stored or answered in clear. */
  apiKeyEncrypted: text('api_key_encrypted'),
  createdAt: createdAt(),
});

export const integrationMethods = pgTable('integration_methods', {
  id: serial('id').primaryKey(),
  integrationSourceId: integer('integration_source_id')
    .notNull()
    .references(() => integrationSources.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  method: text('method').notNull(),
  type: text('type').notNull(),
  actions: jsonb('actions').$type<unknown[]>().notNull().default([]),
  parameters: jsonb('parameters').$type<unknown[]>().notNull().default([]),
  /** An operation's path under the source's base URL (`/pets/{id}`), or an absolute URL (a site endpoint's). */
  urlTemplate: text('url_template').notNull().default(''),
  /** The operation's security requirements (OpenAPI `security`); null: the document's. */
  security: jsonb('security').$type<Json>(),
  createdAt: createdAt(),
});

/**
 * A test run (002 §2.3 Test Run Dumps): the built-in test cases a pattern matched, run by their reference
 * solutions in `environments` fresh environments each, one job per simulator and environment. Each job appends
 * its environment's results to `results` (what results/run.json of the dump holds); the last one done adds the
 * job that writes the dump, one zip in the blob store under `archiveKey`.
 */
export const testRuns = pgTable(
  'test_runs',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    pattern: text('pattern').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    environments: integer('environments').notNull(),
    /** The matched test cases by simulator: [{simulator, tests: [{key, name}]}]. */
    plan: jsonb('plan').$type<unknown[]>().notNull().default([]),
    /** queued, running, completed or failed. */
    status: text('status').notNull().default('queued'),
    /** Simulators × environments: the jobs of the run. */
    totalEnvironments: integer('total_environments').notNull(),
    doneEnvironments: integer('done_environments').notNull().default(0),
    /** One entry per finished environment job, in the order they finished. */
    results: jsonb('results').$type<unknown[]>().notNull().default([]),
    error: text('error'),
    archiveKey: text('archive_key'),
    archiveSize: bigint('archive_size', { mode: 'number' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('test_runs_created_idx').on(t.createdAt)],
);

/**
 * A test report (002 §7.10): a Liquid template rendered over one completed test run, kept as an HTML blob
 * under `blobKey`; `path` is its address under /api/test-reports/{content,download}/generated-test-reports/.
 */
export const testReports = pgTable(
  'test_reports',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull().unique(),
    testRunId: integer('test_run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** built-in (the template Proctor ships) or custom (one the admin wrote). */
    template: text('template').notNull(),
    path: text('path').notNull().unique(),
    blobKey: text('blob_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('test_reports_created_idx').on(t.createdAt)],
);
