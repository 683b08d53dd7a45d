import { existsSync } from 'node:fs';

/**
 * How Proctor launches Chromium, in one place: which binary, which switches, which features off. Environments
 * spawn it themselves; the simulator kit, the server's reference runs, the end-to-end tests and the benchmarks
 * launch it through Playwright. See README.md for why each choice was made.
 */

/** Debian's Chromium (the `chromium` package): the full browser. */
export const SYSTEM_CHROMIUM_PATH = '/usr/bin/chromium';
/** Debian's `chromium-headless-shell`: the same Chromium without the browser's UI layer, as Playwright runs it headless. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** The headless shell when it is installed (a launch costs far less CPU), else the system Chromium. */
export function preferredChromiumPath(exists: (path: string) => boolean = existsSync): string {
  return exists(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : SYSTEM_CHROMIUM_PATH;
}

/** What environments run unless CHROMIUM_PATH (the server's setting) names another. */
export const DEFAULT_CHROMIUM_PATH = preferredChromiumPath();

/**
 * The Chromium a launcher outside the server's configuration starts: CHROMIUM_PATH when set, else `'preferred'`
 * (environments, the kit's browser tests, the benchmarks) or `'full'`, the system Chromium (the dashboard as its
 * users see it in the end-to-end tests, and the server's reference runs and icon rendering).
 */
export function chromiumPath(build: 'preferred' | 'full' = 'preferred'): string {
  return process.env.CHROMIUM_PATH ?? (build === 'full' ? SYSTEM_CHROMIUM_PATH : DEFAULT_CHROMIUM_PATH);
}

/**
 * Chromium features every browser Proctor launches switches off: each either calls home, opens a privileged
 * WebUI target, costs CPU for nothing, or changes what an agent sees.
 */
export const CHROMIUM_DISABLED_FEATURES = [
  // Headless Chromium keeps the omnibox popup as hidden WebUI targets (and a renderer) that any CDP client could
  // attach to, and privileged; every new tab or window loads them again, at several times the CPU.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'Translate',
  'MediaRouter',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'InterestFeedContentSuggestions',
  // Keep http simulators on http.
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  // Paint holding keeps the previous page on screen during a navigation: screenshots would show stale content.
  'PaintHolding',
  // A page restored from the back-forward cache fires no load event (a driver waiting for one times out) and
  // starts no new document (the recorder would see no navigation to snapshot).
  'BackForwardCache',
];

/**
 * The features Playwright 1.65's own launch switches off. Playwright puts its `--disable-features` first and
 * Chromium reads only the last one given, so a Playwright launch repeats these.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'LensOverlay',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  // Windows and Edge only: here only so that the list keeps every one of Playwright's.
  'TcpPortRandomizationWin',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

const disableFeatures = (features: string[]) => `--disable-features=${features.join(',')}`;

/** Every launch: headless, and no traffic of its own to the closed network. */
const QUIET_ARGS = [
  '--headless',
  // The sandbox needs user namespaces or a setuid helper, neither of which Proctor can count on; an
  // environment is isolated by having a browser of its own and by the CDP proxy's rules.
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The switches of a Playwright launch (`chromium.launch({args})`), which adds its own defaults to them. */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...QUIET_ARGS,
  disableFeatures([...PLAYWRIGHT_DISABLED_FEATURES, ...CHROMIUM_DISABLED_FEATURES]),
];

export interface EnvironmentChromiumArgsOptions {
  userDataDir: string;
  windowWidth: number;
  windowHeight: number;
  /** The environment's own network: every request through this proxy, its authority's key pinned. */
  network?: { proxyPort: number; spkiFingerprint: string };
}

/**
 * Every request through the environment's proxy, loopback included (`<-loopback>` removes Chromium's implicit
 * bypass of localhost and 127.0.0.1), its TLS accepted by the pin of the proxy's authority (so that a refused
 * HTTPS host gets the proxy's page, not a certificate error), and no WebRTC over UDP, which no HTTP proxy carries.
 */
export function networkChromiumArgs(network: { proxyPort: number; spkiFingerprint: string }): string[] {
  return [
    `--proxy-server=http://127.0.0.1:${network.proxyPort}`,
    '--proxy-bypass-list=<-loopback>',
    `--ignore-certificate-errors-spki-list=${network.spkiFingerprint}`,
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  ];
}

/**
 * The command line of an environment's Chromium, which Proctor spawns itself: besides the quiet switches, what
 * Playwright would add (deterministic: no field trials, a fixed colour profile and language, no throttling of
 * background tabs), and DevTools over a pipe, no port (see `serveDevTools`).
 */
export function environmentChromiumArgs(options: EnvironmentChromiumArgsOptions): string[] {
  return [
    ...QUIET_ARGS,
    '--no-default-browser-check',
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-component-extensions-with-background-pages',
    '--disable-client-side-phishing-detection',
    '--disable-breakpad',
    '--disable-field-trial-config',
    '--disable-search-engine-choice-screen',
    '--metrics-recording-only',
    '--no-service-autorun',
    '--password-store=basic',
    '--use-mock-keychain',
    '--mute-audio',
    '--hide-scrollbars',
    '--force-color-profile=srgb',
    '--lang=en-US',
    // An agent's page must not slow down because it is in a background tab or "occluded" in headless mode.
    '--disable-background-timer-throttling',
    '--disable-backgrounding-occluded-windows',
    '--disable-renderer-backgrounding',
    '--disable-hang-monitor',
    '--disable-prompt-on-repost',
    disableFeatures(CHROMIUM_DISABLED_FEATURES),
    ...(options.network ? networkChromiumArgs(options.network) : []),
    '--remote-debugging-pipe',
    `--user-data-dir=${options.userDataDir}`,
    `--window-size=${options.windowWidth},${options.windowHeight}`,
    // The first tab: without a URL headless Chromium opens chrome://newtab.
    'about:blank',
  ];
}
