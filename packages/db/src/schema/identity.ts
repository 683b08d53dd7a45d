import type { OrganizationPermissions, Permissions, Plan } from '@proctor/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    name: text('name').notNull(),
    purpose: text('purpose').notNull().default(''),
    logoUrl: text('logo_url'),
    isAnnotator: boolean('is_annotator').notNull().default(false),
    plan: jsonb('plan').$type<Plan>().notNull().default({ allowed_simulators: [] }),
    permissions: jsonb('permissions')
      .$type<OrganizationPermissions>()
      .notNull()
      .default({ playground_access: false, dashboard_access: false }),
    /** Shown on the Settings page, so kept retrievable; compared in constant time. */
    apiKey: text('api_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('organizations_public_id_uq').on(t.publicId),
    uniqueIndex('organizations_api_key_uq').on(t.apiKey),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    /** scrypt hash; null for accounts that only sign in through the identity provider. */
    passwordHash: text('password_hash'),
    /** `sub` claim at the identity provider, when OIDC is configured. */
    oidcSubject: text('oidc_subject'),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    permissions: jsonb('permissions').$type<Permissions>().notNull(),
    hasBetaAccess: boolean('has_beta_access').notNull().default(false),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_public_id_uq').on(t.publicId),
    uniqueIndex('users_oidc_subject_uq').on(t.oidcSubject),
    index('users_organization_idx').on(t.organizationId),
  ],
);

/** Rotating refresh tokens. A spent token presented again revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    token: text('token').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    useCount: integer('use_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invites_token_uq').on(t.token)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/** Security-relevant actions: view-as uses, permission changes, sign-ins refused. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/** Instance-wide settings kept in the database so that every replica shares them (e.g. the token secret). */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export { createdAt, updatedAt };
