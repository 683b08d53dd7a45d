import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isReplaySandboxSafe, REPLAYER_CONFIG } from '../apps/web/src/features/sessions/replayerConfig';
import { launchChromium } from '../packages/simulators/src/testing/chromium';

/**
 * The session page replays recorded DOM, which is untrusted. This runs rrweb's own Replayer (the version the
 * dashboard bundles) with the dashboard's config in real Chromium, with no CSP to help, and checks that the
 * iframe it builds is sandboxed without allow-scripts and that a recorded script and handler do not run.
 */
// The package exports its stylesheet but not its UMD build; both sit in dist/.
const distDirectory = dirname(createRequire(import.meta.url).resolve('@rrweb/replay/dist/style.css'));
const replayBundle = readFileSync(join(distDirectory, 'replay.umd.cjs'), 'utf8');

const START = 1_700_000_000_000;
/** A Meta event and a full snapshot of a page that tries to run script in three ways. */
const HOSTILE_RECORDING = [
  { type: 4, data: { href: 'https://shop.test/', width: 800, height: 600 }, timestamp: START },
  {
    type: 2,
    timestamp: START + 10,
    data: {
      initialOffset: { left: 0, top: 0 },
      node: {
        type: 0,
        id: 1,
        childNodes: [
          { type: 1, id: 2, name: 'html', publicId: '', systemId: '' },
          {
            type: 2,
            id: 3,
            tagName: 'html',
            attributes: {},
            childNodes: [
              { type: 2, id: 4, tagName: 'head', attributes: {}, childNodes: [] },
              {
                type: 2,
                id: 5,
                tagName: 'body',
                attributes: { onload: 'window.top.pwned = "onload"' },
                childNodes: [
                  { type: 3, id: 6, textContent: 'Recorded page' },
                  {
                    type: 2,
                    id: 7,
                    tagName: 'script',
                    attributes: {},
                    childNodes: [{ type: 3, id: 8, textContent: 'window.top.pwned = "script"' }],
                  },
                  {
                    type: 2,
                    id: 9,
                    tagName: 'img',
                    attributes: { src: 'data:,broken', onerror: 'window.top.pwned = "onerror"' },
                    childNodes: [],
                  },
                ],
              },
            ],
          },
        ],
      },
    },
  },
  { type: 3, timestamp: START + 20, data: { source: 2, type: 2, id: 5, x: 10, y: 10 } },
];

type ReplayerInPage = new (
  events: unknown,
  config: Record<string, unknown>,
) => { iframe: HTMLIFrameElement; pause(at: number): void };

describe('DOM replay sandbox', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('should replay recorded DOM in an iframe without allow-scripts where recorded scripts never run', async () => {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body><div id="root"></div></body></html>');
    await page.addScriptTag({ content: replayBundle });

    // Plain JSON both ways: the page gets the recording and the dashboard's config, and answers the sandbox.
    const recording: unknown = HOSTILE_RECORDING;
    const config: Record<string, unknown> = { ...REPLAYER_CONFIG };
    const sandbox: string | null = await page.evaluate(
      ([events, options]: [unknown, Record<string, unknown>]) => {
        const { Replayer } = (window as unknown as { rrwebReplay: { Replayer: ReplayerInPage } }).rrwebReplay;
        const replayer = new Replayer(events, { ...options, root: document.getElementById('root') });
        replayer.pause(15);
        return replayer.iframe.getAttribute('sandbox');
      },
      [recording, config] as [unknown, Record<string, unknown>],
    );

    expect(sandbox).toBe('allow-same-origin');
    expect(isReplaySandboxSafe(sandbox)).toBe(true);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    await expect
      .poll(() => frame?.evaluate(() => document.body?.textContent ?? ''))
      .toContain('Recorded page');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBeUndefined();
    await page.close();
  });
});
