import {
  BROWSER_SESSION_MESSAGES,
  type BrowserSessionType,
  originOf,
  type Plan,
  responseFormatSchema,
  type TrainerSessionOptions,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { TokenService } from '../auth/tokens';
import type { LiveEnvironment } from '../environments/live';
import type { EnvironmentManager } from '../environments/manager';
import { OfflineReplay } from '../environments/offlineWeb';
import type { EnvironmentOwner } from '../environments/records';
import { askWorkerSession, type BrowserSessionAction } from '../environments/remote';
import { badRequest, conflict, HttpError, notFound } from '../kernel/http/errors';
import type { JobQueue } from '../kernel/queue/queue';
import type { BlobStore } from '../kernel/storage/blobs';
import {
  type BrowserSessionRow,
  findBrowserSession,
  insertBrowserSession,
  touchBrowserSession,
} from '../repositories/browserSessions';
import { findEnvironment } from '../repositories/environments';
import { setSessionPrompt } from '../repositories/runTasks';
import { setSessionOutput } from '../repositories/sessions';
import { schemaProblem } from './sites';

/**
 * Browser sessions (002 §2.8–2.11): an environment on the open web (environments/openWeb.ts) with a row of its
 * own under the same public id. Embedded, they run in the process that serves the API. Scaled out (REDIS_URL with
 * JOBS_IN_SERVER=false) they open on a worker, as queued runs do (BrowserSessions below): the open is a job, the
 * worker records its WORKER_URL on the job group, the API proxies live view and CDP there (sockets.ts) and passes
 * every other request for the session to the worker's door (remote.ts), with a `drive` token for it. Web flow runs
 * and run-tasks on such a session are jobs on that worker (services/webFlows/run.ts, services/runTask.ts).
 */
export interface BrowserSessionParts {
  db: Database;
  environments: EnvironmentManager;
  /** Where captured responses' large bodies are, for offline sessions. */
  blobs: BlobStore;
  /** Scaled out: browser sessions open on workers and are reached there. Absent, they run in this process. */
  workers?: BrowserSessionWorkers;
}

export interface BrowserSessionWorkers {
  queue: JobQueue;
  tokens: TokenService;
  /**
   * How long to wait for a worker with a free browser to take a session's opening (BROWSER_SESSION_WORKER_WAIT_MS);
   * none in time answers 503 as no browser does.
   */
  takeMs: number;
}

/** How long a browser session's opening may take once a worker has taken it. */
const WORKER_OPEN_MS = 60_000;
/** A `drive` token lives for one request to the worker. */
const DRIVE_TOKEN_TTL_SECONDS = 120;

export interface OpenBrowserSession {
  owner: EnvironmentOwner & { plan: Plan };
  type: BrowserSessionType;
  startUrl?: string;
  trainerSessionOptions?: TrainerSessionOptions;
}

/** Opens a browser session: its start URL checked first (400 saying why), then a browser (503 when none). */
export async function openBrowserSession(
  { db, environments, blobs }: BrowserSessionParts,
  request: OpenBrowserSession,
): Promise<{ row: BrowserSessionRow; environment: LiveEnvironment }> {
  const { owner } = request;
  const offline = request.type === 'offline' ? await offlineReplayFor(db, blobs, request) : undefined;
  if (request.startUrl && !offline) await refuseUrl(environments, request.startUrl, owner.organizationId);
  const environment = await environments.openBrowserSession(
    { organizationId: owner.organizationId, userId: owner.userId },
    owner.plan,
    `browser-session:${request.type}`,
    offline,
  );
  try {
    // The recorded session shows the task as its prompt, as a test case's run shows the test case's.
    if (request.trainerSessionOptions)
      await setSessionPrompt(db, environment.session.id, request.trainerSessionOptions.task);
    await insertBrowserSession(db, {
      publicId: environment.publicId,
      organizationId: owner.organizationId,
      userId: owner.userId,
      type: request.type,
      trainerSessionOptions: request.trainerSessionOptions ?? null,
    });
  } catch (error) {
    await environments.closeEnvironment(environment);
    throw error;
  }
  // The session exists whatever the first page does: a site that does not load shows so in the live view.
  if (request.startUrl) await navigate(environment, request.startUrl).catch(() => undefined);
  const row = await findBrowserSession(db, environment.publicId, owner.organizationId);
  if (!row) throw new Error(`The browser session ${environment.publicId} was not stored`);
  return { row, environment };
}

/**
 * An offline session's replay (002 §5: its start URL is one of the origins with captured traffic, as
 * /api/sites/origin-urls lists them): 400 saying so when the URL's origin has none.
 */
async function offlineReplayFor(db: Database, blobs: BlobStore, request: OpenBrowserSession) {
  const origin = request.startUrl ? originOf(request.startUrl) : null;
  if (!origin) throw badRequest(BROWSER_SESSION_MESSAGES.offlineStartUrl);
  const replay = await OfflineReplay.load(db, blobs, request.owner.organizationId, origin);
  if (!replay) throw badRequest(BROWSER_SESSION_MESSAGES.offlineNothingCaptured(origin));
  return replay;
}

/** The organization's browser session, and its environment when it runs in this process. */
export async function browserSession(
  { db, environments }: BrowserSessionParts,
  publicId: string,
  organizationId: number,
): Promise<{ row: BrowserSessionRow; environment: LiveEnvironment | undefined }> {
  const row = await findBrowserSession(db, publicId, organizationId);
  if (!row) throw notFound(BROWSER_SESSION_MESSAGES.notFound);
  const environment = environments.isRunning(publicId)
    ? environments.running(publicId, organizationId)
    : undefined;
  return { row, environment };
}

type RunningBrowserSession = { row: BrowserSessionRow; environment: LiveEnvironment };

/** The organization's session, running (409 once it has ended). */
async function runningBrowserSession(
  parts: BrowserSessionParts,
  publicId: string,
  organizationId: number,
): Promise<RunningBrowserSession> {
  const { row, environment } = await browserSession(parts, publicId, organizationId);
  if (!environment) throw conflict(BROWSER_SESSION_MESSAGES.notRunning(row.environmentStatus ?? 'closed'));
  return { row, environment };
}

/** Someone is using the session: its ten idle minutes start over. */
async function markActive(
  parts: BrowserSessionParts,
  { row, environment }: RunningBrowserSession,
): Promise<RunningBrowserSession> {
  const now = new Date();
  await Promise.all([
    parts.environments.heartbeat(environment),
    touchBrowserSession(parts.db, row.session.id, now),
  ]);
  return { row: { ...row, session: { ...row.session, activeAt: now } }, environment };
}

/** The page holding the session is open (the builder's heartbeat). */
export async function keepBrowserSession(
  parts: BrowserSessionParts,
  publicId: string,
  organizationId: number,
): Promise<RunningBrowserSession> {
  return markActive(parts, await runningBrowserSession(parts, publicId, organizationId));
}

/** Sends the running session's page to `url`, checked first (400 saying why); its activity starts over. */
export async function navigateBrowserSession(
  parts: BrowserSessionParts,
  publicId: string,
  organizationId: number,
  url: string,
): Promise<RunningBrowserSession> {
  const running = await runningBrowserSession(parts, publicId, organizationId);
  // An offline session's network is cut: whatever it asks for is answered from the capture, or 404.
  if (running.row.session.type !== 'offline') await refuseUrl(parts.environments, url, organizationId);
  const kept = await markActive(parts, running);
  await navigate(kept.environment, url);
  return kept;
}

/** Closes the session (its recorded session ends completed); one already ended is answered as it is. */
export async function closeBrowserSession(
  parts: BrowserSessionParts,
  publicId: string,
  organizationId: number,
): Promise<BrowserSessionRow> {
  const { environment } = await browserSession(parts, publicId, organizationId);
  if (environment) await parts.environments.closeEnvironment(environment);
  const row = await findBrowserSession(parts.db, publicId, organizationId);
  if (!row) throw notFound(BROWSER_SESSION_MESSAGES.notFound);
  return row;
}

/**
 * Task Completed (002 §2.11): `output` checked against the session's response format (400 naming the failing
 * path), kept as its recorded session's answer, then the session closed (its recorded session goes to scoring).
 */
export async function completeBrowserSession(
  parts: BrowserSessionParts,
  publicId: string,
  organizationId: number,
  output: unknown,
): Promise<BrowserSessionRow> {
  const { row, environment } = await runningBrowserSession(parts, publicId, organizationId);
  const format = row.trainerSessionOptions?.responseFormat;
  if (!format) throw conflict(BROWSER_SESSION_MESSAGES.nothingToComplete);
  const problem = schemaProblem(responseFormatSchema(format), output);
  if (problem) throw badRequest(BROWSER_SESSION_MESSAGES.outputInvalid(problem));
  await setSessionOutput(parts.db, environment.session.id, output);
  await parts.environments.closeEnvironment(environment);
  const closed = await findBrowserSession(parts.db, publicId, organizationId);
  if (!closed) throw notFound(BROWSER_SESSION_MESSAGES.notFound);
  return closed;
}

async function refuseUrl(environments: EnvironmentManager, url: string, organizationId: number) {
  const problem = await environments.openWebUrlProblem(url, organizationId);
  if (problem) throw badRequest(problem);
}

/** A navigation that does not finish (a site that does not answer) answers 504; the page shows what it got. */
async function navigate(environment: LiveEnvironment, url: string): Promise<void> {
  try {
    await environment.page.navigate(url);
  } catch (error) {
    throw new HttpError(504, `The page did not load ${url}: ${(error as Error).message}`);
  }
}

/** The address the session's page shows now ('about:blank' when the browser does not say). */
export function pageUrl(environment: LiveEnvironment): Promise<string> {
  return environment.page.currentUrl().catch(() => 'about:blank');
}

/** A running environment of the organization held by a worker, and how to ask that worker about it. */
export interface SessionOnWorker {
  workerUrl: string;
  /** The worker's WORKER_ID: where jobs on the session go (a catalog entry's `onHoldingWorker`). */
  workerId: string;
  ask<Answer>(action: BrowserSessionAction, body?: unknown, timeoutMs?: number): Promise<Answer>;
}

/**
 * Where the organization's environment runs when not here: on a worker (scaled out), or undefined (here, ended,
 * unknown, or another organization's: the caller then answers as embedded).
 */
export async function sessionOnWorker(
  parts: { db: Database; environments: EnvironmentManager; workers?: BrowserSessionWorkers },
  publicId: string,
  organizationId: number,
): Promise<SessionOnWorker | undefined> {
  const { workers } = parts;
  if (!workers || parts.environments.isRunning(publicId)) return undefined;
  const found = await findEnvironment(parts.db, publicId, organizationId);
  const { workerUrl, workerId, overallStatus } = found?.group ?? {};
  if (!workerUrl || !workerId || overallStatus !== 'running') return undefined;
  return {
    workerUrl,
    workerId,
    async ask(action, body, timeoutMs) {
      const { token } = await workers.tokens.signEnvironmentToken('drive', publicId, DRIVE_TOKEN_TTL_SECONDS);
      return askWorkerSession(workerUrl, publicId, token, action, body, timeoutMs);
    },
  };
}

/** A browser session as the routes answer it: its row, and its page's address while it runs. */
export interface BrowserSessionNow {
  row: BrowserSessionRow;
  running: { url: string } | undefined;
}

/**
 * The browser session routes' requests, wherever the session runs: in this process (the functions above), or
 * on the worker holding it, whose door (app/workerDoor.ts) calls those same functions there.
 */
export class BrowserSessions {
  constructor(private readonly parts: BrowserSessionParts) {}

  async open(request: OpenBrowserSession): Promise<BrowserSessionNow> {
    if (!this.parts.workers) {
      const { row, environment } = await openBrowserSession(this.parts, request);
      return { row, running: { url: await pageUrl(environment) } };
    }
    const publicId = await this.#openOnWorker(this.parts.workers, request);
    return this.show(publicId, request.owner.organizationId);
  }

  /** The open job, taken by a worker within `takeMs` (else 503), open within WORKER_OPEN_MS. */
  async #openOnWorker(workers: BrowserSessionWorkers, request: OpenBrowserSession): Promise<string> {
    let taken: () => void = () => undefined;
    const wasTaken = new Promise<'taken'>((resolve) => {
      taken = () => resolve('taken');
    });
    const { owner } = request;
    const added = await workers.queue.add(
      'openBrowserSession',
      {
        organizationId: owner.organizationId,
        userId: owner.userId,
        plan: owner.plan,
        type: request.type,
        startUrl: request.startUrl,
        trainerSessionOptions: request.trainerSessionOptions,
        takeBy: Date.now() + workers.takeMs,
      },
      { onProgress: () => taken() },
    );
    // A little past takeBy: a worker taking it at the last moment is heard (one taking it later refuses it).
    const first = await Promise.race([added.finished, wasTaken, after(workers.takeMs + 2_000, 'late')]);
    if (first === 'late') throw new HttpError(503, BROWSER_SESSION_MESSAGES.noBrowsers);
    const outcome = await Promise.race([added.finished, after(WORKER_OPEN_MS, 'late')]);
    if (outcome === 'late' || outcome.status === 'failed')
      throw new HttpError(503, BROWSER_SESSION_MESSAGES.noBrowsers);
    if ('status' in outcome.result) throw new HttpError(outcome.result.status, outcome.result.detail);
    return outcome.result.publicId;
  }

  async show(publicId: string, organizationId: number): Promise<BrowserSessionNow> {
    const { row, environment } = await browserSession(this.parts, publicId, organizationId);
    if (environment) return { row, running: { url: await pageUrl(environment) } };
    const worker = await sessionOnWorker(this.parts, publicId, organizationId);
    if (!worker) return { row, running: undefined };
    try {
      const { url } = await worker.ask<{ url: string }>('show');
      return { row, running: { url } };
    } catch (error) {
      // It ended between the two reads: its row says how.
      if (error instanceof HttpError && error.status === 409)
        return { row: await this.#row(publicId, organizationId), running: undefined };
      throw error;
    }
  }

  async navigate(publicId: string, organizationId: number, url: string): Promise<BrowserSessionNow> {
    const worker = await sessionOnWorker(this.parts, publicId, organizationId);
    if (worker) return this.#onWorker(worker, publicId, organizationId, 'navigate', { url });
    const { row, environment } = await navigateBrowserSession(this.parts, publicId, organizationId, url);
    return { row, running: { url: await pageUrl(environment) } };
  }

  async keep(publicId: string, organizationId: number): Promise<BrowserSessionNow> {
    const worker = await sessionOnWorker(this.parts, publicId, organizationId);
    if (worker) return this.#onWorker(worker, publicId, organizationId, 'keep', {});
    const { row, environment } = await keepBrowserSession(this.parts, publicId, organizationId);
    return { row, running: { url: await pageUrl(environment) } };
  }

  async close(publicId: string, organizationId: number): Promise<BrowserSessionRow> {
    const worker = await sessionOnWorker(this.parts, publicId, organizationId);
    if (!worker) return closeBrowserSession(this.parts, publicId, organizationId);
    // One that ended meanwhile is answered as it is, as here.
    await worker.ask('close').catch((error: unknown) => {
      if (!(error instanceof HttpError && error.status === 409)) throw error;
    });
    return this.#row(publicId, organizationId);
  }

  async complete(publicId: string, organizationId: number, output: unknown): Promise<BrowserSessionRow> {
    const worker = await sessionOnWorker(this.parts, publicId, organizationId);
    if (!worker) return completeBrowserSession(this.parts, publicId, organizationId, output);
    await worker.ask('complete', { output });
    return this.#row(publicId, organizationId);
  }

  async #onWorker(
    worker: SessionOnWorker,
    publicId: string,
    organizationId: number,
    action: 'navigate' | 'keep',
    body: unknown,
  ): Promise<BrowserSessionNow> {
    // The worker waits for a navigation as long as a page takes to load: longer than a quick answer.
    const { url } = await worker.ask<{ url: string }>(action, body, WORKER_OPEN_MS);
    return { row: await this.#row(publicId, organizationId), running: { url } };
  }

  async #row(publicId: string, organizationId: number): Promise<BrowserSessionRow> {
    const row = await findBrowserSession(this.parts.db, publicId, organizationId);
    if (!row) throw notFound(BROWSER_SESSION_MESSAGES.notFound);
    return row;
  }
}

function after<T extends string>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms).unref());
}
