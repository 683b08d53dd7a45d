import {
  encodeLiveFrame,
  LAYOUT,
  LIVE_VIEW_CLOSE,
  type LiveFileChooserMessage,
  type LiveFrameHeader,
  type LivePageDialog,
  type LiveViewerMessage,
  type LiveViewServerMessage,
  type LiveViewStatus,
} from '@proctor/contracts';
import type WebSocket from 'ws';
import { CdpConnection, type CdpEventParams } from '../cdp/connection';
import { type FrameGeometry, jpegSize } from './frameGeometry';
import { InputQueue } from './inputQueue';
import { keyEventParams } from './keyboard';
import { mouseEventParams } from './mouse';
import { Screencast, type ScreencastFrame } from './screencast';
import { isPageTab, pageTab, TabFollower } from './tabFollower';
import { UploadsFolder } from './uploadsFolder';
import { LiveViewer, type LiveViewerStats } from './viewer';

export interface LiveViewOptions {
  /** The environment's viewport; frames are at most this size. */
  viewport?: { width: number; height: number };
  /** Frames per second at most, whatever Chromium could send (about 60 on an animated page). */
  maxFps?: number;
  /** JPEG quality, 0-100: 60-70 keeps text readable while frames stay small. */
  jpegQuality?: number;
  /** Bytes waiting in a viewer's socket above which it gets only the latest frame. */
  maxBufferedBytes?: number;
  /** The environment's uploads folder: viewers put files there and answer the page's file choosers from it. */
  uploadsDir?: string;
}

export const LIVE_VIEW_DEFAULTS: Required<Omit<LiveViewOptions, 'uploadsDir'>> = {
  viewport: LAYOUT.keepaliveInterface,
  maxFps: 30,
  jpegQuality: 65,
  maxBufferedBytes: 256 * 1024,
} as const;

export interface LiveViewStats {
  viewers: LiveViewerStats[];
  /** Frames Chromium sent for the followed tab. */
  framesReceived: number;
  /** Sum over viewers, past ones included. */
  framesSent: number;
  framesSkipped: number;
  inputEvents: number;
  inputDropped: number;
  followedTargetId: string | undefined;
  streaming: boolean;
}

/** The page being screencast: the followed tab while someone watches. */
interface Stream {
  targetId: string;
  sessionId: string;
  screencast: Screencast;
  started: boolean;
  /** A start in flight: a tab change meanwhile must not start a second screencast on the same session. */
  starting?: Promise<void>;
  geometry?: FrameGeometry;
  /** The latest frame, for a viewer who joins while the page is still (a still page sends no frames). */
  lastFrame?: Uint8Array;
  canGoBack: boolean;
  canGoForward: boolean;
  tabPoll?: NodeJS.Timeout;
  /** The page's dialog waiting for an answer: the page is blocked until a viewer gives one. */
  dialog: LivePageDialog | null;
  /** The file input whose chooser waits for files (Page.setInterceptFileChooserDialog). */
  fileChooser: { backendNodeId: number; multiple: boolean } | null;
}

/**
 * How often the followed tab's title and history are read while streaming: Chromium announces a new url
 * (`targetInfoChanged`) but not a new title.
 */
const TAB_POLL_MS = 1000;
const SCREENCAST_START_RETRIES = 20;
const SCREENCAST_START_RETRY_MS = 100;

/**
 * The live view of one environment's Chromium: one screencast of the followed tab, fanned out to every
 * viewer, and the viewers' mouse and keyboard forwarded to that tab. Runs on its own browser-level CDP
 * connection with flat sessions. The screencast runs only while someone watches.
 */
export class LiveView {
  readonly #connection: CdpConnection;
  readonly #options: typeof LIVE_VIEW_DEFAULTS;
  readonly #uploads: UploadsFolder | undefined;
  readonly #tabs = new TabFollower();
  readonly #viewers = new Set<LiveViewer>();
  readonly #input: InputQueue;
  /** Until `Target.setDiscoverTargets` answers, the pages announced are those already open. */
  #discovered = false;
  #stream: Stream | undefined;
  #reconciling: Promise<void> | undefined;
  #reconcileWanted = false;
  #closed = false;
  #seq = 0;
  #framesReceived = 0;
  #framesSentByGone = 0;
  #framesSkippedByGone = 0;
  #inputEvents = 0;

  private constructor(connection: CdpConnection, options: LiveViewOptions) {
    this.#connection = connection;
    const { uploadsDir, ...rest } = options;
    this.#options = { ...LIVE_VIEW_DEFAULTS, ...rest };
    this.#uploads = uploadsDir ? new UploadsFolder(uploadsDir) : undefined;
    this.#input = new InputQueue((message) => this.#dispatch(message));
  }

  /** Connects to a browser's browser-level endpoint (`webSocketDebuggerUrl` of `/json/version`). */
  static async connect(browserWsEndpoint: string, options: LiveViewOptions = {}): Promise<LiveView> {
    const connection = await CdpConnection.connect(browserWsEndpoint);
    const view = new LiveView(connection, options);
    try {
      await view.#start();
    } catch (error) {
      connection.close();
      throw error;
    }
    return view;
  }

  get closed(): boolean {
    return this.#closed;
  }

  get viewerCount(): number {
    return this.#viewers.size;
  }

  /** A person starts watching on this socket; the socket belongs to the live view until it closes. */
  addViewer(socket: WebSocket, options: { control?: boolean } = {}): void {
    if (this.#closed) {
      const { code, reason } = LIVE_VIEW_CLOSE.environmentClosed;
      socket.close(code, reason);
      return;
    }
    const viewer = new LiveViewer(socket, {
      control: options.control ?? true,
      maxBufferedBytes: this.#options.maxBufferedBytes,
      onMessage: (from, message) => {
        this.#inputEvents++;
        this.#receive(from, message);
      },
      onClose: (gone) => this.#removeViewer(gone),
    });
    if (viewer.closed) return;
    this.#viewers.add(viewer);
    if (this.#stream?.lastFrame) viewer.sendFrame(this.#stream.lastFrame);
    this.#broadcastStatus();
    if (this.#stream?.dialog) viewer.send({ type: 'dialog', dialog: this.#stream.dialog });
    if (this.#stream?.fileChooser) void this.#fileChooserMessage(this.#stream).then((m) => viewer.send(m));
    void this.#reconcile();
  }

  stats(): LiveViewStats {
    const viewers = [...this.#viewers].map((viewer) => viewer.stats());
    return {
      viewers,
      framesReceived: this.#framesReceived,
      framesSent: viewers.reduce((sum, viewer) => sum + viewer.framesSent, this.#framesSentByGone),
      framesSkipped: viewers.reduce((sum, viewer) => sum + viewer.framesSkipped, this.#framesSkippedByGone),
      inputEvents: this.#inputEvents,
      inputDropped: this.#input.dropped,
      followedTargetId: this.#tabs.followed?.targetId,
      streaming: this.#stream?.started ?? false,
    };
  }

  /**
   * Stops the screencast, tells every viewer the environment closed and closes their sockets with
   * `LIVE_VIEW_CLOSE.environmentClosed`, then leaves the browser (which keeps running).
   */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#input.clear();
    const { code, reason } = LIVE_VIEW_CLOSE.environmentClosed;
    for (const viewer of [...this.#viewers]) {
      viewer.send(this.#status(viewer));
      viewer.close(code, reason);
    }
    await this.#reconcile();
    this.#connection.close();
  }

  async #start(): Promise<void> {
    const connection = this.#connection;
    connection.onEvent('Target.targetCreated', ({ targetInfo }) => {
      if (isPageTab(targetInfo) && this.#tabs.add(pageTab(targetInfo), this.#discovered))
        this.#followChanged();
    });
    connection.onEvent('Target.targetInfoChanged', ({ targetInfo }) => this.#tabChanged(targetInfo));
    connection.onEvent('Target.targetDestroyed', ({ targetId }) => {
      if (this.#tabs.remove(targetId)) this.#followChanged();
    });
    connection.onEvent('Target.detachedFromTarget', ({ sessionId }) => {
      // Chromium ended the session (the tab crashed or closed): the stream is over, whatever comes next.
      if (this.#stream?.sessionId !== sessionId) return;
      void this.#stopStream(this.#stream);
      void this.#reconcile();
    });
    connection.onEvent('Page.javascriptDialogOpening', (params, sessionId) => {
      const stream = this.#streamOf(sessionId);
      if (!stream) return;
      stream.dialog = {
        kind: params.type,
        message: params.message,
        defaultPrompt: params.defaultPrompt ?? '',
      };
      this.#broadcast({ type: 'dialog', dialog: stream.dialog });
    });
    connection.onEvent('Page.javascriptDialogClosed', (_params, sessionId) => {
      const stream = this.#streamOf(sessionId);
      if (!stream?.dialog) return;
      stream.dialog = null;
      this.#broadcast({ type: 'dialog', dialog: null });
      void this.#reconcile();
    });
    connection.onEvent('Page.fileChooserOpened', (params, sessionId) => {
      const stream = this.#streamOf(sessionId);
      if (!stream || params.backendNodeId === undefined) return;
      stream.fileChooser = {
        backendNodeId: params.backendNodeId,
        multiple: params.mode === 'selectMultiple',
      };
      void this.#broadcastFileChooser(stream);
    });
    connection.on('close', () => void this.close());
    await connection.send('Target.setDiscoverTargets', { discover: true });
    this.#discovered = true;
  }

  #tabChanged(info: CdpEventParams<'Target.targetInfoChanged'>['targetInfo']): void {
    if (!isPageTab(info)) return;
    const tab = pageTab(info);
    // A page we did not know as one (a prerendered page that became the tab): an opened page.
    if (this.#tabs.followed?.targetId !== tab.targetId) {
      if (this.#tabs.add(tab, this.#discovered)) this.#followChanged();
      return;
    }
    this.#tabs.update(tab);
    this.#broadcastStatus();
    const stream = this.#stream;
    if (stream?.targetId !== tab.targetId) return;
    if (!stream.started && !stream.starting) void this.#startScreencast(stream);
    void this.#refreshTab(stream);
  }

  #followChanged(): void {
    this.#broadcastStatus();
    void this.#reconcile();
  }

  #removeViewer(viewer: LiveViewer): void {
    if (!this.#viewers.delete(viewer)) return;
    const { framesSent, framesSkipped } = viewer.stats();
    this.#framesSentByGone += framesSent;
    this.#framesSkippedByGone += framesSkipped;
    if (this.#closed) return;
    this.#broadcastStatus();
    void this.#reconcile();
  }

  /**
   * Brings the screencast in line with what is wanted (the followed tab while someone watches, else none).
   * Runs one pass at a time; a request during a pass runs another pass after it, so attach and detach never
   * interleave however fast viewers come and go or tabs open and close.
   */
  #reconcile(): Promise<void> {
    this.#reconcileWanted = true;
    this.#reconciling ??= this.#reconcilePasses().finally(() => {
      this.#reconciling = undefined;
      // Asked for between the last pass and now.
      if (this.#reconcileWanted) void this.#reconcile();
    });
    return this.#reconciling;
  }

  async #reconcilePasses(): Promise<void> {
    while (this.#reconcileWanted) {
      this.#reconcileWanted = false;
      const followed = this.#tabs.followed?.targetId;
      // A dialog or file chooser keeps its stream after the last viewer: only the session that saw it open
      // can answer it, so the next viewer (a dashboard reconnecting) must find that session.
      const waiting =
        this.#stream?.targetId === followed && (this.#stream?.dialog || this.#stream?.fileChooser);
      const wanted = this.#closed || (this.#viewers.size === 0 && !waiting) ? undefined : followed;
      if (this.#stream?.targetId === wanted) continue;
      if (this.#stream) await this.#stopStream(this.#stream);
      if (wanted) await this.#startStream(wanted);
    }
  }

  async #startStream(targetId: string): Promise<void> {
    let sessionId: string;
    try {
      ({ sessionId } = await this.#connection.send('Target.attachToTarget', { targetId, flatten: true }));
    } catch {
      // The tab closed meanwhile; its targetDestroyed moves the follower on.
      return;
    }
    const { viewport, jpegQuality, maxFps } = this.#options;
    const stream: Stream = {
      targetId,
      sessionId,
      started: false,
      canGoBack: false,
      canGoForward: false,
      dialog: null,
      fileChooser: null,
      screencast: new Screencast(
        this.#connection,
        sessionId,
        { maxWidth: viewport.width, maxHeight: viewport.height, quality: jpegQuality, maxFps },
        (frame) => this.#frame(stream, frame),
      ),
    };
    this.#stream = stream;
    stream.tabPoll = setInterval(() => void this.#refreshTab(stream), TAB_POLL_MS);
    void this.#watchPage(stream);
    await this.#startScreencast(stream);
    void this.#refreshTab(stream);
  }

  /**
   * Chromium refuses a screencast while the tab swaps renderer processes ("Not attached to an active page",
   * a fresh popup or a cross-site navigation): tried again shortly, and on the tab's next change.
   */
  async #startScreencast(stream: Stream, attempt = 0): Promise<void> {
    stream.starting = stream.screencast.start();
    try {
      await stream.starting;
      stream.started = true;
    } catch {
      if (attempt >= SCREENCAST_START_RETRIES) return;
      setTimeout(() => {
        if (this.#stream === stream && !stream.started && !stream.starting)
          void this.#startScreencast(stream, attempt + 1);
      }, SCREENCAST_START_RETRY_MS);
    } finally {
      stream.starting = undefined;
    }
  }

  /**
   * Routes the page's dialogs and file choosers to the viewers. The recorder enables the Page domain too, so a
   * dialog already waited for a CDP client's answer: now a viewer gives it.
   */
  async #watchPage(stream: Stream): Promise<void> {
    try {
      await this.#connection.send('Page.enable', undefined, stream.sessionId);
      if (this.#uploads)
        await this.#connection.send(
          'Page.setInterceptFileChooserDialog',
          { enabled: true },
          stream.sessionId,
        );
    } catch {
      // The tab closed or swapped processes meanwhile: its next stream tries again.
    }
  }

  async #stopStream(stream: Stream): Promise<void> {
    this.#stream = undefined;
    if (stream.dialog) this.#broadcast({ type: 'dialog', dialog: null });
    if (stream.fileChooser) this.#broadcast({ type: 'fileChooser', chooser: null });
    clearInterval(stream.tabPoll);
    await stream.screencast.stop();
    await this.#connection
      .send('Target.detachFromTarget', { sessionId: stream.sessionId })
      .catch(() => undefined);
  }

  /** Reads the streamed tab's title, url and history; tells the viewers when they changed. */
  async #refreshTab(stream: Stream): Promise<void> {
    try {
      const [{ targetInfo }, { currentIndex, entries }] = await Promise.all([
        this.#connection.send('Target.getTargetInfo', { targetId: stream.targetId }),
        this.#connection.send('Page.getNavigationHistory', undefined, stream.sessionId),
      ]);
      if (this.#stream !== stream) return;
      const before = this.#tabs.get(stream.targetId);
      const canGoBack = currentIndex > 0;
      const canGoForward = currentIndex < entries.length - 1;
      const changed =
        before?.url !== targetInfo.url ||
        before.title !== targetInfo.title ||
        stream.canGoBack !== canGoBack ||
        stream.canGoForward !== canGoForward;
      stream.canGoBack = canGoBack;
      stream.canGoForward = canGoForward;
      this.#tabs.update(pageTab(targetInfo));
      if (changed) this.#broadcastStatus();
    } catch {
      // Mid-navigation or closing: the next change or poll reads it again.
    }
  }

  #frame(stream: Stream, frame: ScreencastFrame): void {
    if (this.#stream !== stream) return;
    const jpeg = Buffer.from(frame.data, 'base64');
    const size = jpegSize(jpeg);
    if (!size) return;
    this.#framesReceived++;
    const { deviceWidth, deviceHeight, offsetTop, pageScaleFactor, scrollOffsetX, scrollOffsetY, timestamp } =
      frame.metadata;
    const header: LiveFrameHeader = {
      type: 'frame',
      seq: this.#seq++,
      ...size,
      metadata: {
        deviceWidth,
        deviceHeight,
        offsetTop,
        pageScaleFactor,
        scrollOffsetX,
        scrollOffsetY,
        timestamp,
      },
    };
    stream.geometry = { ...size, metadata: header.metadata };
    const message = encodeLiveFrame(header, jpeg);
    stream.lastFrame = message;
    for (const viewer of this.#viewers) viewer.sendFrame(message);
  }

  #streamOf(sessionId: string | undefined): Stream | undefined {
    return sessionId !== undefined && this.#stream?.sessionId === sessionId ? this.#stream : undefined;
  }

  /**
   * Dialog and file chooser answers and uploads skip the input queue: while a dialog is open the page takes
   * no input, so an answer queued behind a key press would never come.
   */
  #receive(viewer: LiveViewer, message: LiveViewerMessage): void {
    switch (message.type) {
      case 'dialog':
        void this.#answerDialog(message.accept, message.promptText);
        return;
      case 'fileChooser':
        void this.#answerFileChooser(message.files);
        return;
      case 'upload':
        void this.#upload(viewer, message);
        return;
      default:
        this.#input.push(message);
    }
  }

  async #answerDialog(accept: boolean, promptText: string | undefined): Promise<void> {
    const stream = this.#stream;
    if (!stream?.dialog) return;
    stream.dialog = null;
    this.#broadcast({ type: 'dialog', dialog: null });
    await this.#connection
      .send('Page.handleJavaScriptDialog', { accept, promptText }, stream.sessionId)
      .catch(() => undefined);
    void this.#reconcile();
  }

  /** Files of the uploads folder into the waiting file input; no files (or one outside the folder) cancel. */
  async #answerFileChooser(names: string[]): Promise<void> {
    const stream = this.#stream;
    const chooser = stream?.fileChooser;
    if (!stream || !chooser || !this.#uploads) return;
    stream.fileChooser = null;
    this.#broadcast({ type: 'fileChooser', chooser: null });
    void this.#reconcile();
    const files = chooser.multiple ? names : names.slice(0, 1);
    const paths = files.length > 0 ? await this.#uploads.paths(files) : null;
    if (!paths) return;
    await this.#connection
      .send('DOM.setFileInputFiles', { files: paths, backendNodeId: chooser.backendNodeId }, stream.sessionId)
      .catch(() => undefined);
  }

  /** One viewer's upload pieces are written in order; a refused file is answered with why, the socket stays. */
  async #upload(viewer: LiveViewer, piece: Extract<LiveViewerMessage, { type: 'upload' }>): Promise<void> {
    const uploads = this.#uploads;
    if (!uploads) return;
    let completed: boolean;
    try {
      completed = await viewer.serially(() => uploads.write(piece));
    } catch (error) {
      // Its later pieces are refused too (no first piece before them): one answer per file.
      if (!(error as Error).message.includes('before its first'))
        viewer.send({ type: 'uploaded', name: piece.name, error: (error as Error).message });
      return;
    }
    if (!completed) return;
    viewer.send({ type: 'uploaded', name: piece.name, error: null });
    const stream = this.#stream;
    if (stream?.fileChooser) await this.#broadcastFileChooser(stream);
  }

  async #fileChooserMessage(stream: Stream): Promise<LiveFileChooserMessage> {
    const chooser = stream.fileChooser;
    if (!chooser || !this.#uploads) return { type: 'fileChooser', chooser: null };
    const files = await this.#uploads.list().catch(() => []);
    return { type: 'fileChooser', chooser: { multiple: chooser.multiple, files } };
  }

  async #broadcastFileChooser(stream: Stream): Promise<void> {
    const message = await this.#fileChooserMessage(stream);
    if (this.#stream === stream) this.#broadcast(message);
  }

  #broadcast(message: LiveViewServerMessage): void {
    if (this.#closed) return;
    for (const viewer of this.#viewers) viewer.send(message);
  }

  async #dispatch(message: LiveViewerMessage): Promise<void> {
    const stream = this.#stream;
    if (!stream) return;
    const { sessionId } = stream;
    switch (message.type) {
      case 'mouse':
        // Coordinates mean nothing before the viewer has seen a frame.
        if (!stream.geometry) return;
        await this.#connection.send(
          'Input.dispatchMouseEvent',
          mouseEventParams(message, stream.geometry),
          sessionId,
        );
        return;
      case 'key':
        await this.#connection.send('Input.dispatchKeyEvent', keyEventParams(message), sessionId);
        return;
      case 'text':
        await this.#connection.send('Input.insertText', { text: message.text }, sessionId);
        return;
      case 'composition':
        await this.#connection.send(
          'Input.imeSetComposition',
          { text: message.text, selectionStart: message.selectionStart, selectionEnd: message.selectionEnd },
          sessionId,
        );
        return;
      case 'navigate':
        return this.#navigate(message.action, sessionId);
    }
  }

  async #navigate(action: 'back' | 'forward' | 'reload', sessionId: string): Promise<void> {
    if (action === 'reload') {
      await this.#connection.send('Page.reload', {}, sessionId);
      return;
    }
    const { currentIndex, entries } = await this.#connection.send(
      'Page.getNavigationHistory',
      undefined,
      sessionId,
    );
    const entry = entries[currentIndex + (action === 'back' ? -1 : 1)];
    if (entry) await this.#connection.send('Page.navigateToHistoryEntry', { entryId: entry.id }, sessionId);
  }

  #status(viewer: LiveViewer): LiveViewStatus {
    const tab = this.#tabs.followed;
    const stream = this.#stream?.targetId === tab?.targetId ? this.#stream : undefined;
    return {
      type: 'status',
      state: this.#closed ? 'closed' : 'live',
      tab: tab
        ? {
            url: tab.url,
            title: tab.title,
            canGoBack: stream?.canGoBack ?? false,
            canGoForward: stream?.canGoForward ?? false,
          }
        : null,
      viewers: this.#viewers.size,
      control: viewer.control,
    };
  }

  #broadcastStatus(): void {
    if (this.#closed) return;
    for (const viewer of this.#viewers) viewer.send(this.#status(viewer));
  }
}
