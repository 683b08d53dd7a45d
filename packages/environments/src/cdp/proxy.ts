import WebSocket, { type RawData } from 'ws';
import { closeReason, MAX_CDP_MESSAGE_BYTES } from './endpointServer';
import type { CdpMessage } from './multiplexer';
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

/**
 * Relays one external CDP client (an agent's `connectOverCDP`) to the environment's browser, judging every
 * command first (`judgeCommand`): events and answers flow back untouched. Commands are judged one at a time,
 * in order, so a command that needs a file-system check is never overtaken by the next one.
 */
export function proxyCdpClient(
  client: WebSocket,
  upstreamWsEndpoint: string,
  policy: ProxyPolicy,
): ProxiedClient {
  const upstream = new WebSocket(upstreamWsEndpoint, {
    perMessageDeflate: false,
    maxPayload: MAX_CDP_MESSAGE_BYTES,
  });
  const toUpstream: string[] = [];
  let judging: Promise<void> = Promise.resolve();
  let ended = false;

  const end = (code: number, reason: string) => {
    if (ended) return;
    ended = true;
    if (client.readyState === WebSocket.OPEN || client.readyState === WebSocket.CONNECTING)
      client.close(code, closeReason(reason));
    if (upstream.readyState === WebSocket.OPEN) upstream.close();
    else if (upstream.readyState === WebSocket.CONNECTING) upstream.terminate();
    policy.onClose?.(code, reason);
  };
  const reply = (message: Record<string, unknown>) => {
    if (client.readyState === WebSocket.OPEN) client.send(JSON.stringify(message));
  };
  const forward = (message: CdpMessage) => {
    const text = JSON.stringify(message);
    if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
    else toUpstream.push(text);
  };

  upstream.on('open', () => {
    for (const text of toUpstream.splice(0)) upstream.send(text);
  });
  upstream.on('message', (data: RawData, isBinary) => {
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
  });
  upstream.on('close', () => end(PROXY_CLOSE.upstreamGone, 'The environment browser connection closed'));
  upstream.on('error', (error) =>
    end(PROXY_CLOSE.upstreamGone, `The environment browser is unreachable: ${error.message}`),
  );

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
      if (decision.action === 'forward') forward(decision.message);
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
