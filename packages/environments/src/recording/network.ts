import { isSecretName, RECORDING, type RecordedRequest, redactBody, redactUrl } from '@proctor/contracts';
import type { CdpConnection, CdpEventName, CdpEventParams } from '../cdp/connection';
import { withTimeout } from './timeout';

/**
 * How long a finished request waits for its `*ExtraInfo` events (the raw headers, Cookie and Set-Cookie among
 * them), which Chromium may send after `loadingFinished`. Without them the request still goes out, with the
 * headers the plain events had.
 */
export const EXTRA_INFO_WAIT_MS = 500;

/**
 * How long a body read may take. Chromium can leave `getResponseBody` unanswered when the page moves on to
 * another document meanwhile (the request then goes out without its body, rather than never).
 */
export const BODY_READ_TIMEOUT_MS = 2_000;

/**
 * Headers as recorded: names lower-cased (HTTP/2 sends them so; the plain and the raw events spell them
 * differently), the values of secret names (`isSecretName`: Authorization, Cookie, X-Auth-Token, api-key…)
 * replaced by `RECORDING.redacted`. Applied to every header set the moment it arrives, so a raw value never
 * sits in the log, let alone reaches the sink.
 */
export function redactHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
  const redacted: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    redacted[lower] = isSecretName(lower) ? RECORDING.redacted : String(value);
  }
  return redacted;
}

/** `bytes` cut to `max`, and whether it was cut. */
function cut(bytes: Buffer, max: number): { bytes: Buffer; truncated: boolean } {
  return bytes.length > max
    ? { bytes: bytes.subarray(0, max), truncated: true }
    : { bytes, truncated: false };
}

/** Response bodies that may carry secret fields by name: JSON (a token endpoint's answer), forms, plain text. */
const REDACTED_RESPONSE_TYPES = /json|x-www-form-urlencoded|text\/plain/i;

/**
 * A body as stored: cut to `RECORDING.maxNetworkBodyBytes`, then its secret fields redacted (`redactBody`
 * reads a cut JSON or form body up to the cut), then cut again, since a redaction may be longer than its value.
 */
function storedBody(
  bytes: Buffer,
  contentType: string | null | undefined,
  redact: boolean,
): { bytes: Buffer; truncated: boolean } {
  const stored = cut(bytes, RECORDING.maxNetworkBodyBytes);
  if (!redact) return stored;
  const text = stored.bytes.toString('utf8');
  const redacted = redactBody(text, contentType);
  if (redacted === text) return stored;
  const again = cut(Buffer.from(redacted, 'utf8'), RECORDING.maxNetworkBodyBytes);
  return { bytes: again.bytes, truncated: stored.truncated || again.truncated };
}

interface LoggedRequest {
  sessionId: string;
  requestId: string;
  record: RecordedRequest;
  /** CDP's monotonic seconds at the start, for the duration. */
  startTimestamp: number;
  /** Chromium will send the raw headers (`hasExtraInfo` of the response). */
  expectsExtraInfo: boolean;
  requestExtraSeen: boolean;
  responseExtraSeen: boolean;
  /** Reads still running (post data, response body) before the request can go out. */
  reads: Promise<void>[];
  ended: boolean;
  waitTimer?: NodeJS.Timeout;
}

export interface NetworkLogOptions {
  emit(request: RecordedRequest): void;
  /** The step in progress: the index of the last step begun, null before the first. */
  stepIdx(): number | null;
}

/**
 * The network requests of every page and frame the recorder watches, one `RecordedRequest` each, emitted once
 * finished or failed. A redirect ends one request and starts the next under the same CDP id; the earlier
 * hops are recorded as `<requestId>:<n>`. Raw headers (`*ExtraInfo`) may come before or after the plain
 * events, and for redirects one set per hop, in order: each set goes to the oldest hop still missing one.
 */
export class NetworkLog {
  /** Requests not yet emitted, by session and CDP request id, oldest hop first. */
  readonly #chains = new Map<string, LoggedRequest[]>();
  /** Raw header sets that arrived before their request. */
  readonly #earlyRequestExtra = new Map<string, Record<string, string>[]>();
  readonly #earlyResponseExtra = new Map<string, Record<string, string>[]>();
  readonly #hops = new Map<string, number>();
  /** Requests ended and waiting for their bodies. */
  readonly #emitting = new Set<Promise<void>>();
  readonly #unsubscribe: Array<() => void> = [];
  #closed = false;

  constructor(
    private readonly connection: CdpConnection,
    private readonly isWatched: (sessionId: string) => boolean,
    private readonly options: NetworkLogOptions,
  ) {
    const on = <E extends CdpEventName>(
      event: E,
      handler: (params: CdpEventParams<E>, sessionId: string) => void,
    ) =>
      this.#unsubscribe.push(
        connection.onEvent(event, (params, sessionId) => {
          if (!this.#closed && sessionId && this.isWatched(sessionId)) handler(params, sessionId);
        }),
      );
    on('Network.requestWillBeSent', (params, sessionId) => this.#requestWillBeSent(params, sessionId));
    on('Network.requestWillBeSentExtraInfo', (params, sessionId) => {
      const key = `${sessionId}/${params.requestId}`;
      const headers = redactHeaders(params.headers);
      const logged = this.#chains.get(key)?.find((request) => !request.requestExtraSeen);
      if (logged) this.#mergeRequestExtra(logged, headers);
      else pushTo(this.#earlyRequestExtra, key, headers);
    });
    on('Network.responseReceived', (params, sessionId) => {
      const logged = this.#current(sessionId, params.requestId);
      if (!logged) return;
      const { response } = params;
      this.#respond(logged, response.status, response.headers, response.mimeType);
      logged.record.resource_type = params.type;
      logged.expectsExtraInfo = params.hasExtraInfo;
    });
    on('Network.responseReceivedExtraInfo', (params, sessionId) => {
      const key = `${sessionId}/${params.requestId}`;
      const headers = redactHeaders(params.headers);
      const logged = this.#chains.get(key)?.find((request) => !request.responseExtraSeen);
      if (logged) this.#mergeResponseExtra(logged, headers);
      else pushTo(this.#earlyResponseExtra, key, headers);
    });
    on('Network.loadingFinished', (params, sessionId) => {
      const logged = this.#current(sessionId, params.requestId);
      if (!logged) return;
      logged.reads.push(this.#readBody(logged));
      this.#end(logged, params.timestamp, null);
    });
    on('Network.loadingFailed', (params, sessionId) => {
      const logged = this.#current(sessionId, params.requestId);
      if (!logged) return;
      logged.record.resource_type = params.type;
      this.#end(logged, params.timestamp, params.errorText || (params.canceled ? 'canceled' : 'failed'));
    });
  }

  /** A session went away: its requests still running are emitted unfinished. */
  sessionGone(sessionId: string): void {
    for (const [key, chain] of [...this.#chains]) {
      if (key.startsWith(`${sessionId}/`)) for (const logged of [...chain]) this.#emit(logged);
    }
  }

  /** Emits what is left (requests still running: unfinished), waits for it to reach the sink, stops listening. */
  async close(): Promise<void> {
    if (this.#closed) return;
    for (const chain of [...this.#chains.values()]) for (const logged of [...chain]) this.#emit(logged);
    await Promise.all(this.#emitting);
    this.#closed = true;
    for (const stop of this.#unsubscribe) stop();
  }

  #requestWillBeSent(params: CdpEventParams<'Network.requestWillBeSent'>, sessionId: string): void {
    const key = `${sessionId}/${params.requestId}`;
    const previous = this.#current(sessionId, params.requestId);
    if (previous && params.redirectResponse) {
      // The previous hop ends here, with the redirect as its response.
      const hop = (this.#hops.get(key) ?? 0) + 1;
      this.#hops.set(key, hop);
      previous.record.request_id = `${params.requestId}:${hop}`;
      const { status, headers, mimeType } = params.redirectResponse;
      this.#respond(previous, status, headers, mimeType);
      previous.expectsExtraInfo = params.redirectHasExtraInfo;
      this.#end(previous, params.timestamp, null);
    }
    const { request } = params;
    const postData = request.postData ?? null;
    const logged: LoggedRequest = {
      sessionId,
      requestId: params.requestId,
      startTimestamp: params.timestamp,
      expectsExtraInfo: false,
      requestExtraSeen: false,
      responseExtraSeen: false,
      reads: [],
      ended: false,
      record: {
        request_id: params.requestId,
        method: request.method,
        url: redactUrl(request.url + (request.urlFragment ?? '')),
        resource_type: params.type ?? null,
        status: null,
        content_type: null,
        request_headers: redactHeaders(request.headers),
        response_headers: {},
        request_body: null,
        response_body: null,
        truncated: false,
        started_at: params.wallTime * 1000,
        duration_ms: null,
        failed: null,
        step_idx: this.options.stepIdx(),
      },
    };
    if (postData !== null) this.#setRequestBody(logged, postData);
    else if (request.hasPostData) logged.reads.push(this.#readPostData(logged));
    pushTo(this.#chains, key, logged);
    const requestExtra = this.#earlyRequestExtra.get(key)?.shift();
    if (requestExtra) this.#mergeRequestExtra(logged, requestExtra);
    const responseExtra = this.#earlyResponseExtra.get(key)?.shift();
    if (responseExtra) this.#mergeResponseExtra(logged, responseExtra);
  }

  #current(sessionId: string, requestId: string): LoggedRequest | undefined {
    return this.#chains.get(`${sessionId}/${requestId}`)?.findLast((request) => !request.ended);
  }

  #respond(logged: LoggedRequest, status: number, headers: Record<string, unknown>, mimeType: string): void {
    const redacted = redactHeaders(headers);
    logged.record.status = status;
    logged.record.response_headers = { ...redacted, ...logged.record.response_headers };
    logged.record.content_type = redacted['content-type'] ?? (mimeType || null);
  }

  /** Raw request headers win over the plain ones: they are what went on the wire (Cookie among them). */
  #mergeRequestExtra(logged: LoggedRequest, headers: Record<string, string>): void {
    logged.requestExtraSeen = true;
    logged.record.request_headers = { ...logged.record.request_headers, ...headers };
    this.#maybeEmit(logged);
  }

  #mergeResponseExtra(logged: LoggedRequest, headers: Record<string, string>): void {
    logged.responseExtraSeen = true;
    logged.record.response_headers = { ...logged.record.response_headers, ...headers };
    this.#maybeEmit(logged);
  }

  #setRequestBody(logged: LoggedRequest, body: string): void {
    const { bytes, truncated } = storedBody(
      Buffer.from(body, 'utf8'),
      logged.record.request_headers['content-type'],
      true,
    );
    logged.record.request_body = bytes.toString('utf8');
    logged.record.truncated ||= truncated;
  }

  async #readPostData(logged: LoggedRequest): Promise<void> {
    try {
      const { postData } = await withTimeout(
        this.connection.send('Network.getRequestPostData', { requestId: logged.requestId }, logged.sessionId),
        BODY_READ_TIMEOUT_MS,
        'reading a request body took too long',
      );
      this.#setRequestBody(logged, postData);
    } catch {
      // Gone with its page, or a body Chromium did not keep (uploads of files).
    }
  }

  async #readBody(logged: LoggedRequest): Promise<void> {
    try {
      const { body, base64Encoded } = await withTimeout(
        this.connection.send('Network.getResponseBody', { requestId: logged.requestId }, logged.sessionId),
        BODY_READ_TIMEOUT_MS,
        'reading a response body took too long',
      );
      const { content_type: contentType } = logged.record;
      const { bytes, truncated } = storedBody(
        Buffer.from(body, base64Encoded ? 'base64' : 'utf8'),
        contentType,
        REDACTED_RESPONSE_TYPES.test(contentType ?? ''),
      );
      logged.record.response_body = bytes.toString('base64');
      logged.record.truncated ||= truncated;
    } catch {
      // No body: a redirect, a 204, a cached or streamed resource, or the page went away.
    }
  }

  #end(logged: LoggedRequest, timestamp: number, failed: string | null): void {
    logged.ended = true;
    logged.record.duration_ms = Math.max(0, Math.round((timestamp - logged.startTimestamp) * 1000));
    logged.record.failed = failed;
    if (logged.expectsExtraInfo && !(logged.requestExtraSeen && logged.responseExtraSeen))
      logged.waitTimer = setTimeout(() => this.#emit(logged), EXTRA_INFO_WAIT_MS);
    this.#maybeEmit(logged);
  }

  #maybeEmit(logged: LoggedRequest): void {
    if (!logged.ended) return;
    if (logged.expectsExtraInfo && !(logged.requestExtraSeen && logged.responseExtraSeen)) return;
    this.#emit(logged);
  }

  #emit(logged: LoggedRequest): void {
    clearTimeout(logged.waitTimer);
    if (!this.#remove(logged)) return;
    const emitting = Promise.all(logged.reads).then(() => {
      this.#emitting.delete(emitting);
      if (!this.#closed) this.options.emit(logged.record);
    });
    this.#emitting.add(emitting);
  }

  /** Takes a request out of the log; false when it was out already. */
  #remove(logged: LoggedRequest): boolean {
    const key = `${logged.sessionId}/${logged.requestId}`;
    const chain = this.#chains.get(key);
    const index = chain?.indexOf(logged) ?? -1;
    if (!chain || index < 0) return false;
    chain.splice(index, 1);
    if (chain.length === 0) {
      this.#chains.delete(key);
      this.#earlyRequestExtra.delete(key);
      this.#earlyResponseExtra.delete(key);
      this.#hops.delete(key);
    }
    return true;
  }
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
