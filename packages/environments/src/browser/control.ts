import { setTimeout as delay } from 'node:timers/promises';
import { CdpConnection, CdpError } from '../cdp/connection';
import type { CdpChannel } from '../cdp/multiplexer';

export const DEFAULT_NAVIGATION_TIMEOUT_MS = 30_000;
/** Chromium's answers for a session or target that no longer exists. */
const PAGE_GONE = /Session with given id not found|No target with given id|Target closed/;
const MAX_PAGE_ATTEMPTS = 3;
/** How long closed tabs are waited for to be gone, and how often they are looked for. */
const TARGET_CLOSE_TIMEOUT_MS = 5_000;
const TARGET_CLOSE_POLL_MS = 20;
/** Window resizes tried before resizeWindow gives up (a page that moved while measured needs another). */
const MAX_RESIZE_ATTEMPTS = 3;
/** The longest the page is waited for to take its window's new size. */
const VIEWPORT_CHANGE_TIMEOUT_MS = 2_000;

interface AttachedPage {
  targetId: string;
  sessionId: string;
  mainFrameId: string;
}

/**
 * Proctor's own hold on an environment's page, over a CDP connection of its own: open the simulator's start
 * URL on reset and tell where the page is. It drives "the page": the first page target, or a new one if the
 * agent closed them all; it follows that page again after it went away.
 */
export class PageControl {
  private page: AttachedPage | undefined;

  private constructor(private readonly connection: CdpConnection) {
    connection.onEvent('Target.detachedFromTarget', ({ sessionId }) => {
      if (sessionId === this.page?.sessionId) this.page = undefined;
    });
  }

  static async connect(wsEndpoint: string): Promise<PageControl> {
    return new PageControl(await CdpConnection.connect(wsEndpoint));
  }

  /** Over a channel of the browser's own multiplexer, in this process: what a launched browser holds. */
  static overChannel(channel: CdpChannel): PageControl {
    return new PageControl(CdpConnection.overChannel(channel));
  }

  /** Opens `url` in the page and waits for its load event; rejects on a network error or after the timeout. */
  navigate(url: string, timeoutMs = DEFAULT_NAVIGATION_TIMEOUT_MS): Promise<void> {
    return this.withPage((page) => this.navigatePage(page, url, timeoutMs));
  }

  currentUrl(): Promise<string> {
    return this.withPage(async (page) => {
      const { targetInfo } = await this.connection.send('Target.getTargetInfo', { targetId: page.targetId });
      return targetInfo.url;
    });
  }

  /**
   * Makes the page's viewport exactly `width` x `height` CSS pixels, for pages open now and later, by sizing the
   * window around it (new headless Chromium draws its UI inside `--window-size`, so the UI is measured, not
   * assumed), and resolves once the page has that size: the page learns its inner size only after the window's.
   */
  resizeWindow(width: number, height: number): Promise<void> {
    return this.withPage(async (page) => {
      let inner = await this.viewportChangedFrom(page, null);
      for (let attempt = 1; ; attempt += 1) {
        if (inner[0] === width && inner[1] === height) return;
        if (attempt > MAX_RESIZE_ATTEMPTS)
          throw new Error(`The page is ${inner.join('x')} after resizing its window for ${width}x${height}`);
        const { windowId, bounds } = await this.connection.send('Browser.getWindowForTarget', {
          targetId: page.targetId,
        });
        await this.connection.send('Browser.setWindowBounds', {
          windowId,
          bounds: {
            width: width + (bounds.width ?? inner[0]) - inner[0],
            height: height + (bounds.height ?? inner[1]) - inner[1],
          },
        });
        inner = await this.viewportChangedFrom(page, inner);
      }
    });
  }

  /** The page's [innerWidth, innerHeight] once it differs from `previous` (or after a while, unchanged). */
  private async viewportChangedFrom(
    page: AttachedPage,
    previous: [number, number] | null,
  ): Promise<[number, number]> {
    const expression = `new Promise((resolve) => {
      const previous = ${JSON.stringify(previous)};
      const changed = () => !previous || innerWidth !== previous[0] || innerHeight !== previous[1];
      const give = () => { clearInterval(poll); clearTimeout(limit); resolve([innerWidth, innerHeight]); };
      const poll = setInterval(() => { if (changed()) give(); }, 10);
      const limit = setTimeout(give, ${VIEWPORT_CHANGE_TIMEOUT_MS});
      if (changed()) give();
    })`;
    const { result } = await this.connection.send(
      'Runtime.evaluate',
      { expression, awaitPromise: true, returnByValue: true },
      page.sessionId,
    );
    return result.value as [number, number];
  }

  /** Deletes everything the browser keeps for `origin`: cookies, storage, its HTTP cache entries. */
  forgetOrigin(origin: string): Promise<void> {
    return this.withPage(async (page) => {
      await this.connection.send(
        'Storage.clearDataForOrigin',
        { origin, storageTypes: 'all' },
        page.sessionId,
      );
    });
  }

  /**
   * Leaves the browser as a freshly launched one for another environment (LaunchedBrowser.reset): every context
   * an agent made and every tab but this page closed, the page blank with no history, every cookie, the HTTP
   * cache and `origins`' storage (local storage, IndexedDB, service workers, caches) deleted.
   */
  async clean(origins: readonly string[]): Promise<void> {
    await this.withPage(async (page) => {
      const { browserContextIds } = await this.connection.send('Target.getBrowserContexts');
      for (const browserContextId of browserContextIds)
        await this.connection.send('Target.disposeBrowserContext', { browserContextId });
      const { targetInfos } = await this.connection.send('Target.getTargets');
      const others = targetInfos.filter((info) => info.type === 'page' && info.targetId !== page.targetId);
      for (const { targetId } of others) await this.connection.send('Target.closeTarget', { targetId });
      if (others.length > 0) await this.untilTargetsGone(others.map(({ targetId }) => targetId));
      await this.connection.send('Network.clearBrowserCookies', undefined, page.sessionId);
      await this.connection.send('Network.clearBrowserCache', undefined, page.sessionId);
    });
    // As the pool's warm-up leaves a browser (warmPool.ts).
    await this.navigate('about:blank');
    await this.resetHistory();
    for (const origin of origins) await this.forgetOrigin(origin);
  }

  /**
   * Target.closeTarget answers once the close is asked for; the tab goes a moment later (sooner on an idle
   * machine), so whoever counts tabs right after would still see it.
   */
  private async untilTargetsGone(targetIds: readonly string[]): Promise<void> {
    const deadline = Date.now() + TARGET_CLOSE_TIMEOUT_MS;
    for (;;) {
      const { targetInfos } = await this.connection.send('Target.getTargets');
      const left = targetInfos.filter((info) => targetIds.includes(info.targetId)).length;
      if (left === 0) return;
      if (Date.now() > deadline) throw new Error(`${left} closed tabs are still open`);
      await delay(TARGET_CLOSE_POLL_MS);
    }
  }

  /** Empties the page's back and forward history: it holds only the page shown now. */
  resetHistory(): Promise<void> {
    return this.withPage(async (page) => {
      await this.connection.send('Page.resetNavigationHistory', undefined, page.sessionId);
    });
  }

  /** Attaches to the page now, so that the next command does not wait for it. */
  async attach(): Promise<void> {
    await this.withPage(async () => undefined);
  }

  /** Resolves when the browser answers a command: its DevTools connection and process are alive. */
  async ping(): Promise<void> {
    await this.connection.send('Browser.getVersion');
  }

  close(): void {
    this.connection.close();
  }

  /**
   * Runs `action` on the page, again on a fresh page if the page went away under it. Chromium drops the
   * commands of a session that detaches without answering them, so the detach event ends the wait.
   */
  private async withPage<T>(action: (page: AttachedPage) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const page = await this.attachedPage();
        return await this.whileAttached(page.sessionId, action(page));
      } catch (error) {
        if (attempt === MAX_PAGE_ATTEMPTS || !(error instanceof CdpError) || !PAGE_GONE.test(error.message))
          throw error;
        this.page = undefined;
      }
    }
  }

  private whileAttached<T>(sessionId: string, work: Promise<T>): Promise<T> {
    let stop = () => {};
    const gone = new Promise<never>((_resolve, reject) => {
      stop = this.connection.onEvent('Target.detachedFromTarget', (event) => {
        if (event.sessionId === sessionId) reject(new CdpError('Target.detachedFromTarget', 'Target closed'));
      });
    });
    return Promise.race([work, gone]).finally(stop);
  }

  private async navigatePage(page: AttachedPage, url: string, timeoutMs: number): Promise<void> {
    const loaded = new Set<string>();
    let onLoad: (loaderId: string) => void = (loaderId) => loaded.add(loaderId);
    const stopLoad = this.connection.onEvent('Page.lifecycleEvent', (event, sessionId) => {
      if (sessionId === page.sessionId && event.frameId === page.mainFrameId && event.name === 'load')
        onLoad(event.loaderId);
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      const { loaderId, errorText } = await this.connection.send('Page.navigate', { url }, page.sessionId);
      if (errorText) throw new Error(`Could not open ${url}: ${errorText}`);
      // No loader: a same-document navigation (a fragment), which has no load event.
      if (!loaderId || loaded.has(loaderId)) return;
      await new Promise<void>((resolve, reject) => {
        onLoad = (id) => id === loaderId && resolve();
        timer = setTimeout(() => reject(new Error(`${url} did not load within ${timeoutMs} ms`)), timeoutMs);
      });
    } finally {
      clearTimeout(timer);
      stopLoad();
    }
  }

  private async attachedPage(): Promise<AttachedPage> {
    if (this.page) return this.page;
    const { targetInfos } = await this.connection.send('Target.getTargets');
    const targetId =
      targetInfos.find((info) => info.type === 'page')?.targetId ??
      (await this.connection.send('Target.createTarget', { url: 'about:blank' })).targetId;
    const { sessionId } = await this.connection.send('Target.attachToTarget', { targetId, flatten: true });
    const { frameTree } = await this.whileAttached(
      sessionId,
      Promise.all([
        this.connection.send('Page.enable', undefined, sessionId),
        this.connection.send('Page.setLifecycleEventsEnabled', { enabled: true }, sessionId),
        // A session that leaves a page waiting for a debugger stops its load event (NOTES.md); a no-op otherwise.
        this.connection.send('Runtime.runIfWaitingForDebugger', undefined, sessionId),
      ]).then(() => this.connection.send('Page.getFrameTree', undefined, sessionId)),
    );
    this.page = { targetId, sessionId, mainFrameId: frameTree.frame.id };
    return this.page;
  }
}
