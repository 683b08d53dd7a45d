import { ENVIRONMENT_TIMING } from './constants.js';

/**
 * How long to wait before status poll number `attempt + 1`: 500 ms doubling up to 8000 ms, moved by up to
 * ±25 % so that many clients started together do not poll in step. `random` is in [0, 1).
 */
export function pollDelay(attempt: number, random: number): number {
  const { pollStartMs, pollMaxMs, pollJitter } = ENVIRONMENT_TIMING;
  const base = Math.min(pollStartMs * 2 ** attempt, pollMaxMs);
  return Math.round(base * (1 + pollJitter * (2 * random - 1)));
}
