import { type BoundingBox, RECORDING, type UserAction } from '@proctor/contracts';
import type { ActionChange } from './actions';
import type { CapturedPageState, CapturedScreenshot, CapturedStep } from './types';

/**
 * The longest a step waits for its page to settle (ms after the action's last event). A page that never stops
 * changing (an animation, a ticking clock) gets its after-state then; one that never finishes loading too.
 */
export const SETTLE_TIMEOUT_MS = 5_000;
/**
 * The longest a burst of steps (each begun before the one before it settled) goes without a screenshot: a step
 * closed by the next one takes its page's next screenshot as its after-state, until the oldest such step has
 * waited this long; then one is taken at once.
 */
export const BURST_CAPTURE_MS = 1_000;

/** One look at a page: where it was and what it showed. Shared by a step's after-state and the next before-state. */
export interface PageCapture {
  url: string;
  screenshot: CapturedScreenshot | null;
}

export interface StepTrackerOptions {
  /** Takes a screenshot of the page now. Never rejects: a page that went away gives a capture without one. */
  capture(pageId: string): Promise<PageCapture>;
  /** The page's URL as last known, for a state without a capture. */
  currentUrl(pageId: string): string;
  /** Whether the page's main frame is loading a document (then it has not settled). */
  isLoading(pageId: string): boolean;
  /** With `actedAt`, the count an action taken then began with (types.ts, `SessionRecorderOptions`). */
  mutationCount(actedAt?: number): number;
  emit(step: CapturedStep): void;
  now?: () => number;
}

interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T | PromiseLike<T>): void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve: Deferred<T>['resolve'] = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

interface Step {
  idx: number;
  action: UserAction;
  pageId: string;
  bbox: BoundingBox | null;
  /** The page as last seen settled; undefined for steps without screenshots (mouse_move). */
  before: Promise<PageCapture | null> | undefined;
  urlAtStart: string;
  /** Taken after the step's last event; cleared when the step grows or its page changes after it. */
  after: Promise<PageCapture> | undefined;
  mutationsBefore: number;
  mutationsAfter: number | undefined;
  /** Its action is complete: nothing will be added to it. */
  finished: boolean;
  /** Its last event, from which SETTLE_TIMEOUT_MS counts. */
  lastEventAt: number;
  timer?: NodeJS.Timeout;
  ready: Deferred;
}

interface PageSettle {
  /** The page as last seen settled (or the latest capture taken for a step). */
  latest: Promise<PageCapture> | undefined;
  /**
   * The page's next capture, promised to the steps closed by the next one since its last capture (a burst), and
   * when the first of them was closed.
   */
  next?: Deferred<PageCapture> & { since: number };
  /** A capture waiting for the page to settle with no step on it (after a load, or on attach). */
  idle?: { timer: NodeJS.Timeout; since: number };
}

/**
 * Steps from action changes: a screenshot once the page settles serves as one step's after-state and the next
 * one's before-state, so a step costs at most one; a burst of steps shares one. The rules, and why bursts and
 * mouse moves take no screenshot of their own: "Steps and screenshots" in the package README.
 */
export class StepTracker {
  readonly #options: StepTrackerOptions;
  readonly #now: () => number;
  readonly #pages = new Map<string, PageSettle>();
  readonly #byAction = new Map<string, Step>();
  /** The step with screenshots that is still open or settling: the next such step closes it. */
  #current: Step | undefined;
  #nextIdx = 0;
  #lastIdx: number | null = null;
  /** Resolves once every step begun so far has been emitted. */
  #emitted: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(options: StepTrackerOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The index of the last step begun, null before the first of the session. */
  get lastStepIdx(): number | null {
    return this.#lastIdx;
  }

  apply(change: ActionChange): void {
    if (this.#closed) return;
    if (change.kind === 'started') {
      this.#start(change);
      return;
    }
    const step = this.#byAction.get(change.action.id);
    if (!step) return;
    step.action = change.action;
    if (change.kind === 'updated') {
      if (step.before) this.#grew(step);
      return;
    }
    step.finished = true;
    this.#byAction.delete(change.action.id);
    if (step.before && !step.after) return; // its settle timer (or the next step) takes the after-state
    if (this.#current === step) this.#current = undefined;
    step.ready.resolve();
  }

  /** The page changed (DOM mutations, a navigation): whatever waits for it to settle waits again. */
  activity(pageId: string): void {
    const step = this.#current;
    // Its after-state, if taken (its page loaded), is no longer what the page shows.
    if (step?.pageId === pageId) {
      step.after = undefined;
      step.mutationsAfter = undefined;
      this.#arm(step);
    }
    const page = this.#pages.get(pageId);
    if (page?.idle) this.#armIdle(pageId, page, page.idle.since);
  }

  /**
   * The page's main frame stopped loading. The step that waits on it (the navigation an action made) takes its
   * after-state now: an agent acts as soon as a page has loaded, and a screenshot taken when its next action
   * begins races the navigation that action often starts. A later change takes it back and waits for quiet
   * again; with no step waiting on the page, it is watched until it settles.
   */
  loaded(pageId: string): void {
    const step = this.#current;
    if (step?.pageId !== pageId) this.watchUntilSettled(pageId);
    else if (!this.#closed && !step.after && !this.#options.isLoading(pageId)) this.#captureAfter(step);
  }

  /** A page appeared or finished loading: once it settles, it is captured as the next step's before-state. */
  watchUntilSettled(pageId: string): void {
    if (this.#closed || this.#current?.pageId === pageId) return;
    this.#armIdle(pageId, this.#page(pageId), this.#now());
  }

  pageGone(pageId: string): void {
    if (this.#current?.pageId === pageId) this.#close(this.#current);
    const page = this.#pages.get(pageId);
    clearTimeout(page?.idle?.timer);
    this.#pages.delete(pageId);
  }

  /**
   * Closes the step in progress (its after-state taken now) and resolves once every step begun so far reached
   * the sink. Actions must be finished first (`ActionAssembler.flush`): an unfinished one is never emitted.
   */
  flush(): Promise<void> {
    if (this.#current) this.#close(this.#current);
    return this.#emitted;
  }

  /** A new session: the next step is idx 0. Steps of the old session still settling keep their indexes. */
  restart(): void {
    this.#nextIdx = 0;
    this.#lastIdx = null;
  }

  close(): void {
    this.#closed = true;
    if (this.#current) clearTimeout(this.#current.timer);
    for (const page of this.#pages.values()) clearTimeout(page.idle?.timer);
  }

  #page(pageId: string): PageSettle {
    let page = this.#pages.get(pageId);
    if (!page) {
      page = { latest: undefined };
      this.#pages.set(pageId, page);
    }
    return page;
  }

  #start({ action, context, bbox }: ActionChange): void {
    const idx = this.#nextIdx++;
    this.#lastIdx = idx;
    const withScreenshots = action.type !== 'mouse_move';
    if (withScreenshots && this.#current) this.#close(this.#current, context.pageId);
    let before: Promise<PageCapture | null> | undefined;
    if (withScreenshots) {
      const page = this.#page(context.pageId);
      // Waiting to settle with no step on it (a page the recorder found loaded): what it shows now is the best
      // "before" there is. It is taken once this action is heard of, so it may show the action's own effect.
      // Only frames kept from before the action would avoid that: a screencast kept running for them cost
      // actions far more than the screenshots it replaced (recorder.ts, #captureNow). A page loaded by a step
      // was looked at when it stopped loading (loaded()).
      if (page.idle) this.#captureIdle(context.pageId, page);
      before = page.latest ?? Promise.resolve(null);
    }
    const step: Step = {
      idx,
      action,
      pageId: context.pageId,
      bbox,
      before,
      urlAtStart: this.#options.currentUrl(context.pageId),
      after: undefined,
      mutationsBefore: this.#options.mutationCount(action.timestamp),
      mutationsAfter: undefined,
      finished: false,
      lastEventAt: this.#now(),
      ready: deferred(),
    };
    this.#byAction.set(action.id, step);
    const previous = this.#emitted;
    // The sink's errors are the recorder's to report; the chain must go on after one.
    this.#emitted = previous
      .then(() => step.ready.promise)
      .then(() => this.#emit(step))
      .catch(() => {});
    if (withScreenshots) {
      this.#current = step;
      this.#arm(step);
    }
  }

  #grew(step: Step): void {
    step.lastEventAt = this.#now();
    if (step !== this.#current) return;
    step.after = undefined;
    step.mutationsAfter = undefined;
    this.#arm(step);
  }

  /**
   * (Re)starts the wait for quiet: settleMs from now, but never past SETTLE_TIMEOUT_MS after the last event.
   * When the time is up, the events already received are heard first (setImmediate runs after the event
   * loop's I/O): a process busy for longer than settleMs runs its due timers before reading what the browser
   * sent meanwhile, and the step would settle without the navigation its action started.
   */
  #arm(step: Step): void {
    clearTimeout(step.timer);
    const left = step.lastEventAt + SETTLE_TIMEOUT_MS - this.#now();
    const timer = setTimeout(
      () => setImmediate(() => step.timer === timer && this.#settled(step)),
      Math.max(0, Math.min(RECORDING.settleMs, left)),
    );
    step.timer = timer;
  }

  #settled(step: Step): void {
    if (step !== this.#current || this.#closed) return;
    const timedOut = this.#now() >= step.lastEventAt + SETTLE_TIMEOUT_MS;
    if (this.#options.isLoading(step.pageId) && !timedOut) {
      this.#arm(step);
      return;
    }
    // Taken when its page loaded, and nothing has changed since.
    if (!step.after) this.#captureAfter(step);
    if (step.finished) {
      this.#current = undefined;
      step.ready.resolve();
    }
  }

  /**
   * The step's after-state: its page's next capture when the step that starts now (on `nextOnPage`) continues a
   * burst, else a capture now (its page went away, everything is being flushed).
   */
  #close(step: Step, nextOnPage?: string): void {
    clearTimeout(step.timer);
    if (!step.after) {
      const page = this.#page(step.pageId);
      if (this.#continuesBurst(step, page, nextOnPage)) {
        page.next ??= { ...deferred<PageCapture>(), since: this.#now() };
        step.after = page.next.promise;
        step.mutationsAfter = this.#options.mutationCount();
      } else this.#captureAfter(step);
    }
    if (this.#current === step) this.#current = undefined;
    if (step.finished) step.ready.resolve();
  }

  /**
   * Whether the next step, on `nextOnPage`, may begin from the last settled look and leave this step's after-state
   * to the page's next capture: on the same page, with a look of it taken already, the burst younger than
   * BURST_CAPTURE_MS, and this step no navigation (the next step acts on the new document, which it must begin
   * from: an agent clicks as soon as a page has loaded, sooner than it settles).
   */
  #continuesBurst(step: Step, page: PageSettle, nextOnPage: string | undefined): boolean {
    return (
      nextOnPage === step.pageId &&
      step.action.type !== 'url_change' &&
      page.latest !== undefined &&
      (!page.next || this.#now() - page.next.since < BURST_CAPTURE_MS)
    );
  }

  #captureAfter(step: Step): void {
    step.after = this.#take(step.pageId);
    step.mutationsAfter = this.#options.mutationCount();
  }

  /** A screenshot of the page now: its latest look, and the after-state promised to its burst's steps. */
  #take(pageId: string): Promise<PageCapture> {
    const page = this.#page(pageId);
    const capture = this.#options.capture(pageId);
    page.latest = capture;
    page.next?.resolve(capture);
    page.next = undefined;
    return capture;
  }

  #armIdle(pageId: string, page: PageSettle, since: number): void {
    clearTimeout(page.idle?.timer);
    const left = since + SETTLE_TIMEOUT_MS - this.#now();
    const timer = setTimeout(
      () => {
        if (this.#options.isLoading(pageId) && this.#now() < since + SETTLE_TIMEOUT_MS)
          this.#armIdle(pageId, page, since);
        else this.#captureIdle(pageId, page);
      },
      Math.max(0, Math.min(RECORDING.settleMs, left)),
    );
    page.idle = { timer, since };
  }

  #captureIdle(pageId: string, page: PageSettle): void {
    clearTimeout(page.idle?.timer);
    page.idle = undefined;
    if (!this.#closed && this.#pages.get(pageId) === page) this.#take(pageId);
  }

  async #emit(step: Step): Promise<void> {
    const [before, after] = await Promise.all([step.before, step.after]);
    const bboxes = step.bbox ? [step.bbox] : [];
    const state = (capture: PageCapture | null | undefined): CapturedPageState => ({
      current_url: capture?.url ?? step.urlAtStart,
      screenshot: capture?.screenshot ?? null,
      metadata: { bboxes },
    });
    const withScreenshots = step.before !== undefined;
    this.#options.emit({
      idx: step.idx,
      action: step.action,
      before_state: withScreenshots ? state(before) : null,
      after_state: withScreenshots ? state(after) : null,
      mutations: {
        before: step.mutationsBefore,
        after: step.mutationsAfter ?? this.#options.mutationCount(),
      },
      page: step.pageId,
    });
  }
}
