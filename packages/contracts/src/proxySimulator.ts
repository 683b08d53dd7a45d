import { z } from 'zod';

/** A proxy simulator: a real site recorded through the environment's proxy, then replayed offline. */
export const PROXY_SIMULATOR = {
  /**
   * The closest recorded exchange answers an unrecorded request only when it scores at least this (0..1);
   * below it the request gets 404. Each simulator may set its own `ood_threshold`.
   */
  defaultOodThreshold: 0.5,
  /** How much each part of a request weighs in the closest-match score; they add up to 1. */
  scoreWeights: { path: 0.6, query: 0.25, body: 0.15 },
  /** A recorded response body larger than this is cut (and the exchange marked truncated). */
  maxBodyBytes: 20 * 1024 * 1024,
} as const;

export const PROXY_MODES = ['replay', 'record'] as const;
/** make2's `env_config.proxy_mode`: replay (the default) or record (admins only). */
export const ProxyMode = z.enum(PROXY_MODES);
export type ProxyMode = z.infer<typeof ProxyMode>;

/**
 * What a proxy simulator keeps in its config: the origins it records (scheme://host[:port]; the simulator's
 * `url` when absent) and its own threshold for closest matches.
 */
export const ProxySimulatorSettings = z.object({
  proxy_origins: z.array(z.url()).min(1).optional(),
  ood_threshold: z.number().min(0).max(1).optional(),
});
export type ProxySimulatorSettings = z.infer<typeof ProxySimulatorSettings>;
