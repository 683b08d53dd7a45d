import type {
  AdminEnvironmentsResponse,
  AdminJobsResponse,
  RunningSessionsResponse,
  UsageFigures,
  UsageResponse,
  UsageV2Response,
} from '@proctor/contracts';
import type { Executor } from '@proctor/db';
import type { JobQueue } from '../kernel/queue/queue';
import { listOpenEnvironments } from '../repositories/environments';
import {
  peakOpenEnvironments,
  peakOpenEnvironmentsFromRollup,
  scoredSessionsPerDay,
} from '../repositories/usage';

const MONTHS_SHOWN = 12;
const DAY_MS = 24 * 3600 * 1000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Buckets of the usage-v2 chart; the page's "peak last hour" reads the last 12 of the hour's. */
const USAGE_V2_BUCKETS = 60;

const monthOf = (date: Date) => date.toISOString().slice(0, 7);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The start of the billing cycle holding `date`: the creation day of its month (the month's last day if shorter). */
function cycleStartOf(date: Date, creationDay: number): Date {
  const startIn = (year: number, month: number) => {
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month, Math.min(creationDay, lastDay)));
  };
  const thisMonth = startIn(date.getUTCFullYear(), date.getUTCMonth());
  return thisMonth.getTime() <= date.getTime()
    ? thisMonth
    : startIn(date.getUTCFullYear(), date.getUTCMonth() - 1);
}

/**
 * This month's, the last twelve months' and the billing cycles' scored sessions and their cost (UTC). Cycles
 * start on the day of the month the organization was created; those of the last twelve months with scored
 * sessions are listed.
 */
export async function presentUsage(
  db: Executor,
  organization: { id: number; createdAt: Date },
  pricePerSession: number,
  now = new Date(),
): Promise<UsageResponse> {
  const creationDay = organization.createdAt.getUTCDate();
  const firstMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS_SHOWN - 1), 1));
  const firstCycle = cycleStartOf(firstMonth, creationDay);
  const days = await scoredSessionsPerDay(db, organization.id, firstCycle);
  const figures = (sessions: number): UsageFigures => ({ sessions, cost: sessions * pricePerSession });

  const months = new Map<string, number>();
  for (let i = 0; i < MONTHS_SHOWN; i += 1)
    months.set(monthOf(new Date(Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + i, 1))), 0);
  const cycles = new Map<string, number>();
  for (const { day, sessions } of days) {
    const date = new Date(`${day}T00:00:00Z`);
    const month = monthOf(date);
    if (months.has(month)) months.set(month, months.get(month)! + sessions);
    const cycle = dayOf(cycleStartOf(date, creationDay));
    cycles.set(cycle, (cycles.get(cycle) ?? 0) + sessions);
  }
  const billingCycles: Record<string, UsageFigures> = {};
  for (const [start, sessions] of cycles) billingCycles[start] = figures(sessions);
  return {
    current_month: figures(months.get(monthOf(now)) ?? 0),
    history: [...months].map(([month, sessions]) => [month, figures(sessions)]),
    billing_cycles: billingCycles,
  };
}

/**
 * Peak environments open at once per bucket of the last `days` days (from the rollup; directly in the rare case
 * it cannot answer exactly), and how many are open now.
 */
export async function presentUsageV2(
  db: Executor,
  organizationId: number,
  days: number,
  now = new Date(),
): Promise<UsageV2Response> {
  // The window ends at the next whole minute, so that it and its buckets fall on the rollup's minutes; at the
  // next whole hour when its buckets are whole hours (30 and 180 days), so that it reads hours only.
  const length = Math.round((days * DAY_MS) / MINUTE_MS) * MINUTE_MS;
  const unit = (length / USAGE_V2_BUCKETS) % HOUR_MS === 0 ? HOUR_MS : MINUTE_MS;
  const end = new Date(Math.ceil(now.getTime() / unit) * unit);
  const start = new Date(end.getTime() - length);
  const window = { start, end, buckets: USAGE_V2_BUCKETS };
  const [peaks, running] = await Promise.all([
    peakOpenEnvironmentsFromRollup(db, organizationId, window).then(
      (fast) => fast ?? peakOpenEnvironments(db, organizationId, window),
    ),
    listOpenEnvironments(db, organizationId),
  ]);
  const bucketMs = (end.getTime() - start.getTime()) / USAGE_V2_BUCKETS;
  return {
    data: peaks.map((active_count, i) => ({
      timestamp: new Date(start.getTime() + i * bucketMs).toISOString(),
      active_count,
    })),
    running_sessions: running.length,
  };
}

export async function presentRunningSessions(
  db: Executor,
  organizationId: number,
): Promise<RunningSessionsResponse> {
  const open = await listOpenEnvironments(db, organizationId);
  return {
    sessions: open.flatMap((row) =>
      row.sessionPublicId
        ? [
            {
              session_id: row.sessionPublicId,
              environment_id: row.publicId,
              simulator: row.simulatorName,
              user: row.userName,
              status: row.status as RunningSessionsResponse['sessions'][number]['status'],
              started_at: row.createdAt.toISOString(),
            },
          ]
        : [],
    ),
  };
}

/** Every open environment of every organization (platform admins). */
export async function presentAdminEnvironments(
  db: Executor,
  memoryLimitMb: number,
): Promise<AdminEnvironmentsResponse> {
  const open = await listOpenEnvironments(db);
  return {
    tasks: open.map((row) => ({
      id: row.publicId,
      organization:
        row.organizationId !== null && row.organizationName !== null
          ? { id: row.organizationId, name: row.organizationName }
          : null,
      simulator: row.simulatorName,
      session_id: row.sessionPublicId,
      status: row.status as AdminEnvironmentsResponse['tasks'][number]['status'],
      worker: row.workerId,
      keepalive: row.keepalive,
      started_at: row.createdAt.toISOString(),
      memory_limit_mb: memoryLimitMb,
    })),
  };
}

export async function presentAdminJobs(
  queue: JobQueue,
  page: number,
  pageSize: number,
): Promise<AdminJobsResponse> {
  const { jobs, total } = await queue.list(page, pageSize);
  return {
    jobs: jobs.map((job) => ({
      id: job.id,
      name: job.name,
      state: job.state,
      attempts: job.attempts,
      added_at: job.addedAt.toISOString(),
      started_at: job.startedAt?.toISOString() ?? null,
      finished_at: job.finishedAt?.toISOString() ?? null,
      error: job.error,
      payload: job.payload,
    })),
    total,
    page,
    page_size: pageSize,
  };
}
