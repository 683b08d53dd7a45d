import WebSocket, { type RawData } from 'ws';
import { closeReason, MAX_CDP_MESSAGE_BYTES, servedInProcess } from './endpointServer';
import type { CdpChannel, CdpMessage, CdpMultiplexer } from './multiplexer';
import { type CdpPolicy, judgeCommand } from './policy';

/** WebSocket close codes the proxy uses. */
export const PROXY_CLOSE = {
  /** The client sent Browser.close: its connection ends, the environment's browser does not. */
  browserClose: 1000,
  /** Not JSON, or not a CDP command. */
  malformed: 1007,
  /** The browser's side went away (the environment closed or the browser crashed). */
  upstreamGone: 1011,
} as const;

export interface ProxyPolicy extends CdpPolicy {
  /** Called once when the client's connection is over, whichever side ended it. */
  onClose?: (code: number, reason: string) => void;
}

export interface ProxiedClient {
  /** Ends the client's connection (e.g. when the environment closes). */
  close(code?: number, reason?: string): void;
}

/** The browser side of one proxied client: commands go in, answers and events come out. */
interface Upstream {
  send(message: CdpMessage): void;
  close(): void;
}

interface UpstreamEvents {
  message(data: RawData | string, isBinary: boolean): void;
  /** The browser side ended (the environment closed, the browser crashed) or could not be reached. */
  gone(reason: string): void;
}

/** Chromium's endpoint (or one like it) over a WebSocket; commands wait for the socket to open. */
function socketUpstream(wsEndpoint: string, events: UpstreamEvents): Upstream {
  const socket = new WebSocket(wsEndpoint, { perMessageDeflate: false, maxPayload: MAX_CDP_MESSAGE_BYTES });
  const waiting: string[] = [];
  socket.on('open', () => {
    for (const text of waiting.splice(0)) socket.send(text);
  });
  socket.on('message', (data: RawData, isBinary) => events.message(data, isBinary));
  socket.on('close', () => events.gone('The environment browser connection closed'));
  socket.on('error', (error) => events.gone(`The environment browser is unreachable: ${error.message}`));
  return {
    send: (message) => {
      const text = JSON.stringify(message);
      if (socket.readyState === WebSocket.OPEN) socket.send(text);
      else waiting.push(text);
    },
    close: () => {
      if (socket.readyState === WebSocket.OPEN) socket.close();
      else if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
    },
  };
}

/**
 * A channel of a browser whose endpoint this process serves: what the socket to that endpoint would give,
 * without the loopback socket and the endpoint server in between (two fewer encodings of every message).
 */
function channelUpstream(
  multiplexer: CdpMultiplexer,
  targetId: string | undefined,
  events: UpstreamEvents,
): Upstream {
  const waiting: CdpMessage[] = [];
  let channel: CdpChannel | undefined;
  let closed = false;
  multiplexer.openChannel(targetId).then(
    (opened) => {
      if (closed) {
        opened.close();
        return;
      }
      channel = opened;
      opened.listen(
        (text) => events.message(text, false),
        () => events.gone('The environment browser connection closed'),
      );
      for (const message of waiting.splice(0)) opened.sendMessage(message);
    },
    (error: Error) => events.gone(`The environment browser is unreachable: ${error.message}`),
  );
  return {
    send: (message) => {
      if (channel) channel.sendMessage(message);
      else waiting.push(message);
    },
    close: () => {
      closed = true;
      channel?.close();
    },
  };
}

/**
 * Relays one external CDP client (an agent's `connectOverCDP`) to the environment's browser, judging every
 * command first (`judgeCommand`): events and answers flow back untouched. Commands are judged one at a time,
 * in order, so a command that needs a file-system check is never overtaken by the next one. An endpoint
 * this process serves is reached over a channel of its multiplexer, any other over a WebSocket.
 */
export function proxyCdpClient(
  client: WebSocket,
  upstreamWsEndpoint: string,
  policy: ProxyPolicy,
): ProxiedClient {
  let judging: Promise<void> = Promise.resolve();
  let ended = false;
  const events: UpstreamEvents = {
    message: (data, isBinary) => {
      if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
    },
    gone: (reason) => end(PROXY_CLOSE.upstreamGone, reason),
  };
  const local = servedInProcess(upstreamWsEndpoint);
  const upstream = local
    ? channelUpstream(local.multiplexer, local.targetId, events)
    : socketUpstream(upstreamWsEndpoint, events);

  const end = (code: number, reason: string) => {
    if (ended) return;
    ended = true;
    if (client.readyState === WebSocket.OPEN || client.readyState === WebSocket.CONNECTING)
      client.close(code, closeReason(reason));
    upstream.close();
    policy.onClose?.(code, reason);
  };
  const reply = (message: Record<string, unknown>) => {
    if (client.readyState === WebSocket.OPEN) client.send(JSON.stringify(message));
  };

  client.on('message', (data: RawData) => {
    if (ended) return;
    let message: CdpMessage;
    try {
      message = JSON.parse(data.toString());
    } catch {
      end(PROXY_CLOSE.malformed, 'Malformed CDP message: not valid JSON');
      return;
    }
    if (
      typeof message !== 'object' ||
      message === null ||
      !Number.isInteger(message.id) ||
      typeof message.method !== 'string'
    ) {
      end(PROXY_CLOSE.malformed, 'Malformed CDP message: a command needs an integer id and a method');
      return;
    }
    const session = message.sessionId !== undefined ? { sessionId: message.sessionId } : {};
    judging = judging.then(async () => {
      if (ended) return;
      const decision = await judgeCommand(message, policy);
      if (ended) return;
      if (decision.action === 'forward') upstream.send(decision.message);
      else if (decision.action === 'refuse')
        reply({ id: message.id, error: { code: -32000, message: decision.reason }, ...session });
      else {
        reply({ id: message.id, result: {}, ...session });
        end(
          PROXY_CLOSE.browserClose,
          'Browser.close ends this connection; the environment browser keeps running',
        );
      }
    });
  });
  client.on('close', (code, reason) => end(code, reason.toString()));
  client.on('error', (error) => end(PROXY_CLOSE.upstreamGone, error.message));

  return { close: (code = 1001, reason = 'The environment closed') => end(code, reason) };
}
