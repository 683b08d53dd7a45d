import { z } from 'zod';

/**
 * Proctor's background work, one typed catalog (Trigger.dev's worker catalog is the model): each job names its
 * payload's schema, how long one attempt may take, how many attempts it gets and how many run at once in one
 * worker. A queue (./queue.ts: in-process by default) checks every payload against its schema when the job is
 * added, so a job that reaches a worker is always well formed.
 *
 * What a job stands for is in the database, so a job lost with its process is added again at start (queued
 * runs by the run scheduler, ended sessions not yet scored by requeueUnscoredSessions).
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
  /**
   * Post-processing and scoring of an ended session (one with a test case): every score type of its test case
   * on what its recording stored. Scoring it twice (a job delivered twice, one added again at start) keeps one
   * set of scores: the scores and the final status are written together, only while the session still waits.
   */
  scoreSession: defineJob({
    name: 'score-session',
    payload: z.object({ sessionId: z.number().int().positive() }),
    timeoutMs: 5 * 60_000,
    attempts: 3,
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
 * One job's handler: `run` does the work; `failed` is told once when a job has failed for good (out of
 * attempts, out of time, or refused), with the reason, so that its records say why.
 */
export interface JobHandler<Name extends JobName> {
  run(payload: JobPayload<Name>, context: JobContext): Promise<void>;
  failed(payload: JobPayload<Name>, reason: string): Promise<void>;
}

/** A worker's handlers: it runs the jobs it has a handler for (jobs/handlers.ts registers them all). */
export type JobHandlers = { [Name in JobName]?: JobHandler<Name> };

/** How many jobs of each name one worker runs at once (the catalog's concurrency otherwise). */
export type WorkerLimits = Partial<Record<JobName, number>>;

/** A failure that another attempt cannot mend (bad input, a refused agent): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
