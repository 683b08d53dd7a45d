import type { PageState, RecordedRequest, RecordedStep } from '@proctor/contracts';

/** A screenshot as captured, before anyone stored it (the recording keeps a `ScreenshotRef` to the stored bytes). */
export interface CapturedScreenshot {
  data: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

/** `PageState` with the screenshot's bytes instead of a blob reference. */
export interface CapturedPageState extends Omit<PageState, 'screenshot'> {
  screenshot: CapturedScreenshot | null;
}

/** `RecordedStep` whose page states carry their screenshots' bytes. */
export interface CapturedStep extends Omit<RecordedStep, 'before_state' | 'after_state'> {
  before_state: CapturedPageState | null;
  after_state: CapturedPageState | null;
}

/** Which page an rrweb batch came from: each top-level page (tab) is an rrweb stream of its own. */
export interface RrwebSource {
  /** The page's CDP target id, stable for the tab's life. */
  pageId: string;
  /** The URL of the document that recorded the batch. */
  url: string;
}

/** Where a recorder delivers what it recorded. Called synchronously; a sink that throws reaches `onError`. */
export interface RecordingSink {
  /** One step, once complete; steps arrive in idx order. */
  step(step: CapturedStep): void;
  /** rrweb events, in the order the page emitted them. */
  rrweb(events: unknown[], source: RrwebSource): void;
  /** One request, once finished or failed (or, when its page or the recorder went away first, unfinished). */
  request(request: RecordedRequest): void;
}

export interface SessionRecorderOptions {
  sink: RecordingSink;
  /** Record network requests (`Network.enable` on every page and frame). */
  recordNetwork?: boolean;
  /**
   * How many of the instance's mutations have happened so far; read when a step begins and when it settles.
   * When a step begins it is given the instant its action was taken (wall-clock ms; the page's clock for what
   * the page reports): the count should then leave out writes made by requests received at or after it, which
   * that action may have sent before the recorder heard of it.
   */
  mutationCount?: (actedAt?: number) => number;
  /**
   * Fast Mode (`FAST_MODE` in the contracts): screenshots at its lower JPEG quality, and pointer movement left out
   * (no mouse_move steps, no mouse trail in rrweb). Everything else is recorded as without it.
   */
  fastMode?: boolean;
  /** What went wrong and was not the caller's to handle (a page going away is not reported). */
  onError?: (error: Error) => void;
}

/** What a recorder did so far, for tests and benchmarks. */
export interface SessionRecorderStats {
  pages: number;
  steps: number;
  screenshots: number;
  /** Mean milliseconds from asking for a screenshot to having it, tries the page refused or left unanswered included. */
  screenshotMeanMs: number;
  /** Steps with page states (not mouse_move): each has a screenshot's worth, shared by the steps of a burst. */
  stepsWithStates: number;
  /** Screenshot milliseconds per step with page states: what screenshots cost a step, a burst's shared. */
  screenshotMsPerStep: number;
  rrwebEvents: number;
  requests: number;
}
