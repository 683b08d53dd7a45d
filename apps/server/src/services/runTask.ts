import {
  BROWSER_SESSION_MESSAGES,
  coerceResponseField,
  type DemoResponse,
  type ResponseFormat,
  RUN_TASK,
  RUN_TASK_AGENTS,
  RUN_TASK_MESSAGES,
  type RunTaskAgent,
  type RunTaskAvailability,
  type RunTaskResponse,
  responseFormatSchema,
} from '@proctor/contracts';
import type { JsonValue } from '@proctor/scoring';
import { type DriverSettings, modelDriverFor, runnableWith } from '../agents/drivers';
import { modelAgentUnavailable } from '../agents/runnable';
import { holdEnvironment, refuseIfDriven } from '../environments/driving';
import type { LiveEnvironment } from '../environments/live';
import type { ServerConfig } from '../kernel/config';
import { badRequest, conflict, HttpError } from '../kernel/http/errors';
import { runStoppable } from '../kernel/queue/stoppable';
import { findBrowserSession } from '../repositories/browserSessions';
import { latestTaskRecording, setSessionPrompt } from '../repositories/runTasks';
import { logToSession, setSessionOutput } from '../repositories/sessions';
import {
  type BrowserSessionParts,
  BrowserSessions,
  type BrowserSessionWorkers,
  keepBrowserSession,
  navigateBrowserSession,
  type OpenBrowserSession,
  openBrowserSession,
  sessionOnWorker,
} from './browserSessions';
import { schemaProblem } from './sites';

/**
 * run-task (002 §2.9, §7.12): a task in words done by a built-in model agent in a browser session on the open web,
 * answered as JSON of the response format. The agents are the ones test cases run (agents/drivers.ts), on
 * Proctor's own configured models: no second service. The browser session records it like any session, with
 * the task as its prompt and the answer as its output; its page (/sessions/{id}) shows the steps.
 */
export interface RunTaskServices extends BrowserSessionParts {
  config: ServerConfig;
}

export interface RunTaskInput {
  owner: OpenBrowserSession['owner'];
  start_url: string;
  task: string;
  response_format: ResponseFormat;
  agent: RunTaskAgent;
  browser_session_id?: string;
}

/** How much of a wrong answer the failure repeats. */
const ANSWER_EXCERPT = 300;

/** How the model agents reach their models: the same settings as the agents of runs (app/server.ts). */
function modelSettings(config: ServerConfig): Pick<DriverSettings, 'guard' | 'chatModel' | 'computerUse'> {
  return {
    guard: { allowedAddresses: config.scoring.allowedAddresses },
    chatModel: config.agentLlm,
    computerUse: config.computerUse,
  };
}

/** GET /api/run-task/agents: each model agent, and why it cannot run here (its model not configured). */
export function runTaskAvailability(config: ServerConfig): RunTaskAvailability {
  const runnable = runnableWith(modelSettings(config));
  return {
    agents: RUN_TASK_AGENTS.map((agent) => ({ agent, unavailable: modelAgentUnavailable(agent, runnable) })),
  };
}

/**
 * The task as the agent reads it: the user's words, then what the answer must be. The DOM agent answers with
 * `done`'s output; the computer-use agents read the schema (the answer is scored as output, so they are told).
 */
export function taskPrompt(task: string, format: ResponseFormat): string {
  const fields = Object.entries(format)
    .map(([name, type]) => `"${name}" (${type})`)
    .join(', ');
  return `${task}\n\nWhen you are done, answer with a JSON object with exactly these fields: ${fields}.`;
}

/**
 * The agent's answer as the response format's object, or why it is not one. JSON in a string is read; the
 * format's fields are kept, read as their types where they plainly are ('3' for a number), and any other field
 * a model added is dropped: the caller asked for these fields, and a missing or mistyped one fails the task.
 */
export function readAnswer(
  format: ResponseFormat,
  answer: JsonValue | undefined,
): { output: Record<string, unknown> } | { problem: string } {
  let value: unknown = answer;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      // A sentence, not JSON: the schema says what is wrong with it.
    }
  }
  if (value === undefined) return { problem: 'the agent gave no answer' };
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const given = value as Record<string, unknown>;
    value = Object.fromEntries(
      Object.entries(format)
        .filter(([name]) => Object.hasOwn(given, name))
        .map(([name, type]) => [name, coerceResponseField(type, given[name])]),
    );
  }
  const problem = schemaProblem(responseFormatSchema(format), value);
  return problem ? { problem } : { output: value as Record<string, unknown> };
}

/** The task's browser session, running: `opened` for the task (closed after it), else the caller's. */
interface TaskSession {
  environment: LiveEnvironment;
  opened: boolean;
}

/**
 * The running browser session the task is to be done in: the caller's (navigated to the start URL), one opened for
 * it here, or (`openedOnWorker`, in the job on the worker holding it) the one the API opened for it there.
 */
async function sessionFor(
  services: RunTaskServices,
  input: RunTaskInput,
  openedOnWorker = false,
): Promise<TaskSession> {
  const { owner } = input;
  if (input.browser_session_id) {
    const { environment } = await keepBrowserSession(
      services,
      input.browser_session_id,
      owner.organizationId,
    );
    refuseIfDriven(environment);
    // One opened for the task is on its start URL already.
    if (!openedOnWorker)
      await navigateBrowserSession(services, environment.publicId, owner.organizationId, input.start_url);
    return { environment, opened: openedOnWorker };
  }
  const { environment } = await openBrowserSession(services, {
    owner,
    type: 'ai',
    startUrl: input.start_url,
    trainerSessionOptions: { task: input.task, responseFormat: input.response_format },
  });
  return { environment, opened: true };
}

/** The agent's driver, or 400 saying which setting its model needs. */
function driverFor(config: ServerConfig, agent: RunTaskAgent) {
  const settings = modelSettings(config);
  const unavailable = modelAgentUnavailable(agent, runnableWith(settings));
  if (unavailable) throw badRequest(unavailable);
  return modelDriverFor(agent, settings, RUN_TASK.maxSteps);
}

/** Why the agent stopped when its caller went away. */
export const CALLER_GONE = 'The caller went away';

/**
 * Does the task and answers when it is done. Refusals come first as `{detail}`: no model (400 saying which
 * setting), no browser (503), a refused start URL (400), the caller's session unknown (404), ended or busy (409).
 * Then the run always answers: completed with the output, or failed saying why (the agent's error, no valid
 * answer, the time limit, the caller gone). A session opened for the task is closed after it. Scaled out
 * (`services.workers`), the session is on a worker and the task is done there (runTaskOnWorker).
 */
export async function runTask(
  services: RunTaskServices,
  input: RunTaskInput,
  callerGone: AbortSignal,
): Promise<RunTaskResponse> {
  const driver = driverFor(services.config, input.agent);
  if (services.workers) {
    const onWorker = await runTaskOnWorker(services, services.workers, input, callerGone);
    if (onWorker) return onWorker;
  }
  return doTask(services, input, driver, await sessionFor(services, input), callerGone);
}

/**
 * Scaled out: the session opened on a worker (BrowserSessions.open: 503 when no worker takes it), or the caller's
 * that a worker holds, and the task done there as the `run-task` job (runTaskJob), whose result is the answer. A
 * caller that goes away stops the job through the worker's door, as a web flow run's. Undefined for a caller's
 * session no worker holds (here, ended, unknown, another organization's): answered as embedded.
 */
async function runTaskOnWorker(
  services: RunTaskServices,
  workers: BrowserSessionWorkers,
  input: RunTaskInput,
  callerGone: AbortSignal,
): Promise<RunTaskResponse | undefined> {
  const { owner } = input;
  const sessions = new BrowserSessions(services);
  const openedForTask = !input.browser_session_id;
  const browserSessionId =
    input.browser_session_id ??
    (
      await sessions.open({
        owner,
        type: 'ai',
        startUrl: input.start_url,
        trainerSessionOptions: { task: input.task, responseFormat: input.response_format },
      })
    ).row.session.publicId;
  const worker = await sessionOnWorker(services, browserSessionId, owner.organizationId);
  if (!worker) {
    if (!openedForTask) return undefined;
    throw conflict(BROWSER_SESSION_MESSAGES.notRunning('closed'));
  }
  const started = Date.now();
  const added = await workers.queue.add(
    'runTask',
    {
      organizationId: owner.organizationId,
      userId: owner.userId,
      plan: owner.plan,
      startUrl: input.start_url,
      task: input.task,
      responseFormat: input.response_format,
      agent: input.agent,
      browserSessionId,
      openedForTask,
    },
    { worker: worker.workerId },
  );
  const stop = () => void worker.ask('stop-run', { jobId: added.id }).catch(() => undefined);
  callerGone.addEventListener('abort', stop, { once: true });
  if (callerGone.aborted) stop();
  try {
    const outcome = await added.finished;
    // Refused, or the job broke: a session opened for the task is closed all the same.
    const closeOpened = async () => {
      if (openedForTask) await sessions.close(browserSessionId, owner.organizationId).catch(() => undefined);
    };
    if (outcome.status === 'completed') {
      const { result } = outcome;
      if ('response' in result) return result.response;
      await closeOpened();
      throw new HttpError(result.status, result.detail);
    }
    await closeOpened();
    // The job failed (its time limit, its worker gone): the run answers failed, saying so.
    const row = await findBrowserSession(services.db, browserSessionId, owner.organizationId);
    return {
      status: 'failed',
      output: null,
      error: `The task failed on its worker: ${outcome.reason}`,
      browser_session_id: browserSessionId,
      session_id: row?.sessionPublicId ?? '',
      duration: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    callerGone.removeEventListener('abort', stop);
  }
}

/**
 * The `run-task` job on the worker holding its session: the task done as the API does it embedded, in the session
 * the API opened for it (`openedForTask`) or the caller's; stoppable through the door (stop-run) by the job's id.
 */
export async function runTaskJob(
  services: RunTaskServices,
  job: { jobId: string; signal: AbortSignal },
  input: RunTaskInput & { browser_session_id: string },
  openedForTask: boolean,
): Promise<RunTaskResponse> {
  const driver = driverFor(services.config, input.agent);
  return runStoppable(
    { jobId: job.jobId, environmentId: input.browser_session_id, reason: CALLER_GONE },
    async (stopped) =>
      doTask(
        services,
        input,
        driver,
        await sessionFor(services, input, openedForTask),
        AbortSignal.any([job.signal, stopped]),
      ),
  );
}

/** The agent doing the task in its session, recorded there; a session opened for the task is closed after it. */
async function doTask(
  services: RunTaskServices,
  input: RunTaskInput,
  driver: ReturnType<typeof driverFor>,
  { environment, opened }: TaskSession,
  callerGone: AbortSignal,
): Promise<RunTaskResponse> {
  const { db } = services;
  const session = environment.session;
  const started = Date.now();
  let output: Record<string, unknown> | null = null;
  let error: string | null = null;
  try {
    // A session opened for the task has it as its prompt already; the caller's gets it now.
    if (!opened) await setSessionPrompt(db, session.id, input.task);
    const timeout = AbortSignal.timeout(RUN_TASK.timeoutMs);
    const signal = AbortSignal.any([callerGone, timeout]);
    let answer: JsonValue | undefined;
    try {
      answer = await holdEnvironment(environment, () =>
        driver({
          wsEndpoint: environment.browser.wsEndpoint,
          // The open web: the session's proxy judges each request the agent's page makes.
          origins: [],
          testCase: {
            prompt: taskPrompt(input.task, input.response_format),
            outputSchema: responseFormatSchema(input.response_format),
            scoringTypes: ['output'],
          },
          sessionPublicId: session.publicId,
          signal,
        }),
      );
    } catch (failure) {
      error = timeout.aborted ? RUN_TASK_MESSAGES.timedOut : (failure as Error).message;
    }
    if (error === null) {
      const read = readAnswer(input.response_format, answer);
      if ('output' in read) {
        output = read.output;
        // The session's answer is the task's: /demo replays the latest session that has one.
        await setSessionOutput(db, session.id, output);
      } else
        error = RUN_TASK_MESSAGES.outputInvalid(
          `${read.problem} (the agent answered ${JSON.stringify(answer ?? null).slice(0, ANSWER_EXCERPT)})`,
        );
    }
    if (error !== null)
      await logToSession(db, session.id, { type: 'agent_failed', message: `The task failed: ${error}` });
  } finally {
    if (opened) await services.environments.closeEnvironment(environment);
  }
  return {
    status: error === null ? 'completed' : 'failed',
    output,
    error,
    browser_session_id: environment.publicId,
    session_id: session.publicId,
    duration: Math.round((Date.now() - started) / 100) / 10,
  };
}

/** GET /api/demo: a live browser for users with beta access, else the organization's latest run to replay. */
export async function demoFor(
  services: Pick<RunTaskServices, 'db' | 'config'>,
  organizationId: number,
  hasBetaAccess: boolean,
): Promise<DemoResponse> {
  const recording = hasBetaAccess ? undefined : await latestTaskRecording(services.db, organizationId);
  return {
    live: hasBetaAccess,
    start_url: services.config.browserSessions.demoStartUrl,
    recording: recording
      ? {
          session_id: recording.sessionPublicId,
          task: recording.prompt ?? '',
          output: recording.output,
          recorded_at: recording.recordedAt.toISOString(),
        }
      : null,
  };
}
