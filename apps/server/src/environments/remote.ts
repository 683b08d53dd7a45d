import type { Mutation, SimulatorResponse } from '@proctor/simulators';
import WebSocket from 'ws';
import { HttpError } from '../kernel/http/errors';
import {
  NOT_PASSED_ON,
  PUBLIC_ORIGIN_HEADER,
  PUBLIC_TOKEN_HEADER,
  type PublicRequest,
} from './publicSimulator';

/**
 * Environments another Proctor process holds: a `proctor worker` running a run records its WORKER_URL on the
 * environment, and the servers reach the environment's state, live view and CDP there, with the same capability
 * tokens (the worker and the servers share the signing secret through their database). Nothing here widens
 * who may see what: the server checks the caller before asking, and the worker checks the token again.
 */

/** How long a worker may take to answer a request for an environment's state. */
const WORKER_ANSWER_MS = 10_000;
/** The worker's door for an environment's state (the live view and CDP use the server's own paths). */
export const WORKER_STATE_ROUTE = '/internal/environments/:id/state';
const workerStatePath = (environmentId: string) =>
  WORKER_STATE_ROUTE.replace(':id', encodeURIComponent(environmentId));
/** The worker's door for ending an environment it holds, failing its session with the message sent. */
export const WORKER_STOP_ROUTE = '/internal/environments/:id/stop';
/** The longest failure message a worker takes from a server. */
export const WORKER_STOP_MESSAGE_MAX = 2_000;

/** Asks the worker holding an environment to fail it with `message`, with a `stop` token for it. */
export async function stopOnWorker(
  workerUrl: string,
  environmentId: string,
  token: string,
  message: string,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(
      `${workerUrl}${WORKER_STOP_ROUTE.replace(':id', encodeURIComponent(environmentId))}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message }),
        signal: AbortSignal.timeout(WORKER_ANSWER_MS),
      },
    );
  } catch (error) {
    throw new HttpError(
      502,
      `The worker running the environment (${workerUrl}) cannot be reached: ${(error as Error).message}`,
    );
  }
  if (response.status === 404) throw new HttpError(409, 'The environment is no longer running');
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: string } | null;
    throw new HttpError(
      502,
      `The worker running the environment answered ${response.status}${body?.detail ? `: ${body.detail}` : ''}`,
    );
  }
}

/** The net mutations of an environment a worker holds, asked of that worker with a `live` token for it. */
export async function workerMutations(
  workerUrl: string,
  environmentId: string,
  token: string,
): Promise<Mutation[]> {
  let response: Response;
  try {
    response = await fetch(`${workerUrl}${workerStatePath(environmentId)}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(WORKER_ANSWER_MS),
    });
  } catch (error) {
    throw new HttpError(
      502,
      `The worker running the environment (${workerUrl}) cannot be reached: ${(error as Error).message}`,
    );
  }
  const body = (await response.json().catch(() => null)) as {
    mutations?: Mutation[];
    detail?: string;
  } | null;
  if (response.status === 404) throw new HttpError(409, 'The environment is no longer running');
  if (!response.ok || !Array.isArray(body?.mutations))
    throw new HttpError(
      502,
      `The worker running the environment answered ${response.status}${body?.detail ? `: ${body.detail}` : ''}`,
    );
  return body.mutations;
}

/**
 * The worker's door for a keepalive environment's public URL: the path and query after it go to the
 * environment's simulator instance, with a `public` token for it in PUBLIC_TOKEN_HEADER.
 */
export const WORKER_PUBLIC_ROUTE = '/internal/environments/:id/public/*';
export const workerPublicPrefix = (environmentId: string) =>
  `/internal/environments/${encodeURIComponent(environmentId)}/public`;

/** Passes a visitor's request for a public URL on to the worker holding the environment; its answer as it is. */
export async function publicRequestOnWorker(
  workerUrl: string,
  environmentId: string,
  token: string,
  request: PublicRequest,
  publicOrigin: string,
): Promise<SimulatorResponse> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'host' || NOT_PASSED_ON.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.set(PUBLIC_TOKEN_HEADER, token);
  headers.set(PUBLIC_ORIGIN_HEADER, publicOrigin);
  const path = request.url.startsWith('/') ? request.url : '/';
  let response: Response;
  try {
    response = await fetch(`${workerUrl}${workerPublicPrefix(environmentId)}${path}`, {
      method: request.method,
      headers,
      body: request.method === 'GET' || request.method === 'HEAD' ? undefined : new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(WORKER_ANSWER_MS),
    });
  } catch (error) {
    throw new HttpError(
      502,
      `The worker running the environment (${workerUrl}) cannot be reached: ${(error as Error).message}`,
    );
  }
  const answered: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-encoding' && !NOT_PASSED_ON.has(name))
      answered[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) answered['set-cookie'] = cookies;
  return { status: response.status, headers: answered, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The worker's door for a browser session it holds (scaled out, browser sessions open on workers): the API passes
 * each request for the session's page (show, keep, navigate, close, complete, a web flow's node, element-at, a run's
 * check and stop) on here with a `drive` token for it, and answers what the worker answers, status and detail as
 * they are. The worker answers 410 when it no longer holds the session.
 */
export const WORKER_BROWSER_SESSION_ROUTE = '/internal/browser-sessions/:id/:action';
export const BROWSER_SESSION_ACTIONS = [
  'show',
  'keep',
  'navigate',
  'close',
  'complete',
  'run-node',
  'element-at',
  'run-check',
  'stop-run',
] as const;
export type BrowserSessionAction = (typeof BROWSER_SESSION_ACTIONS)[number];
/** What the door answers for a session it does not hold (ended, or never here). */
export const NOT_HELD_STATUS = 410;

/** Passes a browser session's request to the worker holding it; its answer, or its refusal as an HttpError. */
export async function askWorkerSession<Answer>(
  workerUrl: string,
  environmentId: string,
  token: string,
  action: BrowserSessionAction,
  body: unknown,
  timeoutMs: number = WORKER_ANSWER_MS,
): Promise<Answer> {
  const path = WORKER_BROWSER_SESSION_ROUTE.replace(':id', encodeURIComponent(environmentId)).replace(
    ':action',
    action,
  );
  let response: Response;
  try {
    response = await fetch(`${workerUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new HttpError(
      502,
      `The worker running the browser session (${workerUrl}) cannot be reached: ${(error as Error).message}`,
    );
  }
  const answer = (await response.json().catch(() => null)) as (Answer & { detail?: string }) | null;
  if (response.status === NOT_HELD_STATUS) throw new HttpError(409, 'The environment is no longer running');
  if (!response.ok)
    throw new HttpError(
      response.status,
      answer?.detail ?? `The worker running the browser session answered ${response.status}`,
    );
  return answer as Answer;
}

/** A close code a peer may send (1005, 1006 and 1015 are only ever reported, never sent). */
const sendable = (code: number) =>
  (code >= 3000 && code < 5000) || (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code));

/**
 * Joins a client's socket to the same door on the worker holding the environment: messages both ways as they
 * come (text stays text, binary stays binary), what the client sends before the worker answers is held until it
 * does, and either side's close closes the other with its code.
 */
export function pipeToWorker(client: WebSocket, upstreamUrl: string): void {
  // What the worker sends (live view frames, CDP answers with screenshots) is large; what the client may send
  // was bounded by the door it came through.
  const upstream = new WebSocket(upstreamUrl, { maxPayload: 256 * 1024 * 1024, perMessageDeflate: false });
  const held: Array<{ data: WebSocket.RawData; binary: boolean }> = [];
  client.on('message', (data, binary) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.send(data, { binary });
    else if (upstream.readyState === WebSocket.CONNECTING) held.push({ data, binary });
  });
  upstream.on('open', () => {
    for (const { data, binary } of held.splice(0)) upstream.send(data, { binary });
  });
  upstream.on('message', (data, binary) => {
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary });
  });
  upstream.on('close', (code, reason) => {
    if (client.readyState === WebSocket.OPEN || client.readyState === WebSocket.CONNECTING)
      client.close(sendable(code) ? code : 1011, reason.toString() || 'The worker closed the connection');
  });
  upstream.on('error', () => {
    if (client.readyState === WebSocket.OPEN)
      client.close(1011, 'The worker running the environment cannot be reached');
  });
  client.on('close', (code, reason) => {
    if (upstream.readyState === WebSocket.OPEN) upstream.close(sendable(code) ? code : 1000, reason);
    else if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
  });
  client.on('error', () => upstream.terminate());
}

/** The worker's address of the same door, ws(s) for http(s). */
export function workerSocketUrl(workerUrl: string, pathAndQuery: string): string {
  return `${workerUrl.replace(/^http/, 'ws')}${pathAndQuery}`;
}
