import { existsSync, mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../src/browser/launch';
import { liveGroupMembers } from '../src/browser/processGroup';
import { sweepLeftoverBrowsers } from '../src/browser/sweep';
import { CHROMIUM_PATH, groupRuns, testPrefix } from './environmentFixtures';

const { prefix, remove } = testPrefix('sweep');
afterAll(remove);

describe('sweepLeftoverBrowsers', () => {
  it('should kill a browser a crashed Proctor left behind, with its helpers, and remove its folder', async () => {
    // A Proctor that crashed: it launched and never called close().
    const forgotten = await launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: prefix });
    const helpers = liveGroupMembers(forgotten.pid);
    expect(helpers.length).toBeGreaterThan(1);
    const staleFolder = `${prefix}stale`;
    mkdirSync(staleFolder);

    const killed = await sweepLeftoverBrowsers(prefix);

    expect(killed).toBeGreaterThanOrEqual(helpers.length);
    expect(groupRuns(forgotten.pid)).toBe(false);
    await forgotten.exited;
    expect(existsSync(forgotten.folder)).toBe(false);
    expect(existsSync(staleFolder)).toBe(false);
    // What is left of it in this process (its DevTools endpoint) goes too.
    await forgotten.close();
  });

  it('should leave browsers under another prefix alone', async () => {
    const other = testPrefix('sweep-other');
    const browser = await launchBrowser({ chromiumPath: CHROMIUM_PATH, userDataDirPrefix: other.prefix });
    try {
      expect(await sweepLeftoverBrowsers(prefix)).toBe(0);
      expect(groupRuns(browser.pid)).toBe(true);
      expect(existsSync(browser.folder)).toBe(true);
    } finally {
      await browser.close();
      other.remove();
    }
  });

  it('should refuse a prefix that would match whole folders', async () => {
    await expect(sweepLeftoverBrowsers('/tmp/')).rejects.toThrow(/absolute path ending in a name/);
    await expect(sweepLeftoverBrowsers('relative-')).rejects.toThrow(/absolute path ending in a name/);
  });
});
