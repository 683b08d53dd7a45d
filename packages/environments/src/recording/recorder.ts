import { FAST_MODE, RECORDING, type RecordedRequest, redactUrl } from '@proctor/contracts';
import { CdpConnection, CdpError, type CdpEventParams } from '../cdp/connection';
import { jpegSize } from '../live/frameGeometry';
import { ActionAssembler, type ActionChange, parseRawEvent } from './actions';
import { NetworkLog } from './network';
import {
  PAGE_HANDLE_KEY,
  type PageMessage,
  pageScriptSource,
  RECORDER_BINDING,
  rrwebStartSource,
} from './pageScript';
import { type PageCapture, StepTracker } from './steps';
import { withTimeout } from './timeout';
import type {
  CapturedPageState,
  CapturedStep,
  RecordingSink,
  RrwebSource,
  SessionRecorderOptions,
  SessionRecorderStats,
} from './types';

/** A screenshot was asked for just before its page committed a new document: it will never be answered. */
class DocumentSwapped extends Error {}

/**
 * A screenshot that takes longer than this is given up (a page stuck in a dialog, a renderer that hangs). A slow
 * one is waited for, not asked again: Chromium still takes every capture asked for, so each new ask only added a
 * capture's work to a busy machine (a quarter of all captures under load). Only a capture asked for just before
 * the page commits a new document is never answered: that one is asked again once the commit is heard of.
 */
export const CAPTURE_TIMEOUT_MS = 3_000;
/** The pause between tries of a screenshot refused while its page swaps documents. */
const CAPTURE_RETRY_MS = 50;
const SWAPPING_DOCUMENTS = /Not attached to an active page|Unable to capture screenshot/i;
/** The longest the recorder waits for any other command to a page (its setup, an evaluation). */
const PAGE_COMMAND_TIMEOUT_MS = 5_000;
/** How long close() gives the pending step and requests to reach the sink. */
const CLOSE_FLUSH_TIMEOUT_MS = 5_000;
/**
 * The longest a main-frame navigation the page asked for counts as loading before the browser starts it. One
 * that never starts (a download, a cancelled one) holds its step this long, no longer.
 */
const NAVIGATION_START_GRACE_MS = 2_000;
/** Chromium's answers for a session or target that no longer exists. */
const GONE = /Session with given id not found|No target with given id|Target closed|not attached|closed/i;
/** rrweb event type of an incremental snapshot, whose source 0 is a DOM mutation. */
const RRWEB_INCREMENTAL = 3;
const RRWEB_MUTATION = 0;
/** rrweb event type of a document's meta data, whose `href` is the document's URL. */
const RRWEB_META = 4;
/** rrweb incremental sources of pointer movement (MouseMove, TouchMove), which Fast Mode leaves out. */
const RRWEB_MOVEMENTS = new Set([1, 6]);
const SCREENSHOT_QUALITY = 60;

/**
 * A step with the secret parameters of its URLs redacted, as request URLs are: a reset link's `?token=` or an
 * OAuth redirect's `#access_token=` is the same secret in a url_change or a page state as in a request.
 */
function withRedactedUrls(step: CapturedStep): CapturedStep {
  const { action } = step;
  const frameUrl = action.metadata.frame_url;
  const metadata =
    frameUrl === undefined ? action.metadata : { ...action.metadata, frame_url: redactUrl(frameUrl) };
  const state = (page: CapturedPageState | null) =>
    page && { ...page, current_url: redactUrl(page.current_url) };
  return {
    ...step,
    action:
      action.type === 'url_change'
        ? { ...action, metadata, url: redactUrl(action.url) }
        : { ...action, metadata },
    before_state: state(step.before_state),
    after_state: state(step.after_state),
  };
}

function isMovement(event: unknown): boolean {
  const { type, data } = (event ?? {}) as { type?: number; data?: { source?: number } };
  return type === RRWEB_INCREMENTAL && data?.source !== undefined && RRWEB_MOVEMENTS.has(data.source);
}

type TargetInfo = CdpEventParams<'Target.attachedToTarget'>['targetInfo'];

/** A top-level page (tab): the target that acts, whose screenshots and URL the steps show. */
interface RecordedPage {
  targetId: string;
  sessionId: string;
  url: string;
  mainFrameId: string | undefined;
  /** The main frame is loading a document (between frameStartedLoading and frameStoppedLoading). */
  loading: boolean;
  /**
   * When the page last asked to navigate its main frame (a link, a form's submit), until the browser starts
   * loading it. The page asks at once; the browser may start loading much later on a busy machine, after a
   * step would have settled and missed the write that request makes.
   */
  navigationRequestedAt: number | undefined;
  /** A navigation of its main frame to a document (not about:) has been recorded. */
  navigated: boolean;
  gone: boolean;
  /** Screenshots of one page are taken one at a time. */
  captures: Promise<unknown>;
  /** Set while a screenshot is being taken: called when the main frame commits a new document. */
  onCommit: (() => void) | undefined;
}

/** One CDP session the recorder instruments: a page, or an out-of-process iframe of one. */
interface FrameSession {
  sessionId: string;
  targetId: string;
  kind: 'page' | 'iframe';
  page: RecordedPage;
  /** The main-world execution contexts the page script runs in (from its hello): whether each is a top frame. */
  contexts: Map<number, boolean>;
  /** Each frame's main-world execution context, by frame id. */
  frameContexts: Map<string, number>;
}

/**
 * The browser side of recording: every page and frame of one environment's Chromium, over a CDP connection of
 * its own, turned into steps, rrweb events and network requests for the sink. How it attaches beside other
 * clients, and why it always resumes targets: "The session recorder" in the package README.
 */
export class SessionRecorder {
  readonly #connection: CdpConnection;
  readonly #sink: RecordingSink;
  readonly #options: SessionRecorderOptions;
  readonly #sessions = new Map<string, FrameSession>();
  readonly #pages = new Map<string, RecordedPage>();
  readonly #steps: StepTracker;
  readonly #network: NetworkLog | undefined;
  readonly #screenshotQuality: number;
  #assembler = new ActionAssembler();
  /** The session-wide sequence number of the last raw event or navigation. */
  #seq = 0;
  /** Navigations are the platform's (a reset) until the driver does something after a new session begins. */
  #simulatorNavigation = true;
  #closing: Promise<void> | undefined;
  readonly #stats = {
    steps: 0,
    stepsWithStates: 0,
    screenshots: 0,
    screenshotMs: 0,
    rrwebEvents: 0,
    requests: 0,
  };

  private constructor(connection: CdpConnection, options: SessionRecorderOptions) {
    this.#connection = connection;
    this.#options = options;
    this.#sink = options.sink;
    this.#screenshotQuality = options.fastMode ? FAST_MODE.screenshotQuality : SCREENSHOT_QUALITY;
    this.#steps = new StepTracker({
      capture: (pageId) => this.#capture(pageId),
      currentUrl: (pageId) => this.#pages.get(pageId)?.url ?? '',
      isLoading: (pageId) => {
        const page = this.#pages.get(pageId);
        if (!page) return false;
        const requested = page.navigationRequestedAt;
        return (
          page.loading || (requested !== undefined && Date.now() - requested < NAVIGATION_START_GRACE_MS)
        );
      },
      mutationCount: (actedAt) => this.#mutationCount(actedAt),
      emit: (step) => this.#emitStep(step),
    });
    this.#network = options.recordNetwork
      ? new NetworkLog(connection, (sessionId) => this.#sessions.has(sessionId), {
          emit: (request) => this.#emitRequest(request),
          stepIdx: () => this.#steps.lastStepIdx,
        })
      : undefined;
  }

  /** Connects to a browser's browser-level endpoint and starts recording every page in it. */
  static async attach(wsEndpoint: string, options: SessionRecorderOptions): Promise<SessionRecorder> {
    return SessionRecorder.overConnection(await CdpConnection.connect(wsEndpoint), options);
  }

  /**
   * Records over a browser-level connection of its own (a WebSocket, or a channel of a browser this process
   * launched). The recorder owns it from now on: it closes it on close(), or when the start fails.
   */
  static async overConnection(
    connection: CdpConnection,
    options: SessionRecorderOptions,
  ): Promise<SessionRecorder> {
    const recorder = new SessionRecorder(connection, options);
    try {
      await recorder.#start();
    } catch (error) {
      connection.close();
      throw error;
    }
    return recorder;
  }

  get closed(): boolean {
    return this.#closing !== undefined;
  }

  stats(): SessionRecorderStats {
    const { steps, stepsWithStates, screenshots, screenshotMs, rrwebEvents, requests } = this.#stats;
    return {
      pages: this.#pages.size,
      steps,
      screenshots,
      screenshotMeanMs: screenshots ? screenshotMs / screenshots : 0,
      stepsWithStates,
      screenshotMsPerStep: stepsWithStates ? screenshotMs / stepsWithStates : 0,
      rrwebEvents,
      requests,
    };
  }

  /**
   * Emits every step begun so far, the action still being typed, scrolled or moved included (its after-state
   * taken now). Resolves once they reached the sink.
   */
  async flush(): Promise<void> {
    if (this.#closing) return;
    this.#applyAll(this.#assembler.flush());
    await this.#steps.flush();
  }

  /**
   * A new recording session (the server calls it on reset, right before it navigates): what is pending is
   * flushed into the old session, the next step is idx 0 again, action ids and sequence numbers start over,
   * navigations count as the platform's until the driver acts, and every page's rrweb takes a new full
   * snapshot. Resolves once the old session's steps reached the sink and the snapshots were asked for.
   * With `navigating` the caller is about to load a new document in the page, whose rrweb starts with a full
   * snapshot of its own: asking every frame of the old document for one would only cost time (a reset's).
   */
  async startNewSession(options: { navigating?: boolean } = {}): Promise<void> {
    if (this.#closing) return;
    this.#applyAll(this.#assembler.flush());
    const oldSteps = this.#steps.flush();
    this.#steps.restart();
    this.#assembler = new ActionAssembler();
    this.#seq = 0;
    this.#simulatorNavigation = true;
    await Promise.all([oldSteps, options.navigating ? undefined : this.#takeFullSnapshots()]);
  }

  /** Flushes what is pending, stops the page scripts, detaches. Safe to call more than once. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      const flushed = (async () => {
        this.#applyAll(this.#assembler.flush());
        await this.#steps.flush();
        await this.#network?.close();
        await this.#stopPageScripts();
      })();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        flushed.catch((error) => this.#report(error)),
        new Promise((resolve) => {
          timer = setTimeout(resolve, CLOSE_FLUSH_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      this.#steps.close();
      this.#connection.close();
    })();
    return this.#closing;
  }

  async #start(): Promise<void> {
    const connection = this.#connection;
    const setups = new Set<Promise<void>>();
    connection.onEvent('Target.attachedToTarget', (event, parentSessionId) => {
      const setup = this.#attached(
        event.sessionId,
        event.targetInfo,
        event.waitingForDebugger,
        parentSessionId,
      );
      setups.add(setup);
      void setup.finally(() => setups.delete(setup));
    });
    connection.onEvent('Target.detachedFromTarget', ({ sessionId }) => this.#detached(sessionId));
    connection.onEvent('Runtime.bindingCalled', (event, sessionId) => {
      const session = sessionId ? this.#sessions.get(sessionId) : undefined;
      if (session && event.name === RECORDER_BINDING)
        this.#message(session, event.executionContextId, event.payload);
    });
    connection.onEvent('Runtime.executionContextCreated', ({ context }, sessionId) => {
      const session = sessionId ? this.#sessions.get(sessionId) : undefined;
      const { frameId, isDefault } = (context.auxData ?? {}) as { frameId?: string; isDefault?: boolean };
      if (session && frameId && isDefault) session.frameContexts.set(frameId, context.id);
    });
    connection.onEvent('Runtime.executionContextDestroyed', ({ executionContextId }, sessionId) => {
      const session = sessionId ? this.#sessions.get(sessionId) : undefined;
      if (!session) return;
      session.contexts.delete(executionContextId);
      for (const [frameId, contextId] of session.frameContexts)
        if (contextId === executionContextId) session.frameContexts.delete(frameId);
    });
    connection.onEvent('Runtime.executionContextsCleared', (_event, sessionId) => {
      const session = sessionId ? this.#sessions.get(sessionId) : undefined;
      session?.contexts.clear();
      session?.frameContexts.clear();
    });
    connection.onEvent('Page.frameNavigated', ({ frame }, sessionId) => {
      const session = sessionId ? this.#sessions.get(sessionId) : undefined;
      if (session && /^https?:/.test(frame.url)) void this.#instrumentReusedWindow(session, frame.id);
      const page = this.#pageOf(sessionId);
      if (!page || frame.parentId !== undefined) return;
      page.mainFrameId = frame.id;
      page.onCommit?.();
      // A failed load shows Chromium's error page; the URL that failed is what the page tried to show.
      this.#navigated(page, frame.unreachableUrl || frame.url + (frame.urlFragment ?? ''));
    });
    connection.onEvent('Page.navigatedWithinDocument', ({ frameId, url }, sessionId) => {
      const page = this.#pageOf(sessionId);
      if (!page || frameId !== page.mainFrameId) return;
      page.navigationRequestedAt = undefined; // a fragment: the page never loads
      this.#navigated(page, url);
    });
    connection.onEvent('Page.frameRequestedNavigation', ({ frameId, disposition }, sessionId) => {
      const page = this.#pageOf(sessionId);
      if (!page || frameId !== page.mainFrameId || disposition !== 'currentTab') return;
      page.navigationRequestedAt = Date.now();
      this.#steps.activity(page.targetId);
    });
    connection.onEvent('Page.frameStartedLoading', ({ frameId }, sessionId) => {
      const page = this.#pageOf(sessionId);
      if (!page || frameId !== page.mainFrameId) return;
      page.loading = true;
      page.navigationRequestedAt = undefined;
      this.#steps.activity(page.targetId);
    });
    // After the load event (Chromium sends it first): the page has loaded what it shows.
    connection.onEvent('Page.frameStoppedLoading', ({ frameId }, sessionId) => {
      const page = this.#pageOf(sessionId);
      if (!page || frameId !== page.mainFrameId) return;
      page.loading = false;
      page.navigationRequestedAt = undefined;
      this.#steps.activity(page.targetId);
      this.#steps.loaded(page.targetId);
    });
    connection.onEvent('Page.loadEventFired', (_event, sessionId) => {
      const page = this.#pageOf(sessionId);
      if (!page) return;
      page.loading = false;
      this.#steps.watchUntilSettled(page.targetId);
    });
    connection.on('close', () => {
      for (const sessionId of [...this.#sessions.keys()]) this.#detached(sessionId);
    });
    // Browser-wide: every page there is and every page to come, each paused until its setup is done.
    await connection.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: 'page' }],
    });
    // The pages open now were announced before that answer: recording starts once they are instrumented, so
    // that a navigation right after attach() is recorded, its requests included.
    await Promise.all(setups);
  }

  async #attached(
    sessionId: string,
    info: TargetInfo,
    waiting: boolean,
    parentSessionId: string | undefined,
  ): Promise<void> {
    const parent = parentSessionId ? this.#sessions.get(parentSessionId) : undefined;
    let session: FrameSession | undefined;
    if (info.type === 'page' && !parentSessionId) {
      const page: RecordedPage = {
        targetId: info.targetId,
        sessionId,
        url: info.url,
        mainFrameId: undefined,
        loading: false,
        navigationRequestedAt: undefined,
        navigated: false,
        gone: false,
        captures: Promise.resolve(),
        onCommit: undefined,
      };
      this.#pages.set(info.targetId, page);
      session = {
        sessionId,
        targetId: info.targetId,
        kind: 'page',
        page,
        contexts: new Map(),
        frameContexts: new Map(),
      };
    } else if (info.type === 'iframe' && parent) {
      session = {
        sessionId,
        targetId: info.targetId,
        kind: 'iframe',
        page: parent.page,
        contexts: new Map(),
        frameContexts: new Map(),
      };
    }
    try {
      if (session && !this.#closing) {
        this.#sessions.set(sessionId, session);
        await this.#instrument(session);
        // A new tab (a popup) whose first document committed before its Page domain was on sent no
        // frameNavigated: the frame tree, asked after Page.enable, shows it. Its navigation is recorded now.
        const { page } = session;
        if (waiting && session.kind === 'page' && !page.navigated && /^https?:/.test(page.url))
          this.#navigated(page, page.url);
      }
    } catch (error) {
      this.#report(error, session);
    } finally {
      // Always, whatever happened above: a target left waiting never fires its load event.
      if (waiting)
        await this.#connection.send('Runtime.runIfWaitingForDebugger', undefined, sessionId).catch(() => {});
    }
    // A page with a document already (attached after it loaded): its before-state for the first step.
    const url = session?.kind === 'page' ? session.page.url : '';
    if (session && url && !url.startsWith('about:') && !this.#closing)
      this.#steps.watchUntilSettled(session.page.targetId);
  }

  /**
   * Binding before script (the script looks for it); Runtime must stay enabled, or Chromium does not install the
   * binding in documents created later and the script finds nothing to report through. The commands go out
   * together; the target waits until they are all answered.
   */
  async #instrument(session: FrameSession): Promise<void> {
    const send = this.#connection;
    const { sessionId } = session;
    const setup: Promise<unknown>[] = [
      send.send('Runtime.enable', undefined, sessionId),
      send.send('Runtime.addBinding', { name: RECORDER_BINDING }, sessionId),
      send.send('Page.enable', undefined, sessionId),
      send.send(
        'Page.addScriptToEvaluateOnNewDocument',
        { source: pageScriptSource(), runImmediately: true },
        sessionId,
      ),
      // Out-of-process iframes of this page or frame, paused as pages are.
      send.send(
        'Target.setAutoAttach',
        { autoAttach: true, waitForDebuggerOnStart: true, flatten: true, filter: [{ type: 'iframe' }] },
        sessionId,
      ),
    ];
    if (this.#network)
      setup.push(send.send('Network.enable', { maxPostDataSize: RECORDING.maxNetworkBodyBytes }, sessionId));
    if (session.kind === 'page')
      setup.push(
        send.send('Page.getFrameTree', undefined, sessionId).then(({ frameTree }) => {
          session.page.mainFrameId ??= frameTree.frame.id;
          if (frameTree.frame.url) session.page.url = frameTree.frame.url;
        }),
      );
    // Bounded: the caller resumes the target after this, whatever happened, and a page must not wait forever.
    const results = await withTimeout(
      Promise.allSettled(setup),
      PAGE_COMMAND_TIMEOUT_MS,
      `instrumenting a ${session.kind} took over ${PAGE_COMMAND_TIMEOUT_MS} ms`,
    );
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /**
   * A frame whose initial about:blank document gave way to a same-origin one keeps its Window, and Chromium runs
   * no new-document script for it (neither ours nor Playwright's). Such a document gets the page script now;
   * any other already has it (the script runs once per document either way).
   */
  async #instrumentReusedWindow(session: FrameSession, frameId: string): Promise<void> {
    const contextId = session.frameContexts.get(frameId);
    if (contextId === undefined) return;
    const evaluate = (expression: string) =>
      withTimeout(
        this.#connection.send(
          'Runtime.evaluate',
          { expression, contextId, returnByValue: true },
          session.sessionId,
        ),
        PAGE_COMMAND_TIMEOUT_MS,
        'evaluating in a frame took too long',
      );
    try {
      const { result } = await evaluate(`!!globalThis[Symbol.for(${JSON.stringify(PAGE_HANDLE_KEY)})]`);
      if (result.value === false && !this.#closing) await evaluate(pageScriptSource());
    } catch {
      // The document is gone already (its context with it): its successor gets the script as a new document.
    }
  }

  #detached(sessionId: string): void {
    const session = this.#sessions.get(sessionId);
    if (!session) return;
    this.#sessions.delete(sessionId);
    this.#network?.sessionGone(sessionId);
    if (session.kind !== 'page') return;
    session.page.gone = true;
    this.#pages.delete(session.page.targetId);
    this.#steps.pageGone(session.page.targetId);
  }

  #pageOf(sessionId: string | undefined): RecordedPage | undefined {
    const session = sessionId ? this.#sessions.get(sessionId) : undefined;
    return session?.kind === 'page' ? session.page : undefined;
  }

  #message(session: FrameSession, contextId: number, payload: string): void {
    let message: PageMessage;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const frameUrl = typeof message.url === 'string' ? message.url : session.page.url;
    switch (message.kind) {
      case 'hello':
        session.contexts.set(contextId, message.top === true && session.kind === 'page');
        return;
      case 'actions':
        if (!Array.isArray(message.events)) return;
        for (const raw of message.events) {
          const event = parseRawEvent(raw, this.#seq + 1);
          if (!event || (event.type === 'mousemove' && this.#options.fastMode)) continue;
          this.#seq = event.seq;
          if (event.type !== 'mousemove') this.#simulatorNavigation = false;
          this.#applyAll(this.#assembler.push(event, { pageId: session.page.targetId, frameUrl }));
        }
        return;
      case 'rrweb':
        if (Array.isArray(message.events)) this.#rrweb(session, message.events, frameUrl);
        return;
      case 'loaded':
        this.#startRrweb(session, contextId);
        return;
    }
  }

  /**
   * rrweb's bundle, sent to a document once it has loaded rather than carried by the page script, which every
   * document start would otherwise parse (pageScript.ts). Not awaited: a document that went away meanwhile has
   * nothing to record.
   */
  #startRrweb(session: FrameSession, contextId: number): void {
    if (this.#closing || this.#connection.closed) return;
    this.#connection
      .send('Runtime.evaluate', { expression: rrwebStartSource(), contextId }, session.sessionId)
      .catch(() => {});
  }

  #rrweb(session: FrameSession, all: unknown[], url: string): void {
    const events = this.#options.fastMode ? all.filter((event) => !isMovement(event)) : all;
    if (events.length === 0) return;
    this.#stats.rrwebEvents += events.length;
    for (const event of events) {
      const { type, data } = (event ?? {}) as { type?: number; data?: { href?: unknown } };
      if (type === RRWEB_META && data && typeof data.href === 'string') data.href = redactUrl(data.href);
    }
    const source: RrwebSource = { pageId: session.page.targetId, url: redactUrl(url) };
    try {
      this.#sink.rrweb(events, source);
    } catch (error) {
      this.#report(error);
    }
    // DOM mutations change what the page shows; a full snapshot does not (rrweb starting once the page has
    // loaded, or asked for one).
    const changed = events.some((event) => {
      const { type, data } = (event ?? {}) as { type?: number; data?: { source?: number } };
      return type === RRWEB_INCREMENTAL && data?.source === RRWEB_MUTATION;
    });
    if (changed) this.#steps.activity(session.page.targetId);
  }

  #navigated(page: RecordedPage, url: string): void {
    page.url = url;
    // The initial empty document of a new tab or frame is no navigation anyone made.
    if (url.startsWith('about:')) return;
    page.navigated = true;
    this.#seq += 1;
    const changes = this.#assembler.navigation(
      { url, seq: this.#seq, t: Date.now(), isSimulatorAction: this.#simulatorNavigation },
      { pageId: page.targetId, frameUrl: url },
    );
    this.#applyAll(changes);
    this.#steps.activity(page.targetId);
  }

  #applyAll(changes: ActionChange[]): void {
    for (const change of changes) this.#steps.apply(change);
  }

  #mutationCount(actedAt?: number): number {
    try {
      return this.#options.mutationCount?.(actedAt) ?? 0;
    } catch (error) {
      this.#report(error);
      return 0;
    }
  }

  /** A screenshot of the page and its URL, one capture per page at a time; never rejects. */
  #capture(pageId: string): Promise<PageCapture> {
    const page = this.#pages.get(pageId);
    if (!page || page.gone || this.#connection.closed)
      return Promise.resolve({ url: page?.url ?? '', screenshot: null });
    const capture = page.captures.then(() => this.#captureNow(page));
    page.captures = capture;
    return capture;
  }

  /**
   * Retries while the page swaps documents ("Not attached to an active page" between a navigation's commit and
   * its first frame), up to CAPTURE_TIMEOUT_MS in all. Why not a screencast instead: "Tried and left out" in
   * the package README.
   */
  async #captureNow(page: RecordedPage): Promise<PageCapture> {
    const started = performance.now();
    const deadline = started + CAPTURE_TIMEOUT_MS;
    for (;;) {
      if (page.gone) return { url: page.url, screenshot: null };
      const swapped = new Promise<never>((_resolve, reject) => {
        page.onCommit = () => reject(new DocumentSwapped());
      });
      try {
        const [shot, { targetInfo }] = await withTimeout(
          Promise.race([
            Promise.all([
              this.#connection.send(
                'Page.captureScreenshot',
                { format: 'jpeg', quality: this.#screenshotQuality, optimizeForSpeed: true },
                page.sessionId,
              ),
              this.#connection.send('Target.getTargetInfo', { targetId: page.targetId }),
            ]),
            swapped,
          ]),
          deadline - performance.now(),
          `a screenshot of ${page.url} took over ${CAPTURE_TIMEOUT_MS} ms`,
        );
        page.onCommit = undefined;
        const data = Buffer.from(shot.data, 'base64');
        const size = jpegSize(data);
        this.#stats.screenshots += 1;
        this.#stats.screenshotMs += performance.now() - started;
        // Mid-navigation the target may have no URL yet.
        const url = targetInfo.url || page.url;
        return { url, screenshot: size ? { data, mime: 'image/jpeg', ...size } : null };
      } catch (error) {
        page.onCommit = undefined;
        const swapping =
          error instanceof DocumentSwapped ||
          (error instanceof CdpError && SWAPPING_DOCUMENTS.test(error.message));
        if (swapping && performance.now() + CAPTURE_RETRY_MS < deadline) {
          await new Promise((resolve) => setTimeout(resolve, CAPTURE_RETRY_MS));
          continue;
        }
        if (!page.gone) this.#report(error);
        return { url: page.url, screenshot: null };
      }
    }
  }

  /** Top frames first: a cross-origin child's snapshot is attached to its iframe in the parent's. */
  async #takeFullSnapshots(): Promise<void> {
    const sessions = [...this.#sessions.values()];
    const run = (top: boolean) =>
      Promise.all(
        sessions.flatMap((session) =>
          [...session.contexts]
            .filter(([, isTop]) => isTop === top)
            .map(([contextId]) => this.#callPageHandle(session, contextId, 'takeFullSnapshot')),
        ),
      );
    await run(true);
    await run(false);
  }

  async #stopPageScripts(): Promise<void> {
    await Promise.all(
      [...this.#sessions.values()].flatMap((session) =>
        [...session.contexts.keys()].map((contextId) => this.#callPageHandle(session, contextId, 'stop')),
      ),
    );
  }

  async #callPageHandle(
    session: FrameSession,
    contextId: number,
    method: 'takeFullSnapshot' | 'stop',
  ): Promise<void> {
    try {
      await withTimeout(
        this.#connection.send(
          'Runtime.evaluate',
          {
            expression: `globalThis[Symbol.for(${JSON.stringify(PAGE_HANDLE_KEY)})]?.${method}()`,
            contextId,
          },
          session.sessionId,
        ),
        PAGE_COMMAND_TIMEOUT_MS,
        `${method} took too long`,
      );
    } catch {
      // The document went away meanwhile: its successor records from a fresh snapshot anyway.
    }
  }

  #emitStep(step: CapturedStep): void {
    this.#stats.steps += 1;
    if (step.before_state) this.#stats.stepsWithStates += 1;
    try {
      this.#sink.step(withRedactedUrls(step));
    } catch (error) {
      this.#report(error);
    }
  }

  #emitRequest(request: RecordedRequest): void {
    this.#stats.requests += 1;
    try {
      this.#sink.request(request);
    } catch (error) {
      this.#report(error);
    }
  }

  #report(error: unknown, session?: FrameSession): void {
    if (error instanceof CdpError && GONE.test(error.message)) return;
    if (session && !this.#sessions.has(session.sessionId)) return;
    this.#options.onError?.(error instanceof Error ? error : new Error(String(error)));
  }
}
