import { EventEmitter } from 'node:events';
import type { ProtocolMapping } from 'devtools-protocol/types/protocol-mapping';
import WebSocket from 'ws';
import type { CdpChannel, CdpMessage } from './multiplexer';

type Commands = ProtocolMapping.Commands;
type Events = ProtocolMapping.Events;

export type CdpMethod = keyof Commands;
export type CdpParams<M extends CdpMethod> = Commands[M]['paramsType'][0];
export type CdpResult<M extends CdpMethod> = Commands[M]['returnType'];
export type CdpEventName = keyof Events;
export type CdpEventParams<E extends CdpEventName> = Events[E][0];

/** A protocol error answered by Chromium (`{error: {code, message}}`), or the connection closing under a call. */
export class CdpError extends Error {
  constructor(
    readonly method: string,
    message: string,
    readonly code?: number,
  ) {
    super(`${method}: ${message}`);
  }
}

/** Where a connection's messages travel: a WebSocket, or a channel of the browser's multiplexer in this process. */
interface CdpLink {
  send(message: CdpMessage): void;
  close(): void;
}

interface Pending {
  method: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

/**
 * Proctor's own raw CDP client for one browser-level WebSocket, or for a channel of a browser this process
 * launched (the same messages without a socket in between). Proctor instruments pages with this, never
 * with a second Playwright client: two Playwright clients on one page fight over dialogs (NOTES.md).
 * Sessions are flat (`Target.attachToTarget {flatten: true}`): a command for a page carries its sessionId.
 * Events arrive as `connection.on(method, (params, sessionId) => …)`; 'close' when the link ends.
 */
export class CdpConnection extends EventEmitter {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closedReason: string | undefined;

  private constructor(private readonly link: CdpLink) {
    super();
  }

  private static overSocket(socket: WebSocket): CdpConnection {
    const connection = new CdpConnection({
      send: (message) => socket.send(JSON.stringify(message)),
      close: () => socket.close(),
    });
    socket.on('message', (data) => connection.receive(data.toString()));
    socket.on('close', () => connection.shutdown('the browser connection closed'));
    socket.on('error', (error) => connection.shutdown(error.message));
    return connection;
  }

  /** A connection over a channel of a browser this process launched: no socket, no endpoint server. */
  static overChannel(channel: CdpChannel): CdpConnection {
    const connection = new CdpConnection({
      // The message as it is: the multiplexer serialises it once, with its own id.
      send: (message) => channel.sendMessage(message),
      close: () => channel.close('closed by Proctor'),
    });
    channel.listen(
      (text) => connection.receive(text),
      (reason) => connection.shutdown(reason),
    );
    return connection;
  }

  static connect(wsEndpoint: string, timeoutMs = 10_000): Promise<CdpConnection> {
    return new Promise((resolve, reject) => {
      // Chromium refuses DevTools connections whose Host is not an IP or localhost; ws sends the URL's host.
      const socket = new WebSocket(wsEndpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new Error(`CDP connection to ${wsEndpoint} timed out`));
      }, timeoutMs);
      socket.once('open', () => {
        clearTimeout(timer);
        resolve(CdpConnection.overSocket(socket));
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  get closed(): boolean {
    return this.closedReason !== undefined;
  }

  send<M extends CdpMethod>(method: M, params?: CdpParams<M>, sessionId?: string): Promise<CdpResult<M>> {
    if (this.closedReason) return Promise.reject(new CdpError(method, this.closedReason));
    const id = this.nextId++;
    const message: CdpMessage = {
      id,
      method,
      params: (params ?? {}) as Record<string, unknown>,
      ...(sessionId ? { sessionId } : {}),
    };
    return new Promise<CdpResult<M>>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (result: unknown) => void, reject });
      this.link.send(message);
    });
  }

  onEvent<E extends CdpEventName>(
    event: E,
    listener: (params: CdpEventParams<E>, sessionId: string | undefined) => void,
  ): () => void {
    this.on(event, listener);
    return () => this.off(event, listener);
  }

  close(): void {
    this.shutdown('closed by Proctor');
    this.link.close();
  }

  private receive(text: string): void {
    let message: {
      id?: number;
      method?: string;
      params?: unknown;
      sessionId?: string;
      result?: unknown;
      error?: { code: number; message: string };
    };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.id !== undefined) {
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      if (message.error) call.reject(new CdpError(call.method, message.error.message, message.error.code));
      else call.resolve(message.result ?? {});
      return;
    }
    if (message.method) this.emit(message.method, message.params ?? {}, message.sessionId);
  }

  private shutdown(reason: string): void {
    if (this.closedReason) return;
    this.closedReason = reason;
    for (const call of this.pending.values()) call.reject(new CdpError(call.method, reason));
    this.pending.clear();
    this.emit('close', reason);
  }
}
