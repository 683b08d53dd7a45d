/**
 * Chromium features every browser Proctor launches switches off (environments, the simulator kit's harness,
 * the end-to-end tests, the evaluator check): each either calls home, opens a privileged WebUI target, costs CPU
 * for nothing, or changes what an agent sees.
 */
export const CHROMIUM_DISABLED_FEATURES = [
  // Chromium 156 headless keeps the omnibox popup as hidden `chrome://omnibox-popup.top-chrome` WebUI targets
  // (and a renderer) that any CDP client could attach to: WebUI pages are privileged. Each new tab or window also
  // loads them: a new Playwright context and page measured 0.8 core-seconds of Chromium CPU in its first second
  // with them, 0.2 without.
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
  // Back and forward load the page again, as in the browsers Playwright launches: a page restored from the
  // back-forward cache fires no load event (a driver waiting for one, such as Playwright's goBack over CDP,
  // times out) and starts no new document (the recorder would see no navigation to snapshot).
  'BackForwardCache',
];

/** Debian's Chromium (the `chromium` package): the full browser. */
export const SYSTEM_CHROMIUM_PATH = '/usr/bin/chromium';
/** Debian's `chromium-headless-shell`: the same Chromium without the browser's UI layer, as Playwright runs it headless. */
export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium to launch when CHROMIUM_PATH names none: the headless shell when it is installed, else the system
 * Chromium. Environments run it, and so do the simulator kit's browser tests. (`exists` is the caller's file
 * check: contracts touch no file system.)
 */
export function preferredChromiumPath(exists: (path: string) => boolean): string {
  return exists(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : SYSTEM_CHROMIUM_PATH;
}
