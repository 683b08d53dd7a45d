import { chromiumPath, PLAYWRIGHT_CHROMIUM_ARGS } from '@proctor/environments';
import { type Browser, chromium } from 'playwright-core';

/** Chromium through Playwright with Proctor's launch profile: the full one (or CHROMIUM_PATH) unless another is given. */
export function launchChromium(executablePath = chromiumPath('full')): Promise<Browser> {
  return chromium.launch({ executablePath, args: PLAYWRIGHT_CHROMIUM_ARGS });
}
