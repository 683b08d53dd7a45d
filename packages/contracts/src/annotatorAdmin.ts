import { z } from 'zod';
import { PageNumber, Pagination, pageSizeInUrl, Timestamp } from './common';
import { PAGE_SIZE } from './constants';
import { HumanConsensus } from './scoring';

/** How the annotator admin names a member's role (000 §2.10). */
export const ANNOTATOR_ROLES = ['Admin', 'Annotator'] as const;
export const AnnotatorRole = z.enum(ANNOTATOR_ROLES);

/** A member of an annotator organization with their work over the last ANNOTATOR_STATS_WINDOW_DAYS days. */
export const AnnotatorUser = z.object({
  publicId: z.string(),
  name: z.string(),
  email: z.string(),
  role: AnnotatorRole,
  /** Sessions they created in the organization. */
  total_sessions: z.number().int(),
  /** Sessions of the organization they scored by hand. */
  scored_sessions: z.number().int(),
  /** Average length of their sessions, in minutes; null without a session that has one. */
  avg_session_minutes: z.number().nullable(),
  /** Average time they took to score a session, in minutes; null without a score. */
  avg_scoring_minutes: z.number().nullable(),
  /** Share of their human scores that said correct, in percent; null without a score. */
  success_rate: z.number().int().nullable(),
  /** Their latest sign-in activity, session or score; null if none. */
  last_active: Timestamp.nullable(),
});
export type AnnotatorUser = z.infer<typeof AnnotatorUser>;

export const AnnotatorUsersResponse = z.object({
  users: z.array(AnnotatorUser),
  /** The days the figures cover (ANNOTATOR_STATS_WINDOW_DAYS). */
  window_days: z.number().int(),
});

export const AnnotatorUserParam = z.object({ userPublicId: z.string().trim().min(1).max(200) });

/** One line of a member's activity ledger: a session they created or a score they added. */
export const ANNOTATOR_ACTIVITIES = ['session_created', 'score_added'] as const;
export const AnnotatorActivityKind = z.enum(ANNOTATOR_ACTIVITIES);
export type AnnotatorActivityKind = z.infer<typeof AnnotatorActivityKind>;
export const ANNOTATOR_ACTIVITY_LABELS: Record<AnnotatorActivityKind, string> = {
  session_created: 'Session created',
  score_added: 'Score added',
};

/** A score's verdict; a session's result is its human consensus. */
export const HUMAN_VERDICTS = ['correct', 'incorrect'] as const;
export const AnnotatorActivityResult = z.union([z.enum(HUMAN_VERDICTS), HumanConsensus]);

export const AnnotatorActivityEntry = z.object({
  activity: AnnotatorActivityKind,
  session: z.object({ publicId: z.string(), status: z.string() }),
  test_case: z.object({ publicId: z.string(), name: z.string() }).nullable(),
  /** The score's verdict, or the session's human consensus (null before anyone scored it). */
  result: AnnotatorActivityResult.nullable(),
  /** The session's length, or the time the score took, in seconds. */
  duration_seconds: z.number().nullable(),
  time: Timestamp,
  /** The score's reason, or why the session failed. */
  reason: z.string().nullable(),
});
export type AnnotatorActivityEntry = z.infer<typeof AnnotatorActivityEntry>;

export const AnnotatorActivityQuery = z.object({
  page: PageNumber,
  page_size: pageSizeInUrl(PAGE_SIZE.annotatorActivity).default(PAGE_SIZE.annotatorActivity),
});

export const AnnotatorActivityResponse = z.object({
  user: AnnotatorUser.pick({ publicId: true, name: true, email: true, role: true }),
  activity: z.array(AnnotatorActivityEntry),
  pagination: Pagination,
});
export type AnnotatorActivityResponse = z.infer<typeof AnnotatorActivityResponse>;

/** What the annotator admin screens say when a load fails. */
export const ANNOTATOR_ADMIN_MESSAGES = {
  usersFailed: 'Failed to load annotators',
  activityFailed: 'Failed to load activity',
  userNotFound: 'User not found',
  adminsOnly: 'This page is only available to account admins of annotator organizations.',
} as const;
