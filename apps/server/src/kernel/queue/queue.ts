import { randomUUID } from 'node:crypto';
import {
  HandBackJobError,
  JOBS,
  type JobContext,
  type JobHandlers,
  type JobName,
  type JobPayload,
  type JobProgress,
  type JobResult,
  PermanentJobError,
  SHUTTING_DOWN,
  type WorkerLimits,
} from './catalog';

export type JobOutcome<Result = unknown> =
  | { status: 'completed'; attempts: number; result: Result }
  | { status: 'failed'; attempts: number; reason: string };

export interface AddedJob<Result = unknown> {
  id: string;
  /** Settles when the job has completed (with its result) or failed for good (it never rejects). */
  finished: Promise<JobOutcome<Result>>;
}

/**
 * Where jobs wait and who runs them. The embedded default is InProcessQueue (this process is its one worker);
 * the same interface fronts Redis when REDIS_URL is set.
 */
export interface JobQueue {
  add<Name extends JobName>(
    name: Name,
    payload: JobPayload<Name>,
    options?: AddOptions<Name>,
  ): Promise<AddedJob<JobResult<Name>>>;
  /** This process becomes a worker: it runs the jobs with these handlers. */
  work(handlers: JobHandlers, limits?: WorkerLimits): void;
  /** Jobs waiting and running now. */
  counts(name: JobName): Promise<{ queued: number; running: number }>;
  /** The jobs it knows of, every name, newest first: a page of them and how many there are. */
  list(page: number, pageSize: number): Promise<{ jobs: QueuedJob[]; total: number }>;
  /** Stops taking jobs, aborts those running and waits for their handlers to return. */
  close(): Promise<void>;
}

/**
 * A new job's id and the promise of its outcome, with the function that settles it: whoever adds the job holds
 * the promise, and the queue settles it when the job completes or fails for good.
 */
export function awaitedJob<Result>(): {
  id: string;
  finished: Promise<JobOutcome<Result>>;
  settle: (outcome: JobOutcome) => void;
} {
  let settle!: (outcome: JobOutcome) => void;
  const finished = new Promise<JobOutcome<Result>>((resolve) => {
    settle = resolve as (outcome: JobOutcome) => void;
  });
  return { id: randomUUID(), finished, settle };
}

/** `onProgress`: told each progress report of the job, from wherever it runs, in order. */
export interface AddOptions<Name extends JobName> {
  onProgress?: (event: JobProgress<Name>) => void;
  /** The WORKER_ID that runs a job whose definition is `onHoldingWorker` (required for those, on Redis). */
  worker?: string;
}

/** A job as the admin's job list shows it. */
export interface QueuedJob {
  id: string;
  /** The catalog's name of the job (`run-session`, …). */
  name: string;
  state: 'waiting' | 'running' | 'completed' | 'failed';
  /** Attempts started so far. */
  attempts: number;
  addedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** The last failure: the final one, or that of an attempt being retried. */
  error: string | null;
  payload: Record<string, unknown>;
}

/** Finished jobs the embedded queue remembers for the job list; older ones are forgotten. */
const FINISHED_JOBS_KEPT = 1000;

interface Pending {
  id: string;
  name: JobName;
  payload: unknown;
  attempt: number;
  settle(outcome: JobOutcome): void;
  onProgress: ((event: unknown) => void) | undefined;
}

/** A message for a thrown value, as a job's failure reason. */
function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The embedded queue: jobs wait in memory, first in first out per name, and run in this process up to each
 * name's concurrency. A failed attempt goes to the back of the queue while attempts remain. Nothing survives
 * the process: what a job stands for is in the database (a run's session is run_queued until it starts), and
 * whoever adds the jobs adds again at start what was left (services/runs.ts resumes queued runs).
 */
export class InProcessQueue implements JobQueue {
  readonly #waiting = new Map<JobName, Pending[]>();
  readonly #running = new Map<JobName, Set<{ controller: AbortController; done: Promise<void> }>>();
  /** Every job added, oldest first, finished ones up to FINISHED_JOBS_KEPT. */
  readonly #jobs = new Map<string, QueuedJob>();
  #finished = 0;
  #handlers: JobHandlers | undefined;
  #limits: WorkerLimits = {};
  #closed = false;

  /** `catalog`: the jobs' settings (tests shorten a time limit). */
  constructor(private readonly catalog: typeof JOBS = JOBS) {}

  async add<Name extends JobName>(
    name: Name,
    payload: JobPayload<Name>,
    options: AddOptions<Name> = {},
  ): Promise<AddedJob<JobResult<Name>>> {
    if (this.#closed) throw new Error('The job queue is closed');
    const parsed = this.catalog[name].payload.parse(payload);
    const { id, finished, settle } = awaitedJob<JobResult<Name>>();
    const onProgress = options.onProgress as ((event: unknown) => void) | undefined;
    this.#jobs.set(id, {
      id,
      name: this.catalog[name].name,
      state: 'waiting',
      attempts: 0,
      addedAt: new Date(),
      startedAt: null,
      finishedAt: null,
      error: null,
      payload: parsed as Record<string, unknown>,
    });
    this.#queue(name).push({ id, name, payload: parsed, attempt: 1, settle, onProgress });
    this.#pump(name);
    return { id, finished };
  }

  work(handlers: JobHandlers, limits: WorkerLimits = {}): void {
    this.#handlers = handlers;
    this.#limits = limits;
    for (const name of Object.keys(this.catalog) as JobName[]) this.#pump(name);
  }

  async counts(name: JobName): Promise<{ queued: number; running: number }> {
    return { queued: this.#queue(name).length, running: this.#runningOf(name).size };
  }

  async list(page: number, pageSize: number): Promise<{ jobs: QueuedJob[]; total: number }> {
    const newestFirst = [...this.#jobs.values()].reverse();
    const from = (page - 1) * pageSize;
    return {
      jobs: newestFirst.slice(from, from + pageSize).map((job) => ({ ...job })),
      total: newestFirst.length,
    };
  }

  /** Records what became of a job; forgets the oldest finished ones past FINISHED_JOBS_KEPT. */
  #record(id: string, change: Partial<QueuedJob>): void {
    const job = this.#jobs.get(id);
    if (!job) return;
    Object.assign(job, change);
    if (change.state !== 'completed' && change.state !== 'failed') return;
    this.#finished += 1;
    for (const [oldId, old] of this.#jobs) {
      if (this.#finished <= FINISHED_JOBS_KEPT) break;
      if (old.state !== 'completed' && old.state !== 'failed') continue;
      this.#jobs.delete(oldId);
      this.#finished -= 1;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const running = [...this.#running.values()].flatMap((set) => [...set]);
    for (const job of running) job.controller.abort(new Error(SHUTTING_DOWN));
    await Promise.all(running.map((job) => job.done));
  }

  #queue(name: JobName): Pending[] {
    const queue = this.#waiting.get(name) ?? [];
    this.#waiting.set(name, queue);
    return queue;
  }

  #runningOf(name: JobName) {
    const running = this.#running.get(name) ?? new Set();
    this.#running.set(name, running);
    return running;
  }

  #pump(name: JobName): void {
    // A job without a handler in this process waits (none is added here in practice: handlers.ts has them all).
    if (!this.#handlers?.[name] || this.#closed) return;
    const queue = this.#queue(name);
    const running = this.#runningOf(name);
    const limit = Math.max(1, this.#limits[name] ?? this.catalog[name].concurrency);
    while (running.size < limit && queue.length > 0) {
      const job = queue.shift()!;
      const controller = new AbortController();
      const entry = { controller, done: Promise.resolve() };
      entry.done = this.#attempt(job, controller).finally(() => {
        running.delete(entry);
        this.#pump(name);
      });
      running.add(entry);
    }
  }

  async #attempt(job: Pending, controller: AbortController): Promise<void> {
    const definition = this.catalog[job.name];
    const handler = this.#handlers![job.name] as {
      run(payload: unknown, context: JobContext): Promise<unknown>;
      failed(payload: unknown, reason: string): Promise<void>;
    };
    const timer = setTimeout(
      () => controller.abort(new Error(`It ran out of time (${Math.round(definition.timeoutMs / 1000)} s)`)),
      definition.timeoutMs,
    );
    let failure: { reason: string; permanent: boolean } | undefined;
    let result: unknown;
    this.#record(job.id, {
      state: 'running',
      attempts: job.attempt,
      ...(job.attempt === 1 ? { startedAt: new Date() } : {}),
    });
    try {
      result = await handler.run(job.payload, {
        jobId: job.id,
        attempt: job.attempt,
        signal: controller.signal,
        progress: (event) => job.onProgress?.(event),
      });
      // A handler that returned after its signal fired still ran out of time or was stopped.
      if (controller.signal.aborted)
        failure = { reason: reasonOf(controller.signal.reason), permanent: true };
    } catch (error) {
      const aborted = controller.signal.aborted;
      // This process is the one worker: handed back, the job waits its delay and is run again.
      if (error instanceof HandBackJobError && !aborted && !this.#closed) {
        clearTimeout(timer);
        this.#record(job.id, { state: 'waiting' });
        setTimeout(() => {
          this.#queue(job.name).push(job);
          this.#pump(job.name);
        }, error.delayMs).unref();
        return;
      }
      failure = {
        reason: aborted ? reasonOf(controller.signal.reason) : reasonOf(error),
        permanent: aborted || error instanceof PermanentJobError,
      };
    } finally {
      clearTimeout(timer);
    }
    if (!failure) {
      this.#record(job.id, { state: 'completed', finishedAt: new Date() });
      job.settle({ status: 'completed', attempts: job.attempt, result });
      return;
    }
    if (!failure.permanent && !this.#closed && job.attempt < definition.attempts) {
      this.#record(job.id, { state: 'waiting', error: failure.reason });
      this.#queue(job.name).push({ ...job, attempt: job.attempt + 1 });
      return;
    }
    const reason = job.attempt > 1 ? `${failure.reason} (after ${job.attempt} attempts)` : failure.reason;
    this.#record(job.id, { state: 'failed', error: reason, finishedAt: new Date() });
    await handler.failed(job.payload, reason).catch(() => undefined);
    job.settle({ status: 'failed', attempts: job.attempt, reason });
  }
}
