import { createHash, createHmac } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import {
  HAR_UPLOAD,
  HarEntry,
  type Placeholder,
  RECORDING,
  RECORDING_FORMAT_VERSION,
  type RecordedRequest,
  type RecordedStep,
  redactHarEntry,
} from '@proctor/contracts';
import { type BlobRange, type Database, newPublicId } from '@proctor/db';
import type { z } from 'zod';
import { sessionBlobPrefix } from '../environments/recordingWriter';
import type { Viewer } from '../kernel/access/viewer';
import { badRequest, HttpError, notFound } from '../kernel/http/errors';
import type { BlobStore } from '../kernel/storage/blobs';
import { JsonSpool } from '../kernel/storage/spool';
import { insertRequests, insertSteps } from '../repositories/recordings';
import { insertImportedSession } from '../repositories/sessions';
import { findVisibleSimulator, type SimulatorRow } from '../repositories/simulators';
import { HarSyntaxError, harEntries } from './harEntries';

/**
 * What a HAR file becomes once read whole (nothing is written for a file that fails): its pages as steps, its
 * requests' rows spooled to disk and their larger response bodies already in the blob store under the session
 * that will hold them (`sessionPublicId`, not yet in the database). `discard` removes the spool; `abandon` also
 * the bodies, for an import whose session was not made.
 */
export interface ImportedHar {
  sessionPublicId: string;
  steps: RecordedStep[];
  requestCount: number;
  /** The redacted requests in the file's order, a batch at a time. */
  requests(): AsyncGenerator<ImportedRequest[]>;
  startedAt: Date;
  endedAt: Date;
  discard(): Promise<void>;
  abandon(): Promise<void>;
}

/** A network request as imported: a body larger than `INLINE_BODY_BYTES` is in the blob store, at that range. */
export type ImportedRequest = RecordedRequest & { response_body_blob: BlobRange | null };

/**
 * Response bodies up to this size stay in their row (an API call's JSON); larger ones (pages, scripts, images:
 * nearly all of a HAR's bytes) go to the blob store, so rows stay small for the database and its transaction.
 */
const INLINE_BODY_BYTES = 4 * 1024;
/** Bytes of bodies waiting to be written to the blob store before reading the file pauses. */
const BODY_BUFFER_BYTES = 1024 * 1024;

/** Rows one insert writes: a network request has 16 columns, far below PostgreSQL's 65,535 parameters. */
const WRITE_BATCH = 500;
/** And at most about this many bytes of them: large statements cost the embedded database memory it keeps. */
const WRITE_BATCH_BYTES = 4 * 1024 * 1024;
/** Placeholders remembered per upload: a HAR repeats its few secrets on every request. */
const REMEMBERED_PLACEHOLDERS = 10_000;

/**
 * `redacted:` and the first 8 hex digits of the secret's HMAC under the server's secret: the same secret gives
 * the same placeholder (a replay still matches on it), and none can be turned back into its secret.
 */
export function harPlaceholder(serverSecret: string): Placeholder {
  const made = new Map<string, string>();
  return (secret) => {
    let placeholder = made.get(secret);
    if (placeholder === undefined) {
      placeholder = `${HAR_UPLOAD.placeholderPrefix}${createHmac('sha256', serverSecret).update(secret).digest('hex').slice(0, 8)}`;
      if (made.size >= REMEMBERED_PLACEHOLDERS) made.clear();
      made.set(secret, placeholder);
    }
    return placeholder;
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Redaction's view of base64 bodies (as text, or null when not UTF-8 text: an image, kept as it is), remembering
 * the bytes of the last one decoded or encoded so that the request's body is not decoded a second time.
 */
class Base64Bodies {
  #text: string | undefined;
  #bytes: Buffer | undefined;

  readonly decodeText = (base64: string): string | null => {
    const bytes = Buffer.from(base64, 'base64');
    this.#remember(base64, bytes);
    try {
      return utf8.decode(bytes);
    } catch {
      return null;
    }
  };

  readonly encodeText = (text: string): string => {
    const bytes = Buffer.from(text, 'utf8');
    const base64 = bytes.toString('base64');
    this.#remember(base64, bytes);
    return base64;
  };

  bytes(base64: string): Buffer {
    return base64 === this.#text ? this.#bytes! : Buffer.from(base64, 'base64');
  }

  #remember(text: string, bytes: Buffer) {
    this.#text = text;
    this.#bytes = bytes;
  }
}

/** `request.headers[2].value`, as an entry's field is named in a refusal. */
function fieldName(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

function describeEntryProblem(index: number, error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `Invalid HAR: log.entries[${index}].${fieldName(issue.path)}: ${issue.message}`;
}

/** HAR headers as recorded requests keep them: names lower-cased, repeated ones joined. */
function headerRecord(headers: HarEntry['request']['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { name, value } of headers) {
    const lower = name.toLowerCase();
    const earlier = record[lower];
    record[lower] =
      earlier === undefined ? value : `${earlier}${lower === 'set-cookie' ? '\n' : ', '}${value}`;
  }
  return record;
}

/** Bytes cut to what a recorded body may hold (`RECORDING.maxNetworkBodyBytes`), and whether they were cut. */
function cut(bytes: Buffer): { bytes: Buffer; truncated: boolean } {
  return bytes.length > RECORDING.maxNetworkBodyBytes
    ? { bytes: bytes.subarray(0, RECORDING.maxNetworkBodyBytes), truncated: true }
    : { bytes, truncated: false };
}

/**
 * A redacted entry as the session's network request, made during step `stepIdx`, with its response body's bytes
 * apart (null: none); `base64Bodies` holds the bytes redaction already decoded.
 */
function recordedRequest(
  entry: HarEntry,
  index: number,
  stepIdx: number | null,
  base64Bodies: Base64Bodies,
): { request: RecordedRequest; responseBody: Buffer | null } {
  const { request, response } = entry;
  const { content } = response;
  const requestText =
    request.postData?.text ??
    request.postData?.params
      ?.map((param) => `${encodeURIComponent(param.name)}=${encodeURIComponent(param.value ?? '')}`)
      .join('&') ??
    null;
  const requestBody = requestText === null ? null : cut(Buffer.from(requestText, 'utf8'));
  const responseBody =
    content.text === undefined
      ? null
      : cut(
          content.encoding === 'base64'
            ? base64Bodies.bytes(content.text)
            : Buffer.from(content.text, 'utf8'),
        );
  const responseHeaders = headerRecord(response.headers);
  // Chrome writes status 0 (and its reason in `_error`) for a request that got no answer.
  const answered = response.status > 0;
  const error = (response as { _error?: unknown })._error;
  const resourceType = (entry as { _resourceType?: unknown })._resourceType;
  return {
    request: {
      request_id: String(index),
      method: request.method,
      url: request.url,
      resource_type: typeof resourceType === 'string' ? resourceType : null,
      status: answered ? response.status : null,
      content_type: content.mimeType || responseHeaders['content-type'] || null,
      request_headers: headerRecord(request.headers),
      response_headers: responseHeaders,
      request_body: requestBody ? requestBody.bytes.toString('utf8') : null,
      response_body: null,
      truncated: Boolean(requestBody?.truncated || responseBody?.truncated),
      started_at: Date.parse(entry.startedDateTime),
      duration_ms: entry.time >= 0 ? entry.time : null,
      failed: answered ? null : typeof error === 'string' && error ? error : 'No response',
      step_idx: stepIdx,
    },
    responseBody: responseBody?.bytes ?? null,
  };
}

/** Whether the entry loaded a page: what starts a url_change step when the HAR names no pages. */
function isDocument(entry: HarEntry): boolean {
  const resourceType = (entry as { _resourceType?: unknown })._resourceType;
  if (typeof resourceType === 'string') return resourceType === 'document';
  return entry.request.method === 'GET' && entry.response.content.mimeType.startsWith('text/html');
}

function urlChangeStep(idx: number, entry: HarEntry): RecordedStep {
  const timestamp = Date.parse(entry.startedDateTime);
  const url = entry.request.url;
  return {
    idx,
    action: {
      id: `har-page-${idx}`,
      type: 'url_change',
      url,
      timestamp,
      is_simulator_action: false,
      metadata: { start_seq_id: idx, end_seq_id: idx },
    },
    before_state: null,
    after_state: { current_url: url, screenshot: null, metadata: { bboxes: [] } },
    mutations: { before: 0, after: 0 },
  };
}

/**
 * A HAR's larger response bodies, written to one blob of the session it will become as the file is read, each
 * once (known by its sha256): one stream to the store, where a blob per body cost a file's open, write and rename
 * each, several times the time of reading the file.
 */
class HarBodyPack {
  readonly #known = new Map<string, BlobRange>();
  #out: PassThrough | undefined;
  #stored: Promise<number> | undefined;
  #size = 0;

  constructor(
    private readonly blobs: BlobStore,
    /** The folder the pack goes in; `remove` deletes it. */
    readonly prefix: string,
  ) {}

  get #key() {
    return `${this.prefix}/bodies`;
  }

  /** Where the body is in the pack; waits while the store lags behind. */
  async add(body: Buffer): Promise<BlobRange> {
    const hash = createHash('sha256').update(body).digest('hex');
    const known = this.#known.get(hash);
    if (known) return known;
    if (!this.#out) {
      this.#out = new PassThrough({ highWaterMark: BODY_BUFFER_BYTES });
      this.#stored = this.blobs.putStream(this.#key, this.#out);
      // Seen by `add` and `finish`; a failure with nobody waiting is not an unhandled rejection.
      this.#stored.catch(() => undefined);
    }
    const range = { key: this.#key, start: this.#size, end: this.#size + body.length };
    this.#size = range.end;
    this.#known.set(hash, range);
    if (!this.#out.write(body)) await Promise.race([once(this.#out, 'drain'), this.#stored]);
    return range;
  }

  /** Every body written; throws when the store failed. */
  async finish(): Promise<void> {
    if (!this.#out) return;
    this.#out.end();
    await this.#stored;
  }

  /** Stops writing and removes what was written. */
  async remove(): Promise<void> {
    this.#out?.destroy();
    await this.#stored?.catch(() => undefined);
    await this.blobs.deletePrefix(this.prefix);
  }
}

/**
 * Reads a HAR file's `log.entries` one at a time (the file is never held whole), checks each against HAR 1.2
 * and redacts it before anything else sees it. Each new page (`pageref`; without pages, each document loaded)
 * becomes a url_change step. Bodies over `INLINE_BODY_BYTES` go to the blob store under the session to be, rows
 * to a spool, written in one short transaction once the whole file has passed (`createHarSession`): a transaction
 * open while the file arrives would last as long as the client takes to send it, and on the embedded database
 * every other query waits behind an open transaction. A file that is not JSON, is cut short, has no entries or
 * an invalid one answers 400 naming the entry and field, and leaves nothing behind.
 */
export async function readHar(
  file: Readable,
  placeholder: Placeholder,
  spoolFolder: string,
  blobs: BlobStore,
): Promise<ImportedHar> {
  const sessionPublicId = newPublicId();
  const bodies = new HarBodyPack(blobs, `${sessionBlobPrefix(sessionPublicId)}/har`);
  const spool = await JsonSpool.open<ImportedRequest>(spoolFolder);
  const base64Bodies = new Base64Bodies();
  const steps: RecordedStep[] = [];
  const pages = new Set<string>();
  const usesPages = { known: false, value: false };
  let startedAt = Number.POSITIVE_INFINITY;
  let endedAt = Number.NEGATIVE_INFINITY;
  let index = 0;
  try {
    try {
      for await (const value of harEntries(file)) {
        const parsed = HarEntry.safeParse(value);
        if (!parsed.success) throw badRequest(describeEntryProblem(index, parsed.error));
        const entry = redactHarEntry(
          parsed.data,
          placeholder,
          base64Bodies.decodeText,
          base64Bodies.encodeText,
        );
        if (!usesPages.known) {
          usesPages.known = true;
          usesPages.value = entry.pageref !== undefined;
        }
        const newPage = usesPages.value
          ? entry.pageref !== undefined && !pages.has(entry.pageref)
          : isDocument(entry);
        if (newPage) {
          if (entry.pageref !== undefined) pages.add(entry.pageref);
          steps.push(urlChangeStep(steps.length, entry));
        }
        const { request, responseBody } = recordedRequest(
          entry,
          index,
          steps.length > 0 ? steps.length - 1 : null,
          base64Bodies,
        );
        startedAt = Math.min(startedAt, request.started_at);
        endedAt = Math.max(endedAt, request.started_at + (request.duration_ms ?? 0));
        const inline = responseBody !== null && responseBody.length <= INLINE_BODY_BYTES;
        await spool.add({
          ...request,
          response_body: inline && responseBody.length > 0 ? responseBody.toString('base64') : null,
          response_body_blob: responseBody !== null && !inline ? await bodies.add(responseBody) : null,
        });
        index++;
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof HarSyntaxError)
        throw badRequest(`The HAR file is not valid JSON: ${error.message}`);
      // The upload itself failed (the client went away): not the file's fault.
      throw error;
    }
    if (spool.count === 0) throw badRequest('The HAR file has no entries (log.entries)');
    await bodies.finish();
    await spool.close();
  } catch (error) {
    await spool.discard();
    await bodies.remove();
    throw error;
  }
  return {
    sessionPublicId,
    steps,
    requestCount: spool.count,
    requests: () => spool.batches(WRITE_BATCH, WRITE_BATCH_BYTES),
    startedAt: new Date(startedAt),
    endedAt: new Date(endedAt),
    discard: () => spool.discard(),
    abandon: async () => {
      await spool.discard();
      await bodies.remove();
    },
  };
}

/** The session of an uploaded HAR with its steps and requests, in one transaction: all of it or nothing. */
export async function createHarSession(
  db: Database,
  owner: { organizationId: number; userId: number | null },
  simulator: SimulatorRow,
  imported: ImportedHar,
) {
  return db.transaction(async (tx) => {
    const session = await insertImportedSession(tx, {
      ...owner,
      publicId: imported.sessionPublicId,
      simulatorId: simulator.id,
      simulatorName: simulator.name,
      source: 'har',
      startedAt: imported.startedAt,
      endedAt: imported.endedAt,
    });
    for (let at = 0; at < imported.steps.length; at += WRITE_BATCH)
      await insertSteps(
        tx,
        imported.steps.slice(at, at + WRITE_BATCH).map((step) => ({
          sessionId: session.id,
          idx: step.idx,
          action: step.action,
          beforeState: step.before_state,
          afterState: step.after_state,
          mutationsBefore: step.mutations.before,
          mutationsAfter: step.mutations.after,
          formatVersion: RECORDING_FORMAT_VERSION,
        })),
      );
    for await (const batch of imported.requests()) await insertRequests(tx, session.id, batch);
    return session;
  });
}

/** The simulator a HAR is uploaded for, by id or name; one outside the caller's plan answers 404. */
export async function harSimulator(db: Database, viewer: Viewer, simulatorId: string): Promise<SimulatorRow> {
  const simulator = simulatorId.trim()
    ? await findVisibleSimulator(db, viewer, simulatorId.trim())
    : undefined;
  if (!simulator) throw notFound('Simulator not found');
  return simulator;
}
