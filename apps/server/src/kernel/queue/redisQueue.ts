import { DelayedError, type Job, Queue, QueueEvents, UnrecoverableError, Worker } from 'bullmq';
import {
  HandBackJobError,
  JOBS,
  type JobContext,
  type JobHandlers,
  type JobName,
  type JobPayload,
  type JobResult,
  PermanentJobError,
  SHUTTING_DOWN,
  type WorkerLimits,
} from './catalog';
import {
  type AddedJob,
  type AddOptions,
  awaitedJob,
  type JobOutcome,
  type JobQueue,
  type QueuedJob,
} from './queue';

export interface RedisQueueOptions {
  url: string;
  /** Keys are `<prefix>:<queue>:…`; tests give each run a prefix of its own. */
  prefix?: string;
  /**
   * How long a worker's hold on a job lasts without renewal (it renews every half of it while alive). A worker
   * that dies lets its jobs go after this long: each goes back to waiting once, then fails ("stalled").
   */
  stallMs?: number;
  catalog?: typeof JOBS;
  /** This process's WORKER_ID: where it takes the jobs added for it (a catalog entry's `onHoldingWorker`). */
  workerId?: string;
}

type Handler = {
  run(payload: unknown, context: JobContext): Promise<unknown>;
  failed(payload: unknown, reason: string): Promise<void>;
};

const STALLED_REASON = 'job stalled more than allowable limit';

/** The reason a failed job gives, in the words Proctor uses elsewhere. */
function reasonOf(failedReason: string | undefined): string {
  if (!failedReason) return 'The job failed';
  if (failedReason.includes(STALLED_REASON))
    return 'The worker running it stopped answering (it died or was killed), twice';
  return failedReason;
}

/**
 * The job queue on Redis (REDIS_URL), with BullMQ: jobs wait in Redis, and any process that calls `work` —
 * the server (unless JOBS_IN_SERVER=false) or a `proctor worker` on another machine — runs them, each name up
 * to its concurrency. What BullMQ adds to the embedded queue: jobs survive a restart of the process that added
 * them, and a worker that dies gives its jobs back (its hold lapses after `stallMs`: the job is run again, once,
 * elsewhere; a second lapse fails it with that said). Payloads, attempts, time limits and permanent failures
 * follow the catalog as in InProcessQueue. A job's final failure reaches its `failed` handler in the worker that
 * saw it, and in the process that added it (a dead worker tells nobody); handlers are written to be told twice.
 */
export class RedisQueue implements JobQueue {
  readonly #options: Required<Omit<RedisQueueOptions, 'url' | 'workerId'>> & {
    url: string;
    workerId?: string;
  };
  /** By queue name: a job's name, or `<name>@<WORKER_ID>` for one added for a worker. */
  readonly #queues = new Map<string, Queue>();
  readonly #events = new Map<string, Promise<QueueEvents>>();
  readonly #workers: Worker[] = [];
  readonly #running = new Set<AbortController>();
  readonly #pending = new Map<string, (outcome: JobOutcome) => void>();
  readonly #progressListeners = new Map<string, (event: unknown) => void>();
  #handlers: JobHandlers | undefined;
  #closed = false;

  constructor(options: RedisQueueOptions) {
    this.#options = {
      prefix: 'proctor',
      stallMs: 30_000,
      catalog: JOBS,
      ...options,
    };
  }

  get #connection() {
    // BullMQ's workers block on Redis: their connections must retry forever (maxRetriesPerRequest null).
    return { url: this.#options.url, maxRetriesPerRequest: null };
  }

  /** The queue a job of `name` waits in: its own, or the worker's own for one added for a worker. */
  #queueName(name: JobName, worker: string | undefined): string {
    const definition = this.#options.catalog[name];
    if (!definition.onHoldingWorker) return definition.name;
    if (!worker) throw new Error(`A ${definition.name} job is added for one worker: name it`);
    return `${definition.name}@${worker}`;
  }

  #queue(name: JobName, worker?: string): Queue {
    const queueName = this.#queueName(name, worker);
    let queue = this.#queues.get(queueName);
    if (!queue) {
      queue = new Queue(queueName, {
        connection: this.#connection,
        prefix: this.#options.prefix,
      });
      this.#queues.set(queueName, queue);
    }
    return queue;
  }

  /** Finished jobs are told to whoever waits for them here (their `finished` promises). */
  #listen(name: JobName, worker?: string): Promise<QueueEvents> {
    const queueName = this.#queueName(name, worker);
    let events = this.#events.get(queueName);
    if (!events) {
      const queueEvents = new QueueEvents(queueName, {
        connection: this.#connection,
        prefix: this.#options.prefix,
      });
      queueEvents.on(
        'completed',
        ({ jobId, returnvalue }) => void this.#settle(name, worker, jobId, null, returnvalue),
      );
      queueEvents.on('progress', ({ jobId, data }) => this.#progressListeners.get(jobId)?.(data));
      queueEvents.on(
        'failed',
        ({ jobId, failedReason }) => void this.#settle(name, worker, jobId, reasonOf(failedReason)),
      );
      events = queueEvents.waitUntilReady().then(() => queueEvents);
      this.#events.set(queueName, events);
    }
    return events;
  }

  async #settle(
    name: JobName,
    worker: string | undefined,
    jobId: string,
    failure: string | null,
    result?: unknown,
  ): Promise<void> {
    const settle = this.#pending.get(jobId);
    if (!settle) return;
    this.#pending.delete(jobId);
    this.#progressListeners.delete(jobId);
    const job = await this.#queue(name, worker)
      .getJob(jobId)
      .catch(() => undefined);
    const attempts = job?.attemptsStarted ?? job?.attemptsMade ?? 1;
    if (failure === null) {
      // BullMQ keeps a job's return value as JSON, and none as null.
      settle({ status: 'completed', attempts, result: result ?? undefined });
      return;
    }
    // A worker that died told nobody: the job's records hear of it here.
    const handler = this.#handlers?.[name] as Handler | undefined;
    if (job && handler) await handler.failed(job.data, failure).catch(() => undefined);
    settle({ status: 'failed', attempts, reason: failure });
  }

  async add<Name extends JobName>(
    name: Name,
    payload: JobPayload<Name>,
    options: AddOptions<Name> = {},
  ): Promise<AddedJob<JobResult<Name>>> {
    if (this.#closed) throw new Error('The job queue is closed');
    const definition = this.#options.catalog[name];
    const data = definition.payload.parse(payload);
    await this.#listen(name, options.worker);
    // The id is chosen here, so that whoever waits is listening before the job can report or end.
    const { id, finished, settle } = awaitedJob<JobResult<Name>>();
    this.#pending.set(id, settle);
    if (options.onProgress) this.#progressListeners.set(id, options.onProgress as (event: unknown) => void);
    try {
      await this.#queue(name, options.worker).add(definition.name, data, {
        jobId: id,
        attempts: definition.attempts,
        backoff: { type: 'fixed', delay: 1_000 },
        removeOnComplete: { count: 10_000 },
        removeOnFail: { count: 10_000 },
      });
    } catch (error) {
      this.#pending.delete(id);
      this.#progressListeners.delete(id);
      throw error;
    }
    return { id, finished };
  }

  /** Also in the process that only adds jobs: its `failed` handlers hear of jobs whose worker died. */
  observe(handlers: JobHandlers): void {
    this.#handlers = handlers;
  }

  work(handlers: JobHandlers, limits: WorkerLimits = {}): void {
    this.#handlers = handlers;
    for (const name of Object.keys(this.#options.catalog) as JobName[]) {
      const definition = this.#options.catalog[name];
      const handler = handlers[name] as Handler | undefined;
      // Jobs this process has no handler for are left to the processes that have one; jobs added for one
      // worker, to a process with a WORKER_ID.
      if (!handler || (definition.onHoldingWorker && !this.#options.workerId)) continue;
      const worker = new Worker(
        this.#queueName(name, this.#options.workerId),
        (job: Job, token?: string) => this.#process(job, token, handler, definition.timeoutMs),
        {
          connection: this.#connection,
          prefix: this.#options.prefix,
          concurrency: Math.max(1, limits[name] ?? definition.concurrency),
          lockDuration: this.#options.stallMs,
          stalledInterval: Math.max(1_000, Math.floor(this.#options.stallMs / 2)),
          maxStalledCount: 1,
        },
      );
      worker.on('failed', (job, error) => {
        if (!job) return;
        const final = error instanceof UnrecoverableError || job.attemptsMade >= definition.attempts;
        if (final) void handler.failed(job.data, reasonOf(error.message)).catch(() => undefined);
      });
      // Connection trouble is retried by BullMQ; an unhandled 'error' event would end the process.
      worker.on('error', () => undefined);
      this.#workers.push(worker);
    }
  }

  async #process(job: Job, token: string | undefined, handler: Handler, timeoutMs: number): Promise<unknown> {
    const controller = new AbortController();
    this.#running.add(controller);
    const timer = setTimeout(
      () => controller.abort(new Error(`It ran out of time (${Math.round(timeoutMs / 1000)} s)`)),
      timeoutMs,
    );
    // Reports go out one after another, and all of them before the job's end.
    let reports = Promise.resolve();
    try {
      const result = await handler.run(job.data, {
        jobId: job.id!,
        attempt: Math.max(1, job.attemptsStarted),
        signal: controller.signal,
        progress: (event) => {
          reports = reports.then(() => job.updateProgress(event as object)).catch(() => undefined);
        },
      });
      await reports;
      if (controller.signal.aborted)
        throw new UnrecoverableError((controller.signal.reason as Error).message);
      return result;
    } catch (error) {
      if (error instanceof UnrecoverableError) throw error;
      // Back to waiting for any worker (BullMQ's delayed jobs), no attempt counted.
      if (error instanceof HandBackJobError && !controller.signal.aborted) {
        await job.moveToDelayed(Date.now() + error.delayMs, token);
        throw new DelayedError();
      }
      // A stop (time limit, shutdown) or a permanent failure is not tried again.
      if (controller.signal.aborted)
        throw new UnrecoverableError((controller.signal.reason as Error).message);
      if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
      throw error;
    } finally {
      clearTimeout(timer);
      this.#running.delete(controller);
    }
  }

  async counts(name: JobName): Promise<{ queued: number; running: number }> {
    // Jobs added for a worker are counted in that worker's own queue (this process's, when it is one).
    if (this.#options.catalog[name].onHoldingWorker && !this.#options.workerId)
      return { queued: 0, running: 0 };
    const queue = this.#queue(name, this.#options.workerId);
    const counts = await queue.getJobCounts('waiting', 'delayed', 'prioritized', 'active');
    return {
      queued: (counts.waiting ?? 0) + (counts.delayed ?? 0) + (counts.prioritized ?? 0),
      running: counts.active ?? 0,
    };
  }

  /**
   * Merges every name's jobs by when they were added: each state of each queue gives its newest `page × pageSize`
   * (BullMQ keeps up to 10,000 finished jobs of each kind), enough to cut the page from.
   */
  async list(page: number, pageSize: number): Promise<{ jobs: QueuedJob[]; total: number }> {
    const states = [
      [['waiting', 'delayed', 'prioritized'], 'waiting'],
      [['active'], 'running'],
      [['completed'], 'completed'],
      [['failed'], 'failed'],
    ] as const;
    const wanted = page * pageSize;
    let total = 0;
    const found: QueuedJob[] = [];
    for (const name of Object.keys(this.#options.catalog) as JobName[]) {
      // Jobs added for one worker wait in queues of their own, one a worker, which the list leaves out.
      if (this.#options.catalog[name].onHoldingWorker) continue;
      const queue = this.#queue(name);
      const counts = await queue.getJobCounts(
        'waiting',
        'delayed',
        'prioritized',
        'active',
        'completed',
        'failed',
      );
      total += Object.values(counts).reduce((sum, n) => sum + n, 0);
      for (const [types, state] of states) {
        const jobs = await queue.getJobs([...types], 0, wanted - 1, false);
        for (const job of jobs) {
          if (!job?.id) continue;
          found.push({
            id: job.id,
            name: job.name,
            state,
            attempts: Math.max(job.attemptsStarted ?? 0, job.attemptsMade),
            addedAt: new Date(job.timestamp),
            startedAt: job.processedOn ? new Date(job.processedOn) : null,
            finishedAt: job.finishedOn ? new Date(job.finishedOn) : null,
            error: job.failedReason ? reasonOf(job.failedReason) : null,
            payload: (job.data ?? {}) as Record<string, unknown>,
          });
        }
      }
    }
    found.sort((a, b) => b.addedAt.getTime() - a.addedAt.getTime());
    return { jobs: found.slice((page - 1) * pageSize, wanted), total };
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const controller of this.#running) controller.abort(new Error(SHUTTING_DOWN));
    await Promise.all(this.#workers.map((worker) => worker.close()));
    await Promise.all([...this.#events.values()].map(async (events) => (await events).close()));
    await Promise.all([...this.#queues.values()].map((queue) => queue.close()));
  }

  /** Removes every key of this queue's prefix (tests and benchmarks clean up after themselves). */
  async obliterate(): Promise<void> {
    for (const name of Object.keys(this.#options.catalog) as JobName[])
      if (!this.#options.catalog[name].onHoldingWorker) await this.#queue(name).obliterate({ force: true });
    for (const queue of this.#queues.values()) await queue.obliterate({ force: true });
  }
}
