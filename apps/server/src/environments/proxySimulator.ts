import {
  type Placeholder,
  PROXY_MODES,
  PROXY_SIMULATOR,
  ProxyMode,
  ProxySimulatorSettings,
  redactBody,
  redactHeaderValue,
  redactJwts,
  redactUrl,
} from '@proctor/contracts';
import type { Database, Executor } from '@proctor/db';
import type { NetworkRequest, NetworkResponse } from '@proctor/environments';
import { bodyHash, bodyKeys, ExchangeIndex, ProxyInstance, tokenize } from '@proctor/simulators';
import { badRequest, conflict, forbidden } from '../kernel/http/errors';
import { guardedRequest, type OutboundGuardOptions } from '../kernel/outbound/outboundGuard';
import type { BlobStore } from '../kernel/storage/blobs';
import {
  deleteRecording,
  finishRecording,
  insertExchanges,
  insertRecording,
  latestFinishedRecording,
  type NewProxyExchange,
  type ProxyExchangeRow,
  type ProxyRecordingRow,
  recordingExchanges,
} from '../repositories/proxyRecordings';
import { simulatorFilters } from '../scoring/filters';
import type { EnvironmentStart } from './launcher';
import type { SimulatorRow } from './live';

/** What a proxy simulator records and replays: its origins, and how close an unrecorded request must come. */
export interface ProxySettings {
  origins: string[];
  threshold: number;
}

export function proxySettings(simulator: SimulatorRow): ProxySettings {
  const parsed = ProxySimulatorSettings.safeParse(simulator.config);
  const settings = parsed.success ? parsed.data : {};
  let origins = settings.proxy_origins?.map((url) => new URL(url).origin) ?? [];
  if (origins.length === 0 && simulator.url) {
    try {
      origins = [new URL(simulator.url).origin];
    } catch {
      origins = [];
    }
  }
  return { origins, threshold: settings.ood_threshold ?? PROXY_SIMULATOR.defaultOodThreshold };
}

/** The environment's stand-in for a simulator instance: on the site's first origin, its writes its mutations. */
export function proxyInstance(
  publicId: string,
  simulator: SimulatorRow,
  hooks: { onReset?: () => void; onDestroy?: () => void } = {},
): ProxyInstance {
  const [origin] = proxySettings(simulator).origins;
  if (!origin)
    throw new Error(
      `The proxy simulator "${simulator.name}" names no site to record (its url or proxy_origins)`,
    );
  return new ProxyInstance({ id: publicId, origin, config: simulatorFilters(simulator.config), ...hooks });
}

/** A request or answer after redaction: one header value per name (lower-cased), the body as stored. */
interface RedactedMessage {
  headers: Record<string, string>;
  body: Buffer;
}

export interface RedactedRequest extends RedactedMessage {
  method: string;
  url: string;
  contentType: string | undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    flat[lower] = Array.isArray(value) ? value.join(lower === 'set-cookie' ? '\n' : ', ') : value;
  }
  return flat;
}

/** Headers and a text body with their secrets replaced (the HAR upload's rule); a binary body is kept. */
function redactMessage(
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
  placeholder: Placeholder,
): RedactedMessage {
  const redactedHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(flatHeaders(headers)))
    redactedHeaders[name] = redactHeaderValue(name, value, placeholder);
  let text: string | null = null;
  try {
    text = body.length > 0 ? utf8.decode(body) : null;
  } catch {
    text = null;
  }
  const redactedBody =
    text === null
      ? body
      : Buffer.from(redactJwts(redactBody(text, redactedHeaders['content-type'], placeholder), placeholder));
  return { headers: redactedHeaders, body: redactedBody };
}

/**
 * A browser's request as a recording keeps it. Replay redacts an incoming request the same way before it looks
 * it up: the same secret gives the same placeholder, so a recorded form with a password still matches exactly.
 */
export function redactRequest(request: NetworkRequest, placeholder: Placeholder): RedactedRequest {
  const message = redactMessage(request.headers, request.body, placeholder);
  return {
    ...message,
    method: request.method.toUpperCase(),
    url: redactJwts(redactUrl(request.url, placeholder), placeholder),
    contentType: message.headers['content-type'],
  };
}

const bodyBlobKey = (hash: string) => `proxy-bodies/${hash}`;

/** A body in the blob store under its sha256, written once however many exchanges share it. */
export async function storeBody(blobs: BlobStore, body: Buffer): Promise<string | null> {
  const hash = bodyHash(body);
  if (hash === null) return null;
  if ((await blobs.size(bodyBlobKey(hash))) === undefined) await blobs.put(bodyBlobKey(hash), body);
  return hash;
}

/** An exchange's row, its bodies stored first (a blob nobody points at is harmless; a row without one is not). */
export async function exchangeRow(
  blobs: BlobStore,
  seq: number,
  request: RedactedRequest,
  response: RedactedMessage & { status: number; truncated: boolean },
): Promise<NewProxyExchange> {
  const tokens = tokenize({ method: request.method, url: request.url, bodyHash: null, bodyKeys: [] });
  const [requestBodyHash, responseBodyHash] = await Promise.all([
    storeBody(blobs, request.body),
    storeBody(blobs, response.body),
  ]);
  return {
    seq,
    method: tokens.method,
    url: request.url,
    host: tokens.host,
    path: tokens.path,
    query: tokens.canonicalQuery,
    requestBodyHash,
    requestBodyKeys: bodyKeys(request.body, request.contentType),
    requestHeaders: request.headers,
    status: response.status,
    responseHeaders: response.headers,
    responseBodyHash,
    truncated: response.truncated,
  };
}

/** Headers that describe one connection or an encoding of the bytes, not the answer: never passed on. */
export const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
  'content-encoding',
  'host',
]);

export function passedOn(headers: Record<string, string>): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (CONNECTION_HEADERS.has(name)) continue;
    kept[name] = name === 'set-cookie' ? value.split('\n') : value;
  }
  return kept;
}

/** A page that says why, for a request a proxy simulator will not answer. */
function textAnswer(status: number, text: string): NetworkResponse {
  return { status, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from(text) };
}

export type ProxyLog = (entry: { type: string; message: string; [detail: string]: unknown }) => void;

/**
 * Record mode: each request of the environment's browser to an outside address goes out through the outbound
 * guard (PROXY_RECORD_ALLOWED_ADDRESSES opens private ones), and the exchange, redacted, joins the recording.
 * The browser gets the live answer. `finish()` (the environment closing) makes the recording a version.
 */
export class ProxyRecorder {
  #seq = 0;
  readonly #pending = new Set<Promise<void>>();
  #finished = false;

  private constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
    readonly recording: ProxyRecordingRow,
    private readonly options: { placeholder: Placeholder; guard: OutboundGuardOptions },
  ) {}

  static async start(
    db: Database,
    blobs: BlobStore,
    owner: { simulator: SimulatorRow; userId: number | null },
    options: ProxyRecorder['options'],
  ): Promise<ProxyRecorder> {
    const recording = await insertRecording(db, {
      simulatorId: owner.simulator.id,
      source: 'environment',
      sessionPublicId: null,
      createdBy: owner.userId,
    });
    return new ProxyRecorder(db, blobs, recording, options);
  }

  /** The `outside` of the environment's network rules: the live answer, the exchange recorded. */
  outsideFor(instance: ProxyInstance, log: ProxyLog) {
    return (request: NetworkRequest) => this.#pass(request, instance, log);
  }

  async #pass(request: NetworkRequest, instance: ProxyInstance, log: ProxyLog): Promise<NetworkResponse> {
    const receivedAt = Date.now();
    const sent = flatHeaders(request.headers);
    // Bodies are recorded as the page reads them: no compressed bytes to redact or to replay.
    for (const name of [...CONNECTION_HEADERS, 'accept-encoding']) delete sent[name];
    let live: Awaited<ReturnType<typeof guardedRequest>>;
    try {
      live = await guardedRequest(
        request.url,
        { method: request.method, headers: sent, body: request.body.length > 0 ? request.body : undefined },
        { ...this.options.guard, followRedirects: false, maxResponseBytes: PROXY_SIMULATOR.maxBodyBytes },
      );
    } catch (error) {
      const message = `Not recorded: ${request.method} ${request.url}: ${(error as Error).message}`;
      log({ type: 'proxy_record_failed', message, url: request.url });
      return textAnswer(502, message);
    }
    const redacted = redactRequest(request, this.options.placeholder);
    instance.noteRequest(redacted, receivedAt);
    if (!this.#finished) this.#keep(log, redacted, live.status, live.headers, live.body);
    return { status: live.status, headers: passedOn(flatHeaders(live.headers)), body: live.body };
  }

  #keep(
    log: ProxyLog,
    request: RedactedRequest,
    status: number,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): void {
    const seq = this.#seq++;
    const response = redactMessage(headers, body, this.options.placeholder);
    const write = exchangeRow(this.blobs, seq, request, { ...response, status, truncated: false })
      .then((row) => insertExchanges(this.db, this.recording.id, [row]))
      .catch((error: Error) =>
        log({
          type: 'proxy_record_failed',
          message: `Not recorded: ${request.method} ${request.url}: ${error.message}`,
          url: request.url,
        }),
      )
      .finally(() => this.#pending.delete(write));
    this.#pending.add(write);
  }

  /**
   * Waits for the exchanges being written, then makes the recording the version replay answers from; one that
   * recorded nothing is dropped, so it never hides the version before it.
   */
  async finish(): Promise<void> {
    if (this.#finished) return;
    this.#finished = true;
    await Promise.all(this.#pending);
    if (this.#seq === 0) await deleteRecording(this.db, this.recording.id);
    else await finishRecording(this.db, this.recording.id);
  }
}

/**
 * Replay mode: every request of the environment's browser is answered here, nothing leaves the machine. An
 * exact match answers (repeats in recorded order); else the closest recorded exchange of the same method and
 * host at or above the threshold, logged as `ood_request`; else 404, logged too.
 */
export class ProxyReplay {
  readonly #bodies = new Map<string, Promise<Buffer>>();

  private constructor(
    private readonly blobs: BlobStore,
    readonly recording: ProxyRecordingRow,
    private readonly index: ExchangeIndex<ProxyExchangeRow>,
    private readonly threshold: number,
  ) {}

  /** The simulator's latest finished recording, ready to answer; undefined when it has none yet. */
  static async load(
    db: Executor,
    blobs: BlobStore,
    simulator: SimulatorRow,
  ): Promise<ProxyReplay | undefined> {
    const recording = await latestFinishedRecording(db, simulator.id);
    if (!recording) return undefined;
    const rows = await recordingExchanges(db, recording.id);
    const index = new ExchangeIndex(
      rows.map((row) => ({
        seq: row.seq,
        request: {
          method: row.method,
          url: row.url,
          bodyHash: row.requestBodyHash,
          bodyKeys: row.requestBodyKeys,
        },
        answer: row,
      })),
    );
    return new ProxyReplay(blobs, recording, index, proxySettings(simulator).threshold);
  }

  get size(): number {
    return this.index.size;
  }

  /** Repeated requests are answered from their first recording again (a reset). */
  restart(): void {
    this.index.restart();
  }

  /** The `answer` of the environment's network rules. */
  answerFor(instance: ProxyInstance, placeholder: Placeholder, log: ProxyLog) {
    return async (request: NetworkRequest): Promise<NetworkResponse> => {
      const receivedAt = Date.now();
      const redacted = redactRequest(request, placeholder);
      instance.noteRequest(redacted, receivedAt);
      const match = this.index.match(
        {
          method: redacted.method,
          url: redacted.url,
          bodyHash: bodyHash(redacted.body),
          bodyKeys: bodyKeys(redacted.body, redacted.contentType),
        },
        this.threshold,
      );
      if (match.kind === 'exact') return this.#answer(match.exchange.answer);
      const closest = match.kind === 'closest' ? match : match.closest;
      const score = closest ? Math.round(closest.score * 1000) / 1000 : 0;
      const matchedUrl = closest?.exchange.answer.url ?? null;
      if (match.kind === 'closest') {
        log({
          type: 'ood_request',
          message: `${redacted.method} ${redacted.url} was not recorded; answered with ${matchedUrl} (score ${score})`,
          url: redacted.url,
          matched_url: matchedUrl,
          score,
        });
        return this.#answer(match.exchange.answer);
      }
      log({
        type: 'ood_request',
        message: `${redacted.method} ${redacted.url} was not recorded and nothing recorded comes close enough (${matchedUrl ? `best ${matchedUrl}, score ${score}` : 'no request of that method and host'}; threshold ${this.threshold}): 404`,
        url: redacted.url,
        matched_url: matchedUrl,
        score,
      });
      return textAnswer(404, `Not recorded: ${redacted.method} ${redacted.url}`);
    };
  }

  async #answer(row: ProxyExchangeRow): Promise<NetworkResponse> {
    const body = row.responseBodyHash ? await this.#body(row.responseBodyHash) : Buffer.alloc(0);
    return { status: row.status, headers: passedOn(row.responseHeaders), body };
  }

  #body(hash: string): Promise<Buffer> {
    let body = this.#bodies.get(hash);
    if (!body) {
      body = this.blobs.get(bodyBlobKey(hash)).then((bytes) => bytes ?? Buffer.alloc(0));
      this.#bodies.set(hash, body);
    }
    return body;
  }
}

export interface ProxyEnvironmentParts {
  db: Database;
  blobs: BlobStore;
  /** The HAR upload's placeholder (an HMAC under the server's secret): recordings, replays and HARs agree. */
  placeholder: Placeholder;
  /** PROXY_RECORD_ALLOWED_ADDRESSES. */
  allowedAddresses: readonly string[];
}

/**
 * How a proxy simulator's environment starts, by make2's `env_config.proxy_mode`: `record` (admins only) opens
 * a new recording, `replay` (the default) answers from the latest finished one. Everything a start needs from
 * the database is read here, before the launcher takes a browser.
 */
export async function proxyEnvironmentStart(
  parts: ProxyEnvironmentParts,
  owner: { userId: number | null; isAdmin: boolean },
  simulator: SimulatorRow,
  envConfig: Record<string, unknown> | undefined,
): Promise<EnvironmentStart> {
  const mode = ProxyMode.safeParse(envConfig?.proxy_mode ?? 'replay');
  if (!mode.success) throw badRequest(`env_config.proxy_mode must be one of ${PROXY_MODES.join(', ')}`);
  const { origins } = proxySettings(simulator);
  if (origins.length === 0)
    throw conflict(
      `The proxy simulator "${simulator.name}" names no site to record (its url or proxy_origins)`,
    );
  if (mode.data === 'record') {
    if (!owner.isAdmin)
      throw forbidden('Only admins record a proxy simulator (env_config.proxy_mode "record")');
    const recorder = await ProxyRecorder.start(
      parts.db,
      parts.blobs,
      { simulator, userId: owner.userId },
      { placeholder: parts.placeholder, guard: { allowedAddresses: parts.allowedAddresses } },
    );
    return ({ publicId, log }) => {
      const instance = proxyInstance(publicId, simulator, {
        onDestroy: () =>
          void recorder.finish().catch((error: Error) =>
            log({
              type: 'proxy_record_failed',
              message: `The recording was not finished: ${error.message}`,
            }),
          ),
      });
      const outside = recorder.outsideFor(instance, log);
      // The recorded site's own origins go out even when they are on this machine or the LAN (the guard and
      // PROXY_RECORD_ALLOWED_ADDRESSES decide); any other outside address only when it is public.
      const own = new Set(origins);
      return {
        instance,
        rules: {
          origins: [],
          answer: async (request) => (own.has(originOf(request.url)) ? outside(request) : undefined),
          outside,
        },
      };
    };
  }
  const replay = await ProxyReplay.load(parts.db, parts.blobs, simulator);
  if (!replay)
    throw conflict(
      `The proxy simulator "${simulator.name}" has no recording yet: an admin records it first (env_config.proxy_mode "record")`,
    );
  return ({ publicId, log }) => {
    const instance = proxyInstance(publicId, simulator, { onReset: () => replay.restart() });
    // Every request is answered in process: nothing of a replay leaves the machine.
    return { instance, rules: { origins: [], answer: replay.answerFor(instance, parts.placeholder, log) } };
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
