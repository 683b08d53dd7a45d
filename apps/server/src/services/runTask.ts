import {
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
import { badRequest } from '../kernel/http/errors';
import { latestTaskRecording, setSessionPrompt } from '../repositories/runTasks';
import { logToSession, setSessionOutput } from '../repositories/sessions';
import {
  type BrowserSessionParts,
  keepBrowserSession,
  navigateBrowserSession,
  type OpenBrowserSession,
  openBrowserSession,
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

/** The running browser session the task is to be done in: the caller's (navigated to the start URL) or a new one. */
async function sessionFor(
  services: RunTaskServices,
  input: RunTaskInput,
): Promise<{ environment: LiveEnvironment; opened: boolean }> {
  const { owner } = input;
  if (input.browser_session_id) {
    const { environment } = await keepBrowserSession(
      services,
      input.browser_session_id,
      owner.organizationId,
    );
    refuseIfDriven(environment);
    await navigateBrowserSession(services, environment.publicId, owner.organizationId, input.start_url);
    return { environment, opened: false };
  }
  const { environment } = await openBrowserSession(services, {
    owner,
    type: 'ai',
    startUrl: input.start_url,
    trainerSessionOptions: { task: input.task, responseFormat: input.response_format },
  });
  return { environment, opened: true };
}

/**
 * Does the task and answers when it is done. Refusals come first as `{detail}`: no model (400 saying which
 * setting), no browser (503), a refused start URL (400), the caller's session unknown (404), ended or busy (409).
 * Then the run always answers: completed with the output, or failed saying why (the agent's error, no valid
 * answer, the time limit, the caller gone). A session opened for the task is closed after it.
 */
export async function runTask(
  services: RunTaskServices,
  input: RunTaskInput,
  callerGone: AbortSignal,
): Promise<RunTaskResponse> {
  const settings = modelSettings(services.config);
  const unavailable = modelAgentUnavailable(input.agent, runnableWith(settings));
  if (unavailable) throw badRequest(unavailable);
  const driver = modelDriverFor(input.agent, settings, RUN_TASK.maxSteps);
  const { environment, opened } = await sessionFor(services, input);
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
