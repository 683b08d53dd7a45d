import { type EnvironmentStatusResponse, TIMING } from '@proctor/contracts';

/** Environment start failures, worded as the error catalogue has them (000 §8). */
export const ENVIRONMENT_ERRORS = {
  createFailed: 'Failed to create environment.',
  jobStatus: (status: string) => `Environment failed to start - job status: ${status}`,
  neverRunning: 'Environment failed to start - job never entered running state',
  workerNotReady: (error: string | undefined) =>
    `Environment failed to start - worker not ready: ${error || 'Unknown error'}`,
  healthCheckFailed: (message: string) =>
    `Environment failed to start - worker health check failed: ${message}`,
  initializeFailed: (message: string) => `Environment created but failed to initialize: ${message}`,
} as const;

/**
 * How long to wait before status poll number `attempt` (0 is the first): at once, then 500 ms doubling up
 * to 8 s (000 §9). The spec's ±25 % jitter keeps many SDK clients started together from polling in step;
 * one dashboard tab has no crowd to spread, so it polls on the plain schedule.
 */
export function readyPollDelayMs(attempt: number): number {
  if (attempt <= 0) return 0;
  return Math.min(TIMING.envPollStartMs * 2 ** (attempt - 1), TIMING.envPollMaxMs);
}

/** A start that failed, with the catalogue's message and what the server said, if anything. */
export class EnvironmentStartError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'EnvironmentStartError';
  }
}

export interface ReadinessClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * Polls the status until the environment runs (000 §4.2): running means ready; failed (or closed, its
 * equivalent of cancelled) aborts; anything else keeps waiting, up to TIMING.envReadyTimeoutMs.
 */
export async function waitUntilRunning(
  status: () => Promise<EnvironmentStatusResponse>,
  clock: ReadinessClock,
  signal?: AbortSignal,
): Promise<void> {
  const deadline = clock.now() + TIMING.envReadyTimeoutMs;
  for (let attempt = 0; ; attempt++) {
    const delay = readyPollDelayMs(attempt);
    if (clock.now() + delay > deadline) throw new EnvironmentStartError(ENVIRONMENT_ERRORS.neverRunning);
    await clock.sleep(delay, signal);
    const current = await status();
    if (current.status === 'running') return;
    if (current.status === 'failed' || current.status === 'closed')
      throw new EnvironmentStartError(
        ENVIRONMENT_ERRORS.jobStatus(current.status),
        current.error ?? undefined,
      );
  }
}

function abortError(): DOMException {
  return new DOMException('The environment start was abandoned', 'AbortError');
}

/** Wall-clock time and timers; a sleep ends early (rejecting) when the start is abandoned. */
export const browserClock: ReadinessClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', abandon);
        resolve();
      }, ms);
      function abandon() {
        clearTimeout(timer);
        reject(abortError());
      }
      signal?.addEventListener('abort', abandon, { once: true });
    }),
};
