import { z } from 'zod';
import { BrowserUrl } from './browserSessions';
import { endpoint } from './http';
import { ResponseFormat } from './responseFormat';

/**
 * The AI browser (002 §2.9, §7.12 run-task) and the demo (002 §2.10): a task in words on a start page, done by
 * one of the built-in model agents in a browser session on the open web, answered as JSON of the response
 * format's fields. The model is Proctor's own configured one (AGENT_LLM_* for the DOM agent, the computer-use
 * settings for the others): there is no second service to run (issue 31 item 9).
 */

/** The built-in model agents a task may be given to (@proctor/contracts BUILT_IN_AGENTS' model kinds). */
export const RUN_TASK_AGENTS = ['dom', 'openai_cua', 'anthropic_cua'] as const;
export const RunTaskAgent = z.enum(RUN_TASK_AGENTS);
export type RunTaskAgent = z.infer<typeof RunTaskAgent>;

export const RUN_TASK = {
  maxTaskLength: 4_000,
  /** The agent's actions, at most (it answers before, or the run fails saying so). */
  maxSteps: 30,
  /** The whole run, at most. */
  timeoutMs: 10 * 60_000,
} as const;

export const RUN_TASK_MESSAGES = {
  taskRequired: 'Describe the task',
  outputInvalid: (errors: string) => `The answer does not match the response format: ${errors}`,
  timedOut: `The task did not finish within ${RUN_TASK.timeoutMs / 60_000} minutes`,
  /** /demo's Run for a user without has_beta_access (002 §2.10). */
  demoNeedsBeta: 'Live runs on the demo need beta access; this is a replay of a recorded run.',
} as const;

export const RunTaskRequest = z.object({
  start_url: BrowserUrl,
  task: z.string().trim().min(1, { error: RUN_TASK_MESSAGES.taskRequired }).max(RUN_TASK.maxTaskLength),
  response_format: ResponseFormat,
  agent: RunTaskAgent.default('dom'),
  /**
   * A running browser session of the caller's organization to do it in (the /web-editor's, shown live); without
   * one a session is opened for the task and closed after it.
   */
  browser_session_id: z.string().min(1).max(100).optional(),
});
export type RunTaskRequest = z.input<typeof RunTaskRequest>;

export const RunTaskResponse = z.object({
  status: z.enum(['completed', 'failed']),
  /** The answer, following response_format; null when the run failed. */
  output: z.record(z.string(), z.unknown()).nullable(),
  /** Why it failed. */
  error: z.string().nullable(),
  /** The browser session it ran in. */
  browser_session_id: z.string(),
  /** The recorded session (/sessions/{id}: steps, screenshots, replay). */
  session_id: z.string(),
  /** Seconds from the first step to the answer. */
  duration: z.number(),
});
export type RunTaskResponse = z.infer<typeof RunTaskResponse>;

export const RunTaskAvailability = z.object({
  agents: z.array(
    z.object({
      agent: RunTaskAgent,
      /** Why it cannot run here (its model is not configured), or null. */
      unavailable: z.string().nullable(),
    }),
  ),
});
export type RunTaskAvailability = z.infer<typeof RunTaskAvailability>;

/** GET /api/demo: what the demo page shows this user (002 §2.10). */
export const DemoResponse = z.object({
  /** has_beta_access: a real remote browser, opened on start_url, and Run. */
  live: z.boolean(),
  /** DEMO_START_URL; null when the install has not set one (the live demo then asks for nothing else). */
  start_url: z.string().nullable(),
  /** For everyone else: the organization's latest completed AI-browser run, replayed and labelled so. */
  recording: z
    .object({
      session_id: z.string(),
      task: z.string(),
      output: z.unknown(),
      recorded_at: z.string(),
    })
    .nullable(),
});
export type DemoResponse = z.infer<typeof DemoResponse>;

export const runTaskEndpoints = {
  runTask: endpoint({
    method: 'POST',
    path: '/api/run-task',
    tag: 'run-task',
    summary:
      'A task done by a built-in model agent in a browser on the open web, answered as JSON of response_format (waits for the answer)',
    body: RunTaskRequest,
    response: RunTaskResponse,
  }),
  runTaskAvailability: endpoint({
    method: 'GET',
    path: '/api/run-task/agents',
    tag: 'run-task',
    summary: 'Which built-in model agents can do tasks here, and why not',
    response: RunTaskAvailability,
  }),
  demo: endpoint({
    method: 'GET',
    path: '/api/demo',
    tag: 'run-task',
    summary: "The demo page's browser: live for users with beta access, else a recorded run's replay",
    response: DemoResponse,
  }),
} as const;
