import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CdpConnection } from '../cdp/connection';
import { type DevToolsEndpoint, serveDevTools } from '../cdp/endpointServer';
import { CdpMultiplexer } from '../cdp/multiplexer';
import { PipeTransport } from '../cdp/pipeTransport';
import type { NetworkAuthority } from '../network/authority';
import { EnvironmentNetwork } from '../network/proxy';
import { PageControl } from './control';
import { killGroup, liveGroupMembers, waitForGroupGone } from './processGroup';
import { DEFAULT_CHROMIUM_PATH, environmentChromiumArgs } from './profile';

/** Every environment folder starts with this unless told otherwise; `sweepLeftoverBrowsers` looks for it. */
export const DEFAULT_USER_DATA_DIR_PREFIX = join(tmpdir(), 'proctor-browser-');
export const DEFAULT_WINDOW = { width: 1280, height: 720 } as const;
export const DEFAULT_LAUNCH_TIMEOUT_MS = 30_000;
/** How long close() waits for the killed group's processes to be gone before removing the folder anyway. */
const GROUP_EXIT_TIMEOUT_MS = 5_000;
/** How long to wait for the startup tab before opening one. */
const FIRST_PAGE_TIMEOUT_MS = 2_000;
const STDERR_TAIL_CHARS = 4_000;

export interface LaunchOptions {
  chromiumPath?: string;
  /**
   * The environment folder is `<prefix><random>`; the profile in it is `--user-data-dir=<prefix><random>/profile`.
   * The prefix must belong to this Proctor installation alone: the sweep at start-up kills whatever uses it.
   */
  userDataDirPrefix?: string;
  windowWidth?: number;
  windowHeight?: number;
  /**
   * The page's viewport, in CSS pixels: the window is grown around it before launchBrowser resolves (headless
   * Chromium draws its UI inside `--window-size`). Without it the page is what the window leaves.
   */
  viewport?: Viewport;
  timeoutMs?: number;
  /** Aborting kills the browser being launched and rejects. */
  signal?: AbortSignal;
  /**
   * Puts the browser on a network of its own: a proxy signed by this authority, which refuses everything until
   * its rules are bound (`browser.network.bind`). Without it the browser reaches whatever this machine reaches.
   */
  network?: NetworkAuthority;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface BrowserExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Process groups of browsers this process started and has not closed: killed if Node exits normally. */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function trackGroup(pgid: number): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const group of liveGroups) killGroup(group);
    });
  }
  liveGroups.add(pgid);
}

/**
 * One environment's Chromium: its own process group, profile, downloads and uploads folders, a DevTools
 * endpoint that only Proctor can reach, and Proctor's own hold on its page. The owner must call close().
 */
export class LaunchedBrowser {
  /** The main process's id, which is also its process group's: every helper of the browser is in that group. */
  readonly pid: number;
  /** The port of the DevTools endpoint (Proctor's, not Chromium's: Chromium listens on no port). */
  readonly port: number;
  readonly wsEndpoint: string;
  readonly httpEndpoint: string;
  /** The environment's folder, removed by close(): profile/, downloads/, uploads/, home/. */
  readonly folder: string;
  readonly userDataDir: string;
  readonly downloadsDir: string;
  readonly uploadsDir: string;
  /**
   * Proctor's control of the page, over a channel of the browser's pipe (no socket, no endpoint server in
   * between): connected at launch, and attached to the page by the time the browser is handed out.
   * Closed with the browser.
   */
  readonly page: PageControl;
  /** The browser's own network when it was launched with one: bind the environment's rules to it. */
  readonly network: EnvironmentNetwork | undefined;
  /** Settles when the browser's main process ends, for any reason. */
  readonly exited: Promise<BrowserExit>;
  private exit: BrowserExit | undefined;
  private closing: Promise<void> | undefined;

  /** @internal use launchBrowser(). */
  constructor(
    private readonly child: ChildProcess,
    paths: EnvironmentPaths,
    private readonly multiplexer: CdpMultiplexer,
    private readonly endpoint: DevToolsEndpoint,
    page: PageControl,
    exited: Promise<BrowserExit>,
    network: EnvironmentNetwork | undefined,
  ) {
    this.pid = child.pid as number;
    this.port = endpoint.port;
    this.wsEndpoint = endpoint.wsEndpoint;
    this.httpEndpoint = endpoint.httpEndpoint;
    this.folder = paths.folder;
    this.userDataDir = paths.userDataDir;
    this.downloadsDir = paths.downloadsDir;
    this.uploadsDir = paths.uploadsDir;
    this.page = page;
    this.network = network;
    this.exited = exited.then((exit) => {
      this.exit = exit;
      return exit;
    });
  }

  /** One page's endpoint, as Chromium's `/devtools/page/<targetId>` (what `/json/list` points at). */
  pageWsEndpoint(targetId: string): string {
    return this.wsEndpoint.replace(/\/devtools\/browser$/, `/devtools/page/${encodeURIComponent(targetId)}`);
  }

  /**
   * A browser-level CDP connection of Proctor's own, over a channel of the browser's pipe: what a WebSocket to
   * `wsEndpoint` gives, without the socket (no framing, no system calls, one process). The caller closes it.
   */
  async connect(): Promise<CdpConnection> {
    return CdpConnection.overChannel(await this.multiplexer.openChannel());
  }

  /** How many of the browser's DevTools messages were relayed as read at their ends, and how many parsed whole. */
  get cdpMessages(): { relayed: number; parsed: number } {
    return { ...this.multiplexer.stats };
  }

  /** The browser's open tabs (page targets), in every browser context. */
  async openTabs(): Promise<number> {
    const { targetInfos } = (await this.multiplexer.call('Target.getTargets')) as {
      targetInfos: Array<{ type: string }>;
    };
    return targetInfos.filter((info) => info.type === 'page').length;
  }

  get alive(): boolean {
    return this.exit === undefined && !this.multiplexer.closed;
  }

  /**
   * Readies the browser for another environment (BrowserPool.recycle): what the page control cleans (every
   * other tab and context, cookies, the HTTP cache, `origins`' storage), permissions and the download folder
   * back to the launch's, and the environment's downloads and uploads folders emptied. Rejects when any of it
   * fails or a tab is left: the caller closes the browser then.
   */
  async reset(origins: readonly string[]): Promise<void> {
    if (!this.alive) throw new Error('The browser has exited');
    await this.page.clean(origins);
    await this.multiplexer.call('Browser.resetPermissions');
    await this.multiplexer.call('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: this.downloadsDir,
    });
    for (const folder of [this.downloadsDir, this.uploadsDir])
      for (const entry of await readdir(folder))
        await rm(join(folder, entry), { recursive: true, force: true, maxRetries: 3 });
    const tabs = await this.openTabs();
    if (tabs !== 1) throw new Error(`${tabs} tabs were left open`);
  }

  /** Kills the whole process group and removes the environment's folder. Safe to call more than once. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.endpoint.close();
      this.multiplexer.close('the browser is closing');
      await stopGroup(this.child, this.exited);
      await this.network?.close();
      await rm(this.folder, { recursive: true, force: true, maxRetries: 3 });
    })();
    return this.closing;
  }
}

interface EnvironmentPaths {
  folder: string;
  userDataDir: string;
  downloadsDir: string;
  uploadsDir: string;
  homeDir: string;
}

function makeFolders(prefix: string): EnvironmentPaths {
  const folder = mkdtempSync(prefix);
  const paths = {
    folder,
    userDataDir: join(folder, 'profile'),
    downloadsDir: join(folder, 'downloads'),
    uploadsDir: join(folder, 'uploads'),
    homeDir: join(folder, 'home'),
  };
  for (const dir of [paths.userDataDir, paths.downloadsDir, paths.uploadsDir, paths.homeDir]) mkdirSync(dir);
  // The profile's own download folder: where a download lands whenever no CDP download behaviour is in force
  // (Chromium falls back to the default behaviour when the client session that set one detaches).
  mkdirSync(join(paths.userDataDir, 'Default'));
  writeFileSync(
    join(paths.userDataDir, 'Default', 'Preferences'),
    JSON.stringify({
      download: {
        default_directory: paths.downloadsDir,
        prompt_for_download: false,
        directory_upgrade: true,
      },
      savefile: { default_directory: paths.downloadsDir },
    }),
  );
  return paths;
}

async function stopGroup(child: ChildProcess, exited: Promise<BrowserExit>): Promise<void> {
  // SIGKILL at once: the profile is thrown away, so a graceful shutdown (which writes it) buys nothing. Once the
  // main process is gone its group was killed already (see launchBrowser), and its number may be reused.
  if (child.exitCode === null && child.signalCode === null) killGroup(child.pid as number);
  await exited;
  await waitForGroupGone(child.pid as number, GROUP_EXIT_TIMEOUT_MS);
}

/** Launches one Chromium for one environment and waits until its DevTools answer and it has a page. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<LaunchedBrowser> {
  options.signal?.throwIfAborted();
  // First, so that the browser's very first request already goes through it.
  const network = options.network ? await EnvironmentNetwork.start(options.network) : undefined;
  let paths: EnvironmentPaths;
  try {
    paths = makeFolders(options.userDataDirPrefix ?? DEFAULT_USER_DATA_DIR_PREFIX);
  } catch (error) {
    await network?.close();
    throw error;
  }
  let child: ChildProcess;
  try {
    options.signal?.throwIfAborted();
    child = spawn(
      options.chromiumPath ?? DEFAULT_CHROMIUM_PATH,
      environmentChromiumArgs({
        userDataDir: paths.userDataDir,
        windowWidth: options.windowWidth ?? DEFAULT_WINDOW.width,
        windowHeight: options.windowHeight ?? DEFAULT_WINDOW.height,
        ...(network && options.network
          ? { network: { proxyPort: network.port, spkiFingerprint: options.network.spkiFingerprint } }
          : {}),
      }),
      {
        // Its own process group, so close() and the sweep can kill every helper with it.
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
        // Chromium also writes under $HOME (crash reports, dconf, the fallback ~/Downloads): keep it inside.
        env: {
          ...process.env,
          HOME: paths.homeDir,
          XDG_CONFIG_HOME: join(paths.homeDir, '.config'),
          XDG_CACHE_HOME: join(paths.homeDir, '.cache'),
        },
      },
    );
  } catch (error) {
    rmSync(paths.folder, { recursive: true, force: true });
    await network?.close();
    throw error;
  }

  const exited = new Promise<BrowserExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // spawn() failing (ENOENT, EACCES) emits 'error' and no 'exit'.
    child.once('error', () => resolve({ code: null, signal: null }));
  });
  if (child.pid !== undefined) {
    const pgid = child.pid;
    trackGroup(pgid);
    // A main process that crashed leaves its helpers running: they go with it. While one of them lives, the
    // group's number cannot be handed to another process, so the kill cannot hit a stranger.
    child.once('exit', () => {
      liveGroups.delete(pgid);
      if (liveGroupMembers(pgid).length > 0) killGroup(pgid);
    });
  }
  let stderrTail = '';
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  // Always drained: a full stderr pipe would block Chromium.
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS);
  });
  const transport = new PipeTransport(child.stdio[3] as Writable, child.stdio[4] as Readable);
  const multiplexer = new CdpMultiplexer(transport);
  let endpoint: DevToolsEndpoint | undefined;
  let page: PageControl | undefined;

  const fail = async (reason: string): Promise<never> => {
    await endpoint?.close();
    multiplexer.close(reason);
    if (child.pid !== undefined) await stopGroup(child, exited);
    await network?.close();
    await rm(paths.folder, { recursive: true, force: true, maxRetries: 3 });
    const tail = stderrTail.trim();
    throw new Error(`Chromium did not start: ${reason}${tail ? `\n${tail}` : ''}`);
  };

  let stopWaiting = () => {};
  const interrupted = new Promise<string>((resolve) => {
    const timer = setTimeout(
      () => resolve(`no DevTools answer within ${options.timeoutMs ?? DEFAULT_LAUNCH_TIMEOUT_MS} ms`),
      options.timeoutMs ?? DEFAULT_LAUNCH_TIMEOUT_MS,
    );
    const onAbort = () => resolve('launch aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    exited.then((exit) =>
      resolve(
        spawnError
          ? `${spawnError.message}`
          : `it exited (code ${exit.code}, signal ${exit.signal}) before DevTools answered`,
      ),
    );
    stopWaiting = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    };
  });

  let interruptedBy: string | undefined;
  const ready = (async () => {
    await multiplexer.call('Browser.getVersion');
    await multiplexer.call('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: paths.downloadsDir,
    });
    await ensurePage(multiplexer);
    page = PageControl.overChannel(await multiplexer.openChannel());
    // Attaches to the page too, so that what is left for the environment is its first navigation.
    if (options.viewport) await page.resizeWindow(options.viewport.width, options.viewport.height);
    else await page.attach();
    const served = await serveDevTools(multiplexer);
    if (interruptedBy !== undefined) await served.close();
    else endpoint = served;
  })();
  const outcome = await Promise.race([
    ready.then(
      () => undefined,
      (error: Error) => error.message,
    ),
    interrupted,
  ]);
  stopWaiting();
  if (outcome !== undefined || !endpoint || !page) {
    interruptedBy = outcome ?? 'launch aborted';
    // A late failure of `ready` is this same failure.
    ready.catch(() => {});
    return fail(interruptedBy);
  }

  const browser = new LaunchedBrowser(child, paths, multiplexer, endpoint, page, exited, network);
  // A client may have set (then, by detaching, reset) the browser-wide download behaviour: Proctor's comes back.
  multiplexer.onChannelClosed = () => {
    multiplexer
      .call('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: paths.downloadsDir })
      .catch(() => {});
  };
  return browser;
}

/** Headless Chromium opens the about:blank tab from the command line; open one if it has not appeared. */
async function ensurePage(multiplexer: CdpMultiplexer): Promise<void> {
  const deadline = Date.now() + FIRST_PAGE_TIMEOUT_MS;
  for (;;) {
    const { targetInfos } = (await multiplexer.call('Target.getTargets')) as {
      targetInfos: Array<{ type: string }>;
    };
    if (targetInfos.some((info) => info.type === 'page')) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await multiplexer.call('Target.createTarget', { url: 'about:blank' });
}
