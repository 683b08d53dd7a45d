import {
  BROWSER_SESSION_MESSAGES,
  type BrowserSessionType,
  originOf,
  type Plan,
  responseFormatSchema,
  type TrainerSessionOptions,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { LiveEnvironment } from '../environments/live';
import type { EnvironmentManager } from '../environments/manager';
import { OfflineReplay } from '../environments/offlineWeb';
import type { EnvironmentOwner } from '../environments/records';
import { badRequest, conflict, HttpError, notFound } from '../kernel/http/errors';
import type { BlobStore } from '../kernel/storage/blobs';
import {
  type BrowserSessionRow,
  findBrowserSession,
  insertBrowserSession,
  touchBrowserSession,
} from '../repositories/browserSessions';
import { setSessionPrompt } from '../repositories/runTasks';
import { setSessionOutput } from '../repositories/sessions';
import { schemaProblem } from './sites';

/**
 * Browser sessions (002 §2.8–2.11): an environment on the open web (environments/openWeb.ts) with a row of its
 * own under the same public id. They run in the process that serves the API (the embedded default); scaled out,
 * make2's environments go to the worker that holds them, and browser sessions would go the same way (the
 * worker's WORKER_URL on the job group, the API proxying live view and CDP): not built yet, so a server with
 * JOBS_IN_SERVER=false still opens them in itself.
 */
export interface BrowserSessionParts {
  db: Database;
  environments: EnvironmentManager;
  /** Where captured responses' large bodies are, for offline sessions. */
  blobs: BlobStore;
}

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
