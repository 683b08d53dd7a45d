import { z } from 'zod';
import { PageNumber, pageSizeInUrl, Timestamp } from './common';
import { MAX_PAGE_SIZE, USAGE_WINDOW_DAYS } from './constants';
import { EnvironmentStatus } from './environment';

/** Scored sessions and what they cost, in one period. */
export const UsageFigures = z.object({ sessions: z.number().int(), cost: z.number() });
export type UsageFigures = z.infer<typeof UsageFigures>;

/**
 * An organization's usage: this calendar month, the last twelve months as [`YYYY-MM`, figures] oldest first,
 * and its billing cycles with scored sessions (a month long, starting on the day of the month the organization
 * was created) keyed by their start date `YYYY-MM-DD`.
 */
export const UsageResponse = z.object({
  current_month: UsageFigures,
  history: z.array(z.tuple([z.string(), UsageFigures])),
  billing_cycles: z.record(z.string(), UsageFigures),
});
export type UsageResponse = z.infer<typeof UsageResponse>;

/** The windows the usage analytics offer, in days, with their labels (the select's options in order). */
export const USAGE_TIME_FRAMES = [
  { days: 1 / 24, label: 'Last hour' },
  { days: 1, label: 'Last day' },
  { days: 7, label: 'Last 7 days' },
  { days: 28, label: 'Last 4 weeks' },
  { days: 180, label: 'Last 6 months' },
] as const;
export const USAGE_DEFAULT_TIME_FRAME_DAYS = 28;

/** The window sizes usage-v2 accepts: the time frames, and the API's own default. */
const USAGE_WINDOWS: readonly number[] = [...USAGE_TIME_FRAMES.map((frame) => frame.days), USAGE_WINDOW_DAYS];
const windowError = `days must be one of ${USAGE_WINDOWS.map((days) => (days < 1 ? '1/24' : String(days))).join(', ')}`;

export const UsageV2Query = z.object({
  days: z
    .string()
    .transform((text, ctx) => {
      // 1/24 is written as a fraction by the dashboard; any decimal spelling of it is accepted too.
      const days = text === '1/24' ? 1 / 24 : Number(text);
      const known = USAGE_WINDOWS.find((window) => Math.abs(window - days) < 1e-9);
      if (known === undefined) {
        ctx.addIssue({ code: 'custom', message: windowError });
        return z.NEVER;
      }
      return known;
    })
    .optional(),
});

/** Peak environments open at once in each time bucket of the window, oldest first. */
export const UsageV2Response = z.object({
  data: z.array(z.object({ timestamp: Timestamp, active_count: z.number().int() })),
  running_sessions: z.number().int(),
});
export type UsageV2Response = z.infer<typeof UsageV2Response>;

/** A session whose environment is open now. */
export const RunningSession = z.object({
  session_id: z.string(),
  environment_id: z.string(),
  simulator: z.string().nullable(),
  user: z.string().nullable(),
  status: EnvironmentStatus,
  started_at: Timestamp,
});
export type RunningSession = z.infer<typeof RunningSession>;
export const RunningSessionsResponse = z.object({ sessions: z.array(RunningSession) });
export type RunningSessionsResponse = z.infer<typeof RunningSessionsResponse>;

/** Background jobs (platform admins): the job queue's jobs, newest first. */
export const AdminJobsQuery = z.object({
  page: PageNumber.optional(),
  page_size: pageSizeInUrl(MAX_PAGE_SIZE).optional(),
});
export const AdminJob = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(['waiting', 'running', 'completed', 'failed']),
  attempts: z.number().int(),
  added_at: Timestamp,
  started_at: Timestamp.nullable(),
  finished_at: Timestamp.nullable(),
  error: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type AdminJob = z.infer<typeof AdminJob>;
export const AdminJobsResponse = z.object({
  jobs: z.array(AdminJob),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminJobsResponse = z.infer<typeof AdminJobsResponse>;

/** A live environment of any organization, on this server or a worker (the spec's ECS task). */
export const AdminEnvironment = z.object({
  id: z.string(),
  organization: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  simulator: z.string().nullable(),
  session_id: z.string().nullable(),
  status: EnvironmentStatus,
  worker: z.string().nullable(),
  keepalive: z.boolean(),
  started_at: Timestamp,
  /** The memory its browser may use before it is closed (ENVIRONMENT_MEMORY_LIMIT_MB of this server). */
  memory_limit_mb: z.number().int(),
});
export type AdminEnvironment = z.infer<typeof AdminEnvironment>;
export const AdminEnvironmentsResponse = z.object({ tasks: z.array(AdminEnvironment) });
export type AdminEnvironmentsResponse = z.infer<typeof AdminEnvironmentsResponse>;

export const StopEnvironmentQuery = z.object({ reason: z.string().trim().min(1).max(500).optional() });
export const StopEnvironmentResponse = z.object({
  id: z.string(),
  status: EnvironmentStatus,
  reason: z.string(),
});
