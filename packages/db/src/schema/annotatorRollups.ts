import { doublePrecision, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * Where each organization stands on each test case, pre-aggregated so that the annotator dashboards' stage
 * buckets (apps/server/src/repositories/assignments.ts) read one row per assignment instead of grouping every
 * session of the organization. Per organization and test case, over its sessions that count as recorded (not
 * archived; finished, neither failed nor cancelled): how many, how many have a human consensus of pass, and how
 * many still need a person's verdict (`unmarked`: no human score yet, or needs_human_scoring). Maintained in the
 * same transaction as every session write by a trigger on sessions (migrations 0019_assignment_progress_trigger
 * and 0022_assignment_unmarked_needs_scoring), which recomputes the pairs a write touched from the sessions
 * themselves. A pair without such a session has no row.
 */
export const assignmentProgress = pgTable(
  'assignment_progress',
  {
    organizationId: integer('organization_id').notNull(),
    testCaseId: integer('test_case_id').notNull(),
    recorded: integer('recorded').notNull(),
    passed: integer('passed').notNull(),
    unmarked: integer('unmarked').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.testCaseId] })],
);

/**
 * What each person of an organization did in it per UTC day, pre-aggregated so that the annotator admin's
 * 30-day figures (apps/server/src/repositories/annotatorActivity.ts) read a row per person and day instead of
 * every session and score of the window. Over the organization's sessions that are not archived: the sessions
 * the person created that day (how many, the sum and number of their known lengths, the latest), the human
 * scores they added that day (how many, how many correct, the sum and number of their known scoring times, the
 * latest), and `scoredSessions`: the sessions whose latest score by the person is of that day (a session scored
 * again later counts on the later day only, so that the days of a window add up to its distinct sessions).
 * Maintained in the same transaction as every session and score write by triggers (migration
 * 0021_annotator_daily_figures_trigger), which recompute the days a write touched from the rows themselves. A
 * day without any of these has no row.
 */
export const annotatorDailyFigures = pgTable(
  'annotator_daily_figures',
  {
    organizationId: integer('organization_id').notNull(),
    userId: integer('user_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    sessions: integer('sessions').notNull(),
    sessionHoursSum: doublePrecision('session_hours_sum').notNull(),
    sessionHoursCount: integer('session_hours_count').notNull(),
    lastSessionAt: timestamp('last_session_at', { withTimezone: true }),
    scores: integer('scores').notNull(),
    correctScores: integer('correct_scores').notNull(),
    scoringSecondsSum: doublePrecision('scoring_seconds_sum').notNull(),
    scoringSecondsCount: integer('scoring_seconds_count').notNull(),
    lastScoreAt: timestamp('last_score_at', { withTimezone: true }),
    scoredSessions: integer('scored_sessions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId, t.day] })],
);
