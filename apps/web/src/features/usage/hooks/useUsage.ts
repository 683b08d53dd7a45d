import { endpoints, TIMING } from '@proctor/contracts';
import { useEndpointMutation, useEndpointQuery } from '../../../api';

/** Scored sessions and their cost: this month, twelve months, billing cycles. */
export function useUsage() {
  return useEndpointQuery(endpoints.organizationUsage);
}

/** How `days` is written in the query string (the last hour as the fraction the API names). */
const daysInQuery = (days: number) => (days < 1 ? '1/24' : String(days));

/** Peak environments open at once over the last `days` days, read again every two minutes. */
export function useUsageAnalytics(days: number) {
  return useEndpointQuery(endpoints.organizationUsageV2, {
    query: { days: daysInQuery(days) },
    refetchInterval: TIMING.usageV2RefreshMs,
  });
}

export function useRunningSessions() {
  return useEndpointQuery(endpoints.organizationRunningSessions, {
    select: (response) => response.sessions,
    refetchInterval: TIMING.usageV2RefreshMs,
  });
}

/** A platform admin stops a running environment; its session fails with the reason. */
export function useStopEnvironment() {
  return useEndpointMutation(endpoints.adminStopEnvironment, {
    request: ({ environmentId, reason }: { environmentId: string; reason: string }) => ({
      params: { id: environmentId },
      query: reason ? { reason } : {},
    }),
    invalidates: [endpoints.organizationRunningSessions, endpoints.organizationUsageV2],
  });
}
