import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { LIVE_VIEW, LIVE_VIEW_CLOSE } from '@proctor/contracts';
import type { Database } from '@proctor/db';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { TokenService } from '../auth/tokens';
import { refuseOnSocket } from '../kernel/http/socketRefusal';
import { workerHolding } from '../repositories/environments';
import type { EnvironmentManager } from './manager';
import { publicAliasOf } from './publicSimulator';
import { pipeToWorker, workerSocketUrl } from './remote';

/** What the doors need: a server's context, or a worker's (which serves the same doors to the servers). */
export interface SocketContext {
  tokens: TokenService;
  environments: EnvironmentManager;
  db: Database;
}

/** The largest message each door takes. */
const MAX_PAYLOAD = {
  // An agent's commands can be large (a script to evaluate, a file's contents for an upload).
  cdp: 64 * 1024 * 1024,
  // A viewer sends mouse and keys only: a larger message is refused before it is buffered.
  live: LIVE_VIEW.maxViewerMessageBytes,
};

/**
 * An environment's two WebSocket doors on Proctor's port, each opened by a capability token: `/cdp/{token}` for
 * an agent's DevTools connection, `/live/{environmentId}/ws?token=…` for a viewer. Anything else is refused.
 */
export function attachEnvironmentSockets(
  app: FastifyInstance,
  ctx: SocketContext,
  options: {
    /** False on a worker's door: it serves its own environments and sends nobody on (no loops). */
    forward: boolean;
    /** PUBLIC_URL, whose public environment names (publicSimulator.ts) open none of these doors. */
    publicUrl?: string;
  } = { forward: true },
): void {
  const sockets: Sockets = {
    cdp: new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD.cdp }),
    live: new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD.live }),
  };
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Simulators take no WebSocket connections, and a public name reaches nothing but a simulator.
    if (options.publicUrl && publicAliasOf(request.headers.host, options.publicUrl) !== undefined)
      return refuseOnSocket(socket, 404, 'A public environment accepts no WebSocket connections');
    void route(ctx, sockets, options.forward, request, socket, head).catch((error: unknown) => {
      app.log.error({ err: error }, 'environment socket failed');
      refuseOnSocket(socket, 500, 'Internal server error');
    });
  });
  app.addHook('onClose', async () => {
    for (const server of [sockets.cdp, sockets.live]) {
      for (const client of server.clients) client.terminate();
      server.close();
    }
  });
}

interface Sockets {
  cdp: WebSocketServer;
  live: WebSocketServer;
}

async function route(
  ctx: SocketContext,
  sockets: Sockets,
  forward: boolean,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://proctor.invalid');
  const cdp = /^\/cdp\/([^/]+)\/?$/.exec(url.pathname);
  if (cdp) {
    const environmentId = await ctx.tokens.verifyEnvironmentToken('cdp', decodeURIComponent(cdp[1]!));
    const environment = environmentId ? ctx.environments.byId(environmentId) : undefined;
    const worker =
      forward && environmentId && !environment ? await workerHolding(ctx.db, environmentId) : null;
    if (worker) {
      sockets.cdp.handleUpgrade(request, socket, head, (client) =>
        pipeToWorker(client, workerSocketUrl(worker, url.pathname)),
      );
      return;
    }
    if (!environment) return refuseOnSocket(socket, 404, 'Environment not found, or the CDP URL has expired');
    // Before the upgrade, not after: a client's first commands must find the proxy listening, and no agent
    // acts before the recorder is attached.
    await environment.recording;
    sockets.cdp.handleUpgrade(request, socket, head, (client) =>
      ctx.environments.connectCdpClient(environment, client),
    );
    return;
  }
  const live = /^\/live\/([^/]+)\/ws$/.exec(url.pathname);
  if (live) {
    const environmentId = await ctx.tokens.verifyEnvironmentToken(
      'live',
      url.searchParams.get('token') ?? '',
    );
    const allowed = environmentId !== null && environmentId === decodeURIComponent(live[1]!);
    const environment = allowed ? ctx.environments.byId(environmentId) : undefined;
    const worker = forward && allowed && !environment ? await workerHolding(ctx.db, environmentId) : null;
    // Refused after the upgrade, with the live view's close codes: the viewer then stops reconnecting
    // (an HTTP refusal reads to a browser as a dropped connection, which it retries).
    sockets.live.handleUpgrade(request, socket, head, (viewer) => {
      if (!allowed)
        return viewer.close(LIVE_VIEW_CLOSE.unauthorized.code, LIVE_VIEW_CLOSE.unauthorized.reason);
      if (worker) return pipeToWorker(viewer, workerSocketUrl(worker, `${url.pathname}${url.search}`));
      if (!environment) return viewer.close(LIVE_VIEW_CLOSE.notFound.code, LIVE_VIEW_CLOSE.notFound.reason);
      ctx.environments
        .addViewer(environment, viewer)
        .catch(() => viewer.close(1011, 'The live view could not start'));
    });
    return;
  }
  refuseOnSocket(socket, 404, 'Not found');
}
