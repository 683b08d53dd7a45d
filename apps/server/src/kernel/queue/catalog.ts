import {
  BrowserSessionType,
  EvaluatorHealth,
  MutationGenerationEvent,
  MutationGenerationResult,
  Plan,
  RescoreResult,
  ResponseFormat,
  RUN_TASK,
  RunTaskAgent,
  RunTaskResponse,
  TrainerSessionOptions,
  WEB_FLOW_LIMITS,
  WebFlowRunEvent,
  WebFlowRunParameters,
} from '@proctor/contracts';
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
export interface JobDefinition<
  Payload extends z.ZodType,
  Result extends z.ZodType = z.ZodVoid,
  Progress extends z.ZodType = z.ZodNever,
> {
  name: string;
  payload: Payload;
  /** What the job answers, for whoever added it and waits (`AddedJob.finished`). */
  result: Result;
  /** What it reports as it goes (`JobContext.progress`), to whoever added it (the add's `onProgress`). */
  progress?: Progress;
  /** How long one attempt may take: it is then aborted and counts as failed. */
  timeoutMs: number;
  /** Attempts in all (1: never retried). A handler's PermanentJobError is never retried. */
  attempts: number;
  /** How many run at once in one worker when the worker does not say (see WorkerLimits). */
  concurrency: number;
  /**
   * Added for one worker, the one holding what the job acts on (AddOptions.worker: its WORKER_ID): scaled out,
   * each worker takes these from a queue of its own. The embedded queue has one worker and ignores it.
   */
  onHoldingWorker?: true;
}

function defineJob<
  Payload extends z.ZodType,
  Result extends z.ZodType = z.ZodVoid,
  Progress extends z.ZodType = z.ZodNever,
>(definition: JobDefinition<Payload, Result, Progress>): JobDefinition<Payload, Result, Progress> {
  return definition;
}

/** Who asked for a job that acts for a person (rescoring): what they may see is decided as in their request. */
const ViewerPayload = z.object({
  organizationId: z.number().int(),
  isAdmin: z.boolean(),
  allowedSimulatorIds: z.array(z.number().int()),
  userId: z.number().int().nullable(),
});

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
    result: z.void(),
    timeoutMs: 10 * 60_000,
    attempts: 2,
    concurrency: 4,
  }),
  /**
   * Post-processing and scoring of an ended session (one with a test case): its subtasks (by the scoring model,
   * else by rule: scoring/subtasks.ts), then every score type of its test case on what its recording stored. Scoring it twice (a job delivered twice, one added again at start) keeps one
   * set of scores: the scores and the final status are written together, only while the session still waits.
   */
  scoreSession: defineJob({
    name: 'score-session',
    payload: z.object({ sessionId: z.number().int().positive() }),
    result: z.void(),
    timeoutMs: 5 * 60_000,
    attempts: 3,
    concurrency: 4,
  }),
  /**
   * Rescore (POST /api/env/simulators/{id}/rescore): the simulator's ended sessions judged again, as the viewer
   * may see them; the route waits for its result. Never retried: each attempt adds a set of scores.
   */
  rescoreSimulator: defineJob({
    name: 'rescore-simulator',
    payload: z.object({ viewer: ViewerPayload, simulatorId: z.number().int().positive() }),
    result: RescoreResult,
    timeoutMs: 30 * 60_000,
    attempts: 1,
    concurrency: 2,
  }),
  /**
   * A test case's evaluator health check (its reference solution and wrong variant run in a browser, its
   * verdicts compared with people's), kept on the test case; the route waits for it. One at a time per worker:
   * each check launches a Chromium of its own.
   */
  checkEvaluator: defineJob({
    name: 'check-evaluator',
    payload: z.object({ viewer: ViewerPayload, testCaseId: z.number().int().positive() }),
    result: EvaluatorHealth,
    timeoutMs: 10 * 60_000,
    attempts: 1,
    concurrency: 1,
  }),
  /**
   * Expected mutations generated from the sessions people judged correct, for test cases the route checked the
   * viewer may edit: `single` answers the one test case's result. Its progress is what the route streams.
   */
  generateMutations: defineJob({
    name: 'generate-mutations',
    payload: z.object({
      viewer: ViewerPayload,
      testCaseIds: z.array(z.number().int().positive()).min(1),
      single: z.boolean(),
    }),
    result: MutationGenerationResult.nullable(),
    progress: MutationGenerationEvent,
    timeoutMs: 10 * 60_000,
    attempts: 1,
    concurrency: 2,
  }),
  /**
   * One environment of a test run (POST /api/admin/test-runs): the oracle on the run's test cases of one
   * simulator in a fresh environment, its results appended to the run; the job that finishes the run's last
   * environment writes the dump. One at a time per worker (each launches a Chromium of its own); never retried:
   * a failure is that environment's result, so the run still ends with its dump.
   */
  testRunEnvironment: defineJob({
    name: 'test-run-environment',
    payload: z.object({
      testRunId: z.number().int().positive(),
      simulator: z.string().min(1),
      environment: z.number().int().positive(),
    }),
    result: z.void(),
    timeoutMs: 30 * 60_000,
    attempts: 1,
    concurrency: 1,
  }),
  /**
   * A run report printed as a PDF (002 §2.4 Export PDF) by the Chromium of whichever process works the queue:
   * the server itself by default, a worker when scaled out. The PDF goes to the blob store under `blobKey` for
   * the route that waits for it, which sends it and deletes it.
   */
  printTestRunReport: defineJob({
    name: 'print-test-run-report',
    payload: z.object({ runId: z.string().min(1), withScreenshots: z.boolean(), printedAt: z.string() }),
    result: z.object({ blobKey: z.string() }),
    timeoutMs: 3 * 60_000,
    attempts: 1,
    concurrency: 1,
  }),
  /**
   * A version pushed to the hub (hub_builds, status building): the commit's tree checked out, bundled, seeded
   * and every test case proven in the git-container agents' sandbox; the outcome and the log kept on the build.
   * One at a time per worker (each proof runs a Chromium of its own); never retried: a build that broke is a
   * failed version with its reason. A build its process left unfinished is queued again at start.
   */
  buildHubVersion: defineJob({
    name: 'build-hub-version',
    payload: z.object({ versionId: z.number().int().positive() }),
    result: z.void(),
    timeoutMs: 20 * 60_000,
    attempts: 1,
    concurrency: 1,
  }),
  /**
   * An ended session's video (GET /api/session/{id}/screen-recording): its screenshots, each for its time, made
   * into a WebM by ffmpeg and kept in the blob store, where the route finds it. One at a time per worker, on one
   * thread, so the machine's other cores stay with the agents acting. Never retried: the route's next ask queues it
   * again.
   */
  renderSessionVideo: defineJob({
    name: 'render-session-video',
    payload: z.object({ sessionId: z.number().int().positive() }),
    result: z.object({ blobKey: z.string() }),
    timeoutMs: 5 * 60_000,
    attempts: 1,
    concurrency: 1,
  }),
  /**
   * A browser session opened on a worker (scaled out: the API process runs no browsers). The job ends once the
   * session is open; its environment stays on that worker, which records where it is (WORKER_URL) as for runs, and
   * closes it when idle. A refusal (no free browser, a bad start URL) is the result's status and detail, never a
   * retry. `takeBy` (ms since the epoch): the API waits that long for a worker; a worker taking it later refuses
   * it (nobody waits).
   */
  openBrowserSession: defineJob({
    name: 'browser-session.open',
    payload: z.object({
      organizationId: z.number().int(),
      userId: z.number().int().nullable(),
      plan: Plan,
      type: BrowserSessionType,
      startUrl: z.string().optional(),
      trainerSessionOptions: TrainerSessionOptions.optional(),
      takeBy: z.number().int(),
    }),
    result: z.union([
      z.object({ publicId: z.string() }),
      z.object({ status: z.number().int(), detail: z.string() }),
    ]),
    /** Told once, when a worker takes it in time: the API then waits for the browser. */
    progress: z.object({ taken: z.literal(true) }),
    timeoutMs: 2 * 60_000,
    attempts: 1,
    concurrency: 2,
  }),
  /**
   * A web flow run on a browser session a worker holds (the spec's `webflow.run`), on that worker: its events are
   * the job's progress, which the API streams to the caller. The run stops itself at its limit; the job's limit
   * only adds the time to record it. Never retried: a second attempt would act on the page again.
   */
  runWebFlow: defineJob({
    name: 'webflow.run',
    payload: z.object({
      organizationId: z.number().int(),
      flowId: z.number().int().positive(),
      browserSessionId: z.string().min(1),
      parameters: WebFlowRunParameters,
    }),
    result: z.void(),
    progress: WebFlowRunEvent,
    timeoutMs: WEB_FLOW_LIMITS.runTimeoutMs + 30_000,
    attempts: 1,
    concurrency: 4,
    onHoldingWorker: true,
  }),
  /**
   * A run-task (POST /api/run-task) on the worker holding its browser session: the one the API opened for the task
   * (`openedForTask`: closed after it) or the caller's. Its result is the API's answer: the task's response, or a
   * refusal's status and detail (the session ended or driven by another, a refused start URL). The task stops itself
   * at RUN_TASK.timeoutMs; the job's limit adds the time to navigate and record it. Never retried: a second attempt
   * would act on the page again.
   */
  runTask: defineJob({
    name: 'run-task',
    payload: z.object({
      organizationId: z.number().int(),
      userId: z.number().int().nullable(),
      plan: Plan,
      startUrl: z.string(),
      task: z.string(),
      responseFormat: ResponseFormat,
      agent: RunTaskAgent,
      browserSessionId: z.string().min(1),
      openedForTask: z.boolean(),
    }),
    result: z.union([
      z.object({ response: RunTaskResponse }),
      z.object({ status: z.number().int(), detail: z.string() }),
    ]),
    timeoutMs: RUN_TASK.timeoutMs + 2 * 60_000,
    attempts: 1,
    concurrency: 4,
    onHoldingWorker: true,
  }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<Name extends JobName> = z.output<(typeof JOBS)[Name]['payload']>;
export type JobResult<Name extends JobName> = z.output<(typeof JOBS)[Name]['result']>;
export type JobProgress<Name extends JobName> =
  (typeof JOBS)[Name] extends JobDefinition<z.ZodType, z.ZodType, infer Progress>
    ? z.output<Progress>
    : never;

/** What a handler gets besides its payload. */
export interface JobContext<Progress = unknown> {
  jobId: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborted when the attempt runs out of time or the worker closes. */
  signal: AbortSignal;
  /** Tells whoever added the job how it goes (in order; nobody may be listening). */
  progress(event: Progress): void;
}

/**
 * One job's handler: `run` does the work; `failed` is told once when a job has failed for good (out of
 * attempts, out of time, or refused), with the reason, so that its records say why.
 */
export interface JobHandler<Name extends JobName> {
  run(payload: JobPayload<Name>, context: JobContext<JobProgress<Name>>): Promise<JobResult<Name>>;
  failed(payload: JobPayload<Name>, reason: string): Promise<void>;
}

/** A worker's handlers: it runs the jobs it has a handler for (jobs/handlers.ts registers them all). */
export type JobHandlers = { [Name in JobName]?: JobHandler<Name> };

/** How many jobs of each name one worker runs at once (the catalog's concurrency otherwise). */
export type WorkerLimits = Partial<Record<JobName, number>>;

/**
 * Why a running attempt is aborted when its process closes (the handler's `failed` hears it too): a job whose
 * records say what to do again at start (a hub build) leaves them as they are for the next start.
 */
export const SHUTTING_DOWN = 'Proctor is shutting down';

/**
 * This worker cannot run the job now but another may (its browsers are all in use): the job waits `delayMs` and is
 * taken again by whichever worker asks first, this one included, with no attempt counted.
 */
export class HandBackJobError extends Error {
  override name = 'HandBackJobError';
  constructor(readonly delayMs: number) {
    super('Handed back for another worker');
  }
}

/** A failure that another attempt cannot mend (bad input, a refused agent): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
