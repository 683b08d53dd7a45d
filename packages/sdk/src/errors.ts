import type { EnvironmentStatus } from './types.js';

/** Every error the SDK throws is one of these. */
export class ProctorError extends Error {
  override name = 'ProctorError';
}

/** Proctor answered with an error status; `detail` is the reason it gave (its `{detail}` body). */
export class ProctorApiError extends ProctorError {
  override name = 'ProctorApiError';
  readonly status: number;
  readonly detail: string;
  readonly method: string;
  readonly url: string;

  constructor(options: { status: number; detail: string; method: string; url: string }) {
    super(options.detail);
    this.status = options.status;
    this.detail = options.detail;
    this.method = options.method;
    this.url = options.url;
  }
}

/** No answer: the server could not be reached, the connection broke, or it did not answer in time. */
export class ProctorConnectionError extends ProctorError {
  override name = 'ProctorConnectionError';
  readonly method: string;
  readonly url: string;

  constructor(options: { method: string; url: string; reason: string; cause?: unknown }) {
    super(`Could not reach Proctor (${options.method} ${options.url}): ${options.reason}`, {
      cause: options.cause,
    });
    this.method = options.method;
    this.url = options.url;
  }
}

/**
 * Why an environment did not become ready:
 * - job_status: it ended (failed or closed) while starting; `jobStatus` and `jobError` say how;
 * - timeout: it never entered the running state in time;
 * - worker_not_ready: it runs, but its browser or simulator instance does not answer;
 * - worker_health_check_failed: asking whether the worker is ready failed (`cause`).
 */
export type EnvironmentStartFailure =
  | 'job_status'
  | 'timeout'
  | 'worker_not_ready'
  | 'worker_health_check_failed';

/** The messages are those of Proctor's spec (000 §8, "Environment start"). */
export class EnvironmentStartError extends ProctorError {
  override name = 'EnvironmentStartError';
  readonly reason: EnvironmentStartFailure;
  readonly environmentId: string;
  readonly jobStatus: EnvironmentStatus | null;
  readonly jobError: string | null;

  constructor(options: {
    reason: EnvironmentStartFailure;
    environmentId: string;
    jobStatus?: EnvironmentStatus;
    jobError?: string | null;
    workerError?: string;
    cause?: unknown;
  }) {
    super(startFailureMessage(options), { cause: options.cause });
    this.reason = options.reason;
    this.environmentId = options.environmentId;
    this.jobStatus = options.jobStatus ?? null;
    this.jobError = options.jobError ?? null;
  }
}

function startFailureMessage(options: {
  reason: EnvironmentStartFailure;
  jobStatus?: EnvironmentStatus;
  jobError?: string | null;
  workerError?: string;
  cause?: unknown;
}): string {
  const prefix = 'Environment failed to start - ';
  switch (options.reason) {
    case 'job_status':
      return `${prefix}job status: ${options.jobStatus}${options.jobError ? ` (${options.jobError})` : ''}`;
    case 'timeout':
      return `${prefix}job never entered running state`;
    case 'worker_not_ready':
      return `${prefix}worker not ready: ${options.workerError || 'Unknown error'}`;
    case 'worker_health_check_failed':
      return `${prefix}worker health check failed: ${messageOf(options.cause)}`;
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
