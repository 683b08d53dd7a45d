import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_REQUEST_BODY_BYTES, type SimulatorResponse } from '@proctor/simulators';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isPublicServable,
  NOT_SERVABLE_MESSAGE,
  publicAliasOf,
  servePublicRequest,
} from '../environments/publicSimulator';
import { publicRequestOnWorker } from '../environments/remote';
import { HttpError } from '../kernel/http/errors';
import { findOpenKeepalive } from '../repositories/environments';
import type { AppContext } from '../routes/context';

/** How long the token a server sends a worker with one visitor's request lives: it need not outlive the answer. */
const WORKER_ASK_TTL_SECONDS = 60;

/**
 * Public environments: a request whose Host is {alias}.sims.{host} is answered, before any of Proctor's routes,
 * hooks or sign-in, by the simulator of the running keepalive environment with that alias (this process's, or
 * the worker's holding it, through its door). Nothing else is reachable under those names, whatever the path:
 * /api/… there is the simulator's path space. An alias with no running environment gets a page that says so.
 */
export function servePublicEnvironments(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request, reply) => {
    const alias = publicAliasOf(request.headers.host, ctx.config.publicUrl);
    if (alias === undefined) return;
    reply.hijack();
    const answer = await publicAnswer(ctx, alias, request).catch((error: unknown) => {
      if (error instanceof HttpError && error.status < 500) return page(error.status, error.detail);
      request.log.error({ err: error, alias }, 'public environment request failed');
      return page(502, error instanceof HttpError ? error.detail : 'The environment could not answer.');
    });
    send(reply.raw, answer);
  });
}

async function publicAnswer(
  ctx: AppContext,
  alias: string,
  request: FastifyRequest,
): Promise<SimulatorResponse> {
  const notRunning = page(
    404,
    `No environment named “${alias}” is running. It may have been closed, or it was never started.`,
  );
  const open = await findOpenKeepalive(ctx.db, alias);
  if (open?.status !== 'running') return notRunning;
  // The visitor's own origin, as the browser sees it (behind a TLS proxy too, when TRUST_PROXY believes it).
  const publicOrigin = `${request.protocol}://${request.headers.host}`;
  const local = ctx.environments.byId(open.publicId);
  if (local) {
    if (!local.keepalive || local.instance.destroyed) return notRunning;
    if (!isPublicServable(local.instance)) return page(501, NOT_SERVABLE_MESSAGE);
    const body = await readBody(request.raw);
    if (body === null) return page(413, 'The request body is larger than the simulator accepts.');
    return servePublicRequest(local.instance, publicRequest(request, body), publicOrigin);
  }
  if (!open.workerUrl)
    return page(
      502,
      'The environment runs in another Proctor process, which this one cannot reach (it has no WORKER_URL).',
    );
  const body = await readBody(request.raw);
  if (body === null) return page(413, 'The request body is larger than the simulator accepts.');
  const { token } = await ctx.tokens.signEnvironmentToken('public', open.publicId, WORKER_ASK_TTL_SECONDS);
  const answer = await publicRequestOnWorker(
    open.workerUrl,
    open.publicId,
    token,
    publicRequest(request, body),
    publicOrigin,
  );
  // The worker's own refusals (the environment ended meanwhile) read as the alias not running.
  return answer.status === 401 || answer.status === 404 ? notRunning : answer;
}

function publicRequest(request: FastifyRequest, body: Buffer) {
  return { method: request.method, url: request.raw.url ?? '/', headers: request.headers, body };
}

/** The body, or null past the simulator's limit (what the simulator host itself accepts). */
async function readBody(raw: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_REQUEST_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function send(raw: ServerResponse, answer: SimulatorResponse): void {
  if (raw.headersSent) return void raw.end();
  raw.writeHead(answer.status, answer.headers);
  raw.end(answer.body);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Proctor's own answer under a public name: a plain page, since a person's browser reads it. */
function page(status: number, message: string): SimulatorResponse {
  const title = status === 404 ? 'Environment not running' : 'Environment unavailable';
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${escapeHtml(message)}</p></body></html>`,
  };
}
