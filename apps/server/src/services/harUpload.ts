import { createHmac } from 'node:crypto';
import type { Duplex, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
import type { Database } from '@proctor/db';
import chain from 'stream-chain';
import pick from 'stream-json/core/filters/pick.js';
import parser from 'stream-json/core/parser.js';
import streamArray from 'stream-json/core/streamers/stream-array.js';
import type { z } from 'zod';
import type { Viewer } from '../kernel/access/viewer';
import { badRequest, HttpError, notFound } from '../kernel/http/errors';
import { JsonSpool } from '../kernel/storage/spool';
import { insertRequests, insertSteps } from '../repositories/recordings';
import { insertImportedSession } from '../repositories/sessions';
import { findVisibleSimulator, type SimulatorRow } from '../repositories/simulators';

/**
 * What a HAR file becomes once read whole (nothing is written for a file that fails): its pages as steps, and its
 * requests spooled to disk, so that a 200 MB file costs the server a batch of memory, not the file's size.
 * `discard` removes the spool whatever became of the import.
 */
export interface ImportedHar {
  steps: RecordedStep[];
  requestCount: number;
  /** The redacted requests in the file's order, a batch at a time. */
  requests(): AsyncGenerator<RecordedRequest[]>;
  startedAt: Date;
  endedAt: Date;
  discard(): Promise<void>;
}

/** Rows one insert writes: a network request has 15 columns, far below PostgreSQL's 65,535 parameters. */
const WRITE_BATCH = 500;
/** And at most about this many bytes of them: large statements cost the embedded database memory it keeps. */
const WRITE_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * `redacted:` and the first 8 hex digits of the secret's HMAC under the server's secret: the same secret gives
 * the same placeholder (a replay still matches on it), and none can be turned back into its secret.
 */
export function harPlaceholder(serverSecret: string): Placeholder {
  return (secret) =>
    `${HAR_UPLOAD.placeholderPrefix}${createHmac('sha256', serverSecret).update(secret).digest('hex').slice(0, 8)}`;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A base64 body's text, or null when it is not UTF-8 text (an image): such a body is kept as it is. */
function decodeText(base64: string): string | null {
  try {
    return utf8.decode(Buffer.from(base64, 'base64'));
  } catch {
    return null;
  }
}

const encodeText = (text: string) => Buffer.from(text, 'utf8').toString('base64');

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

/** A redacted entry as the session's network request, made during step `stepIdx`. */
function recordedRequest(entry: HarEntry, index: number, stepIdx: number | null): RecordedRequest {
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
      : cut(Buffer.from(content.text, content.encoding === 'base64' ? 'base64' : 'utf8'));
  const responseHeaders = headerRecord(response.headers);
  // Chrome writes status 0 (and its reason in `_error`) for a request that got no answer.
  const answered = response.status > 0;
  const error = (response as { _error?: unknown })._error;
  const resourceType = (entry as { _resourceType?: unknown })._resourceType;
  return {
    request_id: String(index),
    method: request.method,
    url: request.url,
    resource_type: typeof resourceType === 'string' ? resourceType : null,
    status: answered ? response.status : null,
    content_type: content.mimeType || responseHeaders['content-type'] || null,
    request_headers: headerRecord(request.headers),
    response_headers: responseHeaders,
    request_body: requestBody ? requestBody.bytes.toString('utf8') : null,
    response_body: responseBody ? responseBody.bytes.toString('base64') : null,
    truncated: Boolean(requestBody?.truncated || responseBody?.truncated),
    started_at: Date.parse(entry.startedDateTime),
    duration_ms: entry.time >= 0 ? entry.time : null,
    failed: answered ? null : typeof error === 'string' && error ? error : 'No response',
    step_idx: stepIdx,
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
 * Reads a HAR file's `log.entries` one at a time (the file is never held whole), checks each against HAR 1.2
 * and redacts it before anything else sees it. Each new page (`pageref`; without pages, each document loaded)
 * becomes a url_change step. A file that is not JSON, is cut short, has no entries or an invalid one answers
 * 400 naming the entry and field.
 */
export async function readHar(
  file: Readable,
  placeholder: Placeholder,
  spoolFolder: string,
): Promise<ImportedHar> {
  const spool = await JsonSpool.open<RecordedRequest>(spoolFolder);
  const steps: RecordedStep[] = [];
  const pages = new Set<string>();
  const usesPages = { known: false, value: false };
  let startedAt = Number.POSITIVE_INFINITY;
  let endedAt = Number.NEGATIVE_INFINITY;
  try {
    try {
      await pipeline(
        file,
        // One stream of the parser's plain functions, strings packed whole: a Node stream per stage took twice as long.
        chain([parser({ streamValues: false }), pick({ filter: 'log.entries' }), streamArray()]) as Duplex,
        async (items: AsyncIterable<{ key: number; value: unknown }>) => {
          for await (const { key, value } of items) {
            const parsed = HarEntry.safeParse(value);
            if (!parsed.success) throw badRequest(describeEntryProblem(key, parsed.error));
            const entry = redactHarEntry(parsed.data, placeholder, decodeText, encodeText);
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
            const request = recordedRequest(entry, key, steps.length > 0 ? steps.length - 1 : null);
            startedAt = Math.min(startedAt, request.started_at);
            endedAt = Math.max(endedAt, request.started_at + (request.duration_ms ?? 0));
            await spool.add(request);
          }
        },
      );
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw badRequest(`The HAR file is not valid JSON: ${(error as Error).message}`);
    }
    if (spool.count === 0) throw badRequest('The HAR file has no entries (log.entries)');
    await spool.close();
  } catch (error) {
    await spool.discard();
    throw error;
  }
  return {
    steps,
    requestCount: spool.count,
    requests: () => spool.batches(WRITE_BATCH, WRITE_BATCH_BYTES),
    startedAt: new Date(startedAt),
    endedAt: new Date(endedAt),
    discard: () => spool.discard(),
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
