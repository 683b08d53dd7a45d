import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { SimulatorHost } from '../../src/index';
import { launchChromium, TEST_CHROMIUM_PATH } from '../../src/testing/index';

/**
 * One Chromium (the tests' own: TEST_CHROMIUM_PATH) and one simulator host for the describe block it is called in: started before its tests,
 * closed after them. `browser()` is the browser once started.
 */
export function kitBrowser(): { browser(): Browser; host: SimulatorHost } {
  let browser: Browser | undefined;
  const host = new SimulatorHost();
  beforeAll(async () => {
    [browser] = await Promise.all([launchChromium(TEST_CHROMIUM_PATH), host.listen()]);
  });
  afterAll(async () => {
    await browser?.close();
    await host.close();
  });
  return { browser: () => browser!, host };
}
