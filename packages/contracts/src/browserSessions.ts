import { z } from 'zod';
import { Timestamp } from './common';
import { endpoint } from './http';
import { ResponseFormat } from './responseFormat';

/**
 * Browser sessions (002 §2.8–2.11, §3 BrowserSession): a browser on the open web for the builder, the AI
 * browser, the trainer, offline sessions and the demo. Each is an environment (its publicId is the
 * environment's, so the environment calls, its CDP URL and its live view work on it) from the same warm pool
 * and slots, whose network goes out through the outbound guard: private, loopback and link-local addresses
 * refused unless BROWSER_SESSION_ALLOWED_ADDRESSES allows them, the organization's own running simulator
 * instances reachable, Proctor's own sockets never. Its session records steps and network requests.
 *
 * Who may call: BROWSER_SESSION_PERMISSIONS, inside the caller's organization (another's answers 404).
 */

export const BROWSER_SESSION_TYPES = ['builder', 'ai', 'trainer', 'offline', 'demo'] as const;
export const BrowserSessionType = z.enum(BROWSER_SESSION_TYPES);
export type BrowserSessionType = z.infer<typeof BrowserSessionType>;

/** Who opens browser sessions: the builder's (dashboard access), the trainer's (recorders) and admins. */
export const BROWSER_SESSION_PERMISSIONS = [
  'dashboard_access',
  'playground_access',
  'is_human_recorder',
  'is_account_admin',
  'is_admin',
] as const;

export const BROWSER_SESSION = {
  /** The remote browser's viewport; views scale it to fit (002 §9). */
  viewport: { width: 1600, height: 900 },
  /** Without activity (a navigation, a heartbeat, someone driving it) for this long, it is closed. */
  idleTimeoutMs: 10 * 60_000,
  /** One answer of an outside site, whole (the proxy hands it to the browser once read). */
  maxResponseBytes: 25 * 1024 * 1024,
  /** One exchange with an outside site. */
  requestTimeoutMs: 30_000,
  maxUrlLength: 8192,
} as const;

export const BROWSER_SESSION_MESSAGES = {
  /** No slot, no browser, or the browser did not start (002 §8). */
  noBrowsers: 'No browsers available. Please try again in a couple minutes.',
  notFound: 'Browser session not found',
  notRunning: (status: string) => `The browser session is ${status}`,
  urlInvalid: 'url must be an absolute http(s) URL',
  /** An offline session replays captured traffic (002 §5): its start URL is on an origin that has some. */
  offlineStartUrl:
    'An offline session needs a start_url on one of the origins with captured traffic (/api/sites/origin-urls)',
  offlineNothingCaptured: (origin: string) =>
    `${origin} has no captured traffic to replay offline: start from one of the origins /api/sites/origin-urls lists`,
  /** A trainer or offline session is opened on a task with the format of its answer (002 §2.11). */
  taskRequired: (type: string) => `A ${type} session needs a task`,
  responseFormatRequired: (type: string) => `A ${type} session needs a response_format`,
  taskNotTaken: (type: string) => `A ${type} session takes no task or response_format`,
  /** Task Completed on a session that was given no response format (a builder's, the AI browser's). */
  nothingToComplete: 'This browser session has no task to complete',
  outputInvalid: (problem: string) => `The output does not match the response format: ${problem}`,
} as const;

/** The session types opened on a task with a response format, and answered by Task Completed (002 §2.11). */
export const TASK_BROWSER_SESSION_TYPES = [
  'trainer',
  'offline',
] as const satisfies readonly BrowserSessionType[];

export const BROWSER_SESSION_TASK = { maxTaskLength: 4_000 } as const;

export const BrowserSessionStatus = z.enum(['running', 'closed', 'failed']);
export type BrowserSessionStatus = z.infer<typeof BrowserSessionStatus>;

/** A trainer or offline session's task (002 §3 trainerSessionOptions), kept for the page that runs it. */
export const TrainerSessionOptions = z.object({
  task: z.string(),
  responseFormat: ResponseFormat,
});
export type TrainerSessionOptions = z.infer<typeof TrainerSessionOptions>;

export const BrowserUrl = z
  .string()
  .trim()
  .max(BROWSER_SESSION.maxUrlLength)
  .pipe(z.url({ protocol: /^https?$/, error: BROWSER_SESSION_MESSAGES.urlInvalid }));

export const CreateBrowserSessionRequest = z
  .object({
    type: BrowserSessionType,
    /** Where the browser opens; it stays on about:blank without one. Checked by the outbound guard first (400). */
    start_url: BrowserUrl.optional(),
    /** A trainer's or offline session's task, in words (required for those types, refused for the others). */
    task: z.string().trim().max(BROWSER_SESSION_TASK.maxTaskLength).optional(),
    /** The fields its answer holds (required for trainer and offline sessions, refused for the others). */
    response_format: ResponseFormat.optional(),
  })
  .superRefine((request, context) => {
    const takesTask = (TASK_BROWSER_SESSION_TYPES as readonly string[]).includes(request.type);
    if (takesTask && !request.task)
      context.addIssue({
        code: 'custom',
        path: ['task'],
        message: BROWSER_SESSION_MESSAGES.taskRequired(request.type),
      });
    if (takesTask && !request.response_format)
      context.addIssue({
        code: 'custom',
        path: ['response_format'],
        message: BROWSER_SESSION_MESSAGES.responseFormatRequired(request.type),
      });
    if (!takesTask && (request.task !== undefined || request.response_format !== undefined))
      context.addIssue({
        code: 'custom',
        path: ['task'],
        message: BROWSER_SESSION_MESSAGES.taskNotTaken(request.type),
      });
  });
export type CreateBrowserSessionRequest = z.input<typeof CreateBrowserSessionRequest>;

export const NavigateBrowserSessionRequest = z.object({ url: BrowserUrl });
export type NavigateBrowserSessionRequest = z.input<typeof NavigateBrowserSessionRequest>;

/** Task Completed: the answer, checked against the session's response format (the JSON Schema it makes). */
export const CompleteBrowserSessionRequest = z.object({
  output: z.unknown().refine((output) => output !== undefined, { error: 'output is required' }),
});
export type CompleteBrowserSessionRequest = z.input<typeof CompleteBrowserSessionRequest>;

export const BrowserSessionParam = z.object({ publicId: z.string().min(1).max(100) });

export const BrowserSession = z.object({
  /** Also the id of its environment (/api/env/{id}/…, /live/{id}). */
  publicId: z.string(),
  type: BrowserSessionType,
  status: BrowserSessionStatus,
  /** Why it failed, when it did. */
  error: z.string().nullable(),
  /** Its last activity (made, navigated). */
  activeAt: Timestamp.nullable(),
  createdAt: Timestamp,
  completedAt: Timestamp.nullable(),
  /** The recorded session it runs (steps, network requests). */
  sessionPublicId: z.string().nullable(),
  trainerSessionOptions: TrainerSessionOptions.nullable(),
  /** The page's address while it runs. */
  url: z.string().nullable(),
  /** The live view (with its token) while it runs. */
  liveViewUrl: z.string().nullable(),
  viewport: z.object({ width: z.number().int(), height: z.number().int() }),
});
export type BrowserSession = z.infer<typeof BrowserSession>;

export const browserSessionEndpoints = {
  createBrowserSession: endpoint({
    method: 'POST',
    path: '/api/browser-sessions',
    tag: 'browser-sessions',
    summary: `A browser on the open web from the pool (1600x900), opened on start_url; 503 "${BROWSER_SESSION_MESSAGES.noBrowsers}" when none is free`,
    body: CreateBrowserSessionRequest,
    response: BrowserSession,
    status: 201,
  }),
  browserSession: endpoint({
    method: 'GET',
    path: '/api/browser-sessions/:publicId',
    tag: 'browser-sessions',
    summary: 'A browser session: its status, page address and live view while it runs',
    params: BrowserSessionParam,
    response: BrowserSession,
  }),
  navigateBrowserSession: endpoint({
    method: 'POST',
    path: '/api/browser-sessions/:publicId/navigate',
    tag: 'browser-sessions',
    summary:
      "Send the session's page to url (checked by the outbound guard first: a refused address answers 400 saying why)",
    params: BrowserSessionParam,
    body: NavigateBrowserSessionRequest,
    response: BrowserSession,
  }),
  browserSessionHeartbeat: endpoint({
    method: 'POST',
    path: '/api/browser-sessions/:publicId/heartbeat',
    tag: 'browser-sessions',
    summary:
      'The page holding the session is open: its ten idle minutes start over (for whoever may open one, unlike an environment heartbeat)',
    params: BrowserSessionParam,
    response: BrowserSession,
  }),
  closeBrowserSession: endpoint({
    method: 'POST',
    path: '/api/browser-sessions/:publicId/close',
    tag: 'browser-sessions',
    summary: 'Close the browser session and end its recorded session',
    params: BrowserSessionParam,
    response: BrowserSession,
  }),
  completeBrowserSession: endpoint({
    method: 'POST',
    path: '/api/browser-sessions/:publicId/complete',
    tag: 'browser-sessions',
    summary:
      "Task Completed (002 §2.11): the output, checked against the session's response format (400 naming the failing path), becomes its recorded session's, and the session closes (its recorded session goes to scoring)",
    params: BrowserSessionParam,
    body: CompleteBrowserSessionRequest,
    response: BrowserSession,
  }),
} as const;
