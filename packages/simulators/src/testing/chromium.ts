import { CHROMIUM_DISABLED_FEATURES } from '@proctor/contracts';
import { type Browser, chromium } from 'playwright-core';

/** The system Chromium (NOTES.md): no browser download works here; CHROMIUM_PATH overrides the path. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
