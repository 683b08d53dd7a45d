import { networkAuthority } from '../network/authority';
import {
  DEFAULT_LAUNCH_TIMEOUT_MS,
  DEFAULT_USER_DATA_DIR_PREFIX,
  DEFAULT_WINDOW,
  type LaunchedBrowser,
  type LaunchOptions,
  launchBrowser,
  type Viewport,
} from './launch';
import { DEFAULT_CHROMIUM_PATH } from './profile';
import { sweepLeftoverBrowsers } from './sweep';

/** How long a refill waits after a warm acquire while other warm browsers remain (see `acquire`). */
const REFILL_DELAY_MS = 500;
/** How long a browser given back by an environment waits for the next one of its owner before it is closed. */
export const KEPT_BROWSER_MS = 10_000;
/** Environments one browser serves at most, one after another: a long-lived browser's memory only grows. */
export const MAX_BROWSER_USES = 20;
/** Browsers given back and kept at once, whatever their owners. */
const MAX_KEPT = 4;

export interface BrowserPoolOptions {
  chromiumPath?: string;
  /** How many launched browsers wait idle; 2 by default. 0 turns the pool into a plain launcher. */
  size?: number;
  userDataDirPrefix?: string;
  windowWidth?: number;
  windowHeight?: number;
  /**
   * The page viewport each browser waits with, its window grown around it (headless Chromium draws its UI
   * inside the window): the window's size by default, as if the window had no UI.
   */
  viewport?: Viewport;
  launchTimeoutMs?: number;
  /** How long a browser given back waits for its key's next acquire (KEPT_BROWSER_MS by default). */
  keptMs?: number;
  /**
   * Each browser on a network of its own (`LaunchedBrowser.network`), which reaches nothing until the
   * environment's rules are bound to it: on unless false (a benchmark's baseline, tests of the browser alone).
   */
  network?: boolean;
}

/**
 * Readies a browser the pool is about to keep idle (its page at about:blank afterwards, with nothing in its
 * history); resolves whether it did anything. A browser whose warm-up fails is closed.
 */
export type BrowserWarmUp = (browser: LaunchedBrowser) => Promise<boolean>;

export interface BrowserPoolStats {
  launched: number;
  acquiredWarm: number;
  acquiredCold: number;
  /** Acquires served by a browser an environment of the same owner gave back (`recycle`). */
  acquiredKept: number;
  /** Browsers given back, reset and kept for their owner's next environment. */
  kept: number;
  /** Browsers readied by the pool's warm-up before they waited. */
  warmedUp: number;
  /** Idle browsers that died and were dropped. */
  diedIdle: number;
  launchFailures: number;
  idle: number;
  /** The error of the last failed background launch, cleared by the next success. */
  lastLaunchError?: string;
}

/**
 * Launched browsers kept warm, since a launch costs about a quarter of a second on this machine. Each waits
 * with Proctor's control attached to its page and the page at the pool's viewport, so that what is left for
 * an environment is its first navigation. An acquired browser belongs to the caller, who closes it, or gives it
 * back with `recycle` for the next environment with the same key (an organization's queued runs, one after
 * another): reset to a blank profile, it saves that environment a launch and a warm-up, about a third of what a
 * short run costs the machine beyond the agent's own work (bench:benchmark). A browser never serves two
 * environments at once, nor two keys.
 *
 * Background launches run one at a time (on a small machine parallel launches only slow each other and the
 * environments already running); an acquire that finds the pool empty launches its own browser at once.
 */
export class BrowserPool {
  private readonly idle: LaunchedBrowser[] = [];
  /** Browsers given back, by key, each until its timer closes it. */
  private readonly kept = new Map<string, Array<{ browser: LaunchedBrowser; timer: NodeJS.Timeout }>>();
  /** The environments each browser has served. */
  private readonly uses = new WeakMap<LaunchedBrowser, number>();
  /** A kept browser's viewport, when its last environment asked for another than the pool's. */
  private readonly viewports = new WeakMap<LaunchedBrowser, Viewport>();
  private readonly size: number;
  private readonly keptMs: number;
  private readonly viewport: Viewport;
  private readonly launchOptions: LaunchOptions;
  private readonly prefix: string;
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();
  private filling: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private readonly counters = {
    launched: 0,
    acquiredWarm: 0,
    acquiredCold: 0,
    acquiredKept: 0,
    kept: 0,
    warmedUp: 0,
    diedIdle: 0,
    launchFailures: 0,
  };
  private lastLaunchError: string | undefined;
  private warmUp: BrowserWarmUp | undefined;
  private readonly network: boolean;

  constructor(options: BrowserPoolOptions = {}) {
    this.size = options.size ?? 2;
    this.keptMs = options.keptMs ?? KEPT_BROWSER_MS;
    this.network = options.network ?? true;
    this.prefix = options.userDataDirPrefix ?? DEFAULT_USER_DATA_DIR_PREFIX;
    const windowWidth = options.windowWidth ?? DEFAULT_WINDOW.width;
    const windowHeight = options.windowHeight ?? DEFAULT_WINDOW.height;
    this.viewport = options.viewport ?? { width: windowWidth, height: windowHeight };
    this.launchOptions = {
      chromiumPath: options.chromiumPath ?? DEFAULT_CHROMIUM_PATH,
      userDataDirPrefix: this.prefix,
      windowWidth,
      windowHeight,
      viewport: this.viewport,
      timeoutMs: options.launchTimeoutMs ?? DEFAULT_LAUNCH_TIMEOUT_MS,
      signal: this.abort.signal,
    };
  }

  /**
   * Sweeps what a previous Proctor left with this prefix, then starts filling, each browser readied by `warmUp`
   * before it waits (browsers launched for an acquire that found none idle are not). Returns how many processes
   * it killed.
   */
  async start(options: { warmUp?: BrowserWarmUp } = {}): Promise<number> {
    this.warmUp = options.warmUp;
    // Loading the proxy library and making the authority take a second or two: started now, not waited for, by a
    // pool that keeps browsers warm. One that keeps none (size 0: tests, a server that starts no environments)
    // pays it at its first environment instead of at every start.
    if (this.network && this.size > 0) networkAuthority().catch(() => undefined);
    const killed = await sweepLeftoverBrowsers(this.prefix);
    this.refill();
    return killed;
  }

  /**
   * A browser given back under `key` if one is kept, else a warm one if one is ready, otherwise a fresh launch;
   * its page has `viewport`, the pool's unless given (only another size costs a resize here).
   */
  async acquire(viewport: Viewport = this.viewport, key?: string): Promise<LaunchedBrowser> {
    if (this.closing) throw new Error('The browser pool is closed');
    const browser = (key !== undefined && this.takeKept(key)) || this.takeIdle() || (await this.launchCold());
    this.uses.set(browser, (this.uses.get(browser) ?? 0) + 1);
    const current = this.viewports.get(browser) ?? this.viewport;
    if (viewport.width === current.width && viewport.height === current.height) return browser;
    try {
      await browser.page.resizeWindow(viewport.width, viewport.height);
      this.viewports.set(browser, viewport);
    } catch (error) {
      await browser.close();
      throw error;
    }
    return browser;
  }

  /** Whether acquire() with this key would hand over a browser given back (and so not the next idle one). */
  hasKept(key: string): boolean {
    return !this.closing && (this.kept.get(key) ?? []).some(({ browser }) => browser.alive);
  }

  /**
   * Takes back a browser an environment is done with, for the next acquire() with the same key: reset to a
   * blank profile (LaunchedBrowser.reset), its network unbound, kept `keptMs`. Closed instead when it has
   * served MAX_BROWSER_USES environments, MAX_KEPT are kept already, the pool is closing, or the reset fails.
   * Resolves once it is kept or closed.
   */
  async recycle(browser: LaunchedBrowser, key: string, origins: readonly string[]): Promise<void> {
    const keptNow = [...this.kept.values()].reduce((count, list) => count + list.length, 0);
    if (this.closing || keptNow >= MAX_KEPT || (this.uses.get(browser) ?? 0) >= MAX_BROWSER_USES) {
      await browser.close();
      return;
    }
    try {
      await browser.reset(origins);
      await browser.network?.unbind();
    } catch {
      await browser.close();
      return;
    }
    if (this.closing || !browser.alive) {
      await browser.close();
      return;
    }
    const entry = {
      browser,
      timer: setTimeout(() => {
        if (this.dropKept(key, browser)) void browser.close();
      }, this.keptMs),
    };
    entry.timer.unref();
    this.kept.set(key, [...(this.kept.get(key) ?? []), entry]);
    this.counters.kept += 1;
    void browser.exited.then(() => {
      if (this.dropKept(key, browser)) void browser.close();
    });
  }

  /**
   * The idle browser the next acquire() hands over, without taking it: a caller may prepare for that browser
   * (its warm-up's leftovers) as long as it calls acquire() before yielding to the event loop.
   */
  nextIdle(): LaunchedBrowser | undefined {
    return this.closing ? undefined : this.idle.find((browser) => browser.alive);
  }

  /** Waits until the background filling stops: the pool is full, closed, or a launch failed. */
  async settled(): Promise<void> {
    while (this.filling) await this.filling;
  }

  stats(): BrowserPoolStats {
    return {
      ...this.counters,
      idle: this.idle.length,
      ...(this.lastLaunchError ? { lastLaunchError: this.lastLaunchError } : {}),
    };
  }

  /** Kills idle browsers and launches under way; acquired browsers are their owners' to close. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.abort.abort();
      await Promise.allSettled([...this.inFlight]);
      await this.settled();
      const kept = [...this.kept.values()].flat();
      this.kept.clear();
      for (const { timer } of kept) clearTimeout(timer);
      await Promise.all([
        ...this.idle.splice(0).map((browser) => browser.close()),
        ...kept.map(({ browser }) => browser.close()),
      ]);
    })();
    return this.closing;
  }

  private takeKept(key: string): LaunchedBrowser | undefined {
    const list = this.kept.get(key) ?? [];
    for (let entry = list.shift(); entry; entry = list.shift()) {
      clearTimeout(entry.timer);
      if (!entry.browser.alive) {
        void entry.browser.close();
        continue;
      }
      if (list.length === 0) this.kept.delete(key);
      this.counters.acquiredKept += 1;
      return entry.browser;
    }
    this.kept.delete(key);
    return undefined;
  }

  /** Takes a kept browser out of the pool's hands; whether it was kept. */
  private dropKept(key: string, browser: LaunchedBrowser): boolean {
    const list = this.kept.get(key);
    const index = list?.findIndex((entry) => entry.browser === browser) ?? -1;
    if (!list || index === -1) return false;
    clearTimeout(list[index]?.timer);
    list.splice(index, 1);
    if (list.length === 0) this.kept.delete(key);
    return true;
  }

  private takeIdle(): LaunchedBrowser | undefined {
    for (let browser = this.idle.shift(); browser; browser = this.idle.shift()) {
      if (!browser.alive) continue;
      this.counters.acquiredWarm += 1;
      // A launch takes the CPU for a quarter of a second, which would slow the new environment's first page
      // load by half: while warm browsers remain, the refill waits until that load is done.
      this.refill(this.idle.length > 0 ? REFILL_DELAY_MS : 0);
      return browser;
    }
    return undefined;
  }

  private async launchCold(): Promise<LaunchedBrowser> {
    this.counters.acquiredCold += 1;
    const browser = await this.launch();
    this.refill();
    return browser;
  }

  private refill(delayMs = 0): void {
    if (this.filling || this.closing) return;
    // At the soonest on the next turn: spawning Chromium blocks the event loop, which the caller of acquire()
    // should not wait for.
    this.filling = new Promise((resolve) =>
      delayMs > 0 ? setTimeout(resolve, delayMs) : setImmediate(resolve),
    )
      .then(() => this.fill())
      .finally(() => {
        this.filling = undefined;
      });
  }

  private async fill(): Promise<void> {
    while (!this.closing && this.idle.length < this.size) {
      let browser: LaunchedBrowser;
      try {
        browser = await this.launch();
      } catch (error) {
        // Stop here rather than spin on a Chromium that cannot start; the next acquire tries again.
        this.lastLaunchError = (error as Error).message;
        return;
      }
      try {
        if (this.warmUp && !this.closing && (await this.warmUp(browser))) this.counters.warmedUp += 1;
        // Whatever the warm-up let its visit reach, a waiting browser reaches nothing.
        await browser.network?.unbind();
      } catch (error) {
        this.lastLaunchError = `The browser's warm-up failed: ${(error as Error).message}`;
        await browser.close();
        return;
      }
      if (this.closing) {
        await browser.close();
        return;
      }
      this.idle.push(browser);
      browser.exited.then(() => this.dropDead(browser));
    }
  }

  private dropDead(browser: LaunchedBrowser): void {
    const index = this.idle.indexOf(browser);
    if (index === -1) return;
    this.idle.splice(index, 1);
    this.counters.diedIdle += 1;
    void browser.close();
    this.refill();
  }

  private async launch(): Promise<LaunchedBrowser> {
    const launching = this.network
      ? networkAuthority().then((network) => launchBrowser({ ...this.launchOptions, network }))
      : launchBrowser(this.launchOptions);
    this.inFlight.add(launching);
    try {
      const browser = await launching;
      this.counters.launched += 1;
      this.lastLaunchError = undefined;
      return browser;
    } catch (error) {
      if (!this.closing) this.counters.launchFailures += 1;
      throw error;
    } finally {
      this.inFlight.delete(launching);
    }
  }
}
