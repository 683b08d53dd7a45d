import { z } from 'zod';

/**
 * Proctor's background work, one typed catalog (Trigger.dev's worker catalog is the model): each job names its
 * payload's schema, how long one attempt may take, how many attempts it gets and how many run at once in one
 * worker. A queue (./queue.ts: in-process by default) checks every payload against its schema when the job is
 * added, so a job that reaches a worker is always well formed.
 *
 * Runs are the first jobs here; post-processing, scoring and mutation generation still run where they are
 * started (the end of an environment, the routes) and join this catalog with the Redis queue.
 */
export interface JobDefinition<Payload extends z.ZodType> {
  name: string;
  payload: Payload;
  /** How long one attempt may take: it is then aborted and counts as failed. */
  timeoutMs: number;
  /** Attempts in all (1: never retried). A handler's PermanentJobError is never retried. */
  attempts: number;
  /** How many run at once in one worker when the worker does not say (see WorkerLimits). */
  concurrency: number;
}

function defineJob<Payload extends z.ZodType>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

export const JOBS = {
  /**
   * One queued run (a session made with status run_queued): an environment of its own, the agent driving it,
   * the end of the run scoring it. Retried only when the environment could not be set up (the agent had not
   * started); a run that started and broke is failed with the reason, never run twice. Its concurrency is the
   * worker's environment slots.
   */
  runSession: defineJob({
    name: 'run-session',
    payload: z.object({ sessionId: z.number().int().positive() }),
    timeoutMs: 10 * 60_000,
    attempts: 2,
    concurrency: 4,
  }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<Name extends JobName> = z.output<(typeof JOBS)[Name]['payload']>;

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborted when the attempt runs out of time or the worker closes. */
  signal: AbortSignal;
}

/**
 * A worker's handlers: `run` does the work; `failed` is told once when a job has failed for good (out of
 * attempts, out of time, or refused), with the reason, so that its records say why.
 */
export type JobHandlers = {
  [Name in JobName]: {
    run(payload: JobPayload<Name>, context: JobContext): Promise<void>;
    failed(payload: JobPayload<Name>, reason: string): Promise<void>;
  };
};

/** How many jobs of each name one worker runs at once (the catalog's concurrency otherwise). */
export type WorkerLimits = Partial<Record<JobName, number>>;

/** A failure that another attempt cannot mend (bad input, a refused agent): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
