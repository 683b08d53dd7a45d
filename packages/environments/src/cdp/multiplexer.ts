import type { PipeTransport } from './pipeTransport';

/** A CDP message as it travels: a command (id, method), its answer (id, result | error) or an event (method). */
export interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/**
 * A message from Chromium read at its ends only. Chromium writes every message's members in one order: an
 * answer opens with `{"id":N,`, an event with `{"method":"…"`, and a session's message ends with
 * `,"sessionId":"…"}` (the last member: a message ending in `"}` ends with a string member of its own, never one
 * nested in `result` or `params`). Reading those ends spares a parse of every message and a serialisation of every
 * answer, which matter for screenshots and DOM snapshots of hundreds of KB. Undefined for any other shape, which
 * is then parsed whole.
 */
interface Framed {
  /** An answer's id, or undefined for an event. */
  id: number | undefined;
  /** An event's method. */
  method: string | undefined;
  sessionId: string | undefined;
  /** Where the message's own members end: before `,"sessionId":…` when it has one, else before the final `}`. */
  bodyEnd: number;
  /** Where the members after the id begin (an answer's), at its comma. */
  afterId: number;
}

const ANSWER_HEAD = '{"id":';
const EVENT_HEAD = '{"method":"';
const SESSION_MEMBER = ',"sessionId":"';

function frameOf(text: string): Framed | undefined {
  let id: number | undefined;
  let method: string | undefined;
  let afterId = 0;
  if (text.startsWith(ANSWER_HEAD)) {
    afterId = ANSWER_HEAD.length;
    while (afterId < text.length && text.charCodeAt(afterId) >= 48 && text.charCodeAt(afterId) <= 57)
      afterId++;
    if (afterId === ANSWER_HEAD.length || text[afterId] !== ',') return undefined;
    id = Number(text.slice(ANSWER_HEAD.length, afterId));
  } else if (text.startsWith(EVENT_HEAD)) {
    const end = text.indexOf('"', EVENT_HEAD.length);
    if (end < 0 || text.lastIndexOf('\\', end) >= EVENT_HEAD.length) return undefined;
    method = text.slice(EVENT_HEAD.length, end);
  } else return undefined;
  if (!text.endsWith('}')) return undefined;
  let sessionId: string | undefined;
  let bodyEnd = text.length - 1;
  if (text.endsWith('"}')) {
    const open = text.lastIndexOf('"', text.length - 3);
    const memberStart = open + 1 - SESSION_MEMBER.length;
    const value = text.slice(open + 1, text.length - 2);
    if (memberStart < 0 || !text.startsWith(SESSION_MEMBER, memberStart) || value.includes('\\'))
      return undefined;
    sessionId = value;
    bodyEnd = memberStart;
  }
  return { id, method, sessionId, bodyEnd, afterId };
}

/** Commands that name a session in their params; a client may name only its own. */
const SESSION_PARAM_METHODS = new Set(['Target.detachFromTarget', 'Target.sendMessageToTarget']);

interface PendingCall {
  method: string;
  channel?: CdpChannel;
  clientId?: number;
  resolve?(result: Record<string, unknown>): void;
  reject?(error: Error): void;
}

/**
 * One client's share of the browser: what a WebSocket connection to Chromium's own endpoint would be.
 * Its root is a browser session (`Target.attachToBrowserTarget`) or a page session; the client sees that root
 * as the session-less connection, and may address only the sessions it attached itself.
 */
export class CdpChannel {
  readonly owned = new Set<string>();
  private listener: ((text: string) => void) | undefined;
  private closeListener: ((reason: string) => void) | undefined;
  private readonly backlog: string[] = [];
  private closedReason: string | undefined;

  constructor(
    private readonly multiplexer: CdpMultiplexer,
    readonly rootSessionId: string,
  ) {
    this.owned.add(rootSessionId);
  }

  get closed(): boolean {
    return this.closedReason !== undefined;
  }

  /** Starts delivery; messages that arrived before are delivered first. */
  listen(onMessage: (text: string) => void, onClose: (reason: string) => void): void {
    this.listener = onMessage;
    this.closeListener = onClose;
    for (const text of this.backlog.splice(0)) onMessage(text);
    if (this.closedReason !== undefined) onClose(this.closedReason);
  }

  /** A command from the client: a JSON text `{id, method, params?, sessionId?}` with the client's own id. */
  send(text: string): void {
    if (this.closedReason === undefined) this.multiplexer.fromClient(this, text);
  }

  /** The same, already parsed (a client in this process): no JSON text in between. */
  sendMessage(message: CdpMessage): void {
    if (this.closedReason === undefined) this.multiplexer.fromClientMessage(this, message);
  }

  close(reason = 'closed by the client'): void {
    if (this.closedReason !== undefined) return;
    this.multiplexer.release(this);
    this.ended(reason);
  }

  /** Called by the multiplexer. */
  deliver(text: string): void {
    if (this.closedReason !== undefined) return;
    if (this.listener) this.listener(text);
    else this.backlog.push(text);
  }

  /** Called by the multiplexer when the browser side ends the channel. */
  ended(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    this.closeListener?.(reason);
  }
}

/**
 * Many DevTools clients over the browser's one pipe. Chromium keeps auto-attach, target discovery and
 * waiting-for-debugger per session, so each client gets a browser session of its own and behaves as if it
 * had its own WebSocket to Chromium; ids are renumbered and every session-bound message is routed to the
 * client that owns the session. Policy (what a client may do) is the proxy's business, not this one's.
 */
export class CdpMultiplexer {
  private nextId = 1;
  private readonly pending = new Map<number, PendingCall>();
  private readonly sessionOwners = new Map<string, CdpChannel>();
  private readonly channels = new Set<CdpChannel>();
  private closedReason: string | undefined;
  /** Chromium's messages delivered as read at their ends, and those parsed whole (`frameOf`). */
  readonly stats = { relayed: 0, parsed: 0 };
  /** Called after a client's channel closed (e.g. to restore browser-wide settings it may have changed). */
  onChannelClosed: () => void = () => {};
  onClose: (reason: string) => void = () => {};

  constructor(private readonly transport: PipeTransport) {
    transport.onMessage = (text) => this.fromBrowser(text);
    transport.onClose = (reason) => this.shutdown(reason);
  }

  get closed(): boolean {
    return this.closedReason !== undefined;
  }

  /** A command on the pipe's own (session-less) root: Proctor's setup of the browser. */
  call(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string,
  ): Promise<Record<string, unknown>> {
    if (this.closedReason !== undefined) return Promise.reject(new Error(`${method}: ${this.closedReason}`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, resolve, reject });
      this.transport.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  /** A new client: of the whole browser, or of one page when `targetId` is given. */
  async openChannel(targetId?: string): Promise<CdpChannel> {
    const { sessionId } = targetId
      ? await this.call('Target.attachToTarget', { targetId, flatten: true })
      : await this.call('Target.attachToBrowserTarget');
    const channel = new CdpChannel(this, sessionId as string);
    this.channels.add(channel);
    this.sessionOwners.set(channel.rootSessionId, channel);
    return channel;
  }

  close(reason: string): void {
    this.transport.close(reason);
  }

  /** Called by a channel. */
  fromClient(channel: CdpChannel, text: string): void {
    let message: CdpMessage;
    try {
      message = JSON.parse(text);
    } catch {
      channel.close('a message that is not JSON');
      return;
    }
    this.fromClientMessage(channel, message);
  }

  /** Called by a channel. */
  fromClientMessage(channel: CdpChannel, message: CdpMessage): void {
    if (
      typeof message !== 'object' ||
      message === null ||
      typeof message.id !== 'number' ||
      typeof message.method !== 'string'
    ) {
      channel.close('a message without an integer id and a method');
      return;
    }
    const sessionId = message.sessionId ?? channel.rootSessionId;
    const named = message.params?.sessionId;
    if (
      !channel.owned.has(sessionId) ||
      (SESSION_PARAM_METHODS.has(message.method) && !this.owns(channel, named))
    ) {
      // Chromium's own answer for an unknown session: another client's sessions are not this one's to use.
      channel.deliver(
        JSON.stringify({
          id: message.id,
          error: { code: -32001, message: 'Session with given id not found.' },
          ...(message.sessionId ? { sessionId: message.sessionId } : {}),
        }),
      );
      return;
    }
    const id = this.nextId++;
    this.pending.set(id, { method: message.method, channel, clientId: message.id });
    this.transport.send(JSON.stringify({ ...message, id, sessionId }));
  }

  /** Called by a channel closing: its sessions go, and Chromium resumes targets it kept waiting. */
  release(channel: CdpChannel): void {
    this.forget(channel);
    if (this.closedReason !== undefined) return;
    this.call('Target.detachFromTarget', { sessionId: channel.rootSessionId })
      .catch(() => {})
      .finally(() => this.onChannelClosed());
  }

  private forget(channel: CdpChannel): void {
    this.channels.delete(channel);
    for (const sessionId of channel.owned) this.sessionOwners.delete(sessionId);
    for (const [id, call] of this.pending) if (call.channel === channel) this.pending.delete(id);
  }

  private fromBrowser(text: string): void {
    const framed = frameOf(text);
    if (framed && this.relay(framed, text)) {
      this.stats.relayed += 1;
      return;
    }
    this.stats.parsed += 1;
    let message: CdpMessage;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.id !== undefined) this.answer(message);
    else if (message.sessionId === undefined) this.rootEvent(message);
    else this.sessionEvent(message, text);
  }

  /**
   * Delivers a client's answer or event without parsing it; false leaves it to be parsed whole: an answer to
   * the multiplexer's own call or to an attach, a Target event (they change who owns which session).
   */
  private relay(framed: Framed, text: string): boolean {
    const { id, sessionId } = framed;
    if (id !== undefined) {
      const call = this.pending.get(id);
      if (!call) return true;
      const channel = call.channel;
      if (
        !channel ||
        call.method === 'Target.attachToTarget' ||
        call.method === 'Target.attachToBrowserTarget'
      )
        return false;
      this.pending.delete(id);
      const session = sessionId && sessionId !== channel.rootSessionId ? text.slice(framed.bodyEnd, -1) : '';
      channel.deliver(`{"id":${call.clientId}${text.slice(framed.afterId, framed.bodyEnd)}${session}}`);
      return true;
    }
    if (framed.method?.startsWith('Target.')) return false;
    if (sessionId === undefined) return true;
    const channel = this.sessionOwners.get(sessionId);
    if (!channel) return true;
    channel.deliver(sessionId === channel.rootSessionId ? `${text.slice(0, framed.bodyEnd)}}` : text);
    return true;
  }

  private answer(message: CdpMessage): void {
    const call = this.pending.get(message.id as number);
    if (!call) return;
    this.pending.delete(message.id as number);
    const channel = call.channel;
    if (!channel) {
      if (message.error) call.reject?.(new Error(`${call.method}: ${message.error.message}`));
      else call.resolve?.(message.result ?? {});
      return;
    }
    const attached = message.result?.sessionId;
    if (
      typeof attached === 'string' &&
      (call.method === 'Target.attachToTarget' || call.method === 'Target.attachToBrowserTarget')
    )
      this.own(channel, attached);
    const { sessionId, ...rest } = message;
    channel.deliver(
      JSON.stringify({
        ...rest,
        id: call.clientId,
        ...(sessionId && sessionId !== channel.rootSessionId ? { sessionId } : {}),
      }),
    );
  }

  private sessionEvent(message: CdpMessage, text: string): void {
    const sessionId = message.sessionId as string;
    const channel = this.sessionOwners.get(sessionId);
    if (!channel) return;
    const child = message.params?.sessionId;
    if (typeof child === 'string') {
      if (message.method === 'Target.attachedToTarget') this.own(channel, child);
      if (message.method === 'Target.detachedFromTarget') {
        channel.owned.delete(child);
        this.sessionOwners.delete(child);
      }
    }
    if (sessionId !== channel.rootSessionId) {
      channel.deliver(text);
      return;
    }
    const { sessionId: _root, ...rest } = message;
    channel.deliver(JSON.stringify(rest));
  }

  private rootEvent(message: CdpMessage): void {
    if (message.method !== 'Target.detachedFromTarget') return;
    const detached = message.params?.sessionId;
    const channel = typeof detached === 'string' ? this.sessionOwners.get(detached) : undefined;
    // A page channel's page closed (or crashed away): its client's connection ends, as with Chromium's endpoint.
    if (channel && channel.rootSessionId === detached) {
      this.forget(channel);
      channel.ended('the target closed');
    }
  }

  private owns(channel: CdpChannel, sessionId: unknown): boolean {
    return sessionId === undefined || (typeof sessionId === 'string' && channel.owned.has(sessionId));
  }

  private own(channel: CdpChannel, sessionId: string): void {
    channel.owned.add(sessionId);
    this.sessionOwners.set(sessionId, channel);
  }

  private shutdown(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    for (const call of this.pending.values()) call.reject?.(new Error(`${call.method}: ${reason}`));
    this.pending.clear();
    for (const channel of this.channels) channel.ended(reason);
    this.channels.clear();
    this.sessionOwners.clear();
    this.onClose(reason);
  }
}
