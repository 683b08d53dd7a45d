import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * How many environments an organization had open at once, pre-aggregated so that usage over a long window reads
 * a few rows (apps/server/src/repositories/usage.ts). Per organization and UTC minute (and hour): the net change
 * in open environments over it, and the highest the count rose above where it stood at its start, after any of
 * its session starts (+1) and ends (−1), ends first at one instant. Maintained in the same transaction as every
 * session write by a trigger on sessions (migration 0015_usage_environment_rollup), which recomputes the minutes
 * a write touched from the sessions themselves, and their hours from the minutes. Minutes and hours without any
 * start or end have no row.
 */
export const usageEnvironmentMinutes = pgTable(
  'usage_environment_minutes',
  {
    organizationId: integer('organization_id').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    netChange: integer('net_change').notNull(),
    peakRise: integer('peak_rise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.minute] })],
);

export const usageEnvironmentHours = pgTable(
  'usage_environment_hours',
  {
    organizationId: integer('organization_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    netChange: integer('net_change').notNull(),
    peakRise: integer('peak_rise').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.hour] })],
);
