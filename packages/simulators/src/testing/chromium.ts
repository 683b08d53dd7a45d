import { existsSync } from 'node:fs';
import { CHROMIUM_DISABLED_FEATURES, preferredChromiumPath, SYSTEM_CHROMIUM_PATH } from '@proctor/contracts';
import { type Browser, chromium } from 'playwright-core';

/** The system Chromium (NOTES.md): no browser download works here; CHROMIUM_PATH overrides the path. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? SYSTEM_CHROMIUM_PATH;

/**
 * The browser of the kit's own browser tests (above all the proof of every built-in test case, 404 runs with a
 * fresh context each): CHROMIUM_PATH when set; otherwise Debian's `chromium-headless-shell` when installed, else
 * the system Chromium. The headless shell is the same Chromium in its old headless mode, without the browser's
 * UI layer (what Playwright itself runs headless). A kit run costs about 40 % less CPU in it: bank's 44 runs took
 * 59 core-seconds and 36 s against 93 and 59 s, most of the difference in the browser process (11 against 30
 * core-seconds). The end-to-end tests, which open few contexts, gained nothing from it and drive the dashboard
 * in the full Chromium, as its users do; environments run what CHROMIUM_PATH names (by default the shell too).
 */
export const TEST_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? preferredChromiumPath(existsSync);

/**
 * The features Playwright 1.65's own launch switches off. Playwright puts its `--disable-features` first and
 * Chromium reads only the last one given, so the kit's list repeats these (test/browser/smoke.test.ts checks
 * that the browser really runs with every one of them).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'LensOverlay',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  // Windows and Edge only: here only so that the kit's list keeps every one of Playwright's.
  'TcpPortRandomizationWin',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Without the background-networking flags Chromium keeps trying to reach the closed network; without the
 * disabled features every new tab costs about four times the CPU (`CHROMIUM_DISABLED_FEATURES`).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...CHROMIUM_DISABLED_FEATURES].join(',')}`,
];

/** Chromium with the kit's arguments: the system one (CHROMIUM_PATH) unless another is given. */
export function launchChromium(executablePath = CHROMIUM_PATH): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}
