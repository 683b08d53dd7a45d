import { z } from 'zod';

/** What usage costs: the usage pages multiply an organization's scored sessions by this price. */
export const UsageEnv = z.object({
  USAGE_PRICE_PER_SESSION: z.coerce.number().min(0).max(1_000_000).default(0),
});

export interface UsageSettings {
  /** Price of one scored session, in the currency the operator bills in; 0 shows usage without a cost. */
  usagePricePerSession: number;
}

export function usageSettings(e: z.infer<typeof UsageEnv>): UsageSettings {
  return { usagePricePerSession: e.USAGE_PRICE_PER_SESSION };
}
