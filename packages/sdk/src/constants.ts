/**
 * Timings the SDK follows: wait up to five minutes for an environment to be ready, polling from 500 ms,
 * doubling up to 8 s, each wait ±25 %; a heartbeat every 30 s (Proctor's spec 000 §9). The server's own
 * copy is `TIMING` in packages/contracts; test/contract.test.ts keeps the two equal.
 */
export const ENVIRONMENT_TIMING = {
  readyTimeoutMs: 300_000,
  pollStartMs: 500,
  pollMaxMs: 8000,
  pollJitter: 0.25,
  heartbeatMs: 30_000,
} as const;

/** An HTTP call without an answer for this long fails; a reset that loads a page stays well inside it. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** The environment variable `new Proctor()` reads when no apiKey is passed. */
export const API_KEY_VARIABLE = 'PROCTOR_API_KEY';
