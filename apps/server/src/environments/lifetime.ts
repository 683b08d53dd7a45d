import { ENVIRONMENT } from '@proctor/contracts';

/**
 * Why an environment is closed at `now`, or undefined while it may run on: an ordinary one whose heartbeat
 * stopped (a browser session: its own idle time), a keepalive one (exempt from heartbeats) older than its
 * maximum lifetime (KEEPALIVE_MAX_MINUTES), so that none holds a slot for good.
 */
export function overdue(
  environment: { keepalive: boolean; heartbeatAt: number; createdAt: Date; idleTimeoutMs?: number },
  now: number,
  keepaliveMaxMinutes: number,
): string | undefined {
  if (environment.keepalive)
    return now - environment.createdAt.getTime() > keepaliveMaxMinutes * 60_000
      ? `The keepalive environment was closed after its maximum lifetime of ${keepaliveMaxMinutes} minutes`
      : undefined;
  if (environment.idleTimeoutMs !== undefined)
    return now - environment.heartbeatAt > environment.idleTimeoutMs
      ? `Closed after ${environment.idleTimeoutMs / 60_000} minutes without activity`
      : undefined;
  return now - environment.heartbeatAt > ENVIRONMENT.heartbeatTimeoutMs
    ? `No heartbeat for ${ENVIRONMENT.heartbeatTimeoutMs / 60_000} minutes: the environment was closed`
    : undefined;
}
