import { CHROMIUM_DISABLED_FEATURES } from '@proctor/contracts';

/**
 * The command line of an environment's Chromium. Quiet (no traffic of its own to the closed network),
 * deterministic (no field trials, a fixed colour profile and language, no throttling of background tabs) and
 * reachable only through Proctor (DevTools over a pipe, no port: see `serveDevTools`).
 */

export interface ChromiumArgsOptions {
  userDataDir: string;
  windowWidth: number;
  windowHeight: number;
}

export function chromiumArgs(options: ChromiumArgsOptions): string[] {
  return [
    '--headless',
    // The sandbox needs user namespaces or a setuid helper, neither of which Proctor can count on; an
    // environment is isolated by having a browser of its own and by the CDP proxy's rules.
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
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
    `--disable-features=${CHROMIUM_DISABLED_FEATURES.join(',')}`,
    '--remote-debugging-pipe',
    `--user-data-dir=${options.userDataDir}`,
    `--window-size=${options.windowWidth},${options.windowHeight}`,
    // The first tab: without a URL headless Chromium opens chrome://newtab.
    'about:blank',
  ];
}
