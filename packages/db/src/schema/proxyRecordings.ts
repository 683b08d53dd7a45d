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
import { simulators } from './evaluation';
import { users } from './identity';

type Headers = Record<string, string>;

/**
 * A recording of a proxy simulator's site: its versions, numbered per simulator. One is `recording` while an
 * admin's environment records it, `finished` once that environment closed (or a HAR was added in one go);
 * replay answers from the latest finished one.
 */
export const proxyRecordings = pgTable(
  'proxy_recordings',
  {
    id: serial('id').primaryKey(),
    simulatorId: integer('simulator_id')
      .notNull()
      .references(() => simulators.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').notNull().default('recording'),
    /** 'environment' (recorded through an environment's proxy) or 'har' (an uploaded HAR's entries). */
    source: text('source').notNull(),
    /** The public id of the session that recorded it, or that the HAR became. */
    sessionPublicId: text('session_public_id'),
    exchangeCount: integer('exchange_count').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('proxy_recordings_version_uq').on(t.simulatorId, t.version)],
);

/**
 * One request and its answer in a recording, redacted before it was written. The request's method, host,
 * path, canonical query and body hash are what replay matches on; bodies are content-addressed blobs
 * (`proxy-bodies/{sha256}`), one per distinct body.
 */
export const proxyExchanges = pgTable(
  'proxy_exchanges',
  {
    id: serial('id').primaryKey(),
    recordingId: integer('recording_id')
      .notNull()
      .references(() => proxyRecordings.id, { onDelete: 'cascade' }),
    /** Its place in the recording: repeats of one request replay in this order. */
    seq: integer('seq').notNull(),
    method: text('method').notNull(),
    url: text('url').notNull(),
    host: text('host').notNull(),
    path: text('path').notNull(),
    /** Parameters sorted by name, then value, so the order a page wrote them in does not matter. */
    query: text('query').notNull(),
    requestBodyHash: text('request_body_hash'),
    /** JSON or form field names of the request body, which the closest match compares. */
    requestBodyKeys: jsonb('request_body_keys').$type<string[]>().notNull().default([]),
    requestHeaders: jsonb('request_headers').$type<Headers>().notNull().default({}),
    status: integer('status').notNull(),
    responseHeaders: jsonb('response_headers').$type<Headers>().notNull().default({}),
    responseBodyHash: text('response_body_hash'),
    /** The response body was cut at PROXY_SIMULATOR.maxBodyBytes (or in the HAR it came from). */
    truncated: boolean('truncated').notNull().default(false),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proxy_exchanges_seq_uq').on(t.recordingId, t.seq),
    index('proxy_exchanges_lookup_idx').on(t.recordingId, t.method, t.host, t.path),
  ],
);
