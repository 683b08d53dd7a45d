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
  insertMutationsChunk,
  insertRequests,
  insertRrwebChunks,
  insertSteps,
  type NewStepRow,
  type RrwebChunk,
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
 * Writes one session's recording as it happens, in arrival order, screenshots (content-addressed) before the
 * rows that name them; what arrives during a write is written together, one statement per kind. A failed write
 * is logged, never thrown: recording must not stop the session it records.
 */
export class SessionRecordingWriter {
  #tail: Promise<void> = Promise.resolve();
  readonly #steps: CapturedStep[] = [];
  readonly #rrweb: RrwebChunk[] = [];
  readonly #requests: RecordedRequest[] = [];
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
    this.#batch(this.#steps, captured, 'steps', async (steps) => {
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
      await this.#writeMutations(Math.max(...steps.map((step) => step.mutations.after)));
    });
  }

  /** rrweb events of one tab (each tab is a stream of its own, replayed on its own). */
  rrweb(events: unknown[], source: RrwebSource): void {
    if (events.length === 0) return;
    // The page records linked stylesheets by reference; stored, they are what the replay shows.
    if (this.stylesheetText) inlineStylesheets(events, this.stylesheetText);
    const chunk: RrwebChunk = { page: source.pageId, url: source.url, events };
    this.#batch(this.#rrweb, chunk, 'rrweb chunks', async (chunks) => {
      await insertRrwebChunks(
        this.db,
        this.session.id,
        chunks.map((chunk) => ({ seq: this.#rrwebSeq++, chunk })),
      );
    });
  }

  request(request: RecordedRequest): void {
    this.#batch(this.#requests, request, 'network requests', async (requests) => {
      await insertRequests(this.db, this.session.id, requests);
    });
  }

  /** Mutations made since the last step, read when the session ends (a run may end without a step). */
  finish(): Promise<void> {
    this.#enqueue('mutations', () => this.#writeMutations(Number.POSITIVE_INFINITY));
    return this.#tail;
  }

  /** Resolves when every write queued so far is done. */
  flushed(): Promise<void> {
    return this.#tail;
  }

  /**
   * Queues `item` for a write of its kind that takes everything of that kind waiting when it runs, WRITE_BATCH
   * items a statement.
   */
  #batch<T>(waiting: T[], item: T, what: string, write: (items: T[]) => Promise<void>): void {
    waiting.push(item);
    // Any more that arrive before that write runs go with this one.
    if (waiting.length > 1) return;
    this.#enqueue(what, async () => {
      // A statement that fails loses its items, not the ones after it.
      while (waiting.length > 0)
        await write(waiting.splice(0, WRITE_BATCH)).catch((error) => this.#failed(what, error));
    });
  }

  #enqueue(what: string, write: () => Promise<void>): void {
    this.#tail = this.#tail.then(write).catch((error: unknown) => this.#failed(what, error));
  }

  #failed(what: string, error: unknown): void {
    this.log?.error({ err: error, session: this.session.publicId }, `recording: could not write its ${what}`);
  }

  /** The instance's mutations up to `count` not written yet, as one chunk. */
  async #writeMutations(count: number): Promise<void> {
    if (count <= this.#mutationsWritten) return;
    let fresh: StateMutation[];
    try {
      fresh = this.readMutations(this.#mutationsWritten);
    } catch {
      return; // The instance is gone (closed while the step settled): the mutations were written at finish.
    }
    if (Number.isFinite(count)) fresh = fresh.slice(0, count - this.#mutationsWritten);
    if (fresh.length === 0) return;
    const seq = this.#mutationsWritten;
    this.#mutationsWritten += fresh.length;
    await insertMutationsChunk(this.db, this.session.id, seq, fresh);
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
