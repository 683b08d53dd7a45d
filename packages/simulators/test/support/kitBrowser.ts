import { chromiumPath } from '@proctor/environments';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { SimulatorHost } from '../../src/index';
import { launchChromium } from '../../src/testing/index';

/**
 * One Chromium (the headless shell when installed: `chromiumPath()`) and one simulator host for the describe
 * block it is called in: started before its tests, closed after them. `browser()` is the browser once started.
 */
export function kitBrowser(): { browser(): Browser; host: SimulatorHost } {
  let browser: Browser | undefined;
  const host = new SimulatorHost();
  beforeAll(async () => {
    [browser] = await Promise.all([launchChromium(chromiumPath()), host.listen()]);
  });
  afterAll(async () => {
    await browser?.close();
    await host.close();
  });
  return { browser: () => browser!, host };
}
