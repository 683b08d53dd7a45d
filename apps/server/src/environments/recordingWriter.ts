import { createHash } from 'node:crypto';
import {
  type PageState,
  RECORDING_FORMAT_VERSION,
  type RecordedRequest,
  type RecordedStep,
  type StateMutation,
} from '@proctor/contracts';
import type { Database } from '@proctor/db';
import {
  type CapturedPageState,
  type CapturedStep,
  inlineStylesheets,
  type RrwebSource,
  type StylesheetText,
} from '@proctor/environments';
import type { FastifyBaseLogger } from 'fastify';
import type { BlobStore } from '../kernel/storage/blobs';
import {
  EVENT_KIND,
  insertRequests,
  insertSessionEvents,
  insertSteps,
  type NewStepRow,
  type RrwebChunk,
  type SessionEventRow,
} from '../repositories/recordings';

/** Where a session's screenshots live in the blob store. */
export const sessionBlobPrefix = (sessionPublicId: string) => `sessions/${sessionPublicId}`;

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };
/**
 * The most items one statement writes: far below PostgreSQL's 65,535 parameters for the widest row (a network
 * request's 15 columns), and small enough that a write never holds the event loop for long.
 */
const WRITE_BATCH = 100;
/**
 * How long the writer holds what arrives before writing it, all kinds together: a run's steps, DOM chunks and
 * requests arrive one at a time, and written as they came they were most of a run's statements. A crash loses
 * at most this much of a recording (and fewer than WRITE_BATCH items of a kind, written at once when reached).
 */
export const RECORDING_HOLD_MS = 1_000;

/** What the writer holds until its next write, in arrival order per kind. */
interface Held {
  steps: CapturedStep[];
  rrweb: RrwebChunk[];
  requests: RecordedRequest[];
}

const nothingHeld = (): Held => ({ steps: [], rrweb: [], requests: [] });

/**
 * Writes one session's recording as it happens, in arrival order, screenshots (content-addressed) before the
 * rows that name them. What arrives within RECORDING_HOLD_MS (or while a write runs) is written together: its
 * steps in one statement, its DOM chunks and the mutations its steps name in one more, its requests in a third.
 * A failed write is logged, never thrown: recording must not stop the session it records.
 */
export class SessionRecordingWriter {
  #tail: Promise<void> = Promise.resolve();
  #held: Held = nothingHeld();
  #timer: NodeJS.Timeout | undefined;
  #rrwebSeq = 0;
  #mutationsWritten = 0;
  readonly #storedBlobs = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly blobs: BlobStore,
    readonly session: { id: number; publicId: string },
    private readMutations: (skip: number) => StateMutation[],
    private readonly log: FastifyBaseLogger | undefined,
    /** The text of a stylesheet the recorded pages link, when Proctor has it (its simulators' files). */
    private readonly stylesheetText?: StylesheetText,
  ) {}

  /**
   * From now on the session's mutations are these (all of them, taken before its instance is reset for the
   * next session): the writes still queued, and finish(), read them instead of the instance.
   */
  detach(mutations: readonly StateMutation[]): void {
    this.readMutations = (skip) => mutations.slice(skip);
  }

  step(captured: CapturedStep): void {
    this.#hold(this.#held.steps, captured);
  }

  /** rrweb events of one tab (each tab is a stream of its own, replayed on its own). */
  rrweb(events: unknown[], source: RrwebSource): void {
    if (events.length === 0) return;
    // The page records linked stylesheets by reference; stored, they are what the replay shows.
    if (this.stylesheetText) inlineStylesheets(events, this.stylesheetText);
    this.#hold(this.#held.rrweb, { page: source.pageId, url: source.url, events });
  }

  request(request: RecordedRequest): void {
    this.#hold(this.#held.requests, request);
  }

  /** Writes what it holds and the mutations made since the last step (a run may end without a step). */
  finish(): Promise<void> {
    this.#writeHeld(Number.POSITIVE_INFINITY);
    return this.#tail;
  }

  /** Writes what it holds now; resolves when every write so far is done. */
  flushed(): Promise<void> {
    this.#writeHeld();
    return this.#tail;
  }

  #hold<T>(held: T[], item: T): void {
    held.push(item);
    if (held.length >= WRITE_BATCH) this.#writeHeld();
    else this.#timer ??= setTimeout(() => this.#writeHeld(), RECORDING_HOLD_MS).unref();
  }

  /**
   * Queues a write of everything held, with the mutations up to the last of its steps (or `mutationsUpTo`).
   * One statement per kind and WRITE_BATCH items; one that fails loses its items, not the ones after it.
   */
  #writeHeld(mutationsUpTo = 0): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const { steps, rrweb, requests } = this.#held;
    this.#held = nothingHeld();
    const upTo = Math.max(mutationsUpTo, ...steps.map((step) => step.mutations.after));
    if (steps.length === 0 && rrweb.length === 0 && requests.length === 0 && upTo === 0) return;
    this.#tail = this.#tail.then(async () => {
      for (let at = 0; at < steps.length; at += WRITE_BATCH)
        await this.#writeSteps(steps.slice(at, at + WRITE_BATCH)).catch((error) =>
          this.#failed('steps', error),
        );
      const events: SessionEventRow[] = rrweb.map((chunk) => ({
        kind: EVENT_KIND.rrweb,
        seq: this.#rrwebSeq++,
        payload: chunk,
      }));
      const mutations = this.#freshMutations(upTo);
      if (mutations) events.push(mutations);
      for (let at = 0; at < events.length; at += WRITE_BATCH)
        await insertSessionEvents(this.db, this.session.id, events.slice(at, at + WRITE_BATCH)).catch(
          (error) => this.#failed('DOM events and mutations', error),
        );
      for (let at = 0; at < requests.length; at += WRITE_BATCH)
        await insertRequests(this.db, this.session.id, requests.slice(at, at + WRITE_BATCH)).catch((error) =>
          this.#failed('network requests', error),
        );
    });
  }

  async #writeSteps(steps: CapturedStep[]): Promise<void> {
    const rows: NewStepRow[] = [];
    for (const captured of steps) {
      const [before, after] = await Promise.all([
        this.#storeState(captured.before_state),
        this.#storeState(captured.after_state),
      ]);
      const step: RecordedStep = { ...captured, before_state: before, after_state: after };
      rows.push({
        sessionId: this.session.id,
        idx: step.idx,
        action: step.action,
        beforeState: step.before_state,
        afterState: step.after_state,
        mutationsBefore: step.mutations.before,
        mutationsAfter: step.mutations.after,
        page: step.page ?? null,
        formatVersion: RECORDING_FORMAT_VERSION,
      });
    }
    await insertSteps(this.db, rows);
  }

  #failed(what: string, error: unknown): void {
    this.log?.error({ err: error, session: this.session.publicId }, `recording: could not write its ${what}`);
  }

  /** The instance's mutations up to `count` not written yet, as one chunk (none when there are none). */
  #freshMutations(count: number): SessionEventRow | undefined {
    if (count <= this.#mutationsWritten) return undefined;
    let fresh: StateMutation[];
    try {
      fresh = this.readMutations(this.#mutationsWritten);
    } catch {
      return undefined; // The instance is gone (closed while the step settled): they were written at finish.
    }
    if (Number.isFinite(count)) fresh = fresh.slice(0, count - this.#mutationsWritten);
    if (fresh.length === 0) return undefined;
    const seq = this.#mutationsWritten;
    this.#mutationsWritten += fresh.length;
    return { kind: EVENT_KIND.mutations, seq, payload: fresh };
  }

  async #storeState(state: CapturedPageState | null): Promise<PageState | null> {
    if (!state) return null;
    const { screenshot, ...rest } = state;
    if (!screenshot) return { ...rest, screenshot: null };
    const digest = createHash('sha256').update(screenshot.data).digest('hex').slice(0, 32);
    const key = `${sessionBlobPrefix(this.session.publicId)}/${digest}.${EXTENSION[screenshot.mime] ?? 'bin'}`;
    if (!this.#storedBlobs.has(key)) {
      await this.blobs.put(key, screenshot.data);
      this.#storedBlobs.add(key);
    }
    return {
      ...rest,
      screenshot: {
        key: key.slice(key.lastIndexOf('/') + 1),
        mime: screenshot.mime,
        width: screenshot.width,
        height: screenshot.height,
        bytes: screenshot.data.byteLength,
      },
    };
  }
}
